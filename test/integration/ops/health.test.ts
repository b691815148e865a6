import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { createAdmin } from "../../helpers/factories";
import { scratchDatabase } from "../../helpers/scratch-db";
import { fetchWithEnv } from "../../helpers/worker-fetch";

// design.md §24: /healthz for uptime monitors and the operator health, each on a database of its
// own (the cron's runs and the job backlog are platform-wide), with the request clock pinned.

const T = new Date("2031-06-02T08:00:00.000Z");
const at = (seconds: number) => new Date(T.getTime() + seconds * 1000);

/** A jobs-table row as a service writes it, with the times given. */
async function job(
  db: Awaited<ReturnType<typeof scratchDatabase>>["db"],
  p: { status: string; due: Date; updated?: Date; created?: Date },
) {
  const id = `job_${crypto.randomUUID().slice(0, 12)}`;
  const c = (p.created ?? p.due).toISOString();
  await db.run(sql`INSERT INTO jobs (id, kind, tenant_id, idempotency_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
    VALUES (${id}, 'test.http', NULL, ${id}, '{}', ${p.status}, 1, ${p.due.toISOString()}, ${c}, ${(p.updated ?? p.due).toISOString()})`);
  return id;
}

/** A database of its own whose cron ran at T, and the operator's health view of it at a pinned instant. */
async function cronRanAtT() {
  const s = await scratchDatabase();
  const admin = await createAdmin(T);
  await s.cron(T);
  const health = (now: Date) => get("/api/admin/system/health", { token: admin.token, headers: s.headers, now });
  return { s, health };
}

describe("GET /healthz", () => {
  it("is ok while the cron ran in the last 10 minutes, then 503 unavailable; no details, never cached", async () => {
    const s = await scratchDatabase();
    // Never ran: nothing vouches for the cron.
    const before = await get("/healthz", { headers: s.headers, now: T });
    expect(before.status).toBe(503);
    expect(before.body).toEqual({ status: "unavailable" });

    await s.cron(T);
    const fresh = await get("/healthz", { headers: s.headers, now: at(9 * 60) });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ status: "ok" });
    expect(fresh.headers.get("cache-control")).toBe("no-store");
    expect(fresh.headers.get("x-request-id")).toBeNull();

    const stopped = await get("/healthz", { headers: s.headers, now: at(10 * 60 + 1) });
    expect(stopped.status).toBe(503);
    expect(stopped.body).toEqual({ status: "unavailable" });
  });

  it("is 503 when the database does not answer, and has no rate limit", async () => {
    const down = await get("/healthz", { headers: { "x-test-db-url": "http://127.0.0.1:9" } });
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: "unavailable" });

    const s = await scratchDatabase();
    await s.cron(T);
    // More than any limited group allows in a minute, from one address.
    const answers = await Promise.all(
      Array.from({ length: 35 }, () => get("/healthz", { headers: s.headers, now: at(30), ip: "10.9.9.9" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(35).fill(200));
  });
});

describe("GET /api/admin/system/health (jobs, cron, version)", () => {
  it("is ok with a fresh cron and no backlog; the run is recorded with its summary", async () => {
    const { s, health } = await cronRanAtT();
    const res = await health(at(60));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "ok",
      checks: {
        jobs: { ok: true, pending: 0, oldestPendingSeconds: 0, failedLast24h: 0 },
        cron: { ok: true, lastRunAt: T.toISOString(), lagSeconds: 60 },
      },
    });
    const runs = await s.db.all<{ started_at: string; finished_at: string | null }>(sql`SELECT started_at, finished_at FROM cron_runs`);
    expect(runs).toEqual([{ started_at: T.toISOString(), finished_at: T.toISOString() }]);
  });

  it("is degraded (200) when the cron is 3 minutes late", async () => {
    const { health } = await cronRanAtT();
    const late = await health(at(180));
    expect(late.status).toBe(200);
    expect(late.body.data.status).toBe("degraded");
    expect(late.body.data.checks.cron).toEqual({ ok: false, lastRunAt: T.toISOString(), lagSeconds: 180 });
    expect(late.body.data.checks.jobs.ok).toBe(true);
  });

  it("counts a backlog from when a job was due, not from when it was written; failures of the last 24 hours", async () => {
    const { s, health } = await cronRanAtT();
    const now = at(60);
    // Written a month ago, due in a week: a reminder, not a backlog.
    await job(s.db, { status: "pending", due: at(7 * 86400), created: at(-30 * 86400) });
    // Due 9 minutes ago: waiting, not yet a backlog.
    await job(s.db, { status: "pending", due: at(60 - 9 * 60) });
    const waiting = await health(now);
    expect(waiting.body.data.status).toBe("ok");
    expect(waiting.body.data.checks.jobs).toEqual({ ok: true, pending: 1, oldestPendingSeconds: 540, failedLast24h: 0 });

    await job(s.db, { status: "pending", due: at(60 - 11 * 60) });
    await job(s.db, { status: "failed", due: at(-3600), updated: at(-2 * 3600) });
    await job(s.db, { status: "failed", due: at(-26 * 3600), updated: at(-25 * 3600) });
    const backlog = await health(now);
    expect(backlog.status).toBe(200);
    expect(backlog.body.data.status).toBe("degraded");
    expect(backlog.body.data.checks.jobs).toEqual({ ok: false, pending: 2, oldestPendingSeconds: 660, failedLast24h: 1 });
    expect(backlog.body.data.checks.cron.ok).toBe(true);
  });

  it("shows the deployed commit from VERSION", async () => {
    const admin = await createAdmin();
    const res = await fetchWithEnv({ VERSION: "3f2c1ab9" }, "GET", "/api/admin/system/health", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.version).toBe("3f2c1ab9");
  });
});
