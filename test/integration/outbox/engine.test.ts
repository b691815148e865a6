import { env } from "cloudflare:test";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, type Db } from "../../../src/db/client";
import { dispatchDue } from "../../../src/services/outbox/dispatch";
import { claimOne, recordOutcomes, runOne } from "../../../src/services/outbox/engine";
import { jobCancel } from "../../../src/services/outbox/jobs";
import { testHttpHandler } from "../../../src/services/outbox/test-http";
import { countDbRequests } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { aheadOfWallClock, clockFrom, jobRow, ownKind, plus, receiver, writeJob } from "./harness";
import { captured, script } from "../../helpers/worker-entry";

// The engine's generic parts, driven directly with a kind of each test's own (so no other claim,
// cron tick included, can take its rows) and clocks half an hour ahead of wall time.

const taggedDb = (tag: string) => createDb({ LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: undefined }, tag);

describe("outbox engine: claim, perform, fence", () => {
  it("lets exactly one of many concurrent claims take a job", async () => {
    const kind = ownKind();
    const t0 = aheadOfWallClock();
    const job = await writeJob({ kind: kind.name, url: receiver().url, now: t0 });
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimOne(createDb({ LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: undefined }), kind, job.id, t0)),
    );
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
    expect(claims.filter((c) => !c.claimed).map((c) => !c.claimed && c.current?.status)).toEqual(Array(7).fill("sending"));
    expect(await jobRow(job.id)).toMatchObject({ status: "sending", attempts: 1 });
  });

  it("performs a job with its idempotency key; a second insert with the same key writes nothing", async () => {
    const kind = ownKind();
    const hook = receiver();
    const t0 = aheadOfWallClock();
    const key = `refund-pay_${crypto.randomUUID()}-1`;
    const first = await writeJob({ kind: kind.name, url: hook.url, now: t0, idempotencyKey: key });
    const again = await writeJob({ kind: kind.name, url: hook.url, now: t0, idempotencyKey: key });
    expect(first.inserted).toBe(true);
    expect(again.inserted).toBe(false);

    const { result, dbRequests } = await countDbRequests((tag) => runOne(taggedDb(tag), kind, first.id, clockFrom(t0)));
    expect(result).toMatchObject({ kind: "performed", outcome: { kind: "done" } });
    expect(dbRequests).toBe(2);
    const [req] = await captured({ pathPrefix: hook.path });
    expect(req.headers["idempotency-key"]).toBe(key);
    expect(await jobRow(first.id)).toMatchObject({ status: "done", attempts: 1, result: { status: 200 }, lockedAt: null, lastError: null });
    expect((await jobRow(first.id)).doneAt).not.toBeNull();

    // Done is final: another run claims nothing and sends nothing.
    const dup = await runOne(testDb(), kind, first.id, clockFrom(plus(t0, 60)));
    expect(dup).toMatchObject({ kind: "not_claimed", current: { status: "done" } });
    expect(await captured({ pathPrefix: hook.path })).toHaveLength(1);
  });

  it("retries on the kind's own policy, not before the row is due, then gives up with the last error", async () => {
    const kind = ownKind({
      retry: (job, now) => (job.attempts >= 3 ? null : { delaySeconds: 10 * job.attempts, nextAttemptAt: plus(now, 10 * job.attempts) }),
    });
    const hook = receiver();
    const t0 = aheadOfWallClock();
    const job = await writeJob({ kind: kind.name, url: hook.url, now: t0 });
    await script({ pathPrefix: hook.path }, [{ status: 503 }, { status: 500 }, { status: 502 }]);

    expect(await runOne(testDb(), kind, job.id, clockFrom(t0))).toMatchObject({ outcome: { kind: "retry", delaySeconds: 10 } });
    expect(await runOne(testDb(), kind, job.id, clockFrom(plus(t0, 5)))).toMatchObject({
      kind: "not_claimed",
      current: { status: "pending" },
    });
    expect(await runOne(testDb(), kind, job.id, clockFrom(plus(t0, 12)))).toMatchObject({ outcome: { kind: "retry", delaySeconds: 20 } });
    expect(await runOne(testDb(), kind, job.id, clockFrom(plus(t0, 34)))).toMatchObject({ outcome: { kind: "failed" } });

    expect(await jobRow(job.id)).toMatchObject({ status: "failed", attempts: 3, lastError: "gave up after 3 attempts; last: HTTP 502" });
    expect((await captured({ pathPrefix: hook.path })).map((r) => r.status)).toEqual([503, 500, 502]);
  });

  it("fails at once on a permanent refusal, and counts a handler that throws as transient", async () => {
    const refused = ownKind();
    const hook = receiver();
    const t0 = aheadOfWallClock();
    const job = await writeJob({ kind: refused.name, url: hook.url, now: t0 });
    await script({ pathPrefix: hook.path }, [{ status: 400 }]);
    await runOne(testDb(), refused, job.id, clockFrom(t0));
    expect(await jobRow(job.id)).toMatchObject({ status: "failed", attempts: 1, lastError: "HTTP 400" });

    const throwing = ownKind({
      perform: async () => {
        throw new Error("boom");
      },
    });
    const other = await writeJob({ kind: throwing.name, url: hook.url, now: t0 });
    expect(await runOne(testDb(), throwing, other.id, clockFrom(t0))).toMatchObject({ outcome: { kind: "retry", delaySeconds: 30 } });
    expect((await jobRow(other.id)).lastError).toMatch(/handler error: Error: boom/);
  });

  it("takes over a claim only once it is presumed dead, and fences the dead worker's late outcome and its effects", async () => {
    const hook = receiver();
    const t0 = aheadOfWallClock();
    // A's success, when recorded, cancels B in the same batch (what a payments handler's effect
    // looks like): an effect gated on the claim.
    const name = `test.http.${crypto.randomUUID().slice(0, 8)}`;
    const bKey = `fee-${crypto.randomUUID()}`;
    const effects = (db: Db, gate: SQL) => [
      db.run(
        sql`UPDATE jobs SET status = 'cancelled' WHERE kind = ${name} AND idempotency_key = ${bKey} AND status = 'pending' AND ${gate}`,
      ),
    ];
    const kind = ownKind({ kind: name, perform: async () => ({ ok: true, effects }) });
    const a = await writeJob({ kind: kind.name, url: hook.url, now: t0 });
    const b = await writeJob({ kind: kind.name, url: hook.url, now: plus(t0, 3600), idempotencyKey: bKey, runAt: plus(t0, 3600) });

    const stale = await claimOne(testDb(), kind, a.id, t0);
    expect(stale.claimed).toBe(true);
    expect(await claimOne(testDb(), kind, a.id, plus(t0, 4 * 60))).toMatchObject({ claimed: false, current: { status: "sending" } });
    const takeover = await claimOne(testDb(), kind, a.id, plus(t0, 5 * 60 + 1));
    expect(takeover).toMatchObject({ claimed: true, row: { attempts: 2 } });

    // The presumed-dead worker comes back and reports success: nothing changes, B stays pending.
    if (!stale.claimed) throw new Error("unreachable");
    await recordOutcomes(testDb(), kind, [{ row: stale.row, outcome: { kind: "done", set: {}, effects } }], plus(t0, 5 * 60 + 2));
    expect(await jobRow(a.id)).toMatchObject({ status: "sending", attempts: 2 });
    expect(await jobRow(b.id)).toMatchObject({ status: "pending" });

    // The live holder's success applies, with its effect.
    if (!takeover.claimed) throw new Error("unreachable");
    await recordOutcomes(testDb(), kind, [{ row: takeover.row, outcome: { kind: "done", set: {}, effects } }], plus(t0, 5 * 60 + 3));
    expect(await jobRow(a.id)).toMatchObject({ status: "done", attempts: 2 });
    expect(await jobRow(b.id)).toMatchObject({ status: "cancelled" });
  });

  it("waits for a job scheduled ahead, and a cancelled job is never performed", async () => {
    const kind = ownKind();
    const hook = receiver();
    const t0 = aheadOfWallClock();
    const later = await writeJob({ kind: kind.name, url: hook.url, now: t0, runAt: plus(t0, 3600) });
    const waived = await writeJob({ kind: kind.name, url: hook.url, now: t0, idempotencyKey: `waive-${crypto.randomUUID()}` });
    const waivedKey = (await jobRow(waived.id)).idempotencyKey;
    expect(await jobCancel(testDb(), kind.name, waivedKey, t0)).toEqual([{ id: waived.id }]);

    expect((await dispatchDue(testDb(), [kind], clockFrom(t0)))[kind.name].claimed).toBe(0);
    expect(await runOne(testDb(), kind, later.id, clockFrom(t0))).toMatchObject({ kind: "not_claimed", current: { status: "pending" } });
    expect(await runOne(testDb(), kind, waived.id, clockFrom(plus(t0, 7200)))).toMatchObject({
      kind: "not_claimed",
      current: { status: "cancelled" },
    });

    const due = await dispatchDue(testDb(), [kind], clockFrom(plus(t0, 3600)));
    expect(due[kind.name]).toMatchObject({ claimed: 1, done: 1 });
    expect(await captured({ pathPrefix: hook.path })).toHaveLength(1);
  });
});

