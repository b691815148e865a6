import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createService } from "../../helpers/factories";
import { cronAt } from "../notifications/support";
import { book, bookingOf, paymentsOf, stripeCalls } from "../payments/support";
import { counterCard } from "./counter";
import { giftCardRefundRule } from "./refund-rule";
import { dailyStarts, giftCardRow, giftTenant, oneWinner, twoItemVisit } from "./support";

// design.md §32 + §26, issue #43: a gift card paying a visit's amount due first, taken in the visit's
// one atomic write (on its first item, where a visit's money hangs), given back by a released hold
// and by a refunded cancellation.

const NOW = "2031-05-01T12:00:00.000Z";

/** Full price due at booking: Colour 40.00 + Blow-dry 25.00 = 65.00 for the visit. */
async function visitSalon() {
  const setup = await giftTenant({ price: 4000, depositPercent: 0 });
  const dry = await createService(setup.tenant.id, { name: "Blow-dry", durationMinutes: 30, price: 2500, depositPercent: 0 });
  return { ...setup, dry };
}

const visitBody = (s: Awaited<ReturnType<typeof visitSalon>>, start: string, giftCardCode?: string) =>
  twoItemVisit(s, start, giftCardCode === undefined ? {} : { giftCardCode });

async function visitRows(tenantId: string) {
  return testDb().all<{ id: string; status: string; visitId: string; giftCardAmount: number }>(sql`
    SELECT id, status, visit_id AS visitId, gift_card_amount AS giftCardAmount FROM bookings WHERE tenant_id = ${tenantId} ORDER BY start_at`);
}

describe("paying for a visit with a gift card (items + giftCardCode)", () => {
  it("takes the visit's amount due from the balance first, leaves the rest to Stripe, and a released hold gives it back", async () => {
    const s = await visitSalon();
    const card = await counterCard(s.tenant, 2500);
    const res = await book(s.tenant.slug, visitBody(s, "2031-05-14T10:00:00", card.code.toLowerCase()), { now: NOW });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.status).toBe("pending");
    expect(res.body.data.payment).toMatchObject({ amount: 4000, kind: "full", giftCardAmount: 2500, cardAmount: 4000 });
    const [intent] = await stripeCalls(s.tenant.id);
    expect(new URLSearchParams(intent.body).get("amount")).toBe("4000");
    expect((await giftCardRow(card.id)).balance).toBe(0);

    const firstId = res.body.data.items[0].id as string;
    const secondId = res.body.data.items[1].id as string;
    expect(await bookingOf(firstId)).toMatchObject({ giftCardId: card.id, giftCardAmount: 2500 });
    expect(await bookingOf(secondId)).toMatchObject({ giftCardId: null, giftCardAmount: 0 });
    expect((await paymentsOf(firstId)).map((p) => [p.kind, p.amount, p.status])).toEqual(
      expect.arrayContaining([
        ["gift_card_redemption", 2500, "succeeded"],
        ["full", 4000, "pending"],
      ]),
    );
    const lookup = await get(`/api/public/booking/${res.body.data.confirmationCode}`, { now: NOW });
    expect(lookup.body.data.payment).toMatchObject({ status: "pending", amount: 4000, gift_card_amount: 2500, card_amount: 4000 });

    // The hold ends unpaid: the whole visit is released and the card gets its 25.00 back in that batch.
    await cronAt(new Date(Date.parse(NOW) + 16 * 60_000), s.tenant.id);
    expect((await visitRows(s.tenant.id)).map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    expect((await giftCardRow(card.id)).balance).toBe(2500);
    expect((await paymentsOf(firstId)).find((p) => p.kind === "gift_card_redemption")).toMatchObject({ status: "refunded" });
  });

  it("lets only one of 12 concurrent visits take a balance that covers one; it is confirmed without Stripe and the database agrees", async () => {
    const s = await visitSalon();
    const card = await counterCard(s.tenant, 6500);
    const results = await Promise.all(dailyStarts(12).map((start) => book(s.tenant.slug, visitBody(s, start, card.code), { now: NOW })));
    const won = oneWinner(results, "giftCardCode");
    expect(won.body.data.status).toBe("confirmed");
    expect(won.body.data.payment).toBeNull();
    expect(await stripeCalls(s.tenant.id)).toEqual([]);
    expect((await giftCardRow(card.id)).balance).toBe(0);
    const rows = await visitRows(s.tenant.id);
    expect(rows.map((r) => [r.status, r.giftCardAmount])).toEqual([
      ["confirmed", 6500],
      ["confirmed", 0],
    ]);
    expect(new Set(rows.map((r) => r.visitId)).size).toBe(1);
    const [redemptions] = await testDb().all<{ n: number; total: number }>(sql`
      SELECT count(*) AS n, SUM(amount) AS total FROM payments WHERE gift_card_id = ${card.id} AND kind = 'gift_card_redemption'`);
    expect(redemptions).toEqual({ n: 1, total: 6500 });
    const lookup = await get(`/api/public/booking/${won.body.data.confirmationCode}`, { now: NOW });
    expect(lookup.body.data.payment).toMatchObject({ status: "succeeded", amount: 0, gift_card_amount: 6500, card_amount: 0 });
  });

  it("cancelled inside the refund rule: the card gets its share back and Stripe refunds the card's; a late cancellation keeps both", async () => {
    const s = await visitSalon();
    // Colour and Blow-dry: 65.00, the gift card pays 25.00 and the card 40.00; the payments hang on the first item.
    await giftCardRefundRule(
      s.tenant,
      async (start, giftCardCode) => {
        const res = await book(s.tenant.slug, visitBody(s, start, giftCardCode), { now: NOW });
        return { res, paymentsOn: res.body.data?.items?.[0]?.id as string };
      },
      4000,
    );
  });

  it("refuses an unknown card with fieldErrors.giftCardCode and holds nothing; a promo code on a visit is still refused", async () => {
    const s = await visitSalon();
    const unknown = await book(s.tenant.slug, visitBody(s, "2031-05-14T10:00:00", "GC-ZZZZ-ZZZZ"), { now: NOW });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.fieldErrors).toEqual({ giftCardCode: ["No gift card has this code"] });
    const promo = await book(s.tenant.slug, { ...visitBody(s, "2031-05-14T10:00:00"), promoCode: "SPRING" }, { now: NOW });
    expect(promo.status).toBe(400);
    expect(Object.keys(promo.body.error.details.fieldErrors)).toEqual(["promoCode"]);
    expect(await visitRows(s.tenant.id)).toEqual([]);
    expect(await stripeCalls(s.tenant.id)).toEqual([]);
  });
});
