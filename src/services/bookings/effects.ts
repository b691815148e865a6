import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import type { BookingStatus } from "../../domain/booking-status";
import { MAX_BOOKING_MINUTES, MAX_BUFFER_MINUTES } from "../../domain/slots";
import { instantToHumanLocal, MINUTE_MS } from "../../domain/time";
import { bookingCancelledEmail, bookingConfirmedEmail, bookingRescheduledEmail, type BookingEmailFacts } from "../email/templates";
import { emailInsert, enqueueEmails } from "../outbox";
import { enqueueWebhookDeliveries, webhookEventInsert } from "../webhooks/events";
import type { BookingView } from "./lookup";
import type { BookingCtx } from "./scope";

/**
 * The SQL condition "this staff member is free for a booking over [startMs, endMs) with these
 * buffers" (design.md §16): the new booking's buffered interval [start - before, end + after)
 * overlaps no active booking's buffered interval (each widened by the buffers stored on that
 * booking) and no time off. It sits INSIDE the write (INSERT ... SELECT ... WHERE / UPDATE ...
 * WHERE), so the check and the write are one atomic statement: no read-then-write race is
 * possible. The bounds on o.start_at (every booking lasts at most MAX_BOOKING_MINUTES, enforced
 * by the slot engine on every write path; buffers at most MAX_BUFFER_MINUTES) keep the index
 * range about one day wide.
 */
export function staffFreeSql(p: {
  staffId: string;
  startMs: number;
  endMs: number;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  excludeBookingId?: string;
}): SQL {
  const from = p.startMs - (p.bufferBeforeMinutes ?? 0) * MINUTE_MS;
  const to = p.endMs + (p.bufferAfterMinutes ?? 0) * MINUTE_MS;
  const pad = MAX_BUFFER_MINUTES * MINUTE_MS;
  const exclude = p.excludeBookingId ? sql`AND o.id <> ${p.excludeBookingId}` : sql``;
  return sql`NOT EXISTS (
      SELECT 1 FROM bookings o
      WHERE o.staff_id = ${p.staffId} AND o.status <> 'cancelled'
        AND o.start_at >= ${from - MAX_BOOKING_MINUTES * MINUTE_MS - pad} AND o.start_at < ${to + pad}
        AND o.start_at - o.buffer_before_minutes * 60000 < ${to} AND o.end_at + o.buffer_after_minutes * 60000 > ${from} ${exclude})
    AND NOT EXISTS (
      SELECT 1 FROM staff_time_off x
      WHERE x.staff_id = ${p.staffId} AND x.start_at < ${to} AND x.end_at > ${from})`;
}

/** The tenant still takes public bookings (checked again inside the write). */
export function tenantOpenSql(tenantId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM tenants WHERE id = ${tenantId} AND is_active = 1 AND is_suspended = 0)`;
}

export type BookingEvent = "created" | "rescheduled" | "cancelled";

export type EventFacts = {
  tenantId: string;
  timezone: string;
  businessName: string;
  serviceName: string;
  staffName: string;
  confirmationCode: string;
  startAt: number;
  customer: { firstName: string; lastName: string; email: string } | null;
  reason?: string | null;
  /** The webhook's `data`. */
  webhook: Record<string, unknown>;
};

const WEBHOOK_TYPE = { created: "booking.created", rescheduled: "booking.rescheduled", cancelled: "booking.cancelled" } as const;

/**
 * The customer e-mail (outbox) and the webhook deliveries of a booking event, as statements for
 * the same batch as the change, each gated by `gate` (an SQL condition true exactly when the
 * change happens in that batch). `afterCommit(ran)` hands the new rows to the queue.
 */
export function bookingEffects(db: Db, now: Date, event: BookingEvent, f: EventFacts, gate: SQL) {
  const statements: BatchItem<"sqlite">[] = [];
  let emailId: string | undefined;
  if (f.customer?.email) {
    const facts: BookingEmailFacts = {
      businessName: f.businessName,
      customerName: `${f.customer.firstName} ${f.customer.lastName}`.trim() || f.customer.email,
      serviceName: f.serviceName,
      staffName: f.staffName,
      localStart: instantToHumanLocal(f.timezone, f.startAt),
      timezone: f.timezone,
      confirmationCode: f.confirmationCode,
    };
    const rendered =
      event === "created"
        ? bookingConfirmedEmail(facts)
        : event === "rescheduled"
          ? bookingRescheduledEmail(facts)
          : bookingCancelledEmail({ ...facts, reason: f.reason });
    const email = emailInsert(db, { ...rendered, tenantId: f.tenantId, to: f.customer.email }, now, gate);
    emailId = email.id;
    statements.push(email.insert);
  }
  const webhook = webhookEventInsert(db, f.tenantId, WEBHOOK_TYPE[event], f.webhook, now, gate);
  const webhookIndex = statements.push(webhook.insert) - 1;

  return {
    statements,
    /** `results` are the batch results of `statements`, in order; call only when the change happened. */
    afterCommit(ctx: Pick<BookingCtx, "env" | "waitUntil">, results: unknown[]) {
      if (emailId) ctx.waitUntil(enqueueEmails(ctx.env, [emailId]));
      const deliveries = (results[webhookIndex] as { id: string }[] | undefined) ?? [];
      if (deliveries.length)
        ctx.waitUntil(
          enqueueWebhookDeliveries(
            ctx.env.EMAIL_QUEUE,
            deliveries.map((d) => d.id),
          ),
        );
    },
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

/**
 * What every cancellation does, whoever cancels (customer, owner through the status route):
 * the customer's e-mail and `booking.cancelled`, gated like `bookingEffects`. `emailReason` is
 * what the e-mail may quote: a reason typed by whoever holds a confirmation code must never reach
 * the customer's mailbox from our address (design.md §18), so public cancels pass null.
 */
export function cancellationEffects(
  db: Db,
  now: Date,
  booking: BookingView,
  reason: string | null,
  gate: SQL,
  emailReason: string | null = reason,
) {
  return bookingEffects(
    db,
    now,
    "cancelled",
    {
      tenantId: booking.tenantId,
      timezone: booking.tenant.timezone,
      businessName: booking.tenant.businessName,
      serviceName: booking.serviceName,
      staffName: booking.staffName,
      confirmationCode: booking.confirmationCode,
      startAt: booking.startAt,
      customer: booking.customer,
      reason: emailReason,
      webhook: { booking: { ...statusChangePayload(booking, "cancelled"), cancelReason: reason, cancelledAt: now.toISOString() } },
    },
    gate,
  );
}
