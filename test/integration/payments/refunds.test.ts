import { describe, expect, it } from "vitest";
import { get, patch, post } from "../../helpers/api";
import { createMember, createTenant, ownerToken, uniq } from "../../helpers/factories";
import { webhookEndpoint, deliveriesFor } from "../../helpers/booking";
import {
  captured,
  deliverBatch,
  heldBooking,
  jobMessage,
  jobsWithKey,
  paidBooking,
  paymentsOf,
  refundsOf,
  runCron,
  script,
  sendEvent,
  stripeEvent,
} from "./support";
import { outboxMails } from "../../helpers/mail";

// design.md §21, issue #25 item 5: the cancellation window decides refunds; refunds run from the
// outbox (never lost, never twice); owners refund by hand, never more than was paid.

// Europe/Berlin moves to summer time on 2031-03-30 at 01:00 UTC. A booking at 12:00 local on the
// 30th (10:00 UTC) with a 24-hour window: the deadline is 24 real hours earlier, 2031-03-29
// 10:00 UTC = 11:00 local (not 12:00: the clocks moved in between).
const BERLIN = { timezone: "Europe/Berlin", cancellationHours: 24 };
const START = "2031-03-30T12:00:00";
const BOOKED_AT = "2031-03-01T09:00:00.000Z";
const DEADLINE = "2031-03-29T10:00:00.000Z";
const JUST_AFTER = "2031-03-29T10:00:01.000Z";

describe("a customer's cancellation and the cancellation window", () => {
  it("at the exact deadline, in the tenant's zone, refunds everything paid", async () => {
    const b = await paidBooking({ now: BOOKED_AT, start: START, tenant: BERLIN });
    expect(b.booking.payment.refundableUntil).toBe("2031-03-29T11:00:00");
    const res = await post(`/api/public/booking/${b.booking.confirmationCode}/cancel`, {}, { now: DEADLINE });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "cancelled", refund: { amount: 1200, currency: "EUR", status: "pending" } });
    const [refund] = await refundsOf(b.payment.id);
    expect(refund).toMatchObject({ amount: 1200, seq: 1, status: "pending", reason: "customer_cancel" });
    const cancelMail = (await outboxMails(b.email)).find((m) => m.kind === "booking.cancelled")!;
    expect(cancelMail.textBody).toContain("We are refunding €12.00 to your card");
  });

  it("one second after the deadline keeps the deposit and the e-mail quotes the policy", async () => {
    const b = await paidBooking({ now: BOOKED_AT, start: START, tenant: BERLIN });
    const res = await post(`/api/public/booking/${b.booking.confirmationCode}/cancel`, {}, { now: JUST_AFTER });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "cancelled", refund: null });
    expect(await refundsOf(b.payment.id)).toHaveLength(0);
    const cancelMail = (await outboxMails(b.email)).find((m) => m.kind === "booking.cancelled")!;
    expect(cancelMail.textBody).toContain("the €12.00 you paid is kept");
    expect(cancelMail.textBody).toContain('"Cancel at least 24 hours ahead for a full refund."');
  });
});

describe("a cancellation by the business", () => {
  it("always refunds in full, through the cancel route and through the status route", async () => {
    const a = await paidBooking({ now: BOOKED_AT, start: START, tenant: BERLIN });
    const token = await ownerToken(a.tenant.ownerId, a.tenant.id, "owner", new Date(JUST_AFTER));
    const res = await post(`/api/bookings/${a.booking.id}/cancel`, {}, { token, now: JUST_AFTER });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "cancelled", refund: { amount: 1200, currency: "EUR", status: "pending" } });
    expect((await refundsOf(a.payment.id))[0]).toMatchObject({ reason: "business_cancel", amount: 1200 });

    const b = await paidBooking({ now: BOOKED_AT, start: START, tenant: BERLIN });
    const token2 = await ownerToken(b.tenant.ownerId, b.tenant.id, "owner", new Date(JUST_AFTER));
    const viaStatus = await patch(`/api/bookings/${b.booking.id}/status`, { status: "cancelled" }, { token: token2, now: JUST_AFTER });
    expect(viaStatus.status).toBe(200);
    expect((await refundsOf(b.payment.id))[0]).toMatchObject({ reason: "business_cancel", amount: 1200 });
    expect((await outboxMails(b.email)).find((m) => m.kind === "booking.cancelled")!.textBody).toContain("We are refunding €12.00");
  });
});

