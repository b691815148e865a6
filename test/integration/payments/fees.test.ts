import { describe, expect, it } from "vitest";
import { cronAt } from "../notifications/support";
import { countDbRequests, get, patch, post } from "../../helpers/api";
import { createTenant, ownerToken } from "../../helpers/factories";
import {
  book,
  bookingBody,
  bookingOf,
  captured,
  deliverBatch,
  jobMessage,
  jobsWithKey,
  payingTenant,
  paymentsOf,
  sendEvent,
  stripeCalls,
  stripeEvent,
} from "./support";
import { outboxMails } from "../../helpers/mail";

// design.md §21, issue #25 item 8: no-show protection with a card on file.

const NOW = "2031-05-01T12:00:00.000Z";
const START = "2031-05-14T10:00:00";
// design.md §31: a no-show is marked only once the start (10:00 New York, 14:00 UTC) has passed.
const AFTER_START = "2031-05-14T15:00:00.000Z";
const FEES = { requirePayment: false, noShowFeePercent: 50, lateCancelFeePercent: 30 };

async function cardOnFile(opts: { pm?: string; tenant?: Record<string, unknown>; depositPercent?: number } = {}) {
  const setup = await payingTenant({ price: 4000, depositPercent: opts.depositPercent ?? 0, tenant: { ...FEES, ...opts.tenant } });
  const body = bookingBody(setup.service.id, setup.staff.id, START);
  const res = await book(setup.tenant.slug, body, { now: NOW });
  expect(res.status).toBe(201);
  const card = {
    id: res.body.data.payment.setupClientSecret?.split("_secret_")[0],
    pm: opts.pm ?? `pm_${crypto.randomUUID().slice(0, 8)}`,
  };
  return { ...setup, res, booking: res.body.data, email: body.customer.email, card };
}

async function saveCard(c: Awaited<ReturnType<typeof cardOnFile>>) {
  const event = stripeEvent("setup_intent.succeeded", {
    id: c.card.id,
    object: "setup_intent",
    status: "succeeded",
    payment_method: c.card.pm,
    metadata: { booking_id: c.booking.id, tenant_id: c.tenant.id },
  });
  expect((await sendEvent(event)).status).toBe(200);
}

/** The owner marks the booking a no-show once its start has passed (the fee's trigger). */
async function markNoShow(c: Awaited<ReturnType<typeof cardOnFile>>) {
  const token = await ownerToken(c.tenant.ownerId, c.tenant.id, "owner", new Date(AFTER_START));
  return patch(`/api/bookings/${c.booking.id}/status`, { status: "no_show" }, { token, now: AFTER_START });
}

describe("the card on file at booking", () => {
  it("saves the customer's card (Customer + SetupIntent, off-session) when fees apply and nothing is prepaid: 2 round trips, 2 Stripe calls", async () => {
    const setup = await payingTenant({ price: 4000, depositPercent: 0, tenant: FEES });
    const body = bookingBody(setup.service.id, setup.staff.id, START);
    const { result: res, dbRequests } = await countDbRequests((dbTag) => book(setup.tenant.slug, body, { now: NOW, dbTag }));
    expect(res.status).toBe(201);
    expect(dbRequests).toBe(2);
    expect(res.body.data).toMatchObject({ status: "pending" });
    expect(res.body.data.payment).toMatchObject({
      amount: 0,
      kind: null,
      clientSecret: null,
      setupClientSecret: expect.stringMatching(/^seti_.+_secret_/),
      fees: { noShowFeePercent: 50, lateCancelFeePercent: 30 },
    });
    const calls = await stripeCalls(setup.tenant.id);
    expect(calls.map((c) => c.path)).toEqual(["/stripe/v1/customers", "/stripe/v1/setup_intents"]);
    expect(calls.every((c) => c.headers["stripe-account"] === setup.account)).toBe(true);
    expect(calls.map((c) => c.headers["idempotency-key"])).toEqual([`customer-${res.body.data.id}`, `setup-${res.body.data.id}`]);
    expect(new URLSearchParams(calls[1].body).get("usage")).toBe("off_session");
  });

  it("confirms the booking once setup_intent.succeeded says the card is saved", async () => {
    const c = await cardOnFile();
    expect(await outboxMails(c.email)).toHaveLength(0);
    await saveCard(c);
    expect(await bookingOf(c.booking.id)).toMatchObject({ status: "confirmed" });
    expect((await outboxMails(c.email)).map((m) => m.kind)).toEqual(["booking.confirmed"]);
  });

  it("with a deposit, the deposit's PaymentIntent saves the card (one card entry) and its success confirms", async () => {
    const c = await cardOnFile({ depositPercent: 25, tenant: { requirePayment: true } });
    expect(c.booking.payment).toMatchObject({ amount: 1000, kind: "deposit", setupClientSecret: null, fees: { noShowFeePercent: 50 } });
    const calls = await stripeCalls(c.tenant.id);
    expect(calls.map((x) => x.path)).toEqual(["/stripe/v1/customers", "/stripe/v1/payment_intents"]);
    const pi = Object.fromEntries(new URLSearchParams(calls[1].body));
    expect(pi).toMatchObject({ setup_future_usage: "off_session", customer: expect.stringMatching(/^cus_/) });
    const [payment] = await paymentsOf(c.booking.id);
    await sendEvent(
      stripeEvent("payment_intent.succeeded", {
        id: payment.stripePaymentIntentId,
        object: "payment_intent",
        amount: 1000,
        payment_method: "pm_from_deposit",
        metadata: { booking_id: c.booking.id, tenant_id: c.tenant.id },
      }),
    );
    expect(await bookingOf(c.booking.id)).toMatchObject({ status: "confirmed" });
  });
});

