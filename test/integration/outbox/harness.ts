import { eq } from "drizzle-orm";
import type { QueueMessage } from "../../../src/config";
import { schema } from "../../../src/db/client";
import { runPart } from "../../../src/services/batch";
import { type JobHandler, jobInsert, jobKind } from "../../../src/services/outbox/jobs";
import { TEST_HTTP_KIND, testHttpHandler } from "../../../src/services/outbox/test-http";
import { testDb } from "../../helpers/db";
import { workerEnv } from "../../helpers/worker-entry";

// Jobs of the test-only `test.http` kind (src/services/outbox/test-http.ts): each POSTs to a
// unique path of the capture server, so tests key on their own receiver. Engine-level cases give
// each test a kind of its own (`ownKind`), so their claims can only ever take their own rows.

export function receiver() {
  const path = `/job-${crypto.randomUUID()}`;
  return { path, url: `${workerEnv.CAPTURE_URL}${path}` };
}

/** A kind no other test (and no cron tick) knows: the engine's generic parts, isolated. */
export function ownKind(overrides: Partial<JobHandler> = {}) {
  return jobKind({ ...testHttpHandler, kind: `test.http.${crypto.randomUUID().slice(0, 8)}`, ...overrides });
}

/** A job written as a service would (jobInsert in its batch). */
export async function writeJob(opts: {
  url: string;
  kind?: string;
  tenantId?: string | null;
  now?: Date;
  idempotencyKey?: string;
  runAt?: Date;
}) {
  const job = jobInsert(
    testDb(),
    {
      kind: opts.kind ?? TEST_HTTP_KIND,
      tenantId: opts.tenantId ?? null,
      payload: { url: opts.url },
      idempotencyKey: opts.idempotencyKey,
      runAt: opts.runAt,
    },
    opts.now ?? new Date(),
  );
  const inserted = await runPart(testDb(), job);
  return { id: job.id, pointer: job.pointer, inserted };
}

export async function jobRow(id: string) {
  const [row] = await testDb().select().from(schema.jobs).where(eq(schema.jobs.id, id));
  return row;
}

/** A queue binding that records what is sent (the platform's binding is swapped, not our code). */
export function recordingQueue(fail = false) {
  const sent: QueueMessage[] = [];
  const queue = {
    sendBatch: async (msgs: { body: QueueMessage }[]) => {
      if (fail) throw new Error("queue unavailable");
      sent.push(...msgs.map((m) => m.body));
    },
  } as unknown as Queue<QueueMessage>;
  return { sent, queue };
}

export const aheadOfWallClock = (minutes = 30) => new Date(Date.now() + minutes * 60_000);
export const plus = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);

/** A clock that starts at `start` and ticks with wall time (a pinned clock, as x-test-now). */
export function clockFrom(start: Date) {
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}

export function pointerMessage(body: unknown, opts: { attempts?: number; testNow?: Date } = {}) {
  const withClock = opts.testNow ? { ...(body as object), testNow: opts.testNow.toISOString() } : body;
  return { id: crypto.randomUUID(), timestamp: new Date(), attempts: opts.attempts ?? 1, body: withClock as never };
}
