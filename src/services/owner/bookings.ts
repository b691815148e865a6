import { and, desc, eq, getTableColumns, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Actor } from "../../auth-context";
import { schema } from "../../db/client";
import { type BookingStatus, transitionError } from "../../domain/booking-status";
import { ApiError } from "../../errors";
import { batch } from "../batch";
import type { BookingCtx, BookingView } from "../bookings";
import { statusChangePayload, statusChangedWebhook } from "../bookings/effects";
import { readForChange } from "../bookings/change-read";
import { createdEffectsFromView } from "../bookings/created-facts";
import { actorOf, bookingHistoryInsert } from "../bookings/history";
import { resourceIdsOf } from "../bookings/lookup";
import { parseVisitItems } from "../visits/items";
import { changeVisitStatus } from "../visits/status";
import { type FeeSummary, statusChangeMoney } from "../payments/status-money";
import { parseMoney } from "../payments/money";

export type BookingListQuery = { from?: Date; to?: Date; status?: BookingStatus; staffId?: string; limit: number };

/**
 * The tenant's bookings, newest start first; one round trip. An item of a visit is listed as a
 * booking with its `visitId` and the visit's code (design.md §26), each with the resources it holds.
 */
export async function listTenantBookings(ctx: BookingCtx, tenantId: string, q: BookingListQuery) {
  const { bookings: b, visits: v } = schema;
  const where: SQL[] = [eq(b.tenantId, tenantId)];
  if (q.from) where.push(gte(b.startAt, q.from.getTime()));
  if (q.to) where.push(lt(b.startAt, q.to.getTime()));
  if (q.status) where.push(eq(b.status, q.status));
  if (q.staffId) where.push(eq(b.staffId, q.staffId));
  return ctx.db
    .select({
      ...getTableColumns(b),
      confirmationCode: sql<string>`COALESCE(${v.confirmationCode}, ${b.confirmationCode})`,
      resourceIds: resourceIdsOf(b.id),
    })
    .from(b)
    .leftJoin(v, eq(v.id, b.visitId))
    .where(and(...where))
    .orderBy(desc(b.startAt), desc(b.id))
    .limit(q.limit);
}

/** The statuses the status route changes itself; `cancelled` it hands to the cancel use case. */
export type StatusChange = Exclude<BookingStatus, "cancelled">;

/**
 * Owner status change along the transition table (design.md §5), except to `cancelled`: that is
 * THE cancellation (src/services/bookings/cancel.ts, `via: "status"`). The UPDATE is conditional on
 * the status that was read, so a concurrent change makes this one a 409 rather than a silent
 * overwrite; the `booking.status_changed` delivery is written only when the update happened.
 * `pending -> confirmed` gets what a paid confirmation gets (createdEffectsFromView); `no_show`
 * charges the no-show fee to the card on file unless `chargeFee` is false (design.md §21). Two
 * round trips: the read (booking and its money in one batch), then one batch.
 */
export async function changeBookingStatus(
  ctx: BookingCtx,
  ref: { tenantId: string; bookingId: string; actor?: Actor },
  to: StatusChange,
  opts: { chargeFee?: boolean } = {},
): Promise<{ booking: BookingView; fee: FeeSummary }> {
  const { db, now } = ctx;
  const { booking, moneyRows, itemRows } = await readForChange(db, { kind: "owner", tenantId: ref.tenantId, bookingId: ref.bookingId });
  if (transitionError(booking.status, to)) {
    throw new ApiError("invalid_transition", `A ${booking.status} booking cannot become ${to}`);
  }
  const items = parseVisitItems(itemRows);
  if (booking.visitId && items.length > 0) {
    // design.md §26: any item's status change is the whole visit's.
    return changeVisitStatus(ctx, ref, booking, items, parseMoney(moneyRows), to, opts);
  }
  // design.md §31: a no-show (and its fee) only once the appointment should have begun.
  if (to === "no_show" && now.getTime() < booking.startAt) {
    throw new ApiError("invalid_transition", "A booking can be marked no-show only once its start time has passed");
  }
  const t = now.toISOString();
  // Read before the update, in the same transaction: exactly the update's own condition.
  const changes = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${booking.id} AND tenant_id = ${ref.tenantId} AND status = ${booking.status})`;
  const b = batch(db);
  b.add(statusChangedWebhook(db, ref.tenantId, statusChangePayload(booking, to), now, changes));
  // The business confirming a booking held for payment: it gets what any confirmation gets
  // (customer e-mail, notices, reminders, booking.created), with the payment path's own function.
  if (booking.status === "pending" && to === "confirmed") b.add(createdEffectsFromView(ctx, booking, changes));
  const money = statusChangeMoney(db, now, booking, parseMoney(moneyRows), to, opts, changes);
  b.add(money);
  // The booking's history (design.md §15), gated like everything else on the change happening.
  b.add(
    bookingHistoryInsert(
      db,
      {
        bookingId: booking.id,
        action: "booking.status_changed",
        actor: actorOf({ kind: "owner", actor: ref.actor }, null),
        metadata: { from: booking.status, to },
      },
      now,
      changes,
    ),
  );
  const update = b.add(
    db.run(sql`
      UPDATE bookings SET status = ${to}, updated_at = ${t}
      WHERE id = ${booking.id} AND tenant_id = ${ref.tenantId} AND status = ${booking.status}`),
  );
  // After commit: the deliveries, the confirmation's e-mails and a no-show fee's charge job.
  await b.run(ctx);
  if (update.result().rowsAffected !== 1) {
    throw new ApiError("invalid_transition", "The booking changed meanwhile; reload it and try again");
  }
  return { booking: { ...booking, status: to, updatedAt: t }, fee: money.fee };
}
