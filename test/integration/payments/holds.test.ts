import { describe, expect, it } from "vitest";
import { get, post } from "../../helpers/api";
import { webhookEndpoint, deliveriesFor } from "../../helpers/booking";
import {
  bookingOf,
  captured,
  heldBooking,
  intentObject,
  jobsWithKey,
  minutesAgo,
  paymentsOf,
  refundsOf,
  runCron,
  sendEvent,
  stripeEvent,
} from "./support";
import { outboxMails } from "../../helpers/mail";

// design.md §21, issue #25 item 4: the cron releases holds that ended and cancels their
// PaymentIntents; a success after the release is refunded in full and the customer told. The
// cron runs on the wall clock, so these bookings are made with the request clock pinned 20
// minutes earlier: their 15-minute hold has ended for the real cron (nothing depends on the date).

const START = "2031-06-18T10:00:00";

describe("the expiry cron", () => {
  it("releases a hold that ended (cancelled, payment_not_completed), cancels its PaymentIntent at Stripe, and frees the slot", async () => {
    const held = await heldBooking({ now: minutesAgo(20), start: START });
    await webhookEndpoint(held.tenant.id);
    const [payment] = await paymentsOf(held.booking.id);
    await runCron();

    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "cancelled", cancelReason: "payment_not_completed" });
    expect((await paymentsOf(held.booking.id))[0].status).toBe("cancelled");
    const [cancel] = await captured({ pathPrefix: `/stripe/v1/payment_intents/${payment.stripePaymentIntentId}/cancel` });
    expect(cancel.method).toBe("POST");
    expect(cancel.headers["stripe-account"]).toBe(held.account);
    expect(cancel.headers["idempotency-key"]).toBe(`cancel-${payment.stripePaymentIntentId}`);
    const [job] = await jobsWithKey("stripe.cancel_intent", `cancel-${payment.stripePaymentIntentId}`);
    expect(job.status).toBe("done");

    // The customer never finished booking: no e-mail, no webhook.
    expect(await outboxMails(held.email)).toHaveLength(0);
    expect(await deliveriesFor(held.tenant.id)).toHaveLength(0);
    const slots = await get(`/api/public/${held.tenant.slug}/availability?serviceId=${held.service.id}&date=2031-06-18`);
    expect(slots.body.data.slots.map((s: { startTime: string }) => s.startTime)).toContain(START);
  });

  it("leaves a hold that still runs alone", async () => {
    const held = await heldBooking({ now: minutesAgo(5), start: START });
    await runCron();
    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "pending" });
    expect((await paymentsOf(held.booking.id))[0].status).toBe("pending");
  });

  it("refunds in full a success that arrives after the release, tells the customer, and never revives the booking", async () => {
    const held = await heldBooking({ now: minutesAgo(20), start: START });
    await webhookEndpoint(held.tenant.id);
    await runCron();
    const late = stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id));
    expect((await sendEvent(late)).status).toBe(200);

    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "cancelled" });
    const [payment] = await paymentsOf(held.booking.id);
    const [refund] = await refundsOf(payment.id);
    expect(refund).toMatchObject({ amount: 1200, seq: 1, reason: "late_payment" });
    const [told] = await outboxMails(held.email);
    expect(told.kind).toBe("payment.late_refunded");
    expect(told.textBody).toContain("refunding the full €12.00");

    await runCron();
    const [call] = await captured({ pathPrefix: "/stripe/v1/refunds", bodyContains: payment.stripePaymentIntentId! });
    expect(call.headers["idempotency-key"]).toBe(`refund-${payment.id}-1`);
    expect(call.headers["stripe-account"]).toBe(held.account);
    expect(Object.fromEntries(new URLSearchParams(call.body))).toMatchObject({
      payment_intent: payment.stripePaymentIntentId,
      amount: "1200",
    });
    expect((await paymentsOf(held.booking.id))[0]).toMatchObject({ status: "refunded", refundedAmount: 1200 });
    expect((await refundsOf(payment.id))[0].status).toBe("succeeded");
    // No confirmation, ever; the business's integrations hear of the payment and its refund only
    // (no booking event: the booking stays released).
    expect((await outboxMails(held.email)).map((m) => m.kind)).toEqual(["payment.late_refunded"]);
    expect((await deliveriesFor(held.tenant.id)).map((d) => d.eventType).sort()).toEqual(["payment.refunded", "payment.succeeded"]);
  });

  it("succeeded event against the expiry cron: exactly one outcome, confirmed and paid or released and refunded", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const held = await heldBooking({ now: minutesAgo(20), start: START });
      const event = stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id));
      await Promise.all([sendEvent(event), runCron()]);
      const booking = await bookingOf(held.booking.id);
      const [payment] = await paymentsOf(held.booking.id);
      const refunds = await refundsOf(payment.id);
      const mails = (await outboxMails(held.email)).map((m) => m.kind);
      if (booking.status === "confirmed") {
        expect(payment.status).toBe("succeeded");
        expect(refunds).toHaveLength(0);
        expect(mails).toEqual(["booking.confirmed"]);
        expect(await jobsWithKey("stripe.cancel_intent", `cancel-${payment.stripePaymentIntentId}`)).toHaveLength(0);
      } else {
        expect(booking).toMatchObject({ status: "cancelled", cancelReason: "payment_not_completed" });
        expect(["succeeded", "refunded"]).toContain(payment.status);
        expect(refunds).toHaveLength(1);
        expect(refunds[0].amount).toBe(1200);
        expect(mails).toEqual(["payment.late_refunded"]);
      }
      outcomes.push(booking.status);
    }
    expect(outcomes.every((s) => s === "confirmed" || s === "cancelled")).toBe(true);
  });
});

