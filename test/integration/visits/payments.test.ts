import { describe, expect, it } from "vitest";
import { get, post } from "../../helpers/api";
import { createService, ownerToken, type TenantOverrides } from "../../helpers/factories";
import { webhookEndpoint, deliveriesFor } from "../../helpers/booking";
import {
  book,
  bookingOf,
  customer,
  intentObject,
  payingTenant,
  paymentsOf,
  refundsOf,
  sendEvent,
  stripeCalls,
  stripeEvent,
} from "../payments/support";
import { itemsOfVisit } from "./_setup";
import { outboxMails } from "../../helpers/mail";

// design.md §26 + §21/§31: a visit's money is the sum of its items' and hangs on its first item;
// paid, moved and cancelled, it is treated exactly as one booking's.

const NOW = "2031-05-01T12:00:00.000Z";
const START = "2031-05-14T10:00:00"; // 10:00 New York = 14:00 UTC; 24 h window: refund deadline 2031-05-13T14:00Z
const TWO_HOURS_BEFORE = "2031-05-14T12:00:00.000Z";
const NEXT_WEEK = "2031-05-21T10:00:00";

/** A paying business (Stripe connected, 24 h policy): Colour 40.00 at 30 % deposit, Blow-dry 25.00 at 40 %. */
async function payingSalon(tenant: TenantOverrides = {}, depositPercents: [number, number] = [30, 40]) {
  const setup = await payingTenant({ price: 4000, depositPercent: depositPercents[0], tenant });
  const dry = await createService(setup.tenant.id, {
    name: "Blow-dry",
    durationMinutes: 30,
    price: 2500,
    depositPercent: depositPercents[1],
  });
  return { ...setup, dry };
}

async function heldVisit(s: Awaited<ReturnType<typeof payingSalon>>) {
  const body = {
    items: [
      { serviceId: s.service.id, staffProfileId: s.staff.id },
      { serviceId: s.dry.id, staffProfileId: s.staff.id },
    ],
    startDatetime: START,
    customer: customer(),
  };
  const res = await book(s.tenant.slug, body, { now: NOW });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const data = res.body.data;
  return { data, code: data.confirmationCode as string, firstId: data.items[0].id as string, email: body.customer.email };
}

async function paidVisit(tenant: TenantOverrides = {}) {
  const s = await payingSalon(tenant);
  const v = await heldVisit(s);
  const paid = await sendEvent(stripeEvent("payment_intent.succeeded", await intentObject(v.firstId)));
  expect(paid.status).toBe(200);
  const [payment] = await paymentsOf(v.firstId);
  return { ...s, ...v, payment };
}

const move = (code: string, to: string, now: string) => post(`/api/public/booking/${code}/reschedule`, { newStartDatetime: to }, { now });
const cancel = (code: string, now: string) => post(`/api/public/booking/${code}/cancel`, {}, { now });

describe("a visit's payment (design.md §21, §26)", () => {
  it("sums amounts and deposits across the items, asks Stripe for the sum, and the paid event confirms every item", async () => {
    const s = await payingSalon();
    await webhookEndpoint(s.tenant.id);
    const v = await heldVisit(s);
    // Deposits 30 % of 40.00 and 40 % of 25.00: 12.00 + 10.00 of 65.00.
    expect(v.data).toMatchObject({ status: "pending", payment: { amount: 2200, price: 6500, kind: "deposit", currency: "EUR" } });
    const intents = await stripeCalls(s.tenant.id, "/stripe/v1/payment_intents");
    expect(intents).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(intents[0].body))).toMatchObject({
      amount: "2200",
      currency: "eur",
      "metadata[booking_id]": v.firstId,
    });
    const [payment] = await paymentsOf(v.firstId);
    expect(payment).toMatchObject({ amount: 2200, kind: "deposit", status: "pending" });
    expect((await itemsOfVisit(v.data.id)).map((i) => [i.status, i.totalAmount])).toEqual([
      ["pending", 4000],
      ["pending", 2500],
    ]);
    expect(await outboxMails(v.email)).toHaveLength(0);

    const paid = await sendEvent(stripeEvent("payment_intent.succeeded", await intentObject(v.firstId)));
    expect(paid.status).toBe(200);
    // Every item is confirmed and none is left under a hold the expiry cron would release.
    expect((await itemsOfVisit(v.data.id)).map((i) => [i.status, i.holdExpiresAt])).toEqual([
      ["confirmed", null],
      ["confirmed", null],
    ]);
    // One confirmation for the visit, listing both services, and one booking.created with the summed total.
    const mails = (await outboxMails(v.email)).filter((m) => m.kind === "booking.confirmed");
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain("Blow-dry");
    const created = (await deliveriesFor(s.tenant.id)).filter((d) => d.eventType === "booking.created");
    expect(created).toHaveLength(1);
    const hook = JSON.parse(created[0].payload) as { data: { booking: { id: string; totalAmount: number; items: unknown[] } } };
    expect(hook.data.booking).toMatchObject({ id: v.data.id, totalAmount: 6500 });
    expect(hook.data.booking.items).toHaveLength(2);
    // The lookup shows the confirmed visit and its paid deposit.
    const lookup = await get(`/api/public/booking/${v.code}`);
    expect(lookup.body.data).toMatchObject({ id: v.data.id, status: "confirmed", payment: { status: "succeeded", amount: 2200 } });
  });
});

