import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { webhookEndpoint, deliveriesFor } from "../../helpers/booking";
import {
  book,
  bookingBody,
  bookingOf,
  heldBooking,
  intentObject,
  payingTenant,
  paymentsOf,
  processedEvent,
  sendEvent,
  stripeEvent,
  workerEnv,
} from "./support";
import { outboxMails } from "../../helpers/mail";

// design.md §21, issue #25 item 3: payment_intent.succeeded confirms the booking in one batch
// with its confirmation e-mail and webhooks; redelivered or racing events change nothing more.

const NOW = "2031-05-01T12:00:00.000Z";

describe("payment_intent.succeeded", () => {
  it("confirms the pending booking with the same e-mail and booking.created a confirmed create sends", async () => {
    const held = await heldBooking({ now: NOW });
    await webhookEndpoint(held.tenant.id);
    const event = stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id));
    const res = await sendEvent(event);
    expect(res.status).toBe(200);

    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "confirmed", holdExpiresAt: null });
    expect((await paymentsOf(held.booking.id))[0].status).toBe("succeeded");
    const [mail] = await outboxMails(held.email);
    expect(mail).toMatchObject({ kind: "booking.confirmed", subject: `Booking confirmed: Colour at Business ${held.tenant.slug}` });
    expect(mail.textBody).toContain(held.booking.confirmationCode);
    // booking.created as a confirmed create sends it, and the payment's own change (design.md §19).
    const deliveries = await deliveriesFor(held.tenant.id);
    expect(deliveries.map((d) => d.eventType).sort()).toEqual(["booking.created", "payment.succeeded"]);
    const payload = JSON.parse(deliveries.find((d) => d.eventType === "booking.created")!.payload);
    expect(payload.data.booking).toMatchObject({ id: held.booking.id, status: "confirmed", totalAmount: 4000, currency: "EUR" });
    const paid = JSON.parse(deliveries.find((d) => d.eventType === "payment.succeeded")!.payload);
    expect(paid.data.payment).toMatchObject({ bookingId: held.booking.id, status: "succeeded", amount: 1200, currency: "EUR" });

    // The same webhook of a business that takes no payment, for comparison: same kind, same shape.
    const plain = await payingTenant({ tenant: { requirePayment: false } });
    await webhookEndpoint(plain.tenant.id);
    const body = bookingBody(plain.service.id, plain.staff.id, "2031-05-14T10:00:00");
    await book(plain.tenant.slug, body, { now: NOW });
    const [plainMail] = await outboxMails(body.customer.email);
    expect(plainMail.kind).toBe(mail.kind);
    const plainDelivery = (await deliveriesFor(plain.tenant.id)).find((d) => d.eventType === "booking.created")!;
    expect(Object.keys(JSON.parse(plainDelivery.payload).data.booking).sort()).toEqual(Object.keys(payload.data.booking).sort());

    const lookup = await get(`/api/public/booking/${held.booking.confirmationCode}`);
    expect(lookup.body.data).toMatchObject({ status: "confirmed", payment: { status: "succeeded", amount: 1200, expires_at: null } });
  });

  it("changes nothing when Stripe delivers it again, also concurrently", async () => {
    const held = await heldBooking({ now: NOW });
    await webhookEndpoint(held.tenant.id);
    const event = stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id));
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendEvent(event)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await outboxMails(held.email)).toHaveLength(1);
    expect((await deliveriesFor(held.tenant.id)).map((d) => d.eventType).sort()).toEqual(["booking.created", "payment.succeeded"]);
    expect(await processedEvent(event.id)).toHaveLength(1);
  });

  it("two different events for one intent racing each other leave one confirmation", async () => {
    const held = await heldBooking({ now: NOW });
    await webhookEndpoint(held.tenant.id);
    const object = await intentObject(held.booking.id);
    const events = Array.from({ length: 4 }, () => stripeEvent("payment_intent.succeeded", object));
    await Promise.all(events.map((e) => sendEvent(e)));
    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "confirmed" });
    expect(await outboxMails(held.email)).toHaveLength(1);
    expect((await deliveriesFor(held.tenant.id)).map((d) => d.eventType).sort()).toEqual(["booking.created", "payment.succeeded"]);
    // Only the event that applied is recorded; the others changed nothing.
    const recorded = (await Promise.all(events.map((e) => processedEvent(e.id)))).flat();
    expect(recorded).toHaveLength(1);
  });

  it("is accepted signed with the Connect endpoint's secret; a forged or stale signature changes nothing", async () => {
    const held = await heldBooking({ now: NOW });
    const event = stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id), held.account);
    const forged = await sendEvent(event, { secret: "whsec_not_ours" });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe("invalid_signature");
    const stale = await sendEvent(event, { secret: workerEnv.STRIPE_CONNECT_WEBHOOK_SECRET, at: new Date(Date.now() - 6 * 60_000) });
    expect(stale.status).toBe(400);
    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "pending" });

    const ok = await sendEvent(event, { secret: workerEnv.STRIPE_CONNECT_WEBHOOK_SECRET });
    expect(ok.status).toBe(200);
    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "confirmed" });
  });
});

describe("payment_intent.payment_failed", () => {
  it("marks the attempt failed and leaves the hold running; a retry that succeeds confirms", async () => {
    const held = await heldBooking({ now: NOW });
    const failed = stripeEvent(
      "payment_intent.payment_failed",
      await intentObject(held.booking.id, {
        status: "requires_payment_method",
        last_payment_error: { message: "Your card was declined." },
      }),
    );
    expect((await sendEvent(failed)).status).toBe(200);
    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "pending" });
    expect((await paymentsOf(held.booking.id))[0]).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    expect(await outboxMails(held.email)).toHaveLength(0);

    // The reloaded page can still pay: the hold lasts.
    const resume = await get(`/api/public/booking/${held.booking.confirmationCode}/payment`, { now: "2031-05-01T12:10:00Z" });
    expect(resume.status).toBe(200);
    expect(resume.body.data.clientSecret).toBe(held.booking.payment.clientSecret);

    expect((await sendEvent(stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id)))).status).toBe(200);
    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "confirmed" });
    expect((await paymentsOf(held.booking.id))[0]).toMatchObject({ status: "succeeded", failureMessage: null });
    expect(await outboxMails(held.email)).toHaveLength(1);
  });
});