describe("marking a no-show", () => {
  it("shows the fee first, then charges it off-session to the card on file and tells the customer", async () => {
    const c = await cardOnFile();
    await saveCard(c);
    const token = await ownerToken(c.tenant.ownerId, c.tenant.id);
    const preview = await get(`/api/bookings/${c.booking.id}/payments`, { token });
    expect(preview.body.data).toMatchObject({ card: { status: "saved" }, noShowFee: { percent: 50, amount: 2000, currency: "EUR" } });

    const marked = await markNoShow(c);
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({
      status: "no_show",
      fee: { kind: "no_show_fee", amount: 2000, currency: "EUR", status: "pending" },
    });
    await cronAt(AFTER_START, c.tenant.id);
    const [charge] = await captured({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: c.card.pm });
    expect(charge.headers["idempotency-key"]).toBe(`fee-${c.booking.id}-no_show_fee`);
    expect(charge.headers["stripe-account"]).toBe(c.account);
    expect(Object.fromEntries(new URLSearchParams(charge.body))).toMatchObject({
      amount: "2000",
      currency: "eur",
      off_session: "true",
      confirm: "true",
      payment_method: c.card.pm,
      customer: expect.stringMatching(/^cus_/),
    });
    const fee = (await paymentsOf(c.booking.id)).find((p) => p.kind === "no_show_fee")!;
    expect(fee).toMatchObject({ status: "succeeded", amount: 2000, stripePaymentIntentId: expect.stringMatching(/^pi_/) });
    await cronAt(AFTER_START, c.tenant.id);
    const mail = (await outboxMails(c.email)).find((m) => m.kind === "payment.no_show_fee_charged")!;
    expect(mail.textBody).toContain("€20.00");
  });

  it("records a declined charge as failed, shows why, and never retries it on its own", async () => {
    const c = await cardOnFile({ pm: "pm_card_declined_x" });
    await saveCard(c);
    const token = await ownerToken(c.tenant.ownerId, c.tenant.id);
    await markNoShow(c);
    await cronAt(AFTER_START, c.tenant.id);
    await cronAt(AFTER_START, c.tenant.id);
    expect(await captured({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: c.card.pm })).toHaveLength(1);
    const view = await get(`/api/bookings/${c.booking.id}/payments`, { token });
    const fee = view.body.data.payments.find((p: { kind: string }) => p.kind === "no_show_fee");
    expect(fee).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
  });

  it("charges nothing with chargeFee: false or without a card", async () => {
    const c = await cardOnFile();
    await saveCard(c);
    const res = await patch(
      `/api/bookings/${c.booking.id}/status`,
      { status: "no_show", chargeFee: false },
      { token: await ownerToken(c.tenant.ownerId, c.tenant.id, "owner", new Date(AFTER_START)), now: AFTER_START },
    );
    expect(res.body.data.fee).toBeNull();
    expect((await paymentsOf(c.booking.id)).filter((p) => p.kind === "no_show_fee")).toHaveLength(0);
  });
});

