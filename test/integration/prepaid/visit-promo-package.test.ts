import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countDbRequests, post } from "../../helpers/api";
import { customerAt } from "../../helpers/booking";
import { testDb } from "../../helpers/db";
import { createService, createStaff, createTenant } from "../../helpers/factories";
import { cronAt } from "../notifications/support";
import { book, payingTenant, paymentsOf, stripeCalls } from "../payments/support";
import { creditsOf, issued, offered, promo, usesOf } from "./counter";
import { dailyStarts, oneWinner, twoItemVisit } from "./support";

// design.md §32 + §26, issue #43 (prepaid-book item 1): promo codes and packages on a visit, taken in
// the visit's one atomic write; a released hold and a refunded cancellation give them back.

const NOW = "2031-05-01T12:00:00.000Z";
const START = "2031-05-14T10:00:00";

type Owner = { ownerId: string; id: string };

/** "Colour and dry" issued by hand: `sessions` credits (5 unless given) for the services named. */
async function issuedPackage(tenant: Owner, serviceIds: string[], opts: { sessions?: number; buyerEmail?: string } = {}) {
  const pack = await offered(tenant, serviceIds, { name: "Colour and dry", sessions: opts.sessions ?? 5 });
  return issued(tenant, pack.id, opts.buyerEmail ? { buyerEmail: opts.buyerEmail } : {});
}

async function itemsOf(tenantId: string) {
  return testDb().all<{
    status: string;
    visitId: string;
    totalAmount: number;
    promoCodeId: string | null;
    promoDiscount: number;
    packageCreditId: string | null;
  }>(sql`
    SELECT status, visit_id AS visitId, total_amount AS totalAmount, promo_code_id AS promoCodeId, promo_discount AS promoDiscount,
           package_credit_id AS packageCreditId
    FROM bookings WHERE tenant_id = ${tenantId} ORDER BY start_at, id`);
}

/** Colour 40.00 (30 % deposit) then Blow-dry 25.00 (30 % deposit), one staff member, at a business taking deposits. */
async function payingVisitSalon() {
  const setup = await payingTenant({ price: 4000, depositPercent: 30 });
  const dry = await createService(setup.tenant.id, { name: "Blow-dry", durationMinutes: 30, price: 2500, depositPercent: 30 });
  return { ...setup, dry };
}

/** The same services at a business that takes no payment (races without Stripe). */
async function plainVisitSalon() {
  const tenant = await createTenant({ maxAdvanceDays: 36_500 });
  const service = await createService(tenant.id, { name: "Colour", durationMinutes: 60, price: 4000 });
  const dry = await createService(tenant.id, { name: "Blow-dry", durationMinutes: 30, price: 2500 });
  const staff = await createStaff(tenant.id, { displayName: "Sam" });
  return { tenant, service, dry, staff };
}

const visitBody = twoItemVisit;
const dates = (n: number) => dailyStarts(n, "2031-06", 1);

