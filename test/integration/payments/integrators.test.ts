import { newApiKey } from "../../helpers/api-keys";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cronAt } from "../notifications/support";
import { get, patch, post, put } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createTenant, ownerToken } from "../../helpers/factories";
import { createEndpoint, receiver } from "../webhooks/harness";
import {
  book,
  bookingBody,
  captured,
  jobsWithKey,
  paidBooking,
  payingTenant,
  paymentsOf,
  refundsOf,
  sendEvent,
  stripeEvent,
} from "./support";
import { deliveriesFor } from "../../helpers/booking";

// Payments (design.md §21) seen by integrators (design.md §19): customer.created at hold time,
// payment.succeeded / payment.failed once per change whichever path moved the payment, and the
// payments routes with a tenant API key (a write key acts as an admin and is the audit's actor).

const NOW = "2031-05-01T12:00:00.000Z";
const START = "2031-05-14T10:00:00";
// design.md §31: a no-show is marked only once the start (10:00 New York, 14:00 UTC) has passed.
const AFTER_START = "2031-05-14T15:00:00.000Z";
const LATE = "2031-05-14T02:00:00.000Z";

const types = async (tenantId: string) => (await deliveriesFor(tenantId)).map((d) => d.eventType).sort();

async function auditOf(targetId: string, action: string) {
  return testDb().all<{ actor_type: string; actor_id: string }>(
    sql`SELECT actor_type, actor_id FROM audit_log WHERE target_id = ${targetId} AND action = ${action}`,
  );
}

/** A booking at a business with a no-show fee and a late-cancel fee, the customer's card saved. */
async function cardOnFile(opts: { pm?: string } = {}) {
  const setup = await payingTenant({
    price: 4000,
    depositPercent: 0,
    tenant: { requirePayment: false, noShowFeePercent: 50, lateCancelFeePercent: 30 },
  });
  await createEndpoint(setup.tenant.token, receiver().url);
  const body = bookingBody(setup.service.id, setup.staff.id, START);
  const res = await book(setup.tenant.slug, body, { now: NOW });
  expect(res.status).toBe(201);
  const booking = res.body.data;
  const pm = opts.pm ?? `pm_${crypto.randomUUID().slice(0, 8)}`;
  const saved = stripeEvent("setup_intent.succeeded", {
    id: booking.payment.setupClientSecret?.split("_secret_")[0],
    object: "setup_intent",
    status: "succeeded",
    payment_method: pm,
    metadata: { booking_id: booking.id, tenant_id: setup.tenant.id },
  });
  expect((await sendEvent(saved)).status).toBe(200);
  return { ...setup, booking, pm };
}

describe("customer.created at a business that takes payment", () => {
  it("is sent when the hold creates the record; booking.created and payment.succeeded follow the payment, each once", async () => {
    const setup = await payingTenant();
    await createEndpoint(setup.tenant.token, receiver().url);
    const res = await book(setup.tenant.slug, bookingBody(setup.service.id, setup.staff.id, START), { now: NOW });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("pending");
    // The record exists from the hold on (it stays if the hold ends unpaid); the booking is not announced yet.
    expect(await types(setup.tenant.id)).toEqual(["customer.created"]);

    const [payment] = await paymentsOf(res.body.data.id);
    const object = {
      id: payment.stripePaymentIntentId,
      object: "payment_intent",
      amount: payment.amount,
      currency: payment.currency.toLowerCase(),
      status: "succeeded",
      metadata: { booking_id: res.body.data.id, tenant_id: setup.tenant.id },
    };
    expect((await sendEvent(stripeEvent("payment_intent.succeeded", object))).status).toBe(200);
    expect((await sendEvent(stripeEvent("payment_intent.succeeded", object))).status).toBe(200);
    expect(await types(setup.tenant.id)).toEqual(["booking.created", "customer.created", "payment.succeeded"]);
  });
});

