import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { batch, type Fragment, group } from "../batch";
import { cancelRemindersOf } from "../notifications/reminders";
import { jobInsertSelect } from "../outbox/jobs";
import { CANCEL_INTENT_KIND } from "./job-kinds";
import { offerTriggersFor } from "../waitlist/trigger";
import { giftCardGiveBack, packageGiveBack, promoGiveBack } from "../prepaid/give-back";

/**
 * Releasing a booking held for payment (design.md §21): its unpaid PaymentIntents and
 * SetupIntents are cancelled at Stripe by outbox jobs (retried until Stripe answers), its unpaid
 * payments become `cancelled`, and any reminder job of it is cancelled (a held booking is given
 * none, design.md §17 reminders are for confirmed bookings only). A success that still arrives later is refunded (./confirm.ts).
 * What a gift card paid of the booking the promo use and the package credit it took (design.md §32) go back in the same batch.
 *
 * An expired hold keeps blocking its slot until it is released (the cron, every minute): the
 * overlap guard and availability count every booking that is not cancelled, and a payment that
 * succeeds in that minute still confirms the booking. Release and confirmation are each one
 * conditional batch on `status = 'pending'`, so whichever commits first decides.
 */

/**
 * Releases the bookings selected by `bookings` (a subquery of one column `id`), gated by `gate`;
 * its intent-cancel jobs are enqueued after commit when the batch is run with the request's queue.
 */
export function holdRelease(db: Db, now: Date, bookings: SQL, gate: SQL = sql`1`): Fragment {
  const t = now.toISOString();
  return group([
    jobInsertSelect(
      db,
      {
        kind: CANCEL_INTENT_KIND,
        select: sql`
          SELECT p.tenant_id AS tenant_id, 'cancel-' || p.stripe_payment_intent_id AS idempotency_key,
                 json_object('paymentIntent', p.stripe_payment_intent_id, 'account', COALESCE(p.stripe_account_id, tn.stripe_account_id)) AS payload
          FROM payments p JOIN tenants tn ON tn.id = p.tenant_id
          WHERE p.booking_id IN (${bookings}) AND p.kind IN ('deposit', 'full') AND p.status IN ('pending', 'failed')
            AND p.stripe_payment_intent_id IS NOT NULL AND ${gate}
          UNION ALL
          SELECT c.tenant_id, 'cancel-' || c.stripe_setup_intent_id,
                 json_object('setupIntent', c.stripe_setup_intent_id, 'account', tn.stripe_account_id)
          FROM booking_cards c JOIN tenants tn ON tn.id = c.tenant_id
          WHERE c.booking_id IN (${bookings}) AND c.status IN ('pending', 'failed') AND c.stripe_setup_intent_id IS NOT NULL AND ${gate}`,
      },
      now,
    ),
    db.run(sql`
      UPDATE payments SET status = 'cancelled', updated_at = ${t}
      WHERE booking_id IN (${bookings}) AND kind IN ('deposit', 'full') AND status IN ('pending', 'failed') AND ${gate}`),
    // A held booking schedules no reminder (only its confirmation does); should one exist, it must not go out.
    cancelRemindersOf(db, bookings, now, gate),
    // design.md §32: what a gift card paid of the hold goes back on it, and the promo code's use.
    giftCardGiveBack(db, now, bookings, gate),
    promoGiveBack(db, now, bookings, gate),
    packageGiveBack(db, now, bookings, gate),
  ]);
}

/** Pending bookings whose hold has ended, oldest first, bounded per run (of one tenant: the cron's test-only scope). */
function expiredHolds(nowMs: number, limit: number, tenantId?: string): SQL {
  const tenant = tenantId ? sql`AND tenant_id = ${tenantId}` : sql``;
  return sql`SELECT id FROM bookings WHERE status = 'pending' AND hold_expires_at IS NOT NULL AND hold_expires_at <= ${nowMs} ${tenant}
    ORDER BY hold_expires_at, id LIMIT ${limit}`;
}

export const HOLD_RELEASE_BATCH = 50;

/**
 * The cron's step: ONE batch releases up to HOLD_RELEASE_BATCH expired holds (status cancelled,
 * reason `payment_not_completed`; the cancel jobs it writes are performed by the same cron run).
 * No e-mail, no notice and no webhook: the customer never finished booking, the business and
 * integrators never heard of it. `tenantId` is the cron's test-only scope (src/cron/index.ts).
 */
export async function releaseExpiredHolds(
  db: Db,
  now: Date,
  opts: { limit?: number; tenantId?: string } = {},
): Promise<{ released: number }> {
  const t = now.toISOString();
  const chosen = expiredHolds(now.getTime(), opts.limit ?? HOLD_RELEASE_BATCH, opts.tenantId);
  const b = batch(db);
  b.add(holdRelease(db, now, chosen));
  // design.md §28: each released time is offered to the waitlist (read before the UPDATE below).
  b.add(offerTriggersFor(db, chosen, now, "hold"));
  const released = b.add(
    db.run(sql`
      UPDATE bookings SET status = 'cancelled', cancel_reason = 'payment_not_completed', cancelled_at = ${t}, updated_at = ${t}
      WHERE id IN (${chosen})`),
  );
  // Not enqueued: the cron run that released them performs the cancel jobs right after.
  await b.run();
  return { released: released.result().rowsAffected };
}
