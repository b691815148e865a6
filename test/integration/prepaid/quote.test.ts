import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countDbRequests, del, post, randomIp } from "../../helpers/api";
import { bookableTenant } from "../../helpers/booking";
import { testDb } from "../../helpers/db";
import { createService } from "../../helpers/factories";
import { book, bookingBody, bookingOf, customer, payingTenant, stripeCalls } from "../payments/support";
import { counterCard, promo, usesOf } from "./counter";
import { giftCardRow, giftTenant, ownerTokenAt } from "./support";

// issue #43 item 5: POST /api/public/:slug/quote answers what the create then charges (the same
// pricing functions), refuses a code exactly as the create does, writes nothing, and counts unknown
// codes in the code-miss budget of design.md §18.

const NOW = "2031-05-01T12:00:00.000Z";
const START = "2031-05-14T10:00:00";

const quote = (slug: string, body: Record<string, unknown>, opts: { ip?: string; now?: string; dbTag?: string } = {}) =>
  post(`/api/public/${slug}/quote`, body, { now: NOW, ...opts });

async function countsOf(tenantId: string) {
  const [row] = await testDb().all<{ bookings: number; payments: number; customers: number }>(sql`
    SELECT (SELECT COUNT(*) FROM bookings WHERE tenant_id = ${tenantId}) AS bookings,
           (SELECT COUNT(*) FROM payments WHERE tenant_id = ${tenantId}) AS payments,
           (SELECT COUNT(*) FROM customers WHERE tenant_id = ${tenantId}) AS customers`);
  return row;
}

/** A business that takes no payment: 30.00 for a 30-minute service. */
const plainTenant = () => bookableTenant({ tenant: { maxAdvanceDays: 36_500 }, service: { durationMinutes: 30, price: 3000 } });

