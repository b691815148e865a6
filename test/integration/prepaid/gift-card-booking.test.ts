import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { get, post, randomIp } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { cronAt } from "../notifications/support";
import { book, bookingBody, bookingOf, paymentsOf, stripeCalls } from "../payments/support";
import { counterCard } from "./counter";
import { giftCardRefundRule } from "./refund-rule";
import { dailyStarts, giftCardRow, giftTenant, oneWinner, ownerTokenAt } from "./support";

// design.md §32, issue #43 item 2: a gift card paying the amount due at booking first, the rest by
// card, taken in the booking's own atomic write and given back when the hold is released.

const NOW = "2031-05-01T12:00:00.000Z";

async function bookingsOf(tenantId: string) {
  return testDb().all<{ id: string; status: string; giftCardAmount: number }>(sql`
    SELECT id, status, gift_card_amount AS giftCardAmount FROM bookings WHERE tenant_id = ${tenantId}`);
}

/** The customer books the giftTenant's service at 10:00 on 2031-05-14, paying with the gift card `code`. */
function bookWithCard(t: { tenant: { slug: string }; service: { id: string }; staff: { id: string } }, code: string) {
  return book(t.tenant.slug, { ...bookingBody(t.service.id, t.staff.id, "2031-05-14T10:00:00"), giftCardCode: code }, { now: NOW });
}

