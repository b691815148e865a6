import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { uniq } from "../../helpers/factories";
import { scratchDatabase } from "../../helpers/scratch-db";
import { captured, script } from "../../helpers/worker-entry";

// design.md §24: the cron e-mails ALERT_EMAIL when failures in the last hour pass
// ALERT_FAILED_JOBS or a job has been due for more than 10 minutes, at most once per condition
// per hour, straight through the provider (the capture server), never through the outbox. Each
// test runs the real cron on a database of its own at pinned instants.

const T = new Date("2031-07-01T10:00:00.000Z");
const at = (minutes: number) => new Date(T.getTime() + minutes * 60_000);

type Scratch = Awaited<ReturnType<typeof scratchDatabase>>;

async function jobs(s: Scratch, n: number, p: { status: string; due: Date; updated: Date; kind?: string }) {
  for (let i = 0; i < n; i++) {
    const id = `job_${uniq()}${uniq()}`;
    await s.db.run(sql`INSERT INTO jobs (id, kind, tenant_id, idempotency_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
      VALUES (${id}, ${p.kind ?? "ops.test.stalled"}, NULL, ${id}, '{}', ${p.status}, 3, ${p.due.toISOString()}, ${p.due.toISOString()}, ${p.updated.toISOString()})`);
  }
}

const alertsTo = async (to: string) =>
  (await captured({ pathPrefix: "/email", bodyContains: to })).map((r) => ({
    status: r.status,
    ...(JSON.parse(r.body) as { subject: string; text: string }),
  }));

describe("operator alerts", () => {
  it("failures past the threshold: one e-mail, then none for an hour, then again while they go on", async () => {
    const s = await scratchDatabase();
    const to = `oncall-${uniq()}@ops.example.test`;
    const alertEnv = { ALERT_EMAIL: to, ALERT_FAILED_JOBS: "2" };
    await jobs(s, 3, { status: "failed", due: at(-30), updated: at(-5) });

    await s.cron(T, alertEnv);
    const first = await alertsTo(to);
    expect(first).toHaveLength(1);
    expect(first[0].subject).toBe("[booking platform] 3 jobs failed in the last hour");
    expect(first[0].text).toContain("the alert threshold is 2");

    await s.cron(at(10), alertEnv);
    await s.cron(at(59), alertEnv);
    expect(await alertsTo(to)).toHaveLength(1);

    await jobs(s, 3, { status: "failed", due: at(30), updated: at(55) });
    await s.cron(at(61), alertEnv);
    expect((await alertsTo(to)).map((a) => a.subject)).toEqual([
      "[booking platform] 3 jobs failed in the last hour",
      "[booking platform] 3 jobs failed in the last hour",
    ]);
    // Around the outbox: nothing of it was written there.
    expect(await s.db.all(sql`SELECT id FROM email_outbox`)).toEqual([]);
  });

  it("at the threshold nothing is sent; without ALERT_EMAIL nothing is sent", async () => {
    const s = await scratchDatabase();
    const to = `oncall-${uniq()}@ops.example.test`;
    await jobs(s, 2, { status: "failed", due: at(-30), updated: at(-5) });
    await s.cron(T, { ALERT_EMAIL: to, ALERT_FAILED_JOBS: "2" });
    await jobs(s, 5, { status: "failed", due: at(-30), updated: at(-4) });
    await s.cron(at(1), { ALERT_FAILED_JOBS: "2" });
    expect(await alertsTo(to)).toEqual([]);
  });

  it("a backlog older than 10 minutes is its own condition", async () => {
    const s = await scratchDatabase();
    const to = `oncall-${uniq()}@ops.example.test`;
    // A kind no handler runs here: it stays due, like a backlog the cron cannot drain.
    await jobs(s, 1, { status: "pending", due: at(-9), updated: at(-9) });
    await s.cron(T, { ALERT_EMAIL: to });
    expect(await alertsTo(to)).toEqual([]);
    await s.cron(at(3), { ALERT_EMAIL: to });
    const sent = await alertsTo(to);
    expect(sent.map((a) => a.subject)).toEqual(["[booking platform] jobs have been waiting 12 minutes"]);
  });

  it("a provider failure gives the hour back: the next run sends it", async () => {
    const s = await scratchDatabase();
    const to = `oncall-${uniq()}@ops.example.test`;
    await script({ pathPrefix: "/email", bodyContains: to }, [{ status: 503 }]);
    await jobs(s, 4, { status: "failed", due: at(-30), updated: at(-5) });
    await s.cron(T, { ALERT_EMAIL: to, ALERT_FAILED_JOBS: "3" });
    await s.cron(at(1), { ALERT_EMAIL: to, ALERT_FAILED_JOBS: "3" });
    await s.cron(at(2), { ALERT_EMAIL: to, ALERT_FAILED_JOBS: "3" });
    expect((await alertsTo(to)).map((a) => a.status)).toEqual([503, 200]);
  });
});