describe("a promo code on a visit", () => {
  it("lowers only the items it covers before the deposit, counts one use in the visit's 2 requests, and a released hold gives it back", async () => {
    const s = await payingVisitSalon();
    const code = await promo(s.tenant, { code: "COLOUR50", percentOff: 50, serviceIds: [s.service.id] });
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      book(s.tenant.slug, visitBody(s, START, { promoCode: "colour50" }), { now: NOW, dbTag }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(dbRequests).toBe(2);
    // Colour 40.00 -> 20.00, Blow-dry stays 25.00: 45.00, the deposits 30 % of each = 6.00 + 7.50.
    expect(res.body.data.payment).toMatchObject({ amount: 1350, kind: "deposit", price: 4500 });
    const [intent] = await stripeCalls(s.tenant.id);
    expect(new URLSearchParams(intent.body).get("amount")).toBe("1350");
    const items = await itemsOf(s.tenant.id);
    expect(items.map((i) => [i.totalAmount, i.promoDiscount, i.promoCodeId])).toEqual([
      [2000, 2000, code.id],
      [2500, 0, null],
    ]);
    expect(await usesOf(code.id)).toBe(1);

    await cronAt(new Date(Date.parse(NOW) + 16 * 60_000), s.tenant.id);
    expect((await itemsOf(s.tenant.id)).map((i) => i.status)).toEqual(["cancelled", "cancelled"]);
    expect(await usesOf(code.id)).toBe(0);
  });

  it("takes an amount off once per visit, over the items it covers in order, never below 0", async () => {
    const s = await plainVisitSalon();
    const code = await promo(s.tenant, { code: "TAKE50", amountOff: 5000 });
    const res = await book(s.tenant.slug, visitBody(s, START, { promoCode: "TAKE50" }), { now: NOW });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.status).toBe("confirmed");
    expect((await itemsOf(s.tenant.id)).map((i) => [i.totalAmount, i.promoDiscount])).toEqual([
      [0, 4000],
      [1500, 1000],
    ]);
    expect(await usesOf(code.id)).toBe(1);
  });

  it("refuses a code for none of the visit's services with fieldErrors.promoCode and holds nothing", async () => {
    const s = await payingVisitSalon();
    const other = await createService(s.tenant.id, { name: "Nails", price: 1000 });
    const code = await promo(s.tenant, { code: "NAILS10", percentOff: 10, serviceIds: [other.id] });
    const res = await book(s.tenant.slug, visitBody(s, START, { promoCode: "NAILS10" }), { now: NOW });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors).toEqual({ promoCode: ["This promo code does not apply to this service"] });
    expect(await itemsOf(s.tenant.id)).toEqual([]);
    expect(await stripeCalls(s.tenant.id)).toEqual([]);
    expect(await usesOf(code.id)).toBe(0);
  });

  it("lets only one of 15 concurrent visits take a code's last use; the database counts exactly one", async () => {
    const s = await plainVisitSalon();
    const code = await promo(s.tenant, { code: "LASTONE", percentOff: 20, maxUses: 3 });
    await testDb().run(sql`UPDATE promo_codes SET uses = 2 WHERE id = ${code.id}`);
    const results = await Promise.all(dates(15).map((d) => book(s.tenant.slug, visitBody(s, d, { promoCode: "LASTONE" }), { now: NOW })));
    oneWinner(results, "promoCode");
    expect(await usesOf(code.id)).toBe(3);
    const items = await itemsOf(s.tenant.id);
    expect(items).toHaveLength(2);
    expect(new Set(items.map((i) => i.visitId)).size).toBe(1);
    expect(items.map((i) => i.promoDiscount)).toEqual([800, 500]);
  });
});

