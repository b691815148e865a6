import { type SQL, sql } from "drizzle-orm";
import type { BookingStatus } from "../../domain/booking-status";
import { activeIntervals, activeShape, type Processing } from "../../domain/busy";
import { MAX_BOOKING_MINUTES, MAX_BUFFER_MINUTES } from "../../domain/slots";
import { MINUTE_MS } from "../../domain/time";
import { type BookingEvent, type BookingFacts, bookingMailInserts, businessFacts } from "../notifications/booking-mail";
import { cancelReminders, scheduleReminders } from "../notifications/reminders";
import { compose, type Fragment } from "../batch";
import { bookingTexts } from "../sms/booking-texts";
import { type AlsoAnnounced, webhookEventInsert, webhookEventPairInsert } from "../webhooks/events";
import type { Db } from "../../db/client";
import type { BookingView } from "./lookup";
import type { BookingCtx } from "./scope";

/**
 * The SQL condition "this staff member is free for a booking over [startMs, endMs) with these
 * buffers (and processing window)" (design.md §16, §26): each of the new booking's blocked parts
 * (its active parts widened by its buffers, src/domain/busy.ts) overlaps no blocked part of an
 * active booking (each with the buffers and processing window stored on it) and no time off. An
 * existing booking with a processing window leaves a part that lies wholly inside its window
 * alone: the staff member is free there. It sits INSIDE the write (INSERT ... SELECT ... WHERE /
 * UPDATE ... WHERE), so the check and the write are one atomic statement: no read-then-write race
 * is possible. The bounds on o.start_at (every booking lasts at most MAX_BOOKING_MINUTES, enforced
 * by the slot engine on every write path; buffers at most MAX_BUFFER_MINUTES) keep the index
 * range about one day wide. `excludeVisitId`: the items of that visit never block each other.
 */
export function staffFreeSql(p: {
  staffId: string;
  startMs: number;
  endMs: number;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  processing?: Processing | null;
  excludeBookingId?: string;
  excludeVisitId?: string;
}): SQL {
  const minutes = Math.round((p.endMs - p.startMs) / MINUTE_MS);
  const shape = activeShape(minutes, p.bufferBeforeMinutes ?? 0, p.bufferAfterMinutes ?? 0, p.processing ?? null);
  const parts = activeIntervals(shape, p.startMs).map(({ startMs: from, endMs: to }) => staffPartFreeSql(p, from, to));
  return sql.join(parts, sql` AND `);
}

/** A booking of alias `o` has a processing window its buffers leave open (the SQL form of activeShape's split). */
const OPEN_WINDOW = sql`o.processing_minutes > 0 AND o.processing_offset_minutes > 0
  AND o.start_at + (o.processing_offset_minutes + o.processing_minutes) * 60000 < o.end_at
  AND o.buffer_before_minutes + o.buffer_after_minutes < o.processing_minutes`;

function staffPartFreeSql(p: { staffId: string; excludeBookingId?: string; excludeVisitId?: string }, from: number, to: number): SQL {
  const pad = MAX_BUFFER_MINUTES * MINUTE_MS;
  const exclude = p.excludeBookingId ? sql`AND o.id <> ${p.excludeBookingId}` : sql``;
  const excludeVisit = p.excludeVisitId ? sql`AND (o.visit_id IS NULL OR o.visit_id <> ${p.excludeVisitId})` : sql``;
  return sql`NOT EXISTS (
      SELECT 1 FROM bookings o
      WHERE o.staff_id = ${p.staffId} AND o.status <> 'cancelled'
        AND o.start_at >= ${from - MAX_BOOKING_MINUTES * MINUTE_MS - pad} AND o.start_at < ${to + pad}
        AND o.start_at - o.buffer_before_minutes * 60000 < ${to} AND o.end_at + o.buffer_after_minutes * 60000 > ${from}
        AND NOT (${OPEN_WINDOW}
          AND ${from} >= o.start_at + (o.processing_offset_minutes + o.buffer_after_minutes) * 60000
          AND ${to} <= o.start_at + (o.processing_offset_minutes + o.processing_minutes - o.buffer_before_minutes) * 60000)
        ${exclude} ${excludeVisit})
    AND NOT EXISTS (
      SELECT 1 FROM staff_time_off x
      WHERE x.staff_id = ${p.staffId} AND x.start_at < ${to} AND x.end_at > ${from})`;
}