/** The business cancels on the wall clock (always a full refund), so the refund job is due now for the real cron. */
async function businessCancels(b: { tenant: { ownerId: string; id: string }; booking: { id: string } }) {
  const token = await ownerToken(b.tenant.ownerId, b.tenant.id);
  const res = await post(`/api/bookings/${b.booking.id}/cancel`, {}, { token });
  expect(res.body.data.refund).toMatchObject({ status: "pending" });
}

describe("refunds from the outbox", () => {
  it("are made once at Stripe with refund-<paymentId>-<n>, confirmed, and reported as payment.refunded", async () => {
    const b = await paidBooking({ now: BOOKED_AT, start: START, tenant: BERLIN });
    await webhookEndpoint(b.tenant.id);
    await businessCancels(b);
    await runCron();
    await runCron();
    const calls = await captured({ pathPrefix: "/stripe/v1/refunds", bodyContains: b.payment.stripePaymentIntentId! });
    expect(calls).toHaveLength(1);
    expect(calls[0].headers["idempotency-key"]).toBe(`refund-${b.payment.id}-1`);
    expect(calls[0].headers["stripe-account"]).toBe(b.account);
    expect((await paymentsOf(b.booking.id))[0]).toMatchObject({ status: "refunded", refundedAmount: 1200 });
    const [refund] = await refundsOf(b.payment.id);
    expect(refund.status).toBe("succeeded");
    expect(refund.stripeRefundId).toMatch(/^re_/);
    const events = (await deliveriesFor(b.tenant.id)).filter((d) => d.eventType === "payment.refunded");
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0].payload).data.refund).toMatchObject({
      id: refund.id,
      paymentId: b.payment.id,
      bookingId: b.booking.id,
      amount: 1200,
      currency: "EUR",
      status: "succeeded",
    });
  });

  it("a refund Stripe refuses stays pending, is retried with the same key, and the owner sees why", async () => {
    const b = await paidBooking({ now: BOOKED_AT, start: START, tenant: BERLIN });
    await script({ pathPrefix: "/stripe/v1/refunds", bodyContains: b.payment.stripePaymentIntentId! }, [
      { status: 400, body: { error: { type: "invalid_request_error", message: "Insufficient funds in the connected account." } } },
    ]);
    await businessCancels(b);
    const [job] = await jobsWithKey("stripe.refund", `refund-${b.payment.id}-`);
    const t0 = new Date(Date.now() + 60_000);
    await deliverBatch([jobMessage("stripe.refund", job.id, t0)]);

    const token = await ownerToken(b.tenant.ownerId, b.tenant.id);
    const view = await get(`/api/bookings/${b.booking.id}/payments`, { token });
    expect(view.status).toBe(200);
    const refund = view.body.data.payments[0].refunds[0];
    expect(refund).toMatchObject({ amount: 1200, status: "pending", attempts: 1 });
    expect(refund.lastError).toContain("Insufficient funds in the connected account.");

    // The retry (due 30 s later) goes through with the same Idempotency-Key.
    await deliverBatch([jobMessage("stripe.refund", job.id, new Date(t0.getTime() + 31_000))]);
    const calls = await captured({ pathPrefix: "/stripe/v1/refunds", bodyContains: b.payment.stripePaymentIntentId! });
    expect(calls.map((c) => [c.status, c.headers["idempotency-key"]])).toEqual([
      [400, `refund-${b.payment.id}-1`],
      [200, `refund-${b.payment.id}-1`],
    ]);
    expect((await refundsOf(b.payment.id))[0].status).toBe("succeeded");
  });

  it("charge.refunded confirms a refund Stripe answered as pending, once", async () => {
    const b = await paidBooking({ now: BOOKED_AT, start: START, tenant: BERLIN });
    await webhookEndpoint(b.tenant.id);
    await script({ pathPrefix: "/stripe/v1/refunds", bodyContains: b.payment.stripePaymentIntentId! }, [
      { status: 200, body: { id: `re_pending_${b.payment.id}`, object: "refund", status: "pending" } },
    ]);
    await businessCancels(b);
    await runCron();
    const [pending] = await refundsOf(b.payment.id);
    expect(pending).toMatchObject({ status: "pending", stripeRefundId: `re_pending_${b.payment.id}` });

    const charge = {
      id: "ch_1",
      object: "charge",
      payment_intent: b.payment.stripePaymentIntentId,
      amount_refunded: 1200,
      refunds: { data: [{ id: `re_pending_${b.payment.id}`, status: "succeeded", amount: 1200, metadata: { refund_id: pending.id } }] },
    };
    // design.md §31: the same refund reported from another connected account (or the platform's own,
    // without an account) proves nothing about ours and changes nothing.
    expect((await sendEvent(stripeEvent("charge.refunded", charge, `acct_${uniq()}`))).status).toBe(200);
    expect((await sendEvent(stripeEvent("charge.refunded", charge))).status).toBe(200);
    expect((await refundsOf(b.payment.id))[0].status).toBe("pending");
    const event = stripeEvent("charge.refunded", charge, b.account);
    expect((await sendEvent(event)).status).toBe(200);
    expect((await sendEvent(event)).status).toBe(200);
    expect((await refundsOf(b.payment.id))[0].status).toBe("succeeded");
    expect((await paymentsOf(b.booking.id))[0]).toMatchObject({ status: "refunded", refundedAmount: 1200 });
    expect((await deliveriesFor(b.tenant.id)).filter((d) => d.eventType === "payment.refunded")).toHaveLength(1);
  });
});

