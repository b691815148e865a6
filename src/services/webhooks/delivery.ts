import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { decideRetry, DELIVERY_TIMEOUT_MS, STUCK_SENDING_MS } from "../../domain/webhook-retry";
import { signatureHeader } from "../../domain/webhook-signature";
import { checkWebhookUrl, type Environment } from "../../domain/webhook-url";

/**
 * Sending outbound webhook deliveries, shared by the queue consumer (one row per message) and the
 * cron (a bounded batch of due rows). Like the e-mail outbox: claim (atomic conditional UPDATE,
 * pending -> sending, attempts + 1) -> POST -> record the outcome fenced on the claim, so two
 * workers holding messages for the same row cannot both send it.
 */

const d = schema.webhookDeliveries;
const e = schema.webhookEndpoints;
export type DeliveryRow = typeof d.$inferSelect;
export type EndpointTarget = { id: string; url: string; secret: string; isActive: boolean };
export type Clock = () => Date;

export type DeliveryOutcome =
  | { kind: "delivered"; statusCode: number }
  | { kind: "retry"; delaySeconds: number; nextAttemptAt: Date; statusCode: number | null; error: string }
  | { kind: "failed"; statusCode: number | null; error: string };

/** Pending and due, or claimed so long ago that the claimer is presumed dead. */
function claimable(now: Date) {
  const stuckBefore = new Date(now.getTime() - STUCK_SENDING_MS).toISOString();
  return or(
    and(eq(d.status, "pending"), lte(d.nextAttemptAt, now.toISOString())),
    and(eq(d.status, "sending"), lt(d.lockedAt, stuckBefore)),
  );
}

function claimSet(now: Date) {
  const t = now.toISOString();
  return { status: "sending" as const, attempts: sql`${d.attempts} + 1`, lockedAt: t, updatedAt: t };
}

const targetColumns = { id: e.id, url: e.url, secret: e.secret, isActive: e.isActive };

export type ClaimResult =
  | { claimed: true; row: DeliveryRow; endpoint: EndpointTarget | null }
  | { claimed: false; current: Pick<DeliveryRow, "status" | "nextAttemptAt"> | null };

/**
 * Claims one delivery. One round trip: the conditional UPDATE and a read of the row's state and
 * its endpoint travel in one batch, so a refused claim still says why (done, held, not due, gone).
 */
export async function claimDelivery(db: Db, id: string, now: Date): Promise<ClaimResult> {
  const [claimed, current] = await db.batch([
    db
      .update(d)
      .set(claimSet(now))
      .where(and(eq(d.id, id), claimable(now)))
      .returning(),
    db
      .select({ status: d.status, nextAttemptAt: d.nextAttemptAt, endpoint: targetColumns })
      .from(d)
      .leftJoin(e, eq(e.id, d.endpointId))
      .where(eq(d.id, id)),
  ]);
  const state = current[0];
  if (claimed[0]) return { claimed: true, row: claimed[0], endpoint: state?.endpoint ?? null };
  return { claimed: false, current: state ? { status: state.status, nextAttemptAt: state.nextAttemptAt } : null };
}

/**
 * Claims up to `limit` due rows in ONE statement (oldest due first) and reads their endpoints in
 * the same batch. The outer condition is re-checked inside the atomic UPDATE, so a row a queue
 * consumer claimed meanwhile is not taken twice.
 */
export async function claimDueDeliveries(db: Db, now: Date, limit: number) {
  const t = now.toISOString();
  const due = db.select({ id: d.id }).from(d).where(claimable(now)).orderBy(asc(d.nextAttemptAt)).limit(limit);
  const [rows, endpoints] = await db.batch([
    db
      .update(d)
      .set(claimSet(now))
      .where(and(inArray(d.id, due), claimable(now)))
      .returning(),
    // The rows this statement's predecessor just locked (locked_at = t); extra endpoints are harmless.
    db
      .select(targetColumns)
      .from(e)
      .where(
        inArray(
          e.id,
          db
            .select({ id: d.endpointId })
            .from(d)
            .where(and(eq(d.status, "sending"), eq(d.lockedAt, t))),
        ),
      ),
  ]);
  const byId = new Map(endpoints.map((x) => [x.id, x]));
  return rows.map((row) => ({ row, endpoint: byId.get(row.endpointId) ?? null }));
}

/** Only the holder of this claim (same attempt number, still sending) may record its outcome. */
function heldBy(row: DeliveryRow) {
  return and(eq(d.id, row.id), eq(d.status, "sending"), eq(d.attempts, row.attempts));
}

export function outcomeUpdate(db: Db, row: DeliveryRow, outcome: DeliveryOutcome, now: Date) {
  const t = now.toISOString();
  const common = { lockedAt: null, updatedAt: t };
  if (outcome.kind === "delivered") {
    return db
      .update(d)
      .set({ ...common, status: "delivered", deliveredAt: t, lastStatusCode: outcome.statusCode, lastError: null })
      .where(heldBy(row));
  }
  if (outcome.kind === "retry") {
    return db
      .update(d)
      .set({
        ...common,
        status: "pending",
        nextAttemptAt: outcome.nextAttemptAt.toISOString(),
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
      })
      .where(heldBy(row));
  }
  return db
    .update(d)
    .set({ ...common, status: "failed", lastStatusCode: outcome.statusCode, lastError: outcome.error })
    .where(heldBy(row));
}

type SendResult = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string; permanent: boolean };

