import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { schema } from "../../../src/db/client";
import { call, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { bookableTenant } from "../../helpers/booking";
import { type TenantOverrides, uniq } from "../../helpers/factories";
import { type CaptureFilter, captured, workerEnv } from "../../helpers/worker-entry";

// Payments at booking (design.md §21) through the real routes: the capture server stands in for
// Stripe (tools/capture-server/stripe.mjs answers like Stripe; tests script refusals), inbound
// events are signed with the official `stripe` package's test-header helper (the async variant:
// workerd's crypto is WebCrypto).

export { captured, deliverBatch, eventually, runCron, script, workerEnv } from "../../helpers/worker-entry";

/** A business that requires payment, its Stripe account able to take charges, one staff member 09:00-17:00 every day. */
export async function payingTenant(
  opts: { tenant?: TenantOverrides; price?: number; depositPercent?: number; duration?: number; currency?: string } = {},
) {
  const account = `acct_${uniq()}${uniq()}`;
  const { tenant, service, staff } = await bookableTenant({
    tenant: {
      requirePayment: true,
      stripeAccountId: account,
      stripeChargesEnabled: true,
      stripeDetailsSubmitted: true,
      currency: opts.currency ?? "EUR",
      cancellationHours: 24,
      cancellationPolicy: "Cancel at least 24 hours ahead for a full refund.",
      // Holds are created for 2031 dates at the real clock (the expiry cron runs on it): the booking
      // window (design.md §16, 365 days by default) is not what these tests are about.
      maxAdvanceDays: 36_500,
      ...opts.tenant,
    },
    service: { name: "Colour", durationMinutes: opts.duration ?? 60, price: opts.price ?? 4000, depositPercent: opts.depositPercent ?? 30 },
  });
  return { tenant, service, staff, account };
}

export function customer() {
  return { firstName: "Ada", lastName: "Lovelace", email: `ada-${uniq()}@example.test` };
}

export const book = (slug: string, body: Record<string, unknown>, opts: { now?: string | Date; dbTag?: string; token?: string } = {}) =>
  post(`/api/public/${slug}/bookings`, body, opts);

export function bookingBody(serviceId: string, staffId: string, start: string) {
  return { serviceId, staffProfileId: staffId, startDatetime: start, customer: customer() };
}

/** Stripe's requests made for this tenant (its id is in every object's metadata), oldest first. */
export async function stripeCalls(tenantId: string, path = "/stripe/v1/") {
  return captured({ pathPrefix: path, bodyContains: tenantId });
}

export async function stripeRequests(filter: CaptureFilter) {
  return captured(filter);
}

/** A Stripe event as Stripe sends it (`account` for Connect events). */
export function stripeEvent(type: string, object: Record<string, unknown>, account?: string) {
  return { id: `evt_${uniq()}${uniq()}${uniq()}`, object: "event", type, ...(account ? { account } : {}), data: { object } };
}

/**
 * The connected account a payment_intent event happens on, as Stripe names it in every Connect
 * event: the account the payment with this intent id lives on (design.md §31: only such an event
 * moves it). Null when no payment has the id.
 */
async function accountOfIntent(intentId: unknown): Promise<string | null> {
  if (typeof intentId !== "string") return null;
  const [row] = await testDb().all<{ account: string | null }>(sql`
    SELECT COALESCE(p.stripe_account_id, t.stripe_account_id) AS account
    FROM payments p JOIN tenants t ON t.id = p.tenant_id WHERE p.stripe_payment_intent_id = ${intentId}`);
  return row?.account ?? null;
}

/**
 * POSTs a signed event; `secret` defaults to the platform endpoint's, `at` is the signature time (and the request clock when given).
 * A `payment_intent.*` event without `account` gets the one Stripe would name (the payment's own,
 * `accountOfIntent`); `asSent: true` sends the event exactly as given.
 */
export async function sendEvent(
  event: unknown,
  opts: { secret?: string; at?: Date; pinClock?: boolean; dbTag?: string; rawBody?: string; asSent?: boolean } = {},
) {
  const e = event as { type?: string; account?: string; data?: { object?: { id?: unknown } } };
  if (!opts.asSent && !opts.rawBody && e?.type?.startsWith("payment_intent.") && e.account === undefined) {
    const account = await accountOfIntent(e.data?.object?.id);
    if (account) event = { ...e, account };
  }
  const payload = opts.rawBody ?? JSON.stringify(event);
  const at = opts.at ?? new Date();
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: opts.secret ?? workerEnv.STRIPE_WEBHOOK_SECRET,
    timestamp: Math.floor(at.getTime() / 1000),
  });
  return call("POST", "/api/webhooks/stripe", {
    rawBody: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    now: opts.pinClock ? at : undefined,
    dbTag: opts.dbTag,
  });
}

