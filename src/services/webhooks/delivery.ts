import { inArray, type SQL } from "drizzle-orm";
import { type Db, schema } from "../../db/client";
import { DELIVERY_TIMEOUT_MS, decideRetry, QUEUE_MAX_RETRIES, QUEUE_RETRY_MAX_SECONDS, STUCK_SENDING_MS } from "../../domain/webhook-retry";
import { signatureHeader } from "../../domain/webhook-signature";
import { checkWebhookUrl, type Environment } from "../../domain/webhook-url";
import { runOne } from "../outbox/engine";
import type { Attempt, Clock, Kind, Outcome } from "../outbox/types";

/**
 * The webhook kind of the outbox engine (src/services/outbox/): rows of `webhook_deliveries`,
 * POSTed signed to the endpoint with `Webhook-Id: <event id>` (what receivers dedupe on), retried
 * by src/domain/webhook-retry.ts. The engine claims, fences and retries.
 */

const d = schema.webhookDeliveries;
const e = schema.webhookEndpoints;
export type DeliveryRow = typeof d.$inferSelect;
export type EndpointTarget = {
  id: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  isActive: boolean;
};

const targetColumns = {
  id: e.id,
  url: e.url,
  secret: e.secret,
  previousSecret: e.previousSecret,
  previousSecretExpiresAt: e.previousSecretExpiresAt,
  isActive: e.isActive,
};

/** The secrets a delivery is signed with now: the current one, and a rotated-out one for 24 h. */
export function signingSecrets(endpoint: EndpointTarget, now: Date): string[] {
  const { secret, previousSecret, previousSecretExpiresAt } = endpoint;
  if (previousSecret && previousSecretExpiresAt && Date.parse(previousSecretExpiresAt) > now.getTime()) return [secret, previousSecret];
  return [secret];
}

export const webhookStore = {
  name: "webhook_deliveries",
  table: d,
  columns: { id: d.id, status: d.status, attempts: d.attempts, nextAttemptAt: d.nextAttemptAt, lockedAt: d.lockedAt, tenantId: d.tenantId },
  doneStatus: "delivered",
};

/** One signed POST. Never throws: every failure becomes a result. */
export async function postDelivery(
  row: DeliveryRow,
  endpoint: EndpointTarget | undefined,
  environment: Environment,
  now: Date,
): Promise<Attempt> {
  if (!endpoint?.isActive) return failure(null, "endpoint disabled or deleted", true);
  // Checked again at send time: the environment may have changed since the endpoint was saved.
  const check = checkWebhookUrl(endpoint.url, environment);
  if (!check.ok) return failure(null, `refused: ${check.reason}`, true);
  try {
    const res = await fetch(check.url.toString(), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "BookingPlatform-Webhooks/1",
        "Webhook-Id": row.eventId,
        "Webhook-Signature": await signatureHeader(signingSecrets(endpoint, now), row.payload, now),
      },
      body: row.payload,
      // A redirect could point anywhere (including internal hosts): it counts as a failure.
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => {});
    if (res.status >= 200 && res.status < 300) return { ok: true, set: { lastStatusCode: res.status } };
    return failure(res.status, `HTTP ${res.status}`, false);
  } catch (err) {
    const name = (err as { name?: string })?.name;
    const error =
      name === "TimeoutError" || name === "AbortError" ? `timeout after ${DELIVERY_TIMEOUT_MS / 1000} s` : `network error: ${String(err)}`;
    return failure(null, error.slice(0, 300), false);
  }
}

function failure(statusCode: number | null, error: string, permanent: boolean): Attempt {
  return { ok: false, permanent, error, set: { lastStatusCode: statusCode } };
}

export function webhookKind(environment: Environment): Kind<DeliveryRow, EndpointTarget> {
  return {
    name: "webhook",
    store: webhookStore,
    stuckAfterMs: STUCK_SENDING_MS,
    // The endpoint travels in the claim's batch: no extra round trip.
    related: {
      query: (db: Db, rows: SQL) =>
        db
          .select(targetColumns)
          .from(e)
          .where(inArray(e.id, db.select({ id: d.endpointId }).from(d).where(rows))),
      pick: (row, result) => (result as EndpointTarget[]).find((x) => x.id === row.endpointId),
    },
    idempotencyKey: (row) => row.eventId,
    async perform(row, { extra, clock }) {
      const attempt = await postDelivery(row, extra, environment, clock());
      // The delivery instant on the caller's clock (tests pin it).
      if (attempt.ok) attempt.set = { ...attempt.set, deliveredAt: clock().toISOString() };
      return attempt;
    },
    retry(row, now) {
      const retry = decideRetry(new Date(row.createdAt), row.attempts, now);
      return retry.kind === "give_up" ? null : { delaySeconds: retry.delaySeconds, nextAttemptAt: retry.nextAttemptAt };
    },
    queue: {
      // Short waits ride on the message; long ones (or a message near dead-lettering) on next_attempt_at + the cron.
      retryDelay: (wait, messageAttempts) =>
        wait <= QUEUE_RETRY_MAX_SECONDS && messageAttempts < QUEUE_MAX_RETRIES ? Math.max(1, Math.ceil(wait)) : null,
      errorDelay: () => 30,
    },
  };
}

// The named entry point of the webhook kind (tests drive single deliveries through it).

export type DeliveryOutcome =
  | { kind: "delivered"; statusCode: number }
  | { kind: "retry"; delaySeconds: number; nextAttemptAt: Date; statusCode: number | null; error: string }
  | { kind: "failed"; statusCode: number | null; error: string };

function webhookOutcome(o: Outcome): DeliveryOutcome {
  const statusCode = (o.set.lastStatusCode as number | null | undefined) ?? null;
  if (o.kind === "done") return { kind: "delivered", statusCode: statusCode ?? 0 };
  if (o.kind === "retry")
    return { kind: "retry", delaySeconds: o.delaySeconds, nextAttemptAt: o.nextAttemptAt, statusCode, error: o.error };
  return { kind: "failed", statusCode, error: o.error };
}

/** The queue path for one delivery: claim (with its endpoint), POST, record. Two round trips. */
export async function deliverOne(db: Db, environment: Environment, id: string, clock: Clock) {
  const result = await runOne(db, webhookKind(environment), id, clock);
  if (result.kind === "not_claimed") return { kind: "not_claimed" as const, current: result.current };
  return { kind: "sent" as const, row: result.row, outcome: webhookOutcome(result.outcome) };
}
