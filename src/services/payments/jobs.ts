import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import { feeChargedEmail, type PaymentEmailFacts } from "../email/payment-templates";
import { emailInsert } from "../outbox";
import type { JobAttempt, JobHandler } from "../outbox/jobs";
import { paymentAnnouncement } from "./announce";
import { CANCEL_INTENT_KIND, DETACH_CARD_KIND, FEE_CHARGE_KIND, REFUND_KIND } from "./job-kinds";
import { type RefundJobPayload, refundSucceeded } from "./refunds";
import { providerCode, providerMessage, type StripeAnswer, stripeRequest } from "./stripe";

/**
 * The Stripe calls that must not be lost, as outbox job kinds (design.md §21, §22). Each try
 * hands Stripe the job's idempotency key, so a retried call never refunds or charges twice.
 * Their effects (the refund/payment rows) are written by the engine in the batch that marks the
 * job done; e-mails and webhooks they write (a fee's `payment.succeeded` / `payment.failed`,
 * a refund's `payment.refunded`) are sent by the next cron tick.
 */

const transient = (error: string): JobAttempt => ({ ok: false, permanent: false, error: error.slice(0, 300) });

function unreached(answer: StripeAnswer & { reached: false }): JobAttempt {
  return transient(`stripe not reached: ${answer.error}`);
}

function refundHandler(config: Config): JobHandler {
  return {
    kind: REFUND_KIND,
    async perform(job, { idempotencyKey, clock }) {
      const p = job.payload as RefundJobPayload;
      const answer = await stripeRequest(config, {
        method: "POST",
        path: "/v1/refunds",
        fields: {
          payment_intent: p.paymentIntent,
          amount: p.amount,
          "metadata[refund_id]": p.refundId,
          "metadata[payment_id]": p.paymentId,
        },
        account: p.account,
        idempotencyKey,
      });
      if (!answer.reached) return unreached(answer);
      // design.md §21: a refund Stripe refuses stays pending and is retried; the owner sees the
      // reason (the job's last error) on the booking's payments until Stripe takes it.
      if (!answer.ok || !answer.body) return transient(`HTTP ${answer.status}: ${providerMessage(answer.body) ?? "refused"}`);
      const stripeId = typeof answer.body.id === "string" ? answer.body.id : null;
      const status = answer.body.status;
      const now = clock();
      const t = now.toISOString();
      if (status === "succeeded") {
        return {
          ok: true,
          result: { refund: stripeId, status },
          effects: (db, gate) => [
            refundSucceeded(
              db,
              now,
              {
                tenantId: job.tenantId ?? "",
                refundId: p.refundId,
                stripeRefundId: stripeId,
                webhook: {
                  id: p.refundId,
                  paymentId: p.paymentId,
                  bookingId: p.bookingId,
                  amount: p.amount,
                  currency: p.currency,
                  reason: p.reason,
                },
              },
              gate,
            ),
          ],
        };
      }
      // pending / requires_action: Stripe finishes it later and says so with charge.refunded.
      // failed / canceled: recorded so the owner sees it and can refund again.
      const failed = status === "failed" || status === "canceled";
      return {
        ok: true,
        result: { refund: stripeId, status },
        effects: (db, gate) => [
          db.run(sql`
            UPDATE refunds SET stripe_refund_id = COALESCE(${stripeId}, stripe_refund_id),
              status = CASE WHEN ${failed ? 1 : 0} = 1 THEN 'failed' ELSE status END, updated_at = ${t}
            WHERE id = ${p.refundId} AND status = 'pending' AND ${gate}`),
        ],
      };
    },
  };
}

export type CancelIntentPayload = { paymentIntent?: string; setupIntent?: string; account: string };

function cancelIntentHandler(config: Config): JobHandler {
  return {
    kind: CANCEL_INTENT_KIND,
    async perform(job, { idempotencyKey }) {
      const p = job.payload as CancelIntentPayload;
      const path = p.paymentIntent
        ? `/v1/payment_intents/${encodeURIComponent(p.paymentIntent)}/cancel`
        : `/v1/setup_intents/${encodeURIComponent(p.setupIntent ?? "")}/cancel`;
      const answer = await stripeRequest(config, { method: "POST", path, account: p.account, idempotencyKey });
      if (!answer.reached) return unreached(answer);
      if (answer.ok) return { ok: true, result: { status: answer.body?.status ?? null } };
      // Retried until Stripe answers; a 4xx is an answer: the intent already succeeded (its success
      // event refunds it), was cancelled already, or does not exist. Nothing left to cancel.
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
        return { ok: true, result: { refused: providerCode(answer.body) ?? `HTTP ${answer.status}` } };
      }
      return transient(`HTTP ${answer.status}`);
    },
  };
}

export type FeeChargePayload = {
  paymentId: string;
  bookingId: string;
  kind: "no_show_fee" | "late_cancel_fee";
  amount: number;
  currency: string;
  customer: string;
  paymentMethod: string;
  account: string;
  to: string | null;
  facts: PaymentEmailFacts;
};