describe("a visit's money when it is cancelled or moved (design.md §21, §31)", () => {
  it("cancelled by the customer inside the window: the deposit is kept, every item cancelled", async () => {
    const v = await paidVisit();
    const res = await cancel(v.code, TWO_HOURS_BEFORE);
    expect(res.status).toBe(200);
    expect(res.body.data.refund).toBeNull();
    expect(await refundsOf(v.payment.id)).toEqual([]);
    expect((await itemsOfVisit(v.data.id)).map((i) => i.status)).toEqual(["cancelled", "cancelled"]);
  });

  it("cancelled by the customer before the deadline: the whole deposit is refunded", async () => {
    const v = await paidVisit();
    const res = await cancel(v.code, "2031-05-12T12:00:00.000Z");
    expect(res.body.data.refund).toMatchObject({ amount: 2200, currency: "EUR", status: "pending" });
    expect((await refundsOf(v.payment.id)).map((r) => r.amount)).toEqual([2200]);
  });

  it("moved by the customer after the deadline and then cancelled: the deadline stays the first one and the deposit is kept", async () => {
    const v = await paidVisit();
    const moved = await move(v.code, NEXT_WEEK, TWO_HOURS_BEFORE);
    expect(moved.status).toBe(200);
    const first = await bookingOf(v.firstId);
    expect(first).toMatchObject({
      startAt: Date.parse("2031-05-21T14:00:00Z"),
      refundDeadlineAt: Date.parse("2031-05-13T14:00:00Z"),
      movedLateAt: TWO_HOURS_BEFORE,
    });
    const res = await cancel(v.code, "2031-05-14T12:05:00.000Z");
    expect(res.body.data.refund).toBeNull();
    expect(await refundsOf(v.payment.id)).toEqual([]);
  });

  it("moved before the deadline: nothing recorded, and a cancellation before the deadline still refunds in full", async () => {
    const v = await paidVisit();
    expect((await move(v.code, NEXT_WEEK, "2031-05-10T12:00:00.000Z")).status).toBe(200);
    expect(await bookingOf(v.firstId)).toMatchObject({ refundDeadlineAt: Date.parse("2031-05-13T14:00:00Z"), movedLateAt: null });
    const res = await cancel(v.code, "2031-05-12T12:00:00.000Z");
    expect(res.body.data.refund).toMatchObject({ amount: 2200, status: "pending" });
  });

  it("a second late move schedules the late-cancel fee on the visit's summed price, to the card on file, once", async () => {
    const s = await payingSalon({ requirePayment: false, noShowFeePercent: 50, lateCancelFeePercent: 30 }, [0, 0]);
    const v = await heldVisit(s);
    expect(v.data.payment).toMatchObject({ setupClientSecret: expect.stringMatching(/_secret_/) });
    const saved = stripeEvent("setup_intent.succeeded", {
      id: v.data.payment.setupClientSecret.split("_secret_")[0],
      object: "setup_intent",
      status: "succeeded",
      payment_method: `pm_${crypto.randomUUID().slice(0, 8)}`,
      metadata: { booking_id: v.firstId, tenant_id: s.tenant.id },
    });
    expect((await sendEvent(saved)).status).toBe(200);
    expect((await itemsOfVisit(v.data.id)).map((i) => i.status)).toEqual(["confirmed", "confirmed"]);
    const fees = async () => (await paymentsOf(v.firstId)).filter((p) => p.kind === "late_cancel_fee");

    expect((await move(v.code, NEXT_WEEK, TWO_HOURS_BEFORE)).status).toBe(200);
    expect(await fees()).toEqual([]);
    expect((await move(v.code, "2031-05-22T10:00:00", "2031-05-14T12:30:00.000Z")).status).toBe(200);
    // 30 % of 65.00, charged 24 hours later unless the owner waives it.
    const [fee] = await fees();
    expect(fee).toMatchObject({ status: "pending", amount: 1950, chargeAt: "2031-05-15T12:30:00.000Z" });
    expect((await move(v.code, "2031-05-23T10:00:00", "2031-05-14T12:40:00.000Z")).status).toBe(200);
    expect((await cancel(v.code, "2031-05-14T12:50:00.000Z")).status).toBe(200);
    expect(await fees()).toHaveLength(1);
  });

  it("the business moving a visit after the deadline never counts against the customer", async () => {
    const v = await paidVisit();
    const token = await ownerToken(v.tenant.ownerId, v.tenant.id, "owner", new Date(TWO_HOURS_BEFORE));
    const moved = await post(`/api/bookings/${v.firstId}/reschedule`, { newStartDatetime: NEXT_WEEK }, { token, now: TWO_HOURS_BEFORE });
    expect(moved.status).toBe(200);
    expect((await bookingOf(v.firstId)).movedLateAt).toBeNull();
  });
});
