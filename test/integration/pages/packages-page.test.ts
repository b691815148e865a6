import { describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { get } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createService, type TenantOverrides, uniq } from "../../helpers/factories";
import { expectShopClosed, expectShopOpen, shopBusiness } from "./shop-pages";

// design.md §32: the package shop /packages?slug= (server side; the purchase itself is test/e2e/pages/package-shop.test.ts).

const business = (extra: TenantOverrides = {}) => shopBusiness("Package Salon", extra);

async function offer(tenantId: string, serviceIds: string[], price = 16000) {
  const now = new Date().toISOString();
  await testDb()
    .insert(schema.packages)
    .values({
      id: `pkg_${uniq()}`,
      tenantId,
      name: "Five colours",
      serviceIds,
      sessions: 5,
      price,
      currency: "EUR",
      validityDays: 90,
      createdAt: now,
      updatedAt: now,
    });
}

describe("GET /packages?slug=", () => {
  it("lists each package with its services, sessions, price and validity, allows Stripe's hosts, and the booking page links to it", async () => {
    const tenant = await business();
    const colour = await createService(tenant.id, { name: "Colour" });
    const cut = await createService(tenant.id, { name: "Cut & <b>style</b>" });
    await offer(tenant.id, [colour.id, cut.id]);
    await expectShopOpen("/packages", tenant.slug, [
      "Five colours",
      "5 sessions for €160.00",
      // The business's words are escaped, never markup.
      "For: Colour and Cut &amp; &lt;b&gt;style&lt;/b&gt;",
      "Valid for 90 days from purchase",
    ]);
  });

  it("says plainly, without Stripe, when nothing is on sale online; unknown and suspended businesses answer as the booking page", async () => {
    const none = await business();
    const noCharges = await business({ stripeChargesEnabled: false });
    await offer(noCharges.id, []);
    const counterOnly = await business();
    await offer(counterOnly.id, [], 10);
    for (const tenant of [none, noCharges, counterOnly]) {
      await expectShopClosed("/packages", tenant.slug, 200, "Package Salon has no packages on sale online right now.");
    }
    const unknown = await get(`/packages?slug=missing-${uniq()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("We couldn&#39;t find this business");
    const suspended = await business({ isSuspended: true, suspendedAt: new Date().toISOString() });
    await offer(suspended.id, []);
    expect((await get(`/packages?slug=${suspended.slug}`)).status).toBe(503);
  });

  it("speaks the business's language", async () => {
    const tenant = await business({ locale: "de", bookingLanguages: ["de"] });
    await offer(tenant.id, []);
    const res = await get(`/packages?slug=${tenant.slug}`, { headers: { "Accept-Language": "en" } });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toContain("5 Termine für 160,00");
  });
});