/**
 * Stripe's signed `payment_intent.succeeded` for a stored payment (its intent, amount and currency), the
 * metadata naming what it pays for (`booking_id`, `gift_card_id`, `package_credit_id`); `at` pins the clock.
 */
export async function paymentSucceeded(
  p: { stripePaymentIntentId: string | null; amount: number; currency: string; tenantId: string },
  metadata: Record<string, string>,
  opts: { at?: Date; type?: string; account?: string; extra?: Record<string, unknown> } = {},
) {
  const type = opts.type ?? "payment_intent.succeeded";
  const object = {
    id: p.stripePaymentIntentId,
    object: "payment_intent",
    amount: p.amount,
    currency: p.currency.toLowerCase(),
    status: type === "payment_intent.succeeded" ? "succeeded" : "requires_payment_method",
    metadata: { ...metadata, tenant_id: p.tenantId },
    ...opts.extra,
  };
  const event = stripeEvent(type, object, opts.account);
  const res = await sendEvent(event, opts.at ? { at: opts.at, pinClock: true } : {});
  return { res, event };
}

/** The PaymentIntent object of a `payment_intent.*` event for a booking's payment. */
export async function intentObject(bookingId: string, extra: Record<string, unknown> = {}) {
  const [p] = await paymentsOf(bookingId);
  return {
    id: p.stripePaymentIntentId,
    object: "payment_intent",
    amount: p.amount,
    currency: p.currency.toLowerCase(),
    status: "succeeded",
    metadata: { booking_id: bookingId, tenant_id: p.tenantId },
    ...extra,
  };
}

export async function paymentsOf(bookingId: string) {
  return testDb().select().from(schema.payments).where(sql`booking_id = ${bookingId}`).orderBy(schema.payments.createdAt);
}

export async function bookingOf(id: string) {
  const [row] = await testDb().select().from(schema.bookings).where(sql`id = ${id}`);
  return row;
}

export async function refundsOf(paymentId: string) {
  return testDb().select().from(schema.refunds).where(sql`payment_id = ${paymentId}`).orderBy(schema.refunds.seq);
}

export async function jobsWithKey(kind: string, keyPrefix: string) {
  return testDb()
    .select()
    .from(schema.jobs)
    .where(sql`kind = ${kind} AND idempotency_key LIKE ${`${keyPrefix}%`}`);
}

export async function processedEvent(id: string) {
  return testDb().select().from(schema.processedEvents).where(sql`id = ${id}`);
}

/** A pending booking at a paying tenant, created at `now` for `start` (tenant-local). */
export async function heldBooking(
  opts: { now: string | Date; start?: string; price?: number; depositPercent?: number; tenant?: TenantOverrides } = { now: new Date() },
) {
  const setup = await payingTenant({ price: opts.price, depositPercent: opts.depositPercent, tenant: opts.tenant });
  const body = bookingBody(setup.service.id, setup.staff.id, opts.start ?? "2031-05-14T10:00:00");
  const res = await book(setup.tenant.slug, body, { now: opts.now });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return { ...setup, res, booking: res.body.data, email: body.customer.email, body };
}

/** Minutes before the wall clock: a hold created then has already ended for the real cron. */
export const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** A booking whose deposit was paid (the succeeded event applied): confirmed. */
export async function paidBooking(opts: Parameters<typeof heldBooking>[0]) {
  const held = await heldBooking(opts);
  const res = await sendEvent(stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id)));
  if (res.status !== 200) throw new Error(`event refused: ${res.status} ${res.text}`);
  const [payment] = await paymentsOf(held.booking.id);
  return { ...held, payment };
}

/** A queue message for one outbox job, performed at `testNow` (the consumer's clock in the test pool). */
export function jobMessage(kind: string, id: string, testNow: Date) {
  return { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: { kind, id, testNow: testNow.toISOString() } as never };
}