describe("POST /api/payments/:id/refund (by hand)", () => {
  it("refunds partially, never more than paid minus refunded (queued included): 409 refund_exceeds_payment", async () => {
    const b = await paidBooking({ now: BOOKED_AT, start: START, tenant: BERLIN });
    const token = await ownerToken(b.tenant.ownerId, b.tenant.id);
    const first = await post(`/api/payments/${b.payment.id}/refund`, { amount: 500 }, { token });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({
      id: expect.stringMatching(/^ref_/),
      paymentId: b.payment.id,
      amount: 500,
      currency: "EUR",
      status: "pending",
    });
    const tooMuch = await post(`/api/payments/${b.payment.id}/refund`, { amount: 701 }, { token });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe("refund_exceeds_payment");
    const rest = await post(`/api/payments/${b.payment.id}/refund`, {}, { token });
    expect(rest.status).toBe(201);
    expect(rest.body.data.amount).toBe(700);
    expect((await post(`/api/payments/${b.payment.id}/refund`, { amount: 1 }, { token })).status).toBe(409);
    const keys = (await jobsWithKey("stripe.refund", `refund-${b.payment.id}-`)).map((j) => j.idempotencyKey).sort();
    expect(keys).toEqual([`refund-${b.payment.id}-1`, `refund-${b.payment.id}-2`]);

    await runCron();
    expect((await paymentsOf(b.booking.id))[0]).toMatchObject({ status: "refunded", refundedAmount: 1200 });
  });

  it("concurrent refunds never give back more than was paid", async () => {
    const b = await paidBooking({ now: BOOKED_AT, start: START, tenant: BERLIN });
    const token = await ownerToken(b.tenant.ownerId, b.tenant.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(`/api/payments/${b.payment.id}/refund`, { amount: 500 }, { token })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    const total = (await refundsOf(b.payment.id)).reduce((s, r) => s + r.amount, 0);
    expect(total).toBe(1000);
  });

  it("refuses bad amounts, unpaid payments, other tenants' payments and staff", async () => {
    const b = await paidBooking({ now: BOOKED_AT, start: START, tenant: BERLIN });
    const token = await ownerToken(b.tenant.ownerId, b.tenant.id);
    for (const amount of [0, -5, 1.5, "10"]) {
      const bad = await post(`/api/payments/${b.payment.id}/refund`, { amount }, { token });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("invalid_request");
    }
    const stranger = await createTenant();
    expect((await post(`/api/payments/${b.payment.id}/refund`, {}, { token: stranger.token })).status).toBe(404);
    const staff = await createMember(b.tenant.id, "staff");
    expect((await post(`/api/payments/${b.payment.id}/refund`, {}, { token: staff.token })).status).toBe(403);
    expect(await refundsOf(b.payment.id)).toHaveLength(0);

    const held = await heldBooking({ now: BOOKED_AT, start: "2031-03-30T14:00:00", tenant: BERLIN });
    const [unpaid] = await paymentsOf(held.booking.id);
    const heldToken = await ownerToken(held.tenant.ownerId, held.tenant.id);
    const nothing = await post(`/api/payments/${unpaid.id}/refund`, {}, { token: heldToken });
    expect(nothing.status).toBe(409);
    expect(nothing.body.error.code).toBe("refund_exceeds_payment");
    expect(await refundsOf(unpaid.id)).toHaveLength(0);
  });
});
