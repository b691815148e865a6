import { describe, expect, it } from "vitest";
import { patch, post } from "../../helpers/api";
import { ownerToken } from "../../helpers/factories";
import {
  book,
  bookingBody,
  bookingOf,
  paidBooking,
  payingTenant,
  paymentsOf,
  refundsOf,
  sendEvent,
  stripeEvent,
} from "../payments/support";

// design.md §31 / issue #33 (medium): a customer with a deposit paid moved a booking that starts in
// 2 hours to next week, then cancelled: the refund rule looked at the new start, so the whole
// deposit came back and no fee was charged. And a business could change its fee and refund terms
// after a customer agreed to others. The terms are now fixed on the booking when it is made, its
// refund deadline stays the first one, and a move after it counts as a late cancellation.

const NOW = "2031-05-01T12:00:00.000Z"; // booked well ahead
const START = "2031-05-14T10:00:00"; // 10:00 New York = 14:00 UTC; 24 h window: deadline 2031-05-13T14:00Z
const TWO_HOURS_BEFORE = "2031-05-14T12:00:00.000Z";
const NEXT_WEEK = "2031-05-21T10:00:00";

const move = (code: string, to: string, now: string) => post(`/api/public/booking/${code}/reschedule`, { newStartDatetime: to }, { now });
const cancel = (code: string, now: string) => post(`/api/public/booking/${code}/cancel`, {}, { now });

describe("moving and then cancelling (design.md §31)", () => {
  it("refunds no more than cancelling would have: a deposit moved past its deadline and then cancelled is kept", async () => {
    const b = await paidBooking({ now: NOW, start: START });
    const code = b.booking.confirmationCode as string;
    expect(await bookingOf(b.booking.id)).toMatchObject({
      cancellationHours: 24,
      refundDeadlineAt: Date.parse("2031-05-13T14:00:00Z"),
      movedLateAt: null,
    });

    // The abuse path: 2 hours before the start, move it a week ahead, then cancel.
    const moved = await move(code, NEXT_WEEK, TWO_HOURS_BEFORE);
    expect(moved.status).toBe(200);
    const row = await bookingOf(b.booking.id);
    expect(row.startAt).toBe(Date.parse("2031-05-21T14:00:00Z"));
    // The first refund deadline stays; the late move is recorded.
    expect(row.refundDeadlineAt).toBe(Date.parse("2031-05-13T14:00:00Z"));
    expect(row.movedLateAt).toBe(TWO_HOURS_BEFORE);

    const cancelled = await cancel(code, "2031-05-14T12:05:00.000Z");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.refund).toBeNull();
    expect(await refundsOf(b.payment.id)).toEqual([]);
    expect((await paymentsOf(b.booking.id)).find((p) => p.kind === "deposit")?.status).toBe("succeeded");
  });

  it("a move before the deadline keeps the first deadline too, and a cancellation before it still refunds in full", async () => {
    const b = await paidBooking({ now: NOW, start: START });
    const code = b.booking.confirmationCode as string;
    expect((await move(code, NEXT_WEEK, "2031-05-10T12:00:00.000Z")).status).toBe(200);
    const row = await bookingOf(b.booking.id);
    expect(row).toMatchObject({ refundDeadlineAt: Date.parse("2031-05-13T14:00:00Z"), movedLateAt: null });
    const cancelled = await cancel(code, "2031-05-12T12:00:00.000Z");
    expect(cancelled.body.data.refund).toMatchObject({ amount: b.payment.amount, status: "pending" });
  });
});

describe("terms fixed at booking (design.md §31)", () => {
  it("a business shortening its window after the booking does not turn a kept deposit into a refund, nor the reverse", async () => {
    const b = await paidBooking({ now: NOW, start: START });
    const token = await ownerToken(b.tenant.ownerId, b.tenant.id, "owner", new Date(NOW));
    // The business now refunds up to the start...
    expect((await patch("/api/businesses/me", { cancellationHours: 0 }, { token, now: NOW })).status).toBe(200);
    // ...but this customer agreed to 24 hours: cancelling 12 hours ahead keeps the deposit.
    const cancelled = await cancel(b.booking.confirmationCode, "2031-05-14T02:00:00.000Z");
    expect(cancelled.body.data.refund).toBeNull();

    const c = await paidBooking({ now: NOW, start: START });
    const t2 = await ownerToken(c.tenant.ownerId, c.tenant.id, "owner", new Date(NOW));
    expect((await patch("/api/businesses/me", { cancellationHours: 96 }, { token: t2, now: NOW })).status).toBe(200);
    // Widened afterwards: this booking's deadline is still 24 hours before its start.
    expect((await cancel(c.booking.confirmationCode, "2031-05-12T12:00:00.000Z")).body.data.refund).toMatchObject({ status: "pending" });
  });
});

describe("fees after late moves (design.md §31)", () => {
  it("a second move after the deadline schedules the late-cancel fee to the card on file, once", async () => {
    const setup = await payingTenant({
      price: 4000,
      depositPercent: 0,
      tenant: { requirePayment: false, noShowFeePercent: 50, lateCancelFeePercent: 30 },
    });
    const res = await book(setup.tenant.slug, bookingBody(setup.service.id, setup.staff.id, START), { now: NOW });
    expect(res.status).toBe(201);
    const saved = stripeEvent("setup_intent.succeeded", {
      id: res.body.data.payment.setupClientSecret.split("_secret_")[0],
      object: "setup_intent",
      status: "succeeded",
      payment_method: `pm_${crypto.randomUUID().slice(0, 8)}`,
      metadata: { booking_id: res.body.data.id, tenant_id: setup.tenant.id },
    });
    expect((await sendEvent(saved)).status).toBe(200);
    const code = res.body.data.confirmationCode as string;
    const fees = async () => (await paymentsOf(res.body.data.id)).filter((p) => p.kind === "late_cancel_fee");

    expect((await move(code, NEXT_WEEK, TWO_HOURS_BEFORE)).status).toBe(200);
    expect(await fees()).toEqual([]);
    expect((await move(code, "2031-05-22T10:00:00", "2031-05-14T12:30:00.000Z")).status).toBe(200);
    const [fee] = await fees();
    expect(fee).toMatchObject({ status: "pending", amount: 1200, chargeAt: "2031-05-15T12:30:00.000Z" });
    // A third late move, or the cancellation, adds no second fee.
    expect((await move(code, "2031-05-23T10:00:00", "2031-05-14T12:40:00.000Z")).status).toBe(200);
    expect((await cancel(code, "2031-05-14T12:50:00.000Z")).status).toBe(200);
    expect(await fees()).toHaveLength(1);
  });

  it("the business moving a booking after the deadline never counts against the customer", async () => {
    const b = await paidBooking({ now: NOW, start: START });
    const token = await ownerToken(b.tenant.ownerId, b.tenant.id, "owner", new Date(TWO_HOURS_BEFORE));
    const moved = await post(`/api/bookings/${b.booking.id}/reschedule`, { newStartDatetime: NEXT_WEEK }, { token, now: TWO_HOURS_BEFORE });
    expect(moved.status).toBe(200);
    expect((await bookingOf(b.booking.id)).movedLateAt).toBeNull();
  });
});
