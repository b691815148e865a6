import { type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../auth-context";
import { ApiError } from "../../errors";
import { auditInsert } from "../audit";
import { batch, type Part } from "../batch";
import { type BookingCtx, cancelBooking } from "../bookings";
import { jobInsert } from "../outbox/jobs";
import { DETACH_CARD_KIND } from "../payments/job-kinds";
import { customerErasureExtensions, customerNumbersSql, optedOutNumbersQuery } from "./erasure-extensions";

/** What an erased record shows instead of the person (design.md §25). */
export const ERASED_NAME = "Deleted customer";

/** Queued jobs that are messages to the customer: dropped by an erasure (queued refunds and fees stay). */
export const MESSAGE_JOB_KINDS = ["booking.reminder"];

export type ErasureResult = { id: string; erasedAt: string; alreadyErased: boolean; cancelledBookingIds: string[] };

type Found = { id: string; email: string; phone: string; erasedAt: string | null };
type Card = { paymentMethod: string; account: string | null };

const upcomingSql = (tenantId: string, customerId: string, nowMs: number) =>
  sql`SELECT id FROM bookings WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}
      AND status IN ('pending', 'confirmed') AND start_at > ${nowMs}`;

/** The customer, their upcoming bookings and their saved cards: one round trip. */
async function readCustomer(ctx: BookingCtx, tenantId: string, customerId: string) {
  const { db, now } = ctx;
  const [found, upcoming, cards, optedOut] = await db.batch([
    db.all<Found>(sql`SELECT id, email, phone, erased_at AS erasedAt FROM customers WHERE id = ${customerId} AND tenant_id = ${tenantId}`),
    db.all<{ id: string }>(upcomingSql(tenantId, customerId, now.getTime())),
    // The card lives on the connected account the booking paid through (else the business's current one).
    db.all<Card>(sql`
      SELECT DISTINCT c.stripe_payment_method_id AS paymentMethod,
        COALESCE((SELECT p.stripe_account_id FROM payments p WHERE p.booking_id = c.booking_id AND p.stripe_account_id IS NOT NULL LIMIT 1),
                 (SELECT t.stripe_account_id FROM tenants t WHERE t.id = c.tenant_id)) AS account
      FROM booking_cards c JOIN bookings b ON b.id = c.booking_id
      WHERE b.customer_id = ${customerId} AND c.tenant_id = ${tenantId} AND c.status = 'saved' AND c.stripe_payment_method_id IS NOT NULL`),
    // Their numbers that opted out of texts: the erasure keeps each opt-out as a hash (design.md §25).
    optedOutNumbersQuery(db, customerNumbersSql(tenantId, customerId)),
  ]);
  return { customer: found[0], upcoming: upcoming.map((r) => r.id), cards, optedOut: optedOut.map((r) => r.phone) };
}

/**
 * DELETE /api/customers/:id (design.md §25). With upcoming bookings: 409
 * customer_has_upcoming_bookings, unless `cancelUpcoming`, which first cancels each of them as the
 * business (full refund) through the cancel use case. Then ONE atomic batch erases the record and
 * what names the person (./erasure-statements below), gated on "no upcoming booking is left", so a
 * booking made meanwhile is never orphaned. Erasing an erased record changes nothing.
 */
export async function eraseCustomer(
  ctx: BookingCtx,
  tenantId: string,
  customerId: string,
  opts: { cancelUpcoming: boolean; actor: Actor },
): Promise<ErasureResult> {
  const first = await readCustomer(ctx, tenantId, customerId);
  if (!first.customer) throw ApiError.notFound("Customer");
  if (first.customer.erasedAt) return { id: customerId, erasedAt: first.customer.erasedAt, alreadyErased: true, cancelledBookingIds: [] };
  const cancelled: string[] = [];
  if (first.upcoming.length > 0) {
    if (!opts.cancelUpcoming) throw upcomingRefusal(first.upcoming.length);
    for (const bookingId of first.upcoming) {
      const res = await cancelBooking(ctx, { kind: "owner", tenantId, bookingId, actor: opts.actor }, { reason: null });
      if (!res.alreadyCancelled) cancelled.push(bookingId);
    }
  }
  const { customer, cards, optedOut } = first;
  const t = ctx.now.toISOString();
  const gate = sql`EXISTS (SELECT 1 FROM customers WHERE id = ${customerId} AND erased_at = ${t})`;
  const detach = cards.map((card) =>
    jobInsert(
      ctx.db,
      {
        kind: DETACH_CARD_KIND,
        tenantId,
        payload: { paymentMethod: card.paymentMethod, account: card.account },
        idempotencyKey: `detach-${card.paymentMethod}`,
      },
      ctx.now,
      gate,
    ),
  );
  const b = batch(ctx.db);
  b.add(eraseRecord(ctx, tenantId, customerId, t));
  for (const part of erasureParts(ctx, {
    tenantId,
    customerId,
    email: customer.email.toLowerCase(),
    phone: customer.phone,
    gate,
    t,
    optedOut,
  }))
    b.add(part);
  for (const d of detach) b.add(d);
  b.add(
    auditInsert(
      ctx.db,
      {
        action: "customer.erased",
        actorType: opts.actor.type,
        actorId: opts.actor.id,
        targetType: "customer",
        targetId: customerId,
        metadata: { tenantId, cancelledBookings: cancelled.length, cardsDetached: cards.length },
      },
      ctx.now,
      gate,
    ),
  );
  const state = b.add(
    ctx.db.all<{ erasedAt: string | null; upcoming: number }>(sql`
      SELECT erased_at AS erasedAt, (SELECT count(*) FROM (${upcomingSql(tenantId, customerId, ctx.now.getTime())})) AS upcoming
      FROM customers WHERE id = ${customerId} AND tenant_id = ${tenantId}`),
  );
  // After commit the batch enqueues the card detachments it wrote (gated on the erasure).
  await b.run(ctx);
  const [after] = state.result();
  if (!after) throw ApiError.notFound("Customer");
  if (after.erasedAt !== t) {
    // Someone else erased it first, or a booking was made meanwhile.
    if (after.erasedAt) return { id: customerId, erasedAt: after.erasedAt, alreadyErased: true, cancelledBookingIds: cancelled };
    throw upcomingRefusal(after.upcoming);
  }
  return { id: customerId, erasedAt: t, alreadyErased: false, cancelledBookingIds: cancelled };
}

function upcomingRefusal(count: number) {
  return new ApiError(
    "customer_has_upcoming_bookings",
    `This customer has ${count} upcoming ${count === 1 ? "booking" : "bookings"}; cancel them first or erase with ?cancelUpcoming=true`,
  );
}

/** Names, contact and notes go; the e-mail key becomes unique junk so a new booking makes a new record. */
function eraseRecord(ctx: BookingCtx, tenantId: string, customerId: string, t: string) {
  return ctx.db.run(sql`
    UPDATE customers SET first_name = ${ERASED_NAME}, last_name = '', email = '', email_normalized = 'erased:' || id, phone = '',
      notes = '', customer_account_id = NULL, names_edited_at = NULL, erased_at = ${t}, updated_at = ${t}
    WHERE id = ${customerId} AND tenant_id = ${tenantId} AND erased_at IS NULL
      AND NOT EXISTS (${upcomingSql(tenantId, customerId, ctx.now.getTime())})`);
}

type Person = { tenantId: string; customerId: string; email: string; phone: string; gate: SQL; t: string; optedOut: string[] };

/**
 * Everything else that names the person in this business, each gated on the erasure: their
 * bookings keep times, service, staff, status and amounts (the books) but lose notes, the cancel
 * reason they typed and the link to their account; e-mails to them or naming them lose their
 * bodies and, if still queued, are dropped; webhook payloads about them are blanked (queued ones
 * dropped); reminder jobs are cancelled; a queued fee keeps its charge but no longer e-mails them.
 */
function erasureParts(ctx: BookingCtx, p: Person): Part[] {
  const db = ctx.db;
  const bookingIds = sql`SELECT id FROM bookings WHERE tenant_id = ${p.tenantId} AND customer_id = ${p.customerId}`;
  // An e-mail not yet sent holds its template's facts instead of a body (issue #42): those name them too.
  const byEmail = p.email
    ? sql`(lower(to_email) = ${p.email} OR instr(lower(text_body), ${p.email}) > 0 OR instr(lower(COALESCE(facts, '')), ${p.email}) > 0)`
    : sql`0`;
  const byPhone = p.phone.trim()
    ? sql`(instr(text_body, ${p.phone.trim()}) > 0 OR instr(COALESCE(facts, ''), ${p.phone.trim()}) > 0)`
    : sql`0`;
  const queued = sql.raw("('pending', 'failed', 'suppressed')");
  const kinds = sql.join(
    MESSAGE_JOB_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  return [
    db.run(sql`UPDATE bookings SET notes = '', cancel_reason = NULL, customer_account_id = NULL
      WHERE tenant_id = ${p.tenantId} AND customer_id = ${p.customerId} AND ${p.gate}`),
    // The booking history keeps who did what; the words a customer typed go.
    db.run(sql`UPDATE audit_log SET reason = NULL
      WHERE target_type = 'booking' AND target_id IN (${bookingIds}) AND actor_type = 'customer' AND reason IS NOT NULL AND ${p.gate}`),
    db.run(sql`
      UPDATE email_outbox SET
        status = CASE WHEN status IN ${queued} THEN 'discarded' ELSE status END,
        last_error = CASE WHEN status IN ${queued} THEN 'dropped: the customer was erased' ELSE last_error END,
        to_email = CASE WHEN ${p.email ? sql`lower(to_email) = ${p.email}` : sql`0`} THEN '' ELSE to_email END,
        subject = '', text_body = '', html_body = '', facts = NULL, attachments = NULL, updated_at = ${p.t}
      WHERE tenant_id = ${p.tenantId} AND (${byEmail} OR ${byPhone}) AND ${p.gate}`),
    db.run(sql`
      UPDATE webhook_deliveries SET
        status = CASE WHEN status IN ('pending', 'failed') THEN 'discarded' ELSE status END,
        last_error = CASE WHEN status IN ('pending', 'failed') THEN 'dropped: the customer was erased' ELSE last_error END,
        payload = '', updated_at = ${p.t}
      WHERE tenant_id = ${p.tenantId} AND payload <> '' AND (
        instr(payload, ${p.customerId}) > 0 ${p.email ? sql`OR instr(lower(payload), ${p.email}) > 0` : sql``}
        OR EXISTS (SELECT 1 FROM bookings b WHERE b.tenant_id = ${p.tenantId} AND b.customer_id = ${p.customerId}
                   AND instr(webhook_deliveries.payload, b.id) > 0)
      ) AND ${p.gate}`),
    db.run(sql`UPDATE jobs SET status = 'cancelled', updated_at = ${p.t}
      WHERE tenant_id = ${p.tenantId} AND status = 'pending' AND kind IN (${kinds})
        AND json_extract(payload, '$.bookingId') IN (${bookingIds}) AND ${p.gate}`),
    db.run(sql`UPDATE jobs SET payload = json_set(payload, '$.to', NULL, '$.facts.customerName', ${ERASED_NAME}), updated_at = ${p.t}
      WHERE tenant_id = ${p.tenantId} AND kind = 'stripe.fee_charge' AND status IN ('pending', 'failed')
        AND json_extract(payload, '$.bookingId') IN (${bookingIds}) AND ${p.gate}`),
    ...customerErasureExtensions(db, {
      tenantId: p.tenantId,
      customerId: p.customerId,
      email: p.email,
      bookingIds,
      now: ctx.now,
      gate: p.gate,
      optedOut: p.optedOut,
    }),
  ];
}
