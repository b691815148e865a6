import { describe, expect, it } from "vitest";
import { call, countDbRequests, get } from "../../helpers/api";
import { GIFT_CARD_DEFAULTS } from "../../../src/shared/gift-cards";
import * as schema from "../../../src/db/schema";
import { testDb } from "../../helpers/db";
import { createTenant, uniq } from "../../helpers/factories";

describe("GET /widget/status", () => {
  it("reports an open business with its colour, mode and name, readable from any origin", async () => {
    const tenant = await createTenant({ businessName: "Widget Salon", widgetColor: "#E11D48", widgetMode: "inline" });
    const res = await get(`/widget/status?slug=${tenant.slug}`, { headers: { Origin: "https://shop.example.test" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.body.data).toMatchObject({
      status: "available",
      widgetColor: "#e11d48",
      widgetMode: "inline",
      businessName: "Widget Salon",
      giftCards: false,
      packages: false,
    });
    expect(res.body.data.locale).toBe("en");
    expect(res.body.data.words).toEqual({
      button: "Book an appointment",
      frameTitle: "Book with Widget Salon",
      unavailableButton: "Booking unavailable",
      unavailable: "Online booking with Widget Salon is temporarily unavailable. Please try again later.",
      giftCards: "Buy a gift card",
      packages: "Buy a package of sessions",
    });
  });

  it("says whether the business sells gift cards (design.md §32), so the widget links to its gift-card page", async () => {
    const stripe = { stripeAccountId: `acct_w${uniq()}`, stripeChargesEnabled: true };
    const selling = await createTenant({ ...stripe, giftCardSettings: { ...GIFT_CARD_DEFAULTS, enabled: true } });
    const off = await createTenant({ ...stripe, giftCardSettings: { ...GIFT_CARD_DEFAULTS, enabled: false } });
    const noCharges = await createTenant({
      stripeAccountId: `acct_w${uniq()}`,
      giftCardSettings: { ...GIFT_CARD_DEFAULTS, enabled: true },
    });
    expect((await get(`/widget/status?slug=${selling.slug}`)).body.data.giftCards).toBe(true);
    expect((await get(`/widget/status?slug=${off.slug}`)).body.data.giftCards).toBe(false);
    expect((await get(`/widget/status?slug=${noCharges.slug}`)).body.data.giftCards).toBe(false);
  });

  it("says whether the business sells packages online (design.md §32), so the widget links to its package shop", async () => {
    const stripe = { stripeAccountId: `acct_w${uniq()}`, stripeChargesEnabled: true };
    const selling = await createTenant(stripe);
    const cheapOnly = await createTenant(stripe);
    const noCharges = await createTenant({ stripeAccountId: `acct_w${uniq()}` });
    const now = new Date().toISOString();
    const offer = (tenantId: string, price: number, deletedAt: string | null = null) => ({
      id: `pkg_${uniq()}`,
      tenantId,
      name: "Five colours",
      serviceIds: [],
      sessions: 5,
      price,
      currency: "EUR",
      validityDays: 365,
      deletedAt,
      createdAt: now,
      updatedAt: now,
    });
    // Below Stripe's minimum charge, a package is sold at the counter only; a deleted one is not offered.
    await testDb()
      .insert(schema.packages)
      .values([offer(selling.id, 16000), offer(cheapOnly.id, 10), offer(cheapOnly.id, 16000, now), offer(noCharges.id, 16000)]);
    expect((await get(`/widget/status?slug=${selling.slug}`)).body.data.packages).toBe(true);
    expect((await get(`/widget/status?slug=${cheapOnly.slug}`)).body.data.packages).toBe(false);
    expect((await get(`/widget/status?slug=${noCharges.slug}`)).body.data.packages).toBe(false);
  });

  it("tells suspended and inactive businesses (unavailable) from unknown slugs", async () => {
    const suspended = await createTenant({ isSuspended: true, suspendedAt: new Date().toISOString() });
    const inactive = await createTenant({ isActive: false });
    expect((await get(`/widget/status?slug=${suspended.slug}`)).body.data.status).toBe("unavailable");
    expect((await get(`/widget/status?slug=${inactive.slug}`)).body.data.status).toBe("unavailable");
    const unknown = await get(`/widget/status?slug=missing-${uniq()}`);
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toMatchObject({
      status: "unknown",
      widgetColor: null,
      widgetMode: null,
      businessName: null,
      giftCards: false,
    });
  });

  it("never hands out a colour that is not a hex colour, nor a mode other than popup or inline", async () => {
    const tenant = await createTenant({ widgetColor: "red;background:url(x)", widgetMode: "<b>weird</b>" });
    const res = await get(`/widget/status?slug=${tenant.slug}`);
    expect(res.body.data.widgetColor).toBe("#4f46e5");
    expect(res.body.data.widgetMode).toBe("popup");
  });

  it("answers a CORS preflight from any origin without touching the database", async () => {
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      call("OPTIONS", "/widget/status?slug=any", {
        dbTag,
        headers: {
          Origin: "https://shop.example.test",
          "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "x-requested-with",
        },
      }),
    );
    expect(result.status).toBe(204);
    expect(result.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(result.headers.get("Access-Control-Allow-Headers")).toBe("x-requested-with");
    expect(result.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(dbRequests).toBe(0);
  });

  it("costs one round trip, and none for a malformed slug", async () => {
    const tenant = await createTenant();
    const one = await countDbRequests((dbTag) => get(`/widget/status?slug=${tenant.slug}`, { dbTag }));
    expect(one.result.body.data.status).toBe("available");
    expect(one.dbRequests).toBe(1);
    const none = await countDbRequests((dbTag) =>
      call("GET", `/widget/status?slug=${encodeURIComponent("x'; drop table tenants;--")}`, { dbTag }),
    );
    expect(none.result.body.data.status).toBe("unknown");
    expect(none.dbRequests).toBe(0);
  });
});