describe("a package on a visit", () => {
  it("pays every item it covers with a credit each: nothing charged, and a refunded cancellation gives both back", async () => {
    const s = await payingVisitSalon();
    const pack = await issuedPackage(s.tenant, [s.service.id, s.dry.id]);
    const res = await book(s.tenant.slug, visitBody(s, START, { packageCode: pack.code.toLowerCase() }), { now: NOW });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ status: "confirmed", payment: null });
    expect(await stripeCalls(s.tenant.id)).toEqual([]);
    expect(await creditsOf(pack.id)).toBe(3);
    expect((await itemsOf(s.tenant.id)).map((i) => [i.status, i.packageCreditId])).toEqual([
      ["confirmed", pack.id],
      ["confirmed", pack.id],
    ]);

    const cancel = await post(`/api/public/booking/${res.body.data.confirmationCode}/cancel`, {}, { now: NOW });
    expect(cancel.status).toBe(200);
    expect(await creditsOf(pack.id)).toBe(5);
  });

  it("covers the items it includes and charges the others as usual; the released hold gives the credit back", async () => {
    const s = await payingVisitSalon();
    const pack = await issuedPackage(s.tenant, [s.service.id]);
    const res = await book(s.tenant.slug, visitBody(s, START, { packageCode: pack.code }), { now: NOW });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Only the Blow-dry is paid for: 30 % of 25.00.
    expect(res.body.data.payment).toMatchObject({ amount: 750, kind: "deposit", price: 2500 });
    expect(await creditsOf(pack.id)).toBe(4);
    const firstId = res.body.data.items[0].id as string;
    expect((await paymentsOf(firstId)).map((p) => [p.kind, p.amount])).toEqual([["deposit", 750]]);
    expect((await itemsOf(s.tenant.id)).map((i) => i.packageCreditId)).toEqual([pack.id, null]);

    await cronAt(new Date(Date.parse(NOW) + 16 * 60_000), s.tenant.id);
    expect((await itemsOf(s.tenant.id)).map((i) => i.status)).toEqual(["cancelled", "cancelled"]);
    expect(await creditsOf(pack.id)).toBe(5);
  });

  it("refuses a package with fewer sessions left than the visit needs, or combined with a promo code, holding nothing", async () => {
    const s = await plainVisitSalon();
    const pack = await issuedPackage(s.tenant, [s.service.id, s.dry.id], { sessions: 2 });
    await testDb().run(sql`UPDATE package_credits SET credits = 1 WHERE id = ${pack.id}`);
    const short = await book(s.tenant.slug, visitBody(s, START, { packageCode: pack.code }), { now: NOW });
    expect(short.status).toBe(400);
    expect(short.body.error.details.fieldErrors).toEqual({ packageCode: ["This package has 1 of the 2 sessions this visit needs"] });
    await promo(s.tenant, { code: "BOTH10", percentOff: 10 });
    const both = await book(s.tenant.slug, visitBody(s, START, { packageCode: pack.code, promoCode: "BOTH10" }), { now: NOW });
    expect(both.status).toBe(400);
    expect(Object.keys(both.body.error.details.fieldErrors)).toEqual(["packageCode"]);
    expect(await itemsOf(s.tenant.id)).toEqual([]);
    expect(await creditsOf(pack.id)).toBe(1);
  });

  it("with usePackage spends the signed-in account's package on the visit; a guest gets fieldErrors.usePackage", async () => {
    const s = await plainVisitSalon();
    const holder = await customerAt(NOW);
    const pack = await issuedPackage(s.tenant, [s.dry.id], { buyerEmail: holder.email });
    const mine = await book(s.tenant.slug, visitBody(s, START, { usePackage: true }), { now: NOW, token: holder.token });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(await creditsOf(pack.id)).toBe(4);
    expect((await itemsOf(s.tenant.id)).map((i) => i.packageCreditId)).toEqual([null, pack.id]);
    const guest = await book(s.tenant.slug, visitBody(s, "2031-05-15T10:00:00", { usePackage: true }), { now: NOW });
    expect(guest.status).toBe(400);
    expect(guest.body.error.details.fieldErrors).toEqual({ usePackage: ["Sign in to the account that holds your package to use it"] });
    expect(await creditsOf(pack.id)).toBe(4);
  });

  it("lets only one of 15 concurrent visits take a package's last 2 sessions; the credits never go below zero", async () => {
    const s = await plainVisitSalon();
    const pack = await issuedPackage(s.tenant, [s.service.id, s.dry.id], { sessions: 3 });
    const results = await Promise.all(dates(15).map((d) => book(s.tenant.slug, visitBody(s, d, { packageCode: pack.code }), { now: NOW })));
    oneWinner(results, "packageCode");
    expect(await creditsOf(pack.id)).toBe(1);
    const items = await itemsOf(s.tenant.id);
    expect(items.map((i) => [i.status, i.packageCreditId])).toEqual([
      ["confirmed", pack.id],
      ["confirmed", pack.id],
    ]);
  });
});
