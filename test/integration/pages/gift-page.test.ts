import { describe, expect, it } from "vitest";
import { GIFT_CARD_DEFAULTS } from "../../../src/shared/gift-cards";
import { get } from "../../helpers/api";
import { createService, createStaff, type TenantOverrides, uniq } from "../../helpers/factories";
import { expectShopClosed, expectShopOpen, shopBusiness } from "./shop-pages";

// design.md §32: the gift-card page /gift?slug= (server side; the purchase itself is test/e2e/pages/gift.test.ts).

const selling = (extra: TenantOverrides = {}) =>
  shopBusiness("Gift Salon", { giftCardSettings: { ...GIFT_CARD_DEFAULTS, enabled: true, presets: [2500, 5000] }, ...extra });

describe("GET /gift?slug=", () => {
  it("offers the business's amounts, allows Stripe's hosts for its payment, and the booking page links to it", async () => {
    const tenant = await selling();
    await createService(tenant.id, { name: "Cut" });
    await createStaff(tenant.id, { displayName: "Sam" });
    await expectShopOpen("/gift", tenant.slug, ["Buy a gift card", "€25.00", "€50.00", 'data-min="1000"']);
  });

  it("is a 404 page in plain words, without Stripe, when the business does not sell gift cards", async () => {
    const off = await selling({ giftCardSettings: { ...GIFT_CARD_DEFAULTS, enabled: false } });
    const noAccount = await selling({ stripeAccountId: null });
    for (const tenant of [off, noAccount]) {
      await expectShopClosed("/gift", tenant.slug, 404, "Gift Salon does not sell gift cards online right now.");
    }
    const unknown = await get(`/gift?slug=missing-${uniq()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("We couldn&#39;t find this business");
  });

  it("speaks the business's language", async () => {
    const tenant = await selling({ locale: "de", bookingLanguages: ["de"] });
    const res = await get(`/gift?slug=${tenant.slug}`, { headers: { "Accept-Language": "en" } });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toContain("Gutschein kaufen");
  });
});
