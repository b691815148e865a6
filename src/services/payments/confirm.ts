import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newId } from "../../lib/ids";
import { batch } from "../batch";
import type { Services } from "../context";
import { createdEffectsFromView } from "../bookings/created-facts";
import { type BookingView, bookingViewQuery } from "../bookings/lookup";
import { humanDateTime } from "../email/mail-language";
import { latePaymentRefundedEmail } from "../email/payment-templates";
import { emailInsert } from "../outbox";
import { paymentAnnouncement } from "./announce";
import { refundInsert } from "./refunds";
import { SALE_METADATA_KEYS, saleIssue } from "../prepaid/sale-issue";
import { visitCreatedEffectsFromView } from "../visits/effects";
import { itemsOfBookingQuery, parseVisitItems } from "../visits/items";

/**
 * Stripe's PaymentIntent and SetupIntent events (design.md §21), applied once per event id.
 * Two round trips: a read batch (the payment or card, the booking with everything its
 * confirmation e-mail says, whether the event was applied before), then ONE write batch:
 *
 *   1. the processed_events row, written only if the event moves the payment/card from a state it
 *      may move from, tagged with this batch's random apply id; every later statement is gated on
 *      "this batch applied the event" (A), so a redelivery, however concurrent, changes nothing;
 *   2. the payment/card moves; a payment's move is announced to the business's endpoints as
 *      `payment.succeeded` / `payment.failed` (design.md §19), built from the moved row, so each
 *      change is announced exactly once and a redelivered or out-of-order event announces nothing;
 *   3. a pending booking whose requirements are now all met (its deposit/full payments succeeded,
 *      its card saved) gets its confirmation e-mail, the notices, its reminder jobs and
 *      `booking.created` (the same effects a confirmed create writes), then moves pending -> confirmed: the effects and the UPDATE carry
 *      the identical condition, evaluated in the same transaction;
 *   4. a payment that succeeded for a booking already released (hold expired, or cancelled while
 *      unpaid) is refunded in full from the outbox and the customer is told; it never revives it.
 *
 * The expiry cron's release is one batch too, so a success racing it has exactly one outcome:
 * confirmed and paid, or released and refunded.
 */

export type IntentEvent = {
  id: string;
  type: string;
  /** The connected account the event happened on (Connect events name it). */
  account?: string;
  object: Record<string, unknown>;
};

export type ApplyResult =
  | { handled: false }
  | { handled: true; duplicate: boolean; paymentUpdated: boolean; paymentKnown: boolean; ours: boolean };

type Ctx = Pick<Services, "db" | "now" | "env" | "queue" | "waitUntil" | "config">;

const str = (v: unknown) => (typeof v === "string" ? v : null);

