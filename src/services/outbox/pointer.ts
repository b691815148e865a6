import type { QueueMessage } from "../../config";
import { logger } from "../../lib/log";

/**
 * What a queue message carries: a pointer to a durable job row, never the job itself. `kind` is
 * the engine's kind name: "email", "webhook", or a jobs-table kind (`stripe.refund`, ...).
 */
export type JobPointer = { kind: string; id: string };

export const emailPointer = (id: string): JobPointer => ({ kind: "email", id });
export const webhookPointer = (id: string): JobPointer => ({ kind: "webhook", id });

const MAX_FIELD = 200;
const isName = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= MAX_FIELD;

/**
 * Reads a queue message body. Besides `{ kind, id }` it accepts the shapes written before the
 * engine (`{ kind: "email", outboxId }`, `{ kind: "webhook", deliveryId }`), so messages in flight
 * at deploy time are not lost. Anything else is null (acked: nothing to perform, never retried).
 */
export function parsePointer(body: unknown): JobPointer | null {
  if (typeof body !== "object" || body === null) return null;
  const b = body as Record<string, unknown>;
  if (!isName(b.kind)) return null;
  const id = b.id ?? (b.kind === "email" ? b.outboxId : b.kind === "webhook" ? b.deliveryId : undefined);
  return isName(id) ? { kind: b.kind, id } : null;
}

/** Queues take at most 100 messages per sendBatch. */
const SEND_BATCH_MAX = 100;

/**
 * The one way to hand jobs to the queue, whatever their kind (the batch builder calls it after
 * commit). Best effort, after the batch that wrote the jobs succeeded: a failed enqueue is
 * logged, never surfaced; the cron finds the pending rows and performs them anyway.
 */
export async function enqueue(queue: Queue<QueueMessage>, pointers: readonly JobPointer[]) {
  if (pointers.length === 0) return;
  try {
    for (let i = 0; i < pointers.length; i += SEND_BATCH_MAX) {
      await queue.sendBatch(pointers.slice(i, i + SEND_BATCH_MAX).map((p) => ({ body: { kind: p.kind, id: p.id } })));
    }
  } catch (err) {
    logger.error("enqueue failed; the cron will dispatch", { jobs: pointers.map((p) => `${p.kind}:${p.id}`), error: err });
  }
}
