import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { del } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { ownerToken, uniq } from "../../helpers/factories";
import { captured, deliverBatch, jobMessage, jobsWithKey, paidBooking, refundsOf } from "../payments/support";
import { bookingRow } from "../../helpers/booking";

// design.md §25: erasing a customer with a paid booking ahead: the business cancels it with a full
// refund (the refund stays queued and is made), and the card on file is detached at Stripe
// through the outbox (the capture server stands in for Stripe).

const ERASE_AT = "2031-03-20T09:00:00.000Z";

describe("erasure and money", () => {
  it("refunds the cancelled booking in full and detaches the saved card, each once, through the outbox", async () => {
    const b = await paidBooking({ now: "2031-03-01T09:00:00.000Z", start: "2031-03-30T12:00:00" });
    const paymentMethod = `pm_${uniq()}${uniq()}`;
    const t = new Date().toISOString();
    await testDb()
      .insert(schema.bookingCards)
      .values({
        id: newId("crd"),
        tenantId: b.tenant.id,
        bookingId: b.booking.id,
        stripeCustomerId: `cus_${uniq()}`,
        stripePaymentMethodId: paymentMethod,
        status: "saved",
        createdAt: t,
        updatedAt: t,
      });
    const customerId = (await bookingRow(b.booking.id)).customerId!;
    const token = await ownerToken(b.tenant.ownerId, b.tenant.id, "owner", new Date(ERASE_AT));

    const res = await del(`/api/customers/${customerId}?cancelUpcoming=true`, { token, now: ERASE_AT });
    expect(res.status).toBe(200);
    expect(res.body.data.cancelledBookingIds).toEqual([b.booking.id]);

    const [refund] = await refundsOf(b.payment.id);
    expect(refund).toMatchObject({ amount: b.payment.amount, status: "pending", reason: "business_cancel" });
    const [refundJob] = await jobsWithKey("stripe.refund", `refund-${b.payment.id}-`);
    const [detachJob] = await jobsWithKey("stripe.detach_payment_method", `detach-${paymentMethod}`);
    expect([refundJob.status, detachJob.status]).toEqual(["pending", "pending"]);

    const later = new Date(Date.parse(ERASE_AT) + 1000);
    await deliverBatch([jobMessage("stripe.refund", refundJob.id, later), jobMessage("stripe.detach_payment_method", detachJob.id, later)]);
    await deliverBatch([jobMessage("stripe.detach_payment_method", detachJob.id, later)]);
    const detach = await captured({ pathPrefix: `/stripe/v1/payment_methods/${paymentMethod}/detach` });
    expect(detach.map((c) => [c.method, c.headers["stripe-account"], c.headers["idempotency-key"]])).toEqual([
      ["POST", b.account, `detach-${paymentMethod}`],
    ]);
    expect(await captured({ pathPrefix: "/stripe/v1/refunds", bodyContains: b.payment.stripePaymentIntentId! })).toHaveLength(1);
    expect((await refundsOf(b.payment.id))[0].status).toBe("succeeded");
  });
});