describe("a late customer cancellation", () => {
  // The start is 10:00 in New York (14:00 UTC); 12 hours before it is inside the 24-hour window.
  const LATE = "2031-05-14T02:00:00.000Z";

  it("schedules the late-cancel fee for 24 hours later, says so in the e-mail, and charges it then", async () => {
    const c = await cardOnFile();
    await saveCard(c);
    const res = await post(`/api/public/booking/${c.booking.confirmationCode}/cancel`, {}, { now: LATE });
    expect(res.body.data).toMatchObject({ status: "cancelled", refund: null });
    const fee = (await paymentsOf(c.booking.id)).find((p) => p.kind === "late_cancel_fee")!;
    expect(fee).toMatchObject({ status: "pending", amount: 1200, chargeAt: "2031-05-15T02:00:00.000Z" });
    const mail = (await outboxMails(c.email)).find((m) => m.kind === "booking.cancelled")!;
    expect(mail.textBody).toContain("late-cancellation fee of €12.00 will be charged");

    const [job] = await jobsWithKey("stripe.fee_charge", `fee-${c.booking.id}-late_cancel_fee`);
    await deliverBatch([jobMessage("stripe.fee_charge", job.id, new Date("2031-05-15T01:59:00Z"))]);
    expect(await captured({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: c.card.pm })).toHaveLength(0);
    await deliverBatch([jobMessage("stripe.fee_charge", job.id, new Date("2031-05-15T02:00:01Z"))]);
    expect(await captured({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: c.card.pm })).toHaveLength(1);
    expect((await paymentsOf(c.booking.id)).find((p) => p.kind === "late_cancel_fee")!.status).toBe("succeeded");
  });

  it("is not charged when the owner waives it first; waiving twice or a charged fee is 409, no fee 404", async () => {
    const c = await cardOnFile();
    await saveCard(c);
    await post(`/api/public/booking/${c.booking.confirmationCode}/cancel`, {}, { now: LATE });
    const token = await ownerToken(c.tenant.ownerId, c.tenant.id);
    const waived = await post(`/api/bookings/${c.booking.id}/waive-fee`, {}, { token });
    expect(waived.status).toBe(200);
    expect(waived.body.data).toMatchObject({ kind: "late_cancel_fee", amount: 1200, status: "cancelled" });
    const [job] = await jobsWithKey("stripe.fee_charge", `fee-${c.booking.id}-late_cancel_fee`);
    expect(job.status).toBe("cancelled");
    await deliverBatch([jobMessage("stripe.fee_charge", job.id, new Date("2031-05-16T00:00:00Z"))]);
    expect(await captured({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: c.card.pm })).toHaveLength(0);
    const again = await post(`/api/bookings/${c.booking.id}/waive-fee`, {}, { token });
    expect(again.status).toBe(409);

    const plain = await cardOnFile();
    const t2 = await ownerToken(plain.tenant.ownerId, plain.tenant.id);
    expect((await post(`/api/bookings/${plain.booking.id}/waive-fee`, {}, { token: t2 })).status).toBe(404);
    const stranger = await createTenant();
    expect((await post(`/api/bookings/${c.booking.id}/waive-fee`, {}, { token: stranger.token })).status).toBe(404);
  });

  it("a fee already charged cannot be waived", async () => {
    const c = await cardOnFile();
    await saveCard(c);
    const token = await ownerToken(c.tenant.ownerId, c.tenant.id);
    await markNoShow(c);
    await cronAt(AFTER_START, c.tenant.id);
    const res = await post(`/api/bookings/${c.booking.id}/waive-fee`, {}, { token });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
  });
});

describe("business settings", () => {
  it("refuse requirePayment and fees until the Stripe account can take charges (400 stripe_not_connected), and bound the percents", async () => {
    const tenant = await createTenant();
    for (const body of [{ requirePayment: true }, { noShowFeePercent: 20 }, { lateCancelFeePercent: 10 }]) {
      const res = await patch("/api/businesses/me", body, { token: tenant.token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("stripe_not_connected");
    }
    expect((await get("/api/businesses/me", { token: tenant.token })).body.data).toMatchObject({
      requirePayment: false,
      noShowFeePercent: 0,
    });
    const bad = await patch("/api/businesses/me", { noShowFeePercent: 101, lateCancelFeePercent: -1 }, { token: tenant.token });
    expect(Object.keys(bad.body.error.details.fieldErrors).sort()).toEqual(["lateCancelFeePercent", "noShowFeePercent"]);

    const ready = await createTenant({ stripeAccountId: "acct_ready1", stripeChargesEnabled: true });
    const ok = await patch(
      "/api/businesses/me",
      { requirePayment: true, noShowFeePercent: 20, lateCancelFeePercent: 10 },
      { token: ready.token },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ requirePayment: true, noShowFeePercent: 20, lateCancelFeePercent: 10 });
  });
});