/** The tenant still takes public bookings (checked again inside the write). */
export function tenantOpenSql(tenantId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM tenants WHERE id = ${tenantId} AND is_active = 1 AND is_suspended = 0)`;
}

export type { BookingEvent } from "../notifications/booking-mail";

/** Everything the e-mails, notices, reminders and the webhook of one booking change need. */
export type EventFacts = BookingFacts & {
  /** The webhook's `data`. */
  webhook: Record<string, unknown>;
};

/**
 * design.md §31: anyone may type any address into a booking form, so one address gets at most 10
 * booking confirmations an hour across the platform; the rest are written `suppressed`, never sent.
 */
export const CONFIRMATION_CAP = {
  limit: 10,
  windowMs: 3_600_000,
  reason: "suppressed: this address was sent 10 booking confirmations in the last hour",
} as const;

const WEBHOOK_TYPE = { created: "booking.created", rescheduled: "booking.rescheduled", cancelled: "booking.cancelled" } as const;

export type EffectsCtx = Pick<BookingCtx, "db" | "now" | "env">;

/**
 * Everything a booking event causes, as one fragment for the same batch as the change (src/
 * services/batch.ts), each statement gated by `gate` (an SQL condition true exactly when the change
 * happens in that batch): the customer's e-mail (manage link, .ics), the notices to the business
 * and the staff member, the reminders (scheduled on create, re-scheduled on a move, cancelled on a
 * cancellation) and the webhook deliveries. After commit the batch enqueues the e-mails and
 * deliveries that were written.
 *
 * A booking becomes confirmed in two places, a create that confirms at once and a pending booking
 * whose payment succeeded (design.md §21, src/services/payments/confirm.ts); both build their facts
 * with `createdEventFacts` (./created-facts.ts), so both tell exactly the same people the same
 * things. A pending booking tells nobody and schedules nothing until then.
 */
export function bookingEffects(ctx: EffectsCtx, event: BookingEvent, f: EventFacts, gate: SQL, also?: AlsoAnnounced): Fragment {
  const { db, now } = ctx;
  return compose((add) => {
    // The customer's e-mail and the notices, their facts rendered when sent (issue #42); a
    // confirmation counts against the recipient's hourly cap (design.md §31, CONFIRMATION_CAP).
    add(bookingMailInserts(db, event, f, now, gate, event === "created" ? CONFIRMATION_CAP : undefined));
    if (event !== "created") add(cancelReminders(db, f.bookingId, now, gate));
    if (event !== "cancelled") add(scheduleReminders(db, { tenantId: f.tenantId, bookingId: f.bookingId, startAt: f.startAt }, now, gate));
    // `also`: another event of the batch (a create's new customer record) in the same statement.
    const announce = { type: WEBHOOK_TYPE[event], data: f.webhook, gate };
    add(
      also
        ? webhookEventPairInsert(db, f.tenantId, announce, also, now)
        : webhookEventInsert(db, f.tenantId, announce.type, announce.data, now, gate),
    );
    // design.md §27: the texts of the change, to a customer who agreed to them.
    add(bookingTexts(ctx, event, f, gate));
  });
}

/** The facts of an existing booking (a lookup's view), as the e-mails and notices need them. */
export function factsFromView(booking: BookingView): BookingFacts {
  return {
    bookingId: booking.id,
    tenantId: booking.tenantId,
    ...businessFacts(booking.tenant),
    serviceName: booking.serviceName,
    staffId: booking.staffId,
    staffName: booking.staffName,
    confirmationCode: booking.confirmationCode,
    startAt: booking.startAt,
    endAt: booking.endAt,
    sequence: booking.sequence,
    customer: booking.customer,
    notes: booking.notes,
    sms: { optIn: Boolean(booking.smsOptIn), phone: booking.smsPhone },
    locale: booking.locale,
    businessLocale: booking.businessLocale,
  };
}

/** UTC ISO instants for payloads. */
export const iso = (ms: number) => new Date(ms).toISOString();

/** The webhook `booking` object of an existing booking whose status becomes `status`. */
export function statusChangePayload(booking: BookingView, status: BookingStatus) {
  return {
    id: booking.id,
    confirmationCode: booking.confirmationCode,
    status,
    previousStatus: booking.status,
    serviceId: booking.serviceId,
    staffProfileId: booking.staffId,
    startDatetime: iso(booking.startAt),
    endDatetime: iso(booking.endAt),
    timezone: booking.tenant.timezone,
  };
}

/** The `booking.status_changed` webhook of a status change, its `booking` object as given, gated like the change. */
export function statusChangedWebhook(db: Db, tenantId: string, booking: Record<string, unknown>, now: Date, gate: SQL) {
  return webhookEventInsert(db, tenantId, "booking.status_changed", { booking }, now, gate);
}

/**
 * What every cancellation does, whoever cancels (customer, owner through the status route):
 * the customer's e-mail (METHOD:CANCEL .ics), the notices, the reminders cancelled and
 * `booking.cancelled`, gated like `bookingEffects`. The caller's UPDATE raises `sequence`. `emailReason` is
 * what the e-mail may quote: a reason typed by whoever holds a confirmation code must never reach
 * the customer's mailbox from our address (design.md §18), so public cancels pass null.
 * `paymentLines` say in the customer's e-mail what happens to the money (design.md §21).
 */
export function cancellationEffects(
  ctx: EffectsCtx,
  booking: BookingView,
  reason: string | null,
  gate: SQL,
  emailReason: string | null = reason,
  paymentLines: string[] = [],
  /** A cancellation asked for by the customer's text reply, which the reply text reports (design.md §27). */
  byText = false,
) {
  const facts = factsFromView(booking);
  return bookingEffects(
    ctx,
    "cancelled",
    {
      ...facts,
      sms: facts.sms && { ...facts.sms, quiet: byText },
      // The cancellation is a change the attendee is told about: the UPDATE raises the sequence too.
      sequence: booking.sequence + 1,
      reason: emailReason,
      paymentLines,
      webhook: { booking: { ...statusChangePayload(booking, "cancelled"), cancelReason: reason, cancelledAt: ctx.now.toISOString() } },
    },
    gate,
  );
}
