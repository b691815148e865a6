import { SELF } from "cloudflare:test";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { get, post } from "../../helpers/api";
import { book, bookingBody, paymentSucceeded, paymentsOf } from "../payments/support";
import { saleEvent, salePayment } from "../prepaid/package-support";
import { buy, giftTenant, ownerTokenAt, paySale, purchaseBody } from "../prepaid/support";

// design.md §29, §32, issue #43 item 5: gift-card and package sales count as money when sold (on the
// day they were paid), a booking paid by a gift card counts only its card part (the card's money was
// counted when the card was sold), a booking paid by a package session counts no money; the CSV
// export shows what each booking was paid with. Every figure is computed here from what was created.

const NOW = "2031-05-01T12:00:00.000Z";
const FROM = "2031-05-01";
const TO = "2031-05-31";

async function packageSale(slug: string, packageId: string) {
  const res = await post(
    `/api/public/${slug}/packages`,
    { packageId, buyer: { name: "Pia Buyer", email: "pia@example.test" } },
    { now: NOW },
  );
  expect(res.status).toBe(201);
  const { res: paid } = await saleEvent(res.body.data.id);
  expect(paid.status).toBe(200);
  return (await salePayment(res.body.data.id)).amount;
}

/** Stripe's signed success for the card part of a booking's payment. */
async function payCardPart(bookingId: string) {
  const card = (await paymentsOf(bookingId)).find((p) => p.kind !== "gift_card_redemption")!;
  const { res } = await paymentSucceeded(card, { booking_id: bookingId }, { at: new Date(NOW) });
  expect(res.status).toBe(200);
  return card.amount;
}

async function csv(path: string, token: string) {
  const res = await SELF.fetch(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}`, "x-test-now": NOW } });
  expect(res.status).toBe(200);
  return parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[];
}

describe("reports with prepaid money", () => {
  it("count gift-card and package sales when sold, a gift-card booking's card part only, a package session as no money", async () => {
    // Full price (40.00) due at booking; gift cards on sale; a package offered.
    const { tenant, service, staff } = await giftTenant({ price: 4000, depositPercent: 0 });
    const token = await ownerTokenAt(tenant, NOW);

    // 1. A gift card bought online (50.00), paid by Stripe's signed success.
    const purchase = await buy(tenant.slug, purchaseBody({ amount: 5000, deliveryDate: FROM }), { now: NOW });
    expect(purchase.status).toBe(201);
    expect((await paySale(purchase.body.data.id, { at: new Date(NOW) })).res.status).toBe(200);
    const giftCardSale = 5000;

    // 2. A package bought online (160.00).
    const pack = await post(
      "/api/packages",
      { name: "Five colours", serviceIds: [service.id], sessions: 5, price: 16000, validityDays: 365 },
      { token, now: NOW },
    );
    expect(pack.status).toBe(201);
    const packageSaleAmount = await packageSale(tenant.slug, pack.body.data.id);
    expect(packageSaleAmount).toBe(16000);

    // 3. A booking paid 25.00 by a gift card issued at the counter and 15.00 by card.
    const counter = await post("/api/gift-cards", { amount: 2500, reason: "Counter sale" }, { token, now: NOW });
    const byCard = await book(
      tenant.slug,
      { ...bookingBody(service.id, staff.id, "2031-05-14T10:00:00"), giftCardCode: counter.body.data.code },
      { now: NOW },
    );
    expect(byCard.status).toBe(201);
    expect(byCard.body.data.payment).toMatchObject({ giftCardAmount: 2500, cardAmount: 1500 });
    const cardPart = await payCardPart(byCard.body.data.id);
    expect(cardPart).toBe(1500);

    // 4. A booking paid by a package session (issued at the counter): no money at all.
    const issued = await post(`/api/packages/${pack.body.data.id}/issue`, { reason: "Counter sale" }, { token, now: NOW });
    const bySession = await book(
      tenant.slug,
      { ...bookingBody(service.id, staff.id, "2031-05-15T10:00:00"), packageCode: issued.body.data.code },
      { now: NOW },
    );
    expect(bySession.status).toBe(201);
    expect(bySession.body.data.status).toBe("confirmed");

    const res = await get(`/api/reports/summary?from=${FROM}&to=${TO}&groupBy=day`, { token, now: NOW });
    expect(res.status).toBe(200);
    const d = res.body.data;
    const revenue = giftCardSale + packageSaleAmount + cardPart;
    expect(d.totals).toMatchObject({ bookings: 2, cancelled: 0, revenue, refunded: 0, net: revenue });
    // Services count their bookings when delivered; their money is the card part only.
    expect(d.topServices).toEqual([expect.objectContaining({ serviceId: service.id, bookings: 2, revenue: cardPart })]);
    const day = (date: string) => d.series.find((s: { period: string }) => s.period === date);
    expect(day("2031-05-01")).toMatchObject({ revenue: giftCardSale + packageSaleAmount, bookings: 0 });
    expect(day("2031-05-14")).toMatchObject({ revenue: cardPart, bookings: 1 });
    expect(day("2031-05-15")).toMatchObject({ revenue: 0, bookings: 1 });
    expect(d.series.reduce((n: number, s: { revenue: number }) => n + s.revenue, 0)).toBe(revenue);

    // The bookings export: what each booking was paid with, the card's money apart from the gift card's.
    const rows = await csv(`/exports/bookings.csv?from=${FROM}&to=${TO}`, token);
    expect(rows.map((r) => r["Booking ID"])).toEqual([byCard.body.data.id, bySession.body.data.id]);
    const figure = (minor: number) => (minor / 100).toFixed(2);
    expect([rows[0].Price, rows[0].Paid, rows[0]["Paid by gift card"], rows[0]["Package session"]]).toEqual([
      figure(4000),
      figure(cardPart),
      figure(2500),
      "",
    ]);
    expect([rows[1].Price, rows[1].Paid, rows[1]["Paid by gift card"], rows[1]["Package session"]]).toEqual([
      figure(4000),
      figure(0),
      figure(0),
      "yes",
    ]);
  });
});
