import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countDbRequests, del } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createService } from "../../helpers/factories";
import { bookableTenant } from "../../helpers/booking";
import { cronAt } from "../notifications/support";
import { book, bookingBody, bookingOf, payingTenant, stripeCalls } from "../payments/support";
import { promo, usesOf } from "./counter";
import { dailyStarts, oneWinner, ownerTokenAt } from "./support";

// design.md §32, issue #43 item 4: a promo code at public create lowers the price before the
// deposit is computed, its uses counted in the booking's own atomic write.

const NOW = "2031-05-01T12:00:00.000Z";
const START = "2031-05-14T10:00:00";

async function bookingsOf(tenantId: string) {
  return testDb().all<{ id: string; status: string; totalAmount: number; promoCodeId: string | null; promoDiscount: number }>(sql`
    SELECT id, status, total_amount AS totalAmount, promo_code_id AS promoCodeId, promo_discount AS promoDiscount
    FROM bookings WHERE tenant_id = ${tenantId} ORDER BY created_at`);
}

/** A business that takes no payment, one service, one staff member. */
async function plainTenant() {
  return bookableTenant({ tenant: { maxAdvanceDays: 36_500 }, service: { durationMinutes: 30, price: 3000 } });
}

describe("booking with a promo code", () => {
  it("lowers the price before the deposit is computed, counts the use, and costs 2 libSQL requests", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 50 });
    const code = await promo(tenant, { code: "SPRING25", percentOff: 25 });
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      book(tenant.slug, { ...bookingBody(service.id, staff.id, START), promoCode: " spring25 " }, { now: NOW, dbTag }),
    );
    expect(res.status).toBe(201);
    expect(dbRequests).toBe(2);
    // 40.00 less 25 % = 30.00; the deposit is half of that.
    expect(res.body.data.payment).toMatchObject({ amount: 1500, kind: "deposit", price: 3000 });
    const [intent] = await stripeCalls(tenant.id);
    expect(new URLSearchParams(intent.body).get("amount")).toBe("1500");
    expect(await bookingOf(res.body.data.id)).toMatchObject({ totalAmount: 3000, promoCodeId: code.id, promoDiscount: 1000 });
    expect(await usesOf(code.id)).toBe(1);
  });

  it("never lowers the price below 0: an amount off above the price makes the booking free, confirmed without Stripe", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 0 });
    const code = await promo(tenant, { code: "FREEBIE", amountOff: 9000 });
    const res = await book(tenant.slug, { ...bookingBody(service.id, staff.id, START), promoCode: "FREEBIE" }, { now: NOW });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: "confirmed", payment: null });
    expect(await stripeCalls(tenant.id)).toEqual([]);
    expect(await bookingOf(res.body.data.id)).toMatchObject({ totalAmount: 0, promoDiscount: 4000 });
    expect(await usesOf(code.id)).toBe(1);
  });

  it("refuses an unknown, not yet valid, expired, used-up, other-service or repeat-visit code with fieldErrors.promoCode, holding nothing", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 0 });
    const other = await createService(tenant.id, { name: "Other", price: 1000 });
    // A returning customer: booked here before (no code).
    const regular = bookingBody(service.id, staff.id, "2031-05-20T10:00:00");
    expect((await book(tenant.slug, regular, { now: NOW })).status).toBe(201);
    const before = await bookingsOf(tenant.id);
    const usedUp = await promo(tenant, { code: "USEDUP", percentOff: 10, maxUses: 1 });
    await testDb().run(sql`UPDATE promo_codes SET uses = 1 WHERE id = ${usedUp.id}`);
    await promo(tenant, { code: "LATER", percentOff: 10, validFrom: "2031-05-02" });
    await promo(tenant, { code: "OVER", percentOff: 10, validTo: "2031-04-30" });
    await promo(tenant, { code: "OTHERONLY", percentOff: 10, serviceIds: [other.id] });
    await promo(tenant, { code: "NEWHERE", percentOff: 10, firstVisitOnly: true });
    const gone = await promo(tenant, { code: "GONE", percentOff: 10 });
    expect((await del(`/api/promo-codes/${gone.id}`, { token: await ownerTokenAt(tenant, NOW), now: NOW })).status).toBe(200);
    const cases: [string, string, string | undefined][] = [
      ["NOPE", "No promo code has this code", undefined],
      ["GONE", "No promo code has this code", undefined],
      ["LATER", "This promo code is valid from 2031-05-02", undefined],
      ["OVER", "This promo code has expired", undefined],
      ["USEDUP", "This promo code has been used up", undefined],
      ["OTHERONLY", "This promo code does not apply to this service", undefined],
      ["NEWHERE", "This promo code is for a first visit only", regular.customer.email],
    ];
    for (const [code, message, email] of cases) {
      const body = bookingBody(service.id, staff.id, START);
      if (email) body.customer.email = email;
      const res = await book(tenant.slug, { ...body, promoCode: code }, { now: NOW });
      expect(res.status, code).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      expect(res.body.error.details.fieldErrors).toEqual({ promoCode: [message] });
    }
    expect(await bookingsOf(tenant.id)).toEqual(before);
    expect(await stripeCalls(tenant.id)).toHaveLength(1);
    // A first visitor may use the first-visit code.
    const first = await book(tenant.slug, { ...bookingBody(service.id, staff.id, START), promoCode: "newhere" }, { now: NOW });
    expect(first.status).toBe(201);
  });

  it("lets only one of 15 concurrent bookings take the last use; the database agrees", async () => {
    const { tenant, service, staff } = await plainTenant();
    const code = await promo(tenant, { code: "LASTONE", amountOff: 500, maxUses: 3 });
    await testDb().run(sql`UPDATE promo_codes SET uses = 2 WHERE id = ${code.id}`);
    const results = await Promise.all(
      dailyStarts(15).map((start) =>
        book(tenant.slug, { ...bookingBody(service.id, staff.id, start), promoCode: "LASTONE" }, { now: NOW }),
      ),
    );
    const won = oneWinner(results, "promoCode");
    expect(await usesOf(code.id)).toBe(3);
    expect(await bookingsOf(tenant.id)).toEqual([
      { id: won.body.data.id, status: "confirmed", totalAmount: 2500, promoCodeId: code.id, promoDiscount: 500 },
    ]);
  });

  it("gives the use back when the hold is released unpaid, so the code can be used again", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 30 });
    const code = await promo(tenant, { code: "ONCE", percentOff: 50, maxUses: 1 });
    const held = await book(tenant.slug, { ...bookingBody(service.id, staff.id, START), promoCode: "ONCE" }, { now: NOW });
    expect(held.body.data.status).toBe("pending");
    expect(await usesOf(code.id)).toBe(1);
    await cronAt(new Date(Date.parse(NOW) + 16 * 60_000), tenant.id);
    expect((await bookingOf(held.body.data.id)).status).toBe("cancelled");
    expect(await usesOf(code.id)).toBe(0);
    const again = await book(tenant.slug, { ...bookingBody(service.id, staff.id, START), promoCode: "ONCE" }, { now: NOW });
    expect(again.status).toBe(201);
    expect(await usesOf(code.id)).toBe(1);
  });
});