/** Every requirement of a pending booking is met: its payments at booking succeeded and its card is saved. */
function requirementsMet(bookingId: string): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM payments WHERE booking_id = ${bookingId} AND kind IN ('deposit', 'full') AND status <> 'succeeded')
    AND NOT EXISTS (SELECT 1 FROM booking_cards WHERE booking_id = ${bookingId} AND status <> 'saved')`;
}

type Target = {
  table: "payments" | "booking_cards";
  id: string;
  tenantId: string;
  bookingId: string | null;
  kind: string;
  status: string;
  /** The account the payment lives on (its own, else the business's for rows older than the column). */
  account: string | null;
};

const MOVES: Record<string, { to: string; from: string[] }> = {
  "payment_intent.succeeded": { to: "succeeded", from: ["pending", "failed", "cancelled"] },
  // A failed attempt after a success (events can arrive out of order) must not undo it.
  "payment_intent.payment_failed": { to: "failed", from: ["pending"] },
  "setup_intent.succeeded": { to: "saved", from: ["pending", "failed"] },
  "setup_intent.setup_failed": { to: "failed", from: ["pending"] },
};

export function handlesIntentEvent(type: string): boolean {
  return type in MOVES;
}

export async function applyIntentEvent(ctx: Ctx, event: IntentEvent): Promise<ApplyResult> {
  const move = MOVES[event.type];
  const objectId = str(event.object.id);
  if (!move || !objectId) return { handled: false };
  const setup = event.type.startsWith("setup_intent.");
  const metadata = (event.object.metadata ?? {}) as Record<string, unknown>;
  const tenantId = str(metadata.tenant_id);
  const bookingId = str(metadata.booking_id);
  // design.md §32: a sale of a gift card or a package names what it sold instead of a booking.
  const sold = SALE_METADATA_KEYS.some((key) => str(metadata[key]) !== null);
  const ours = (bookingId !== null || sold) && tenantId !== null;
  const { db, now } = ctx;

  const target = setup
    ? sql`SELECT 'booking_cards' AS "table", id, tenant_id AS tenantId, booking_id AS bookingId, 'card' AS kind, status
          FROM booking_cards WHERE stripe_setup_intent_id = ${objectId}`
    : sql`SELECT 'payments' AS "table", p.id, p.tenant_id AS tenantId, p.booking_id AS bookingId, p.kind, p.status,
                 COALESCE(p.stripe_account_id, (SELECT stripe_account_id FROM tenants WHERE id = p.tenant_id)) AS account
          FROM payments p WHERE p.stripe_payment_intent_id = ${objectId}`;
  const ref = { kind: "owner" as const, tenantId: tenantId ?? "", bookingId: bookingId ?? "" };
  const [targets, views, recorded, itemRows] = await db.batch([
    db.all<Target>(target),
    bookingViewQuery(db, ref),
    db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM processed_events WHERE id = ${event.id}`),
    // design.md §26: a visit's payment (on its first item) confirms every item; a single booking has none.
    itemsOfBookingQuery(db, sql`id = ${ref.bookingId} AND tenant_id = ${ref.tenantId}`),
  ]);
  const row = targets[0];
  const known = { handled: true as const, paymentKnown: Boolean(row), ours };
  if (!row) return { ...known, duplicate: false, paymentUpdated: false };
  if (Number(recorded[0]?.n) > 0) return { ...known, duplicate: true, paymentUpdated: false };
  // The metadata names the tenant the intent was made for; a payment of another tenant is not touched.
  if (tenantId !== null && row.tenantId !== tenantId) return { ...known, duplicate: false, paymentUpdated: false };
  // design.md §31: a payment moves only on an event of its own connected account; the same intent
  // id or metadata from any other account (anyone can own one) is acknowledged and changes nothing.
  if (!setup && (!event.account || event.account !== row.account)) return { ...known, duplicate: false, paymentUpdated: false };

  const t = now.toISOString();
  const applyId = newId("apl");
  const from = sql.join(
    move.from.map((s) => sql`${s}`),
    sql`, `,
  );
  const table = sql.raw(row.table);
  const applied = sql`EXISTS (SELECT 1 FROM processed_events WHERE id = ${event.id} AND apply_id = ${applyId})`;
  // Every part below is gated on `applied`: a redelivered event writes (and enqueues) nothing.
  const b = batch(db);
  b.add(
    db.run(sql`
      INSERT INTO processed_events (id, source, type, received_at, apply_id)
      SELECT ${event.id}, 'stripe', ${event.type}, ${t}, ${applyId}
      WHERE EXISTS (SELECT 1 FROM ${table} WHERE id = ${row.id} AND status IN (${from}))
      ON CONFLICT (id) DO NOTHING`),
  );
  const failure = str((event.object.last_payment_error as { message?: unknown } | undefined)?.message ?? null);
  const paymentMethod = str(event.object.payment_method);
  if (setup) {
    b.add(
      db.run(sql`UPDATE booking_cards SET status = ${move.to}, stripe_payment_method_id = COALESCE(${paymentMethod}, stripe_payment_method_id),
        updated_at = ${t} WHERE id = ${row.id} AND ${applied}`),
    );
  } else {
    b.add(
      db.run(sql`UPDATE payments SET status = ${move.to}, failure_message = ${move.to === "failed" ? failure : null}, updated_at = ${t}
        WHERE id = ${row.id} AND ${applied}`),
    );
    b.add(paymentAnnouncement(db, row.tenantId, row.id, move.to === "failed" ? "failed" : "succeeded", now, applied));
    // design.md §32: a gift card or a package bought is issued by its payment's success, in this batch.
    const issue = move.to === "succeeded" ? await saleIssue(ctx, row, applied) : null;
    if (issue) b.add(issue);
  }

  const view = views[0];
  const bookingPayment = setup || row.kind === "deposit" || row.kind === "full";
  const succeeded = move.to !== "failed";
  if (view && row.bookingId === view.id && bookingPayment && succeeded) {
    if (!setup && paymentMethod) {
      // A deposit made with the card-on-file PaymentIntent (setup_future_usage) saved the card too.
      b.add(
        db.run(sql`UPDATE booking_cards SET status = 'saved', stripe_payment_method_id = ${paymentMethod}, updated_at = ${t}
          WHERE booking_id = ${view.id} AND stripe_setup_intent_id IS NULL AND status <> 'saved' AND ${applied}`),
      );
    }
    const confirms = sql`${applied} AND EXISTS (SELECT 1 FROM bookings WHERE id = ${view.id} AND status = 'pending')
      AND ${requirementsMet(view.id)}`;
    const items = parseVisitItems(itemRows);
    if (view.visitId && items.length > 0) {
      // The whole visit at once: its one confirmation (the items listed, one calendar event) and every item confirmed.
      b.add(visitCreatedEffectsFromView(ctx, view, items, confirms));
      b.add(
        db.run(sql`UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL, updated_at = ${t}
          WHERE visit_id = ${view.visitId} AND status = 'pending' AND ${confirms}`),
      );
    } else {
      // Exactly what a confirmed create writes: confirmation (manage link, .ics), notices, reminders, booking.created.
      b.add(createdEffectsFromView(ctx, view, confirms));
      b.add(
        db.run(sql`UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL, updated_at = ${t}
          WHERE id = ${view.id} AND ${confirms}`),
      );
    }
    if (!setup) {
      const released = sql`${applied} AND EXISTS (SELECT 1 FROM bookings WHERE id = ${view.id} AND status = 'cancelled')`;
      b.add(refundInsert(db, now, { tenantId: row.tenantId, paymentId: row.id, amount: "remaining", reason: "late_payment" }, released));
      // Gated like the refund: the customer is told only when the booking was released.
      const told = lateRefundEmail(db, now, view, released, Number(event.object.amount), str(event.object.currency) ?? view.currency);
      if (told) b.add(told);
    }
  }
  const mine = b.add(
    db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM processed_events WHERE id = ${event.id} AND apply_id = ${applyId}`),
  );

  await b.run(ctx);
  const paymentUpdated = Number(mine.result()[0]?.n) > 0;
  return { ...known, duplicate: false, paymentUpdated };
}

function lateRefundEmail(db: Db, now: Date, view: BookingView, gate: SQL, amount: number, currency: string) {
  if (!view.customer?.email || !Number.isFinite(amount)) return null;
  const rendered = latePaymentRefundedEmail({
    businessName: view.tenant.businessName,
    customerName: `${view.customer.firstName} ${view.customer.lastName}`.trim() || view.customer.email,
    serviceName: view.serviceName,
    localStart: humanDateTime(view.locale, view.tenant.timezone, view.startAt),
    timezone: view.tenant.timezone,
    confirmationCode: view.confirmationCode,
    amount,
    currency: currency.toUpperCase(),
    locale: view.locale,
  });
  return emailInsert(db, { ...rendered, tenantId: view.tenantId, to: view.customer.email }, now, gate);
}
