import { sql } from "drizzle-orm";
import type { Actor } from "../../auth-context";
import type { BookingStatus } from "../../domain/booking-status";
import { ApiError } from "../../errors";
import { batch } from "../batch";
import { statusChangePayload, statusChangedWebhook } from "../bookings/effects";
import { actorOf, bookingHistoryInsert } from "../bookings/history";
import type { BookingView } from "../bookings/lookup";
import type { BookingCtx } from "../bookings/scope";
import type { BookingMoney } from "../payments/money";
import { type FeeSummary, statusChangeMoney } from "../payments/status-money";
import { visitCreatedEffectsFromView, visitWebhookBooking } from "./effects";
import { type VisitItem, visitAsBooking } from "./items";

/**
 * An owner's status change of any item of a visit acts on the whole visit (design.md §26): every
 * item moves in ONE conditional UPDATE, gated (with the webhook, the confirmation's effects, the
 * no-show fee on the visit's summed price and a history row per item) on every item still having
 * the status that was read. `no_show` waits for the visit's first start (409 invalid_transition
 * before it): a customer who has not yet missed anything is no no-show.
 */
export async function changeVisitStatus(
  ctx: BookingCtx,
  ref: { tenantId: string; bookingId: string; actor?: Actor },
  booking: BookingView,
  items: readonly VisitItem[],
  money: BookingMoney,
  to: Exclude<BookingStatus, "cancelled">,
  opts: { chargeFee?: boolean },
): Promise<{ booking: BookingView; fee: FeeSummary }> {
  const { db, now } = ctx;
  const visitId = booking.visitId as string;
  const visit = visitAsBooking(booking, items);
  if (to === "no_show" && now.getTime() < visit.startAt) {
    throw new ApiError("invalid_transition", "A visit can be marked a no-show only once its first service has started");
  }
  const t = now.toISOString();
  const changes = sql`NOT EXISTS (SELECT 1 FROM bookings WHERE visit_id = ${visitId} AND (tenant_id <> ${ref.tenantId} OR status <> ${booking.status}))`;
  const b = batch(db);
  const changed = {
    ...statusChangePayload(visit, to),
    ...visitWebhookBooking({ visitId, confirmationCode: booking.confirmationCode, status: to, timezone: booking.tenant.timezone }, items),
    previousStatus: booking.status,
  };
  b.add(statusChangedWebhook(db, ref.tenantId, changed, now, changes));
  if (booking.status === "pending" && to === "confirmed") b.add(visitCreatedEffectsFromView(ctx, booking, items, changes));
  const m = statusChangeMoney(db, now, visit, money, to, opts, changes);
  b.add(m);
  for (const item of items) {
    b.add(
      bookingHistoryInsert(
        db,
        {
          bookingId: item.id,
          action: "booking.status_changed",
          actor: actorOf({ kind: "owner", actor: ref.actor }, null),
          metadata: { from: booking.status, to, visitId },
        },
        now,
        changes,
      ),
    );
  }
  const update = b.add(
    db.run(sql`
      UPDATE bookings SET status = ${to}, updated_at = ${t}
      WHERE visit_id = ${visitId} AND tenant_id = ${ref.tenantId} AND status = ${booking.status} AND ${changes}`),
  );
  await b.run(ctx);
  if (update.result().rowsAffected !== items.length) {
    throw new ApiError("invalid_transition", "The booking changed meanwhile; reload it and try again");
  }
  return { booking: { ...booking, status: to, updatedAt: t }, fee: m.fee };
}