describe("resuming a payment", () => {
  const NOW = "2031-05-01T12:00:00.000Z";

  it("the lookup shows the pending payment; GET .../payment returns the step again while the hold lasts, 409 payment_expired after", async () => {
    const held = await heldBooking({ now: NOW });
    const code = held.booking.confirmationCode;
    const lookup = await get(`/api/public/booking/${code}`, { now: "2031-05-01T12:05:00Z" });
    expect(lookup.body.data).toMatchObject({
      status: "pending",
      payment: { status: "pending", amount: 1200, currency: "EUR", kind: "deposit", expires_at: "2031-05-01T12:15:00.000Z" },
    });

    const resumed = await get(`/api/public/booking/${code.toLowerCase()}/payment`, { now: "2031-05-01T12:14:59Z" });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toEqual(held.booking.payment);

    // At the instant the hold ends (even before the cron released it) the time to pay is over.
    const expired = await get(`/api/public/booking/${code}/payment`, { now: "2031-05-01T12:15:00Z" });
    expect(expired.status).toBe(409);
    expect(expired.body.error.code).toBe("payment_expired");

    expect((await get("/api/public/booking/BK-ZZZZZZ/payment")).status).toBe(404);
  });

  it("a customer who cancels an unpaid pending booking releases it like an expiry; a late success is refunded", async () => {
    const held = await heldBooking({ now: NOW });
    const code = held.booking.confirmationCode;
    const cancelled = await post(`/api/public/booking/${code}/cancel`, {}, { now: "2031-05-01T12:03:00Z" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", refund: null });
    const [payment] = await paymentsOf(held.booking.id);
    expect(payment.status).toBe("cancelled");
    expect(await jobsWithKey("stripe.cancel_intent", `cancel-${payment.stripePaymentIntentId}`)).toHaveLength(1);
    expect(await outboxMails(held.email)).toHaveLength(0);
    expect((await get(`/api/public/booking/${code}/payment`, { now: "2031-05-01T12:04:00Z" })).body.error.code).toBe("payment_expired");

    await sendEvent(stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id)));
    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "cancelled" });
    expect(await refundsOf(payment.id)).toHaveLength(1);
  });
});