describe("payment.succeeded / payment.failed of a fee charged to the card on file", () => {
  it("are written by the charge's job, once: the fee intent's own event later announces nothing more", async () => {
    const c = await cardOnFile();
    expect(
      (
        await patch(
          `/api/bookings/${c.booking.id}/status`,
          { status: "no_show" },
          { token: await ownerToken(c.tenant.ownerId, c.tenant.id, "owner", new Date(AFTER_START)), now: AFTER_START },
        )
      ).status,
    ).toBe(200);
    await cronAt(AFTER_START, c.tenant.id);
    const fee = (await paymentsOf(c.booking.id)).find((p) => p.kind === "no_show_fee")!;
    expect(fee.status).toBe("succeeded");
    const paymentEvents = async () => (await types(c.tenant.id)).filter((t) => t.startsWith("payment."));
    expect(await paymentEvents()).toEqual(["payment.succeeded"]);
    const [delivery] = (await deliveriesFor(c.tenant.id)).filter((d) => d.eventType === "payment.succeeded");
    expect(JSON.parse(delivery.payload).data.payment).toMatchObject({
      id: fee.id,
      bookingId: c.booking.id,
      kind: "no_show_fee",
      amount: 2000,
      currency: "EUR",
      status: "succeeded",
      stripePaymentIntentId: fee.stripePaymentIntentId,
    });

    const late = stripeEvent("payment_intent.succeeded", {
      id: fee.stripePaymentIntentId,
      object: "payment_intent",
      amount: 2000,
      currency: "eur",
      status: "succeeded",
      metadata: { booking_id: c.booking.id, tenant_id: c.tenant.id, payment_id: fee.id, kind: "no_show_fee" },
    });
    expect((await sendEvent(late)).status).toBe(200);
    expect(await paymentEvents()).toEqual(["payment.succeeded"]);
  });

  it("a declined charge is announced as payment.failed", async () => {
    const c = await cardOnFile({ pm: "pm_card_declined_hooks" });
    await patch(
      `/api/bookings/${c.booking.id}/status`,
      { status: "no_show" },
      { token: await ownerToken(c.tenant.ownerId, c.tenant.id, "owner", new Date(AFTER_START)), now: AFTER_START },
    );
    await cronAt(AFTER_START, c.tenant.id);
    const [delivery, ...others] = (await deliveriesFor(c.tenant.id)).filter((d) => d.eventType.startsWith("payment."));
    expect(others).toHaveLength(0);
    expect(delivery.eventType).toBe("payment.failed");
    expect(JSON.parse(delivery.payload).data.payment).toMatchObject({ kind: "no_show_fee", status: "failed" });
  });
});

describe("the payments routes with a tenant API key", () => {
  it("a write key onboards to Stripe, audited with the key as actor; a read key is 403 and Stripe is never called", async () => {
    const tenant = await createTenant({ countryCode: "DE" });
    const read = await newApiKey(tenant.token, "read");
    const refused = await post("/api/payments/stripe-account/onboarding", undefined, { token: read.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    // A pasted account with a read key: refused on the business's read, before Stripe is asked.
    const putRefused = await put("/api/payments/stripe-account", { accountId: "acct_readkey1" }, { token: read.key });
    expect(putRefused.status).toBe(403);
    expect(await captured({ pathPrefix: "/stripe/v1/accounts", bodyContains: tenant.id })).toHaveLength(0);
    expect(await captured({ pathPrefix: "/stripe/v1/accounts/acct_readkey1" })).toHaveLength(0);

    const write = await newApiKey(tenant.token, "write");
    const res = await post("/api/payments/stripe-account/onboarding", undefined, { token: write.key });
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await auditOf(tenant.id, "tenant.stripe_account_changed")).toEqual([{ actor_type: "api_key", actor_id: write.id }]);
  });

  it("a write key refunds a payment and waives a fee, recorded with the key; a read key reads them but may not", async () => {
    const paid = await paidBooking({ now: NOW, start: START });
    const owner = paid.tenant;
    const read = await newApiKey(owner.token, "read");
    const write = await newApiKey(owner.token, "write");

    const view = await get(`/api/bookings/${paid.booking.id}/payments`, { token: read.key });
    expect(view.status).toBe(200);
    expect(view.body.data.payments[0]).toMatchObject({ id: paid.payment.id, status: "succeeded", refundable: 1200 });
    const readRefund = await post(`/api/payments/${paid.payment.id}/refund`, { amount: 200 }, { token: read.key });
    expect(readRefund.status).toBe(403);
    expect(await refundsOf(paid.payment.id)).toHaveLength(0);

    const refund = await post(`/api/payments/${paid.payment.id}/refund`, { amount: 200 }, { token: write.key });
    expect(refund.status).toBe(201);
    expect(refund.body.data).toMatchObject({ paymentId: paid.payment.id, amount: 200, status: "pending" });
    expect(await refundsOf(paid.payment.id)).toMatchObject([{ amount: 200, reason: "manual", createdBy: write.id }]);

    const c = await cardOnFile();
    const feeOwner = c.tenant;
    const feeWrite = await newApiKey(feeOwner.token, "write");
    const feeRead = await newApiKey(feeOwner.token, "read");
    expect((await post(`/api/public/booking/${c.booking.confirmationCode}/cancel`, {}, { now: LATE })).status).toBe(200);
    expect((await post(`/api/bookings/${c.booking.id}/waive-fee`, {}, { token: feeRead.key })).status).toBe(403);
    const waived = await post(`/api/bookings/${c.booking.id}/waive-fee`, {}, { token: feeWrite.key });
    expect(waived.status).toBe(200);
    expect(waived.body.data).toMatchObject({ kind: "late_cancel_fee", status: "cancelled" });
    expect(await auditOf(c.booking.id, "booking.fee_waived")).toEqual([{ actor_type: "api_key", actor_id: feeWrite.id }]);
    const fee = (await paymentsOf(c.booking.id)).find((p) => p.kind === "late_cancel_fee")!;
    expect(fee.waivedBy).toBe(feeWrite.id);
    const [job] = await jobsWithKey("stripe.fee_charge", `fee-${c.booking.id}-late_cancel_fee`);
    expect(job.status).toBe("cancelled");
  });
});
