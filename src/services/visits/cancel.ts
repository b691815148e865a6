import { sql } from "drizzle-orm";
import { batch } from "../batch";
import type { CancelResult, CancelVia } from "../bookings/cancel-types";
import { bookingEffects, statusChangePayload, statusChangedWebhook } from "../bookings/effects";
import { actorOf, bookingHistoryInsert } from "../bookings/history";
import { type BookingRef, type BookingView, bookingViewQuery } from "../bookings/lookup";
import type { BookingCtx } from "../bookings/scope";
import { cancellationMoney } from "../payments/cancellation";
import type { BookingMoney } from "../payments/money";
import { lateCancelSql } from "../reliability/record";
import { offerTriggersFor } from "../waitlist/trigger";
import { visitFactsFromView, visitWebhookBooking } from "./effects";
import { type VisitItem, visitAsBooking } from "./items";

/**
 * A visit's cancellation (design.md §26): cancelling any of its items (by the visit's code, or an
 * item's id on the owner API) cancels the whole visit in ONE batch, as one booking would be
 * (src/services/bookings/cancel.ts decides everything but the rows): the money of the visit (its
 * summed amount; its payments hang on the first item), one e-mail with the visit's calendar
 * event cancelled, one `booking.cancelled` listing the items, a history row per item, and one
 * UPDATE of every item, all gated on every item still having the status that was read.
 */
export async function cancelVisit(
  ctx: BookingCtx,
  ref: BookingRef,
  booking: BookingView,
  items: readonly VisitItem[],
  money: BookingMoney,
  reason: string | null,
  via: CancelVia,
): Promise<{ result: CancelResult; changed: boolean }> {
  const { db, now } = ctx;
  const visitId = booking.visitId as string;
  const t = now.toISOString();
  const visit = visitAsBooking(booking, items);
  const cancellable = sql`NOT EXISTS (SELECT 1 FROM bookings WHERE visit_id = ${visitId} AND status <> ${booking.status})`;
  const m = cancellationMoney(db, now, visit, money, ref.kind === "public" ? "customer" : "business", cancellable);
  const b = batch(db);
  if (!m.quiet) {
    const payload = {
      ...visitWebhookBooking(
        { visitId, confirmationCode: booking.confirmationCode, status: "cancelled", timezone: booking.tenant.timezone },
        items,
      ),
    };
    if (via === "status") {
      const changed = { ...statusChangePayload(visit, "cancelled"), ...payload, previousStatus: booking.status };
      b.add(statusChangedWebhook(db, booking.tenantId, changed, now, cancellable));
    }
    b.add(
      bookingEffects(
        ctx,
        "cancelled",
        {
          ...visitFactsFromView(booking, items),
          // The cancellation is a change the attendee is told about: the UPDATE raises every item's sequence.
          sequence: booking.sequence + 1,
          reason: ref.kind === "public" ? null : reason,
          paymentLines: m.emailLines,
          webhook: { booking: { ...payload, previousStatus: booking.status, cancelReason: reason, cancelledAt: t } },
        },
        cancellable,
      ),
    );
  }
  b.add(m);
  for (const item of items) {
    b.add(
      bookingHistoryInsert(
        db,
        via === "status"
          ? {
              bookingId: item.id,
              action: "booking.status_changed",
              actor: actorOf(ref, booking.customerId),
              metadata: { from: booking.status, to: "cancelled", visitId },
            }
          : {
              bookingId: item.id,
              action: "booking.cancelled",
              actor: actorOf(ref, booking.customerId),
              reason,
              metadata: { from: booking.status, visitId },
            },
        now,
        cancellable,
      ),
    );
  }
  // design.md §28: each item's freed time is offered to the waitlist, as a booking's (read before the UPDATE).
  b.add(offerTriggersFor(db, sql`SELECT id FROM bookings WHERE visit_id = ${visitId}`, now, "cancel", cancellable));
  const update = b.add(
    db.run(sql`
      UPDATE bookings SET status = 'cancelled', cancel_reason = ${reason}, cancelled_at = ${t}, sequence = sequence + 1, updated_at = ${t},
                          late_cancelled_at = ${lateCancelSql(now.getTime(), ref.kind === "public")}
      WHERE visit_id = ${visitId} AND status = ${booking.status} AND ${cancellable}`),
  );
  const readBack = b.add(bookingViewQuery(db, ref));
  await b.run(ctx);
  const [after] = readBack.result();
  const changed = update.result().rowsAffected === items.length;
  return { result: { booking: after ?? booking, alreadyCancelled: false, refund: changed ? m.refund : null }, changed };
}
