import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { del, get, post } from "../../helpers/api";
import { bookableTenant, bookingRow, customerAt } from "../../helpers/booking";
import { testDb } from "../../helpers/db";
import { ownerToken, uniq } from "../../helpers/factories";
import { issued, offered, ownerCreate } from "../prepaid/counter";

// design.md §25 + §32: erasing a customer keeps the balances of the gift cards and packages they
// bought or received under the code alone: the names, addresses, message and the link to their
// customer account go, so the account no longer lists or spends the package.

const NOW = "2031-05-01T12:00:00.000Z";
// Within the day the customer's token lives, so the account can be asked what it holds afterwards.
const ERASE_AT = "2031-05-01T18:00:00.000Z";

type GiftRow = { buyerName: string; buyerEmail: string; recipientName: string; recipientEmail: string; message: string; balance: number };
const giftCard = async (id: string) =>
  (
    await testDb().all<GiftRow>(sql`SELECT buyer_name AS buyerName, buyer_email AS buyerEmail, recipient_name AS recipientName,
      recipient_email AS recipientEmail, message, balance FROM gift_cards WHERE id = ${id}`)
  )[0];
type PackageRow = {
  buyerName: string;
  buyerEmail: string;
  account: string | null;
  customer: string | null;
  credits: number;
  status: string;
};
const packageCredit = async (id: string) =>
  (
    await testDb().all<PackageRow>(sql`SELECT buyer_name AS buyerName, buyer_email AS buyerEmail, customer_account_id AS account,
      customer_id AS customer, credits, status FROM package_credits WHERE id = ${id}`)
  )[0];

describe("erasing a customer who holds prepaid money", () => {
  it("keeps their package credits and gift card balance under the code, and forgets who they are", async () => {
    const s = await bookableTenant({ tenant: { maxAdvanceDays: 36_500 }, service: { price: 4500 } });
    const holder = await customerAt(NOW);
    const owner = { id: s.tenant.id, ownerId: s.tenant.ownerId };
    const booked = await post(
      `/api/public/${s.tenant.slug}/bookings`,
      {
        serviceId: s.service.id,
        staffProfileId: s.staff.id,
        startDatetime: "2031-05-12T10:00:00",
        customer: { firstName: "Cass", email: holder.email },
      },
      { now: NOW, token: holder.token },
    );
    expect(booked.status).toBe(201);
    const customerId = (await bookingRow(booked.body.data.id)).customerId!;
    const pack = await offered(owner, [s.service.id], { name: "Five cuts" });
    const held = await issued(owner, pack.id, { buyerName: "Cass Customer", buyerEmail: holder.email });
    const toThem = await ownerCreate<{ id: string }>(owner, "/api/gift-cards", {
      amount: 5000,
      reason: "Birthday",
      recipientName: "Cass Customer",
      recipientEmail: holder.email.toUpperCase(),
      buyerName: "A friend",
      message: "Happy birthday, Cass!",
    });
    const someoneElses = await ownerCreate<{ id: string }>(owner, "/api/gift-cards", {
      amount: 3000,
      reason: "Counter sale",
      recipientName: "Dora Other",
      recipientEmail: `dora-${uniq()}@example.test`,
    });
    const before = await get("/api/me/packages", { token: holder.token, now: NOW });
    expect(before.body.data.map((p: { id: string }) => p.id)).toEqual([held.id]);

    const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(ERASE_AT));
    const erased = await del(`/api/customers/${customerId}?cancelUpcoming=true`, { token, now: ERASE_AT });
    expect(erased.status).toBe(200);

    expect(await packageCredit(held.id)).toEqual({
      buyerName: "",
      buyerEmail: "",
      account: null,
      customer: null,
      credits: 5,
      status: "active",
    });
    expect(await giftCard(toThem.id)).toEqual({
      buyerName: "",
      buyerEmail: "",
      recipientName: "",
      recipientEmail: "",
      message: "",
      balance: 5000,
    });
    expect(await giftCard(someoneElses.id)).toMatchObject({ recipientName: "Dora Other", balance: 3000 });
    // The account that held the package no longer lists it, so it cannot spend it either; the code still can.
    const after = await get("/api/me/packages", { token: holder.token, now: ERASE_AT });
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual([]);
  });
});
