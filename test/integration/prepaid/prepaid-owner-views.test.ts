import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countDbRequests, del, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createCustomer, createMember, createService, createTenant, ownerToken, uniq } from "../../helpers/factories";
import { payingTenant } from "../payments/support";
import { issued, offered } from "./counter";
import { ownerTokenAt } from "./support";

// design.md §32, §15, issue #43 (owner app): the Packages and Promo codes pages read ONE view each;
// sold packages are listed with their credits; the customer view shows what the customer holds.

const NOW = "2031-05-01T12:00:00.000Z";
const LATER = "2031-05-01T12:05:00.000Z";

type Tenant = { ownerId: string; id: string };

/** "Five cuts": 5 sessions for 120.00, valid 30 days (each overridable). */
const makePackage = (tenant: Tenant, serviceIds: string[], extra: Record<string, unknown> = {}) =>
  offered(tenant, serviceIds, { name: "Five cuts", price: 12000, validityDays: 30, ...extra });

const issue = (tenant: Tenant, packageId: string, extra: Record<string, unknown> = {}, at = NOW) =>
  issued(tenant, packageId, { reason: "Paid cash", ...extra }, at);

describe("GET /api/businesses/me/views/packages", () => {
  it("shows the packages offered, which are on sale online, the packages sold with credits left, and the services, in one batch", async () => {
    const { tenant, service } = await payingTenant();
    const cheap = await makePackage(tenant, [service.id], { name: "Two minis", sessions: 2, price: 10 });
    const pack = await makePackage(tenant, [service.id]);
    const sold = await issue(tenant, pack.id, { buyerName: "Bo Buyer", buyerEmail: "bo@example.test" });
    // A session already spent, and a second package that has expired by the view's clock.
    await testDb().run(sql`UPDATE package_credits SET credits = 3 WHERE id = ${sold.id}`);
    const old = await issue(tenant, cheap.id, {}, "2031-03-01T12:00:00.000Z");
    const other = await createTenant();
    await issue(other, (await makePackage(other, [(await createService(other.id)).id])).id);

    const token = await ownerTokenAt(tenant, NOW);
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      get("/api/businesses/me/views/packages", { token, now: NOW, dbTag }),
    );
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.business.id).toBe(tenant.id);
    expect(d.onlineSales).toBe(true);
    // Below Stripe's minimum charge a package is sold at the counter only.
    // (Both made at the same pinned instant: their order among themselves is not the point.)
    expect(d.packages.map((p: { name: string; onSale: boolean }) => [p.name, p.onSale]).sort()).toEqual([
      ["Five cuts", true],
      ["Two minis", false],
    ]);
    expect(d.sold).toEqual([
      expect.objectContaining({
        id: sold.id,
        packageName: "Five cuts",
        credits: 3,
        sessions: 5,
        state: "active",
        buyerName: "Bo Buyer",
        last4: sold.last4,
      }),
      expect.objectContaining({ id: old.id, packageName: "Two minis", credits: 2, state: "expired", source: "owner" }),
    ]);
    expect(JSON.stringify(d.sold)).not.toMatch(/PK-/);
    expect(d.services).toEqual([{ id: service.id, name: service.name, isActive: true }]);
    // Like every view: the membership check, then the view's one batch.
    expect(dbRequests).toBe(2);
  });

  it("says nothing is on sale online while the business cannot take payments", async () => {
    const tenant = await createTenant();
    const service = await createService(tenant.id);
    await makePackage(tenant, [service.id]);
    const res = await get("/api/businesses/me/views/packages", { token: await ownerTokenAt(tenant, NOW), now: NOW });
    expect(res.body.data.onlineSales).toBe(false);
    expect(res.body.data.packages.map((p: { onSale: boolean }) => p.onSale)).toEqual([false]);
    expect(res.body.data.sold).toEqual([]);
  });

  it("is for owners and admins, like the packages API", async () => {
    const tenant = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    const admin = await createMember(tenant.id, "admin");
    for (const path of ["/api/businesses/me/views/packages", "/api/businesses/me/views/promo-codes", "/api/packages/sold"]) {
      expect((await get(path, { token: await ownerToken(staff.userId, tenant.id, "staff") })).status).toBe(403);
      expect((await get(path, { token: await ownerToken(admin.userId, tenant.id, "admin") })).status).toBe(200);
      expect((await get(path)).status).toBe(401);
    }
  });
});

