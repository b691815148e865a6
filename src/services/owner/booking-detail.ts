import { and, asc, eq, sql } from "drizzle-orm";
import { schema } from "../../db/client";
import { ApiError } from "../../errors";
import type { BookingCtx } from "../bookings";
import { type BookingView, bookingViewQuery } from "../bookings/lookup";
import { type BookingPayments, bookingPaymentsOf, bookingPaymentsQueries } from "../payments/booking-payments";
import { bookingCustomerReliabilityQuery, decodeCustomerReliability } from "../reliability/owner";
import type { CustomerReliability } from "../reliability/record";
import { type BookingTexts, bookingTextsOf, bookingTextsQuery } from "../sms/records";

export type HistoryRow = {
  id: string;
  action: string;
  actorType: string;
  actorId: string;
  actorFirstName: string | null;
  actorLastName: string | null;
  /** The API key's name when a key acted (design.md §19). */
  actorKeyName: string | null;
  reason: string | null;
  metadata: unknown;
  createdAt: string;
};

/** What a guest typed at an unauthenticated create (design.md §31: stored on the booking, not on the record). */
export type GuestDetails = { firstName: string; lastName: string; phone: string };

export type BookingDetail = BookingView & {
  customerNotes: string;
  money: BookingPayments;
  history: HistoryRow[];
  /** The guest's details where they differ from the customer record's; null when the same or none. */
  guest: GuestDetails | null;
  /** When the customer confirmed by replying to a text reminder (design.md §27). */
  customerConfirmedAt: string | null;
  /** Whether texts about it go out, or why not; null while texts are not configured. */
  texts: BookingTexts | null;
  /** design.md §28: the customer's reliability record; null without a customer record. */
  customerReliability: CustomerReliability | null;
};

/**
 * What the owner app's booking detail shows: the booking with customer, service and staff, the
 * customer's notes, its money (payments with refunds, card on file, the no-show fee it would cost:
 * the same queries as GET /api/bookings/:id/payments) and its history (audit rows targeting it,
 * oldest first, with the member or API key that acted). ONE round trip; every part is keyed by the
 * booking inside the tenant.
 */
export async function getBookingDetail(
  ctx: Pick<BookingCtx, "db" | "now">,
  ref: { tenantId: string; bookingId: string },
  opts: { texts?: boolean } = {},
) {
  const { db } = ctx;
  const { bookings: b, auditLog: a, users: u, customers: c, apiKeys: k } = schema;
  const own = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${ref.bookingId} AND tenant_id = ${ref.tenantId})`;
  const money = bookingPaymentsQueries(db, ref.tenantId, ref.bookingId);
  const nowMs = ctx.now.getTime();
  const [views, guests, notes, history, texts, reliability, ...moneyResults] = await db.batch([
    bookingViewQuery(db, { kind: "owner", ...ref }),
    db
      .select({ firstName: b.guestFirstName, lastName: b.guestLastName, phone: b.guestPhone })
      .from(b)
      .where(and(eq(b.id, ref.bookingId), eq(b.tenantId, ref.tenantId))),
    db
      .select({ notes: c.notes })
      .from(c)
      .innerJoin(b, eq(b.customerId, c.id))
      .where(and(eq(b.id, ref.bookingId), eq(b.tenantId, ref.tenantId))),
    db
      .select({
        id: a.id,
        action: a.action,
        actorType: a.actorType,
        actorId: a.actorId,
        actorFirstName: u.firstName,
        actorLastName: u.lastName,
        actorKeyName: k.name,
        reason: a.reason,
        metadata: a.metadata,
        createdAt: a.createdAt,
      })
      .from(a)
      .leftJoin(u, and(eq(a.actorType, "user"), eq(u.id, a.actorId)))
      .leftJoin(k, and(eq(a.actorType, "api_key"), eq(k.id, a.actorId), eq(k.tenantId, ref.tenantId)))
      .where(and(eq(a.targetType, "booking"), eq(a.targetId, ref.bookingId), own))
      .orderBy(asc(a.createdAt), asc(a.seq), asc(a.id))
      .limit(100),
    bookingTextsQuery(db, ref.tenantId, ref.bookingId),
    bookingCustomerReliabilityQuery(db, ref.tenantId, ref.bookingId, nowMs),
    ...money,
  ]);
  const view = views[0];
  if (!view) throw ApiError.notFound("Booking");
  return {
    ...view,
    customerNotes: notes[0]?.notes ?? "",
    money: bookingPaymentsOf(moneyResults as unknown as Parameters<typeof bookingPaymentsOf>[0]),
    history,
    guest: guestWhereDifferent(guests[0], view.customer),
    customerConfirmedAt: texts[0]?.customerConfirmedAt ?? null,
    texts: opts.texts && texts[0] ? bookingTextsOf(texts[0]) : null,
    customerReliability: decodeCustomerReliability(reliability[0], nowMs),
  } satisfies BookingDetail;
}

/** The typed details when any of them differs from the record's (a guest who typed someone's e-mail, or a typo). */
function guestWhereDifferent(
  typed: { firstName: string | null; lastName: string | null; phone: string | null } | undefined,
  record: { firstName: string; lastName: string; phone: string } | null,
): GuestDetails | null {
  if (!typed || typed.firstName === null) return null;
  const guest = { firstName: typed.firstName, lastName: typed.lastName ?? "", phone: typed.phone ?? "" };
  if (!record) return guest;
  const differs =
    guest.firstName !== record.firstName ||
    (guest.lastName !== "" && guest.lastName !== record.lastName) ||
    (guest.phone !== "" && guest.phone !== record.phone);
  return differs ? guest : null;
}