describe("POST /api/public/:slug/quote", () => {
  it("a percent promo at a business taking deposits: the quote is what the create charges, in one round trip, writing nothing", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 50 });
    const code = await promo(tenant, { code: "SPRING25", percentOff: 25 });
    const { result: q, dbRequests } = await countDbRequests((dbTag) =>
      quote(tenant.slug, { serviceId: service.id, staffProfileId: staff.id, startDatetime: START, promoCode: " spring25 " }, { dbTag }),
    );
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(dbRequests).toBe(1);
    expect(q.body.data).toEqual({
      currency: "EUR",
      subtotal: 4000,
      promoDiscount: 1000,
      total: 3000,
      dueAtBooking: 1500,
      dueKind: "deposit",
      giftCardAmount: 0,
      cardAmount: 1500,
      promoNote: null,
    });
    expect(await usesOf(code.id)).toBe(0);
    expect(await countsOf(tenant.id)).toEqual({ bookings: 0, payments: 0, customers: 0 });

    const res = await book(tenant.slug, { ...bookingBody(service.id, staff.id, START), promoCode: "SPRING25" }, { now: NOW });
    expect(res.status).toBe(201);
    expect(res.body.data.payment).toMatchObject({ amount: q.body.data.cardAmount, kind: q.body.data.dueKind, price: q.body.data.total });
    expect(await bookingOf(res.body.data.id)).toMatchObject({ totalAmount: q.body.data.total, promoDiscount: q.body.data.promoDiscount });
  });

  it("an amount-off promo at a business without payment: the lowered price, nothing due at booking, as the create then books it", async () => {
    const { tenant, service, staff } = await plainTenant();
    await promo(tenant, { code: "FIVEOFF", amountOff: 500 });
    const q = await quote(tenant.slug, { serviceId: service.id, promoCode: "fiveoff" });
    expect(q.status).toBe(200);
    expect(q.body.data).toMatchObject({ subtotal: 3000, promoDiscount: 500, total: 2500, dueAtBooking: 0, dueKind: null, cardAmount: 0 });
    const res = await book(tenant.slug, { ...bookingBody(service.id, staff.id, START), promoCode: "FIVEOFF" }, { now: NOW });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("confirmed");
    expect(await bookingOf(res.body.data.id)).toMatchObject({ totalAmount: 2500, promoDiscount: 500 });
  });

  it("a visit: each item's price and discount, the deposits summed on the lowered prices, as the visit's create charges", async () => {
    const setup = await payingTenant({ price: 4000, depositPercent: 30 });
    const dry = await createService(setup.tenant.id, { name: "Blow-dry", durationMinutes: 30, price: 2500, depositPercent: 30 });
    await promo(setup.tenant, { code: "COLOUR50", percentOff: 50, serviceIds: [setup.service.id] });
    const items = [
      { serviceId: setup.service.id, staffProfileId: setup.staff.id },
      { serviceId: dry.id, staffProfileId: setup.staff.id },
    ];
    const q = await quote(setup.tenant.slug, { items, startDatetime: START, promoCode: "COLOUR50" });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.data).toMatchObject({ subtotal: 6500, promoDiscount: 2000, total: 4500, dueAtBooking: 1350, dueKind: "deposit" });
    expect(q.body.data.items).toEqual([
      { serviceId: setup.service.id, price: 4000, promoDiscount: 2000 },
      { serviceId: dry.id, price: 2500, promoDiscount: 0 },
    ]);
    const res = await book(setup.tenant.slug, { items, startDatetime: START, customer: customer(), promoCode: "colour50" }, { now: NOW });
    expect(res.status).toBe(201);
    expect(res.body.data.payment).toMatchObject({ amount: 1350, kind: "deposit", price: 4500 });
  });

  it("a gift card covering part: what it pays and what the card pays, the balance untouched until the create takes it", async () => {
    const { tenant, service, staff } = await giftTenant({ price: 4000, depositPercent: 0 });
    await promo(tenant, { code: "TENOFF", amountOff: 1000 });
    const card = await counterCard(tenant, 2000);
    const q = await quote(tenant.slug, { serviceId: service.id, promoCode: "TENOFF", giftCardCode: card.code.toLowerCase() });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    // 40.00 less 10.00 = 30.00 due in full: the card's 20.00 first, 10.00 by card.
    expect(q.body.data).toMatchObject({ total: 3000, dueAtBooking: 3000, dueKind: "full", giftCardAmount: 2000, cardAmount: 1000 });
    expect((await giftCardRow(card.id)).balance).toBe(2000);
    expect(await countsOf(tenant.id)).toEqual({ bookings: 0, payments: 0, customers: 0 });
    expect(await stripeCalls(tenant.id)).toEqual([]);

    const res = await book(
      tenant.slug,
      { ...bookingBody(service.id, staff.id, START), promoCode: "TENOFF", giftCardCode: card.code },
      { now: NOW },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.payment).toMatchObject({ amount: 1000, giftCardAmount: 2000, cardAmount: 1000, price: 3000 });
    expect((await giftCardRow(card.id)).balance).toBe(0);
  });

  it("refuses each code the create refuses, with the create's words, and writes nothing", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 0 });
    const other = await createService(tenant.id, { name: "Other", price: 1000 });
    const regular = bookingBody(service.id, staff.id, "2031-05-20T10:00:00");
    expect((await book(tenant.slug, regular, { now: NOW })).status).toBe(201);
    const usedUp = await promo(tenant, { code: "USEDUP", percentOff: 10, maxUses: 1 });
    await testDb().run(sql`UPDATE promo_codes SET uses = 1 WHERE id = ${usedUp.id}`);
    await promo(tenant, { code: "LATER", percentOff: 10, validFrom: "2031-05-02" });
    await promo(tenant, { code: "OVER", percentOff: 10, validTo: "2031-04-30" });
    await promo(tenant, { code: "OTHERONLY", percentOff: 10, serviceIds: [other.id] });
    const newHere = await promo(tenant, { code: "NEWHERE", percentOff: 10, firstVisitOnly: true });
    const gone = await promo(tenant, { code: "GONE", percentOff: 10 });
    expect((await del(`/api/promo-codes/${gone.id}`, { token: await ownerTokenAt(tenant, NOW), now: NOW })).status).toBe(200);
    const before = await countsOf(tenant.id);
    const cases: [string, string, string | undefined][] = [
      ["LATER", "This promo code is valid from 2031-05-02", undefined],
      ["OVER", "This promo code has expired", undefined],
      ["USEDUP", "This promo code has been used up", undefined],
      ["OTHERONLY", "This promo code does not apply to this service", undefined],
      ["NEWHERE", "This promo code is for a first visit only", regular.customer.email],
      ["NOPE", "No promo code has this code", undefined],
      ["GONE", "No promo code has this code", undefined],
    ];
    for (const [code, message, email] of cases) {
      const body = { serviceId: service.id, promoCode: code, ...(email ? { customer: { email: email.toUpperCase() } } : {}) };
      const q = await quote(tenant.slug, body);
      expect(q.status, code).toBe(400);
      expect(q.body.error.code).toBe("invalid_request");
      expect(q.body.error.details.fieldErrors).toEqual({ promoCode: [message] });
      const created = await book(
        tenant.slug,
        { ...bookingBody(service.id, staff.id, START), promoCode: code, customer: { ...customer(), ...(email ? { email } : {}) } },
        { now: NOW },
      );
      expect(created.body.error.details.fieldErrors, code).toEqual(q.body.error.details.fieldErrors);
    }
    expect(await countsOf(tenant.id)).toEqual(before);
    expect(await usesOf(usedUp.id)).toBe(1);

    // A first-visit code without an e-mail: priced, and the answer says it is for a first visit.
    const unknownCustomer = await quote(tenant.slug, { serviceId: service.id, promoCode: "NEWHERE" });
    expect(unknownCustomer.status).toBe(200);
    expect(unknownCustomer.body.data).toMatchObject({ total: 3600, promoNote: "first_visit_only" });
    const newcomer = await quote(tenant.slug, { serviceId: service.id, promoCode: "NEWHERE", customer: { email: "new@example.test" } });
    expect(newcomer.body.data).toMatchObject({ total: 3600, promoNote: null });
    expect(await usesOf(newHere.id)).toBe(0);
  });

  it("refuses a gift card the create refuses (unknown, void, expired, empty, nothing due) with the create's words", async () => {
    const paying = await giftTenant({ price: 4000, depositPercent: 0 });
    const plain = await plainTenant();
    const card = await counterCard(paying.tenant, 2000);
    const empty = await counterCard(paying.tenant, 1000);
    await testDb().run(sql`UPDATE gift_cards SET balance = 0 WHERE id = ${empty.id}`);
    const voided = await counterCard(paying.tenant, 1000);
    const token = await ownerTokenAt(paying.tenant, NOW);
    expect((await post(`/api/gift-cards/${voided.id}/void`, { reason: "Lost" }, { token, now: NOW })).status).toBe(200);
    const expired = await counterCard(paying.tenant, 1000);
    await testDb().run(sql`UPDATE gift_cards SET expires_at = '2031-04-30T00:00:00.000Z' WHERE id = ${expired.id}`);
    for (const code of ["GC-ZZZZ-ZZZZ", voided.code, expired.code, empty.code]) {
      const q = await quote(paying.tenant.slug, { serviceId: paying.service.id, giftCardCode: code });
      expect(q.status, code).toBe(400);
      const body = { ...bookingBody(paying.service.id, paying.staff.id, START), giftCardCode: code };
      const created = await book(paying.tenant.slug, body, { now: NOW });
      expect(Object.keys(q.body.error.details.fieldErrors)).toEqual(["giftCardCode"]);
      expect(created.body.error.details.fieldErrors, code).toEqual(q.body.error.details.fieldErrors);
    }
    const unknown = await quote(paying.tenant.slug, { serviceId: paying.service.id, giftCardCode: "GC-ZZZZ-ZZZZ" });
    expect(unknown.body.error.details.fieldErrors).toEqual({ giftCardCode: ["No gift card has this code"] });
    // A business that takes no payment: its own card has nothing to pay at booking.
    const own = await counterCard(plain.tenant, 1000);
    const nothingDue = await quote(plain.tenant.slug, { serviceId: plain.service.id, giftCardCode: own.code });
    expect(nothingDue.status).toBe(400);
    expect(nothingDue.body.error.details.fieldErrors).toEqual({
      giftCardCode: ["Nothing is paid when booking this service; bring the gift card to your appointment"],
    });
    // Another business's card and promo code are unknown here.
    await promo(paying.tenant, { code: "THEIRS", percentOff: 10 });
    const elsewhere = await quote(plain.tenant.slug, { serviceId: plain.service.id, giftCardCode: card.code });
    expect(elsewhere.body.error.details.fieldErrors).toEqual({ giftCardCode: ["No gift card has this code"] });
    const theirPromo = await quote(plain.tenant.slug, { serviceId: plain.service.id, promoCode: "THEIRS" });
    expect(theirPromo.body.error.details.fieldErrors).toEqual({ promoCode: ["No promo code has this code"] });
    expect((await giftCardRow(card.id)).balance).toBe(2000);
  });

  it("answers 404 for another business's service and 400 for a field the quote does not take", async () => {
    const a = await plainTenant();
    const b = await plainTenant();
    const foreign = await quote(a.tenant.slug, { serviceId: b.service.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
    const typo = await quote(a.tenant.slug, { serviceId: a.service.id, packageCode: "PK-AAAA-AAAA" });
    expect(typo.status).toBe(400);
    expect(Object.keys(typo.body.error.details.fieldErrors)).toEqual(["packageCode"]);
    const neither = await quote(a.tenant.slug, { promoCode: "X" });
    expect(neither.status).toBe(400);
    expect(neither.body.error.details.fieldErrors.serviceId).toEqual(["serviceId is required"]);
  });

  it("counts unknown promo and gift-card codes in the code-miss budget: after 10 in an hour the client's quotes are refused", async () => {
    const { tenant, service } = await giftTenant({ price: 4000, depositPercent: 0 });
    await promo(tenant, { code: "REAL10", percentOff: 10 });
    const ip = randomIp();
    const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
    for (let i = 0; i < 10; i++) {
      const guess = i % 2 === 0 ? { promoCode: `GUESS${i}` } : { giftCardCode: `GC-ZZZZ-${1000 + i}` };
      const miss = await quote(tenant.slug, { serviceId: service.id, ...guess }, { now: at(i * 5), ip });
      expect(miss.status).toBe(400);
    }
    const refused = await quote(tenant.slug, { serviceId: service.id, promoCode: "REAL10" }, { now: at(50), ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "rate_limited" });
    // A code that is known but does not apply is no miss: another client's refusals leave it free.
    const other = randomIp();
    await promo(tenant, { code: "OVER", percentOff: 10, validTo: "2031-04-30" });
    for (let i = 0; i < 11; i++) {
      expect((await quote(tenant.slug, { serviceId: service.id, promoCode: "OVER" }, { now: at(i), ip: other })).status).toBe(400);
    }
    expect((await quote(tenant.slug, { serviceId: service.id, promoCode: "REAL10" }, { now: at(12), ip: other })).status).toBe(200);
  });
});
