import { describe, expect, it } from "vitest";
import { normalizePromoCode, type PromoRow, promoDiscount, promoItemDiscounts, promoRefusal } from "../../../src/domain/promo-codes";

const row = (over: Partial<PromoRow> = {}): PromoRow => ({
  id: "prm_1",
  percentOff: 10,
  amountOff: null,
  serviceIds: null,
  validFrom: null,
  validTo: null,
  maxUses: null,
  uses: 0,
  firstVisitOnly: 0,
  visited: 0,
  ...over,
});
const use = { today: "2031-05-01", serviceIds: ["svc_a"] };

describe("promo codes", () => {
  it("reads a typed code case-insensitively without spaces", () => {
    expect(normalizePromoCode(" spring 10 ")).toBe("SPRING10");
  });

  it("takes a percentage rounded to the minor unit, or an amount, never more than the price", () => {
    expect(promoDiscount(3333, { percentOff: 15, amountOff: null })).toBe(500);
    expect(promoDiscount(4000, { percentOff: 100, amountOff: null })).toBe(4000);
    expect(promoDiscount(4000, { percentOff: null, amountOff: 500 })).toBe(500);
    expect(promoDiscount(400, { percentOff: null, amountOff: 500 })).toBe(400);
  });

  it("names why a code does not apply, days inclusive", () => {
    expect(promoRefusal(undefined, use)).toBe("No promo code has this code");
    expect(promoRefusal(row({ validFrom: "2031-05-01", validTo: "2031-05-01" }), use)).toBeNull();
    expect(promoRefusal(row({ validFrom: "2031-05-02" }), use)).toBe("This promo code is valid from 2031-05-02");
    expect(promoRefusal(row({ validTo: "2031-04-30" }), use)).toBe("This promo code has expired");
    expect(promoRefusal(row({ maxUses: 2, uses: 2 }), use)).toBe("This promo code has been used up");
    expect(promoRefusal(row({ serviceIds: '["svc_b"]' }), use)).toBe("This promo code does not apply to this service");
    expect(promoRefusal(row({ serviceIds: '["svc_a","svc_b"]' }), use)).toBeNull();
    expect(promoRefusal(row({ firstVisitOnly: 1, visited: 1 }), use)).toBe("This promo code is for a first visit only");
    expect(promoRefusal(row({ firstVisitOnly: 0, visited: 1 }), use)).toBeNull();
  });

  it("on a visit applies when it covers one of its services, and lowers only the items it covers", () => {
    const visit = { today: "2031-05-01", serviceIds: ["svc_a", "svc_b"] };
    expect(promoRefusal(row({ serviceIds: '["svc_b"]' }), visit)).toBeNull();
    expect(promoRefusal(row({ serviceIds: '["svc_c"]' }), visit)).toBe("This promo code does not apply to this service");
    const items = [
      { serviceId: "svc_a", price: 4000 },
      { serviceId: "svc_b", price: 2500 },
    ];
    expect(promoItemDiscounts(items, { percentOff: 10, amountOff: null, serviceIds: '["svc_b"]' })).toEqual([0, 250]);
    expect(promoItemDiscounts(items, { percentOff: 10, amountOff: null, serviceIds: null })).toEqual([400, 250]);
    // A fixed amount is taken once per visit, over the covered items in order.
    expect(promoItemDiscounts(items, { percentOff: null, amountOff: 5000, serviceIds: null })).toEqual([4000, 1000]);
    expect(promoItemDiscounts(items, { percentOff: null, amountOff: 9000, serviceIds: '["svc_b"]' })).toEqual([0, 2500]);
  });
});