function feeChargeHandler(config: Config): JobHandler {
  return {
    kind: FEE_CHARGE_KIND,
    async perform(job, { idempotencyKey, clock }) {
      const p = job.payload as FeeChargePayload;
      const answer = await stripeRequest(config, {
        method: "POST",
        path: "/v1/payment_intents",
        fields: {
          amount: p.amount,
          currency: p.currency.toLowerCase(),
          customer: p.customer,
          payment_method: p.paymentMethod,
          off_session: true,
          confirm: true,
          "metadata[booking_id]": p.bookingId,
          "metadata[tenant_id]": job.tenantId ?? "",
          "metadata[payment_id]": p.paymentId,
          "metadata[kind]": p.kind,
        },
        account: p.account,
        idempotencyKey,
      });
      if (!answer.reached) return unreached(answer);
      if (answer.status >= 500 || answer.status === 429) return transient(`HTTP ${answer.status}`);
      const now = clock();
      const t = now.toISOString();
      const body = answer.body ?? {};
      const declinedIntent = (body as { error?: { payment_intent?: { id?: unknown } } }).error?.payment_intent?.id;
      const intentId = typeof body.id === "string" ? body.id : typeof declinedIntent === "string" ? declinedIntent : null;
      const status = answer.ok ? body.status : "declined";
      if (status === "succeeded") {
        return {
          ok: true,
          result: { paymentIntent: intentId, status },
          effects: (db, gate) => {
            const moves = sql`${gate} AND EXISTS (SELECT 1 FROM payments WHERE id = ${p.paymentId} AND status IN ('pending', 'failed'))`;
            const email = p.to
              ? [
                  emailInsert(
                    db,
                    {
                      ...feeChargedEmail({ ...p.facts, amount: p.amount, currency: p.currency, kind: p.kind }),
                      tenantId: job.tenantId,
                      to: p.to,
                    },
                    now,
                    moves,
                  ),
                ]
              : [];
            return [
              ...email,
              db.run(sql`
                UPDATE payments SET status = 'succeeded', stripe_payment_intent_id = COALESCE(${intentId}, stripe_payment_intent_id),
                  failure_message = NULL, updated_at = ${t}
                WHERE id = ${p.paymentId} AND status IN ('pending', 'failed') AND ${gate}`),
              // Right after the move it announces; the intent's own event later finds nothing to move.
              paymentAnnouncement(db, job.tenantId ?? "", p.paymentId, "succeeded", now, sql`changes() > 0`),
            ];
          },
        };
      }
      if (status === "processing") {
        return {
          ok: true,
          result: { paymentIntent: intentId, status },
          effects: (db, gate) => [
            db.run(sql`UPDATE payments SET stripe_payment_intent_id = COALESCE(${intentId}, stripe_payment_intent_id), updated_at = ${t}
              WHERE id = ${p.paymentId} AND ${gate}`),
          ],
        };
      }
      // Declined, or the bank wants the customer present (requires_action): recorded and shown to
      // the owner, never retried on its own (design.md §21).
      const message =
        status === "declined"
          ? (providerMessage(answer.body) ?? `Refused by Stripe (HTTP ${answer.status})`)
          : "The customer's bank asked for authentication, which is impossible without the customer";
      return {
        ok: true,
        result: { paymentIntent: intentId, status },
        effects: (db, gate) => [
          db.run(sql`
            UPDATE payments SET status = 'failed', failure_message = ${message},
              stripe_payment_intent_id = COALESCE(${intentId}, stripe_payment_intent_id), updated_at = ${t}
            WHERE id = ${p.paymentId} AND status = 'pending' AND ${gate}`),
          paymentAnnouncement(db, job.tenantId ?? "", p.paymentId, "failed", now, sql`changes() > 0`),
        ],
      };
    },
  };
}

export type DetachCardPayload = { paymentMethod: string; account: string | null };

/**
 * design.md §25: detaches an erased customer's saved card. Retried until Stripe answers; a 4xx
 * answer (already detached, unknown) leaves nothing to detach, so it is done.
 */
function detachCardHandler(config: Config): JobHandler {
  return {
    kind: DETACH_CARD_KIND,
    async perform(job, { idempotencyKey }) {
      const p = job.payload as DetachCardPayload;
      const path = `/v1/payment_methods/${encodeURIComponent(p.paymentMethod)}/detach`;
      const answer = await stripeRequest(config, { method: "POST", path, account: p.account, idempotencyKey });
      if (!answer.reached) return unreached(answer);
      if (answer.ok) return { ok: true, result: { detached: true } };
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
        return { ok: true, result: { refused: providerCode(answer.body) ?? `HTTP ${answer.status}` } };
      }
      return transient(`HTTP ${answer.status}`);
    },
  };
}

/** Listed in src/services/outbox/kinds.ts. */
export function paymentJobHandlers(config: Config): JobHandler[] {
  return [refundHandler(config), cancelIntentHandler(config), feeChargeHandler(config), detachCardHandler(config)];
}