/** One signed POST. Never throws: every failure becomes a result. */
export async function postDelivery(
  row: DeliveryRow,
  endpoint: EndpointTarget | null,
  environment: Environment,
  now: Date,
): Promise<SendResult> {
  if (!endpoint?.isActive) return { ok: false, statusCode: null, error: "endpoint disabled or deleted", permanent: true };
  // Checked again at send time: the environment may have changed since the endpoint was saved.
  const check = checkWebhookUrl(endpoint.url, environment);
  if (!check.ok) return { ok: false, statusCode: null, error: `refused: ${check.reason}`, permanent: true };
  try {
    const res = await fetch(check.url.toString(), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "BookingPlatform-Webhooks/1",
        "Webhook-Id": row.eventId,
        "Webhook-Signature": await signatureHeader(endpoint.secret, row.payload, now),
      },
      body: row.payload,
      // A redirect could point anywhere (including internal hosts): it counts as a failure.
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => {});
    if (res.status >= 200 && res.status < 300) return { ok: true, statusCode: res.status };
    return { ok: false, statusCode: res.status, error: `HTTP ${res.status}`, permanent: false };
  } catch (err) {
    const name = (err as { name?: string })?.name;
    const error =
      name === "TimeoutError" || name === "AbortError" ? `timeout after ${DELIVERY_TIMEOUT_MS / 1000} s` : `network error: ${String(err)}`;
    return { ok: false, statusCode: null, error: error.slice(0, 300), permanent: false };
  }
}

/** Maps a send result onto the row's next state; `row.attempts` already counts this try. */
export function decideOutcome(row: DeliveryRow, result: SendResult, now: Date): DeliveryOutcome {
  if (result.ok) return { kind: "delivered", statusCode: result.statusCode };
  if (result.permanent) return { kind: "failed", statusCode: result.statusCode, error: result.error };
  const retry = decideRetry(new Date(row.createdAt), row.attempts, now);
  if (retry.kind === "give_up") {
    return { kind: "failed", statusCode: result.statusCode, error: `gave up after ${row.attempts} attempts; last: ${result.error}` };
  }
  return {
    kind: "retry",
    delaySeconds: retry.delaySeconds,
    nextAttemptAt: retry.nextAttemptAt,
    statusCode: result.statusCode,
    error: result.error,
  };
}

async function sendClaimed(row: DeliveryRow, endpoint: EndpointTarget | null, environment: Environment, clock: Clock) {
  const result = await postDelivery(row, endpoint, environment, clock());
  const outcome = decideOutcome(row, result, clock());
  // Ids only: an endpoint URL may carry a token in its query string.
  if (outcome.kind === "retry")
    console.warn(`webhook delivery ${row.id} attempt ${row.attempts} failed (${outcome.error}); retry in ${outcome.delaySeconds}s`);
  if (outcome.kind === "failed")
    console.error(`webhook delivery ${row.id} failed for good after attempt ${row.attempts}: ${outcome.error}`);
  return outcome;
}

/**
 * Records outcomes in one batch. If the database is unreachable now, the rows stay `sending` and
 * are re-claimed after the stuck timeout (receivers dedupe by Webhook-Id).
 */
async function recordOutcomes(db: Db, items: { row: DeliveryRow; outcome: DeliveryOutcome }[], now: Date) {
  if (items.length === 0) return;
  try {
    const [first, ...rest] = items.map(({ row, outcome }) => outcomeUpdate(db, row, outcome, now));
    await db.batch([first, ...rest]);
  } catch (err) {
    console.error(
      `recording outcome of webhook deliveries ${items.map((i) => i.row.id).join(",")} failed; re-claimed after the stuck timeout`,
      err,
    );
  }
}

export type SingleDelivery =
  | { kind: "sent"; row: DeliveryRow; outcome: DeliveryOutcome }
  | { kind: "not_claimed"; current: Extract<ClaimResult, { claimed: false }>["current"] };

/** The queue path: claim one row, send it, record the outcome. Two round trips when it sends. */
export async function deliverOne(db: Db, environment: Environment, id: string, clock: Clock): Promise<SingleDelivery> {
  const claim = await claimDelivery(db, id, clock());
  if (!claim.claimed) return { kind: "not_claimed", current: claim.current };
  const outcome = await sendClaimed(claim.row, claim.endpoint, environment, clock);
  await recordOutcomes(db, [{ row: claim.row, outcome }], clock());
  return { kind: "sent", row: claim.row, outcome };
}

export type DispatchSummary = { claimed: number; delivered: number; retried: number; failed: number };

/**
 * The cron path: one round trip claims a bounded batch (with endpoints), sends go out in chunks
 * (parallel within a chunk), each chunk's outcomes are one batch: 1 + ceil(n / chunk) round trips.
 */
export async function dispatchDue(
  db: Db,
  environment: Environment,
  clock: Clock,
  opts: { limit: number; chunk?: number },
): Promise<DispatchSummary> {
  const claimed = await claimDueDeliveries(db, clock(), opts.limit);
  const summary: DispatchSummary = { claimed: claimed.length, delivered: 0, retried: 0, failed: 0 };
  const chunk = opts.chunk ?? 10;
  for (let i = 0; i < claimed.length; i += chunk) {
    const part = claimed.slice(i, i + chunk);
    const outcomes = await Promise.all(part.map(({ row, endpoint }) => sendClaimed(row, endpoint, environment, clock)));
    await recordOutcomes(
      db,
      part.map(({ row }, j) => ({ row, outcome: outcomes[j] })),
      clock(),
    );
    for (const o of outcomes) summary[o.kind === "delivered" ? "delivered" : o.kind === "retry" ? "retried" : "failed"] += 1;
  }
  return summary;
}