describe("outbox engine: bounded cron runs", () => {
  it("catches up over several bounded runs after an outage, each job performed once more", async () => {
    const kind = ownKind();
    const hook = receiver();
    const t0 = aheadOfWallClock();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await writeJob({ kind: kind.name, url: hook.url, now: plus(t0, -60 + i) })).id);
    await script({ pathPrefix: hook.path }, Array(7).fill({ status: 503 }));

    const outage = await dispatchDue(testDb(), [kind], clockFrom(t0));
    expect(outage[kind.name]).toMatchObject({ claimed: 7, retried: 7 });

    const claimedPerRun: number[] = [];
    for (let run = 0; run < 4; run++) {
      const s = await dispatchDue(testDb(), [kind], clockFrom(plus(t0, 60)), { limit: 3 });
      claimedPerRun.push(s[kind.name].claimed);
    }
    expect(claimedPerRun).toEqual([3, 3, 1, 0]);
    for (const id of ids) expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
    const requests = await captured({ pathPrefix: hook.path });
    expect(requests.filter((r) => r.status === 503)).toHaveLength(7);
    expect(requests.filter((r) => r.status === 200)).toHaveLength(7);
  });

  it("stops at its wall-time budget, hands the unsent jobs back as they were, and the next run sends them", async () => {
    // The run's clock moves only when a job is performed (by more than the budget), so the budget
    // runs out after exactly one job however slow the machine is.
    const t0 = aheadOfWallClock();
    let now = t0.getTime();
    const kind = ownKind({
      async perform(job, ctx) {
        const attempt = await testHttpHandler.perform(job, ctx);
        now += 400;
        return attempt;
      },
    });
    const hook = receiver();
    const jobs = [];
    for (let i = 0; i < 4; i++) jobs.push(await writeJob({ kind: kind.name, url: hook.url, now: plus(t0, -60 + i) }));
    const dueAt = (await jobRow(jobs[3].id)).nextAttemptAt;

    const first = await dispatchDue(testDb(), [kind], () => new Date(now), { chunk: 1, budgetMs: 200 });
    expect(first[kind.name]).toMatchObject({ claimed: 4, done: 1, released: 3 });
    expect(await jobRow(jobs[0].id)).toMatchObject({ status: "done", attempts: 1 });
    for (const j of jobs.slice(1)) expect(await jobRow(j.id)).toMatchObject({ status: "pending", attempts: 0, lockedAt: null });
    expect((await jobRow(jobs[3].id)).nextAttemptAt).toBe(dueAt);

    const second = await dispatchDue(testDb(), [kind], clockFrom(plus(t0, 1)));
    expect(second[kind.name]).toMatchObject({ claimed: 3, done: 3, released: 0 });
    expect(await captured({ pathPrefix: hook.path })).toHaveLength(4);
  });

  it("claims every kind in one round trip, then one round trip per chunk of 10 outcomes", async () => {
    const [busy, some, idle] = [ownKind(), ownKind(), ownKind()];
    const hook = receiver();
    const t0 = aheadOfWallClock();
    for (let i = 0; i < 12; i++) await writeJob({ kind: busy.name, url: hook.url, now: t0 });
    for (let i = 0; i < 3; i++) await writeJob({ kind: some.name, url: hook.url, now: t0 });
    const { result, dbRequests } = await countDbRequests((tag) => dispatchDue(taggedDb(tag), [busy, some, idle], clockFrom(t0)));
    expect(result[busy.name]).toMatchObject({ claimed: 12, done: 12 });
    expect(result[some.name]).toMatchObject({ claimed: 3, done: 3 });
    expect(result[idle.name]).toMatchObject({ claimed: 0 });
    expect(dbRequests).toBe(1 + 2 + 1);

    const quiet = await countDbRequests((tag) => dispatchDue(taggedDb(tag), [busy, some, idle], clockFrom(t0)));
    expect(quiet.dbRequests).toBe(1);
  });
});