describe("paying at booking with a gift card", () => {
  it("takes the amount due from the balance first and leaves only the rest to Stripe; a released hold gives it back", async () => {
    // Full price (40.00) due; the card holds 25.00.
    const { tenant, service, staff } = await giftTenant({ price: 4000, depositPercent: 0 });
    const card = await counterCard(tenant, 2500);
    const res = await bookWithCard({ tenant, service, staff }, card.code.toLowerCase());
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("pending");
    expect(res.body.data.payment).toMatchObject({ amount: 1500, kind: "full", giftCardAmount: 2500, cardAmount: 1500, price: 4000 });
    const [intent] = await stripeCalls(tenant.id);
    expect(new URLSearchParams(intent.body).get("amount")).toBe("1500");

    expect((await giftCardRow(card.id)).balance).toBe(0);
    const id = res.body.data.id;
    expect(await bookingOf(id)).toMatchObject({ giftCardId: card.id, giftCardAmount: 2500 });
    const payments = await paymentsOf(id);
    expect(payments.map((p) => [p.kind, p.amount, p.status])).toEqual(
      expect.arrayContaining([
        ["gift_card_redemption", 2500, "succeeded"],
        ["full", 1500, "pending"],
      ]),
    );

    // The lookup shows what was paid how.
    const lookup = await get(`/api/public/booking/${res.body.data.confirmationCode}`, { now: NOW });
    expect(lookup.body.data.payment).toMatchObject({ status: "pending", amount: 1500, gift_card_amount: 2500, card_amount: 1500 });

    // The hold ends unpaid: the card gets its 25.00 back in the release's batch.
    await cronAt(new Date(Date.parse(NOW) + 16 * 60_000), tenant.id);
    expect((await bookingOf(id)).status).toBe("cancelled");
    expect((await giftCardRow(card.id)).balance).toBe(2500);
    expect((await paymentsOf(id)).find((p) => p.kind === "gift_card_redemption")).toMatchObject({ status: "refunded" });
  });

  it("confirms at once without Stripe when the card covers everything due", async () => {
    const { tenant, service, staff } = await giftTenant({ price: 4000, depositPercent: 30 });
    const card = await counterCard(tenant, 10000);
    const res = await bookWithCard({ tenant, service, staff }, card.code);
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("confirmed");
    expect(await stripeCalls(tenant.id)).toEqual([]);
    expect((await giftCardRow(card.id)).balance).toBe(10000 - 1200);
    const lookup = await get(`/api/public/booking/${res.body.data.confirmationCode}`, { now: NOW });
    expect(lookup.body.data.payment).toMatchObject({ status: "succeeded", amount: 0, gift_card_amount: 1200, card_amount: 0 });
  });

  it("covers less when the rest would be below Stripe's minimum, so the card pays 0.50", async () => {
    const { tenant, service, staff } = await giftTenant({ price: 4000, depositPercent: 0 });
    const card = await counterCard(tenant, 3980);
    const res = await bookWithCard({ tenant, service, staff }, card.code);
    expect(res.body.data.payment).toMatchObject({ amount: 50, giftCardAmount: 3950, cardAmount: 50 });
    expect((await giftCardRow(card.id)).balance).toBe(30);
  });

  it("refuses an unknown, void, expired or empty card with fieldErrors.giftCardCode saying which, and holds nothing", async () => {
    const { tenant, service, staff } = await giftTenant({ price: 4000, depositPercent: 0 });
    const empty = await counterCard(tenant, 1000);
    await testDb().run(sql`UPDATE gift_cards SET balance = 0 WHERE id = ${empty.id}`);
    const voided = await counterCard(tenant, 1000);
    await post(`/api/gift-cards/${voided.id}/void`, { reason: "Lost" }, { token: await ownerTokenAt(tenant, NOW), now: NOW });
    const expired = await counterCard(tenant, 1000);
    await testDb().run(sql`UPDATE gift_cards SET expires_at = '2031-04-30T00:00:00.000Z' WHERE id = ${expired.id}`);
    const cases: [string, string, string][] = [
      ["GC-ZZZZ-ZZZZ", NOW, "No gift card has this code"],
      ["not a code", NOW, "No gift card has this code"],
      [voided.code, NOW, "This gift card is no longer valid"],
      [expired.code, NOW, "This gift card has expired"],
      [empty.code, NOW, "This gift card has no balance left"],
    ];
    for (const [code, at, message] of cases) {
      const res = await book(tenant.slug, { ...bookingBody(service.id, staff.id, "2031-05-14T10:00:00"), giftCardCode: code }, { now: at });
      expect(res.status, code).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      expect(res.body.error.details.fieldErrors).toEqual({ giftCardCode: [message] });
    }
    expect(await bookingsOf(tenant.id)).toEqual([]);
    expect(await stripeCalls(tenant.id)).toEqual([]);
  });

  it("lets only one of 12 concurrent bookings take the last of a balance; the database agrees", async () => {
    const { tenant, service, staff } = await giftTenant({ price: 4000, depositPercent: 0, tenant: { maxAdvanceDays: 36_500 } });
    const card = await counterCard(tenant, 4000);
    const results = await Promise.all(
      dailyStarts(12).map((start) =>
        book(tenant.slug, { ...bookingBody(service.id, staff.id, start), giftCardCode: card.code }, { now: NOW }),
      ),
    );
    const won = oneWinner(results, "giftCardCode");
    expect(won.body.data.status).toBe("confirmed");
    expect((await giftCardRow(card.id)).balance).toBe(0);
    const rows = await bookingsOf(tenant.id);
    expect(rows).toEqual([{ id: won.body.data.id, status: "confirmed", giftCardAmount: 4000 }]);
    const [redemptions] = await testDb().all<{ n: number; total: number }>(sql`
      SELECT count(*) AS n, SUM(amount) AS total FROM payments WHERE gift_card_id = ${card.id} AND kind = 'gift_card_redemption'`);
    expect(redemptions).toEqual({ n: 1, total: 4000 });
  });

  it("cancelled at least cancellationHours ahead: the gift card gets its share back and Stripe refunds the card's; later: both are kept", async () => {
    const { tenant, service, staff } = await giftTenant({ price: 4000, depositPercent: 0 });
    await giftCardRefundRule(
      tenant,
      async (start, giftCardCode) => {
        const res = await book(tenant.slug, { ...bookingBody(service.id, staff.id, start), giftCardCode }, { now: NOW });
        return { res, paymentsOn: res.body.data?.id as string };
      },
      1500,
    );
  });

  it("counts unknown gift-card codes at create in the code-miss budget: after 10 in an hour the client's next create is refused", async () => {
    const { tenant, service, staff } = await giftTenant({ price: 4000, depositPercent: 0 });
    const card = await counterCard(tenant, 5000);
    const ip = randomIp();
    const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
    for (let i = 0; i < 10; i++) {
      const body = { ...bookingBody(service.id, staff.id, "2031-05-14T10:00:00"), giftCardCode: `GC-ZZZZ-${1000 + i}` };
      const miss = await post(`/api/public/${tenant.slug}/bookings`, body, { now: at(i * 5), ip });
      expect(miss.status).toBe(400);
    }
    const body = { ...bookingBody(service.id, staff.id, "2031-05-14T10:00:00"), giftCardCode: card.code };
    const refused = await post(`/api/public/${tenant.slug}/bookings`, body, { now: at(50), ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "rate_limited" });
    expect(await bookingsOf(tenant.id)).toEqual([]);
    // Another client books with the same card.
    expect((await book(tenant.slug, body, { now: at(50) })).status).toBe(201);
  });
});