describe("GET /api/packages/sold", () => {
  it("pages through the business's own sold packages, newest first", async () => {
    const tenant = await createTenant();
    const pack = await makePackage(tenant, [(await createService(tenant.id)).id]);
    const first = await issue(tenant, pack.id, {}, "2031-04-01T12:00:00.000Z");
    const second = await issue(tenant, pack.id, {}, "2031-04-02T12:00:00.000Z");
    const other = await createTenant();
    await issue(other, (await makePackage(other, [(await createService(other.id)).id])).id);
    const token = await ownerTokenAt(tenant, NOW);
    const all = await get("/api/packages/sold", { token, now: NOW });
    expect(all.body.data.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    const page = await get("/api/packages/sold?limit=1&offset=1", { token, now: NOW });
    expect(page.body.data.map((p: { id: string }) => p.id)).toEqual([first.id]);
    const bad = await get("/api/packages/sold?limit=0", { token, now: NOW });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fieldErrors)).toEqual(["limit"]);
  });
});

describe("GET /api/businesses/me/views/promo-codes", () => {
  it("shows the live codes with their uses and the services, in one batch, never another business's", async () => {
    const tenant = await createTenant();
    const service = await createService(tenant.id);
    const token = await ownerTokenAt(tenant, NOW);
    const code = await post(
      "/api/promo-codes",
      { code: "spring10", percentOff: 10, serviceIds: [service.id], maxUses: 5 },
      { token, now: NOW },
    );
    const gone = await post("/api/promo-codes", { code: "OLD5", amountOff: 500 }, { token, now: NOW });
    expect((await del(`/api/promo-codes/${gone.body.data.id}`, { token, now: NOW })).status).toBe(200);
    const other = await createTenant();
    await post("/api/promo-codes", { code: "THEIRS", percentOff: 5 }, { token: await ownerTokenAt(other, NOW), now: NOW });

    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      get("/api/businesses/me/views/promo-codes", { token, now: NOW, dbTag }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.codes).toEqual([
      expect.objectContaining({
        id: code.body.data.id,
        code: "SPRING10",
        percentOff: 10,
        amountOff: null,
        uses: 0,
        maxUses: 5,
        serviceIds: [service.id],
      }),
    ]);
    expect(res.body.data.services).toEqual([{ id: service.id, name: service.name, isActive: true }]);
    expect(dbRequests).toBe(2);
  });
});

describe("GET /api/customers/:id credits", () => {
  it("shows the customer's packages and the gift cards they bought or received, in the same round trip, never another business's", async () => {
    const { tenant, service } = await payingTenant();
    const customer = await createCustomer(tenant.id);
    const token = await ownerTokenAt(tenant, NOW);
    const pack = await makePackage(tenant, [service.id]);
    const mine = await issue(tenant, pack.id, { buyerEmail: customer.email });
    await issue(tenant, pack.id, { buyerEmail: "someone-else@example.test" });
    const received = await post(
      "/api/gift-cards",
      { amount: 3000, reason: "Goodwill", recipientEmail: customer.email },
      { token, now: NOW },
    );
    expect(received.status).toBe(201);
    const bought = await post(
      "/api/gift-cards",
      { amount: 5000, reason: "Counter sale", recipientEmail: "friend@example.test" },
      { token, now: LATER },
    );
    // The customer bought this one (as a purchase records its buyer's e-mail), then it was voided.
    await testDb().run(sql`UPDATE gift_cards SET buyer_email = ${customer.email}, status = 'void' WHERE id = ${bought.body.data.id}`);
    // The same e-mail at another business: none of it shows here.
    const other = await createTenant();
    await createCustomer(other.id, { email: customer.email });
    await post(
      "/api/gift-cards",
      { amount: 999, reason: "x", recipientEmail: customer.email },
      { token: await ownerTokenAt(other, NOW), now: NOW },
    );

    const { result: res, dbRequests } = await countDbRequests((dbTag) => get(`/api/customers/${customer.id}`, { token, now: NOW, dbTag }));
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(2);
    expect(res.body.data.credits.packages).toEqual([
      expect.objectContaining({ id: mine.id, packageName: "Five cuts", credits: 5, state: "active", last4: mine.last4 }),
    ]);
    expect(res.body.data.credits.giftCards).toEqual([
      expect.objectContaining({ id: bought.body.data.id, relation: "bought", balance: 5000, state: "void" }),
      expect.objectContaining({ id: received.body.data.id, relation: "received", balance: 3000, state: "active" }),
    ]);
    expect(JSON.stringify(res.body.data.credits)).not.toMatch(/GC-|PK-/);
  });

  it("shows empty credits for a customer without an e-mail, even when cards have none either", async () => {
    const tenant = await createTenant();
    const customer = await createCustomer(tenant.id, { email: "", emailNormalized: `none-${uniq()}` });
    const token = await ownerTokenAt(tenant, NOW);
    await post("/api/gift-cards", { amount: 3000, reason: "Counter sale" }, { token, now: NOW });
    const res = await get(`/api/customers/${customer.id}`, { token, now: NOW });
    expect(res.status).toBe(200);
    expect(res.body.data.credits).toEqual({ packages: [], giftCards: [] });
  });
});
