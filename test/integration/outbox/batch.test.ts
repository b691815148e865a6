import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "../../../src/db/client";
import { auditInsert } from "../../../src/services/audit";
import { batch } from "../../../src/services/batch";
import { emailInsert } from "../../../src/services/outbox";
import { jobInsert } from "../../../src/services/outbox/jobs";
import { TEST_HTTP_KIND } from "../../../src/services/outbox/test-http";
import { webhookEventInsert } from "../../../src/services/webhooks/events";
import { countDbRequests } from "../../helpers/api";
import { createTenant, uniq } from "../../helpers/factories";
import { outboxRow } from "../email/outbox-harness";
import { createEndpoint, receiver as webhookReceiver } from "../webhooks/harness";
import { aheadOfWallClock, jobRow, plus, recordingQueue } from "./harness";

// The batch builder (src/services/batch.ts) against the real libSQL engine: each part reads its own
// results, the whole batch is one round trip, and after commit only what was written goes to the queue.

const mail = (tenantId: string) => ({
  kind: "test.email",
  subject: "Hi",
  text: "Hello",
  html: "<p>Hello</p>",
  tenantId,
  to: `batch-${uniq()}@example.test`,
});

describe("batch builder", () => {
  it("runs every part in one round trip, hands each its own value, and enqueues only rows written and due", async () => {
    const tenant = await createTenant();
    await createEndpoint(tenant.token, webhookReceiver().url);
    // Ahead of the wall clock: no other test's cron finds these rows due.
    const now = aheadOfWallClock();
    const { sent, queue } = recordingQueue();
    const waits: Promise<unknown>[] = [];

    const { result: parts, dbRequests } = await countDbRequests(async (dbTag) => {
      const db = createDb({ LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: undefined }, dbTag);
      const b = batch(db);
      const sentMail = emailInsert(db, mail(tenant.id), now);
      const gatedMail = emailInsert(db, mail(tenant.id), now, sql`0`);
      const dueJob = jobInsert(db, { kind: TEST_HTTP_KIND, tenantId: tenant.id, payload: { url: "x" } }, now);
      const laterJob = jobInsert(db, { kind: TEST_HTTP_KIND, tenantId: tenant.id, payload: { url: "x" }, runAt: plus(now, 3600) }, now);
      const handles = {
        sent: b.add(sentMail),
        gated: b.add(gatedMail),
        event: b.add(webhookEventInsert(db, tenant.id, "booking.created", { bookingId: `bkg_${uniq()}` }, now)),
        audit: b.add(
          auditInsert(
            db,
            { action: "test.batch", actorType: "system", actorId: "test", targetType: "tenant", targetId: tenant.id },
            now,
            sql`0`,
          ),
        ),
        due: b.add(dueJob),
        later: b.add(laterJob),
        count: b.add(db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM email_outbox WHERE id IN (${sentMail.id}, ${gatedMail.id})`)),
      };
      const pointers = await b.run({ queue, waitUntil: (p) => waits.push(p) });
      return { handles, pointers, ids: { sentMail: sentMail.id, gatedMail: gatedMail.id, dueJob: dueJob.id, laterJob: laterJob.id } };
    });
    await Promise.all(waits);

    expect(dbRequests).toBe(1);
    const { handles, ids } = parts;
    expect(handles.sent.result()).toBe(true);
    expect(handles.gated.result()).toBe(false);
    expect(handles.audit.result()).toBe(false);
    expect(handles.due.result()).toBe(true);
    expect(handles.later.result()).toBe(true);
    expect(Number(handles.count.result()[0].n)).toBe(1);
    const deliveries = handles.event.result();
    expect(deliveries).toHaveLength(1);
    // The unwritten e-mail and the job scheduled an hour ahead (the cron's) are not enqueued.
    const expected = [
      { kind: "email", id: ids.sentMail },
      { kind: "webhook", id: deliveries[0].id },
      { kind: TEST_HTTP_KIND, id: ids.dueJob },
    ];
    expect(parts.pointers).toEqual(expected);
    expect(sent).toEqual(expected);
    expect(await outboxRow(ids.gatedMail)).toBeUndefined();
    expect((await jobRow(ids.laterJob))?.status).toBe("pending");
  });

  it("applies nothing, settles nothing and enqueues nothing when one statement fails", async () => {
    const tenant = await createTenant();
    const db = createDb({ LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: undefined });
    const { sent, queue } = recordingQueue();
    const b = batch(db);
    const email = emailInsert(db, mail(tenant.id), aheadOfWallClock());
    const written = b.add(email);
    b.add(db.run(sql`SELECT json('not json')`));
    await expect(b.run({ queue, waitUntil: () => {} })).rejects.toThrow();
    expect(() => written.result()).toThrow(/before its batch ran/);
    expect(await outboxRow(email.id)).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it("sends a batch as its statements inline in one pipeline request, no per-statement store_sql, and a failure still names its statement", async () => {
    const tenant = await createTenant();
    const bodies: string[] = [];
    const realFetch = globalThis.fetch;
    const fetches = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      bodies.push(await request.clone().text());
      return realFetch(request);
    });
    // The client takes the global fetch when it is made: made after the spy, its requests are seen.
    const db = createDb({ LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: undefined });
    const email = emailInsert(db, mail(tenant.id), aheadOfWallClock());
    try {
      const b = batch(db);
      b.add(email);
      const one = b.add(db.all<{ n: number }>(sql`SELECT ${41} + 1 AS n`));
      await b.run();
      expect(bodies).toHaveLength(1);
      expect(one.result()).toEqual([{ n: 42 }]);
      const pipeline = JSON.parse(bodies[0]) as { requests: { type: string }[] };
      expect(pipeline.requests.map((r) => r.type)).toEqual(["batch", "close"]);
      expect(bodies[0]).toContain("SELECT ? + 1 AS n");
    } finally {
      fetches.mockRestore();
    }
    expect((await outboxRow(email.id))?.id).toBe(email.id);
    // The guards (src/db/guard.ts) tell a refused check from a later failure by the statement's index.
    await expect(db.batch([db.run(sql`SELECT 1`), db.run(sql`SELECT json('not json')`)])).rejects.toMatchObject({ statementIndex: 1 });
  });
});
