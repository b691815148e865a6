import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { get, post, randomIp } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createTenant, ownerToken } from "../../helpers/factories";
import { buy, codeIn, giftTenant, outboxTo, ownerTokenAt, paySale, purchaseBody } from "./support";

// design.md §32, issue #43 item 1: cards issued at the counter, the list with balances, voiding,
// and the balance lookup a customer makes with the code (in the code-miss budget of §18).

const NOW = "2031-05-01T12:00:00.000Z";
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

async function auditRows(targetId: string) {
  return testDb().all<{ action: string; reason: string | null; actorId: string; metadata: string | null }>(sql`
    SELECT action, reason, actor_id AS actorId, metadata FROM audit_log WHERE target_id = ${targetId} ORDER BY created_at, seq`);
}

describe("owner-issued gift cards (POST /api/gift-cards)", () => {
  it("issues an active card at once with its code shown once, audits the reason, and e-mails the recipient", async () => {
    const tenant = await createTenant();
    const res = await post(
      "/api/gift-cards",
      { amount: 3000, reason: "Sold at the counter", recipientName: "Rae", recipientEmail: "Rae-Counter@Example.test" },
      { token: await ownerTokenAt(tenant, NOW), now: NOW },
    );
    expect(res.status).toBe(201);
    const card = res.body.data;
    expect(card).toMatchObject({
      state: "active",
      source: "owner",
      amount: 3000,
      balance: 3000,
      currency: "USD",
      reason: "Sold at the counter",
    });
    expect(card.code).toMatch(/^GC-[0-9A-HJ-NP-Z]{4}-[0-9A-HJ-NP-Z]{4}$/);
    expect(card.last4).toBe(card.code.slice(-4));
    const [mail] = await outboxTo("rae-counter@example.test");
    expect(codeIn(mail.textBody)).toBe(card.code);
    expect(await auditRows(card.id)).toEqual([
      expect.objectContaining({ action: "gift_card.issued", reason: "Sold at the counter", actorId: tenant.ownerId }),
    ]);

    const list = await get("/api/gift-cards", { token: await ownerTokenAt(tenant, NOW), now: NOW });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: card.id, balance: 3000, last4: card.last4 })]);
    expect(JSON.stringify(list.body)).not.toContain(card.code);
  });

  it("lists bought cards once paid (never a pending one), and only the business's own", async () => {
    const { tenant } = await giftTenant();
    const other = await createTenant();
    const { id } = (await buy(tenant.slug, purchaseBody(), { now: NOW })).body.data;
    expect((await get("/api/gift-cards", { token: await ownerTokenAt(tenant, NOW), now: NOW })).body.data).toEqual([]);
    await paySale(id, { at: new Date(NOW) });
    const list = (await get("/api/gift-cards", { token: await ownerTokenAt(tenant, NOW), now: NOW })).body.data;
    expect(list).toEqual([expect.objectContaining({ id, source: "purchase", state: "active", balance: 5000, buyerName: "Bea Buyer" })]);
    expect((await get("/api/gift-cards", { token: await ownerTokenAt(other, NOW), now: NOW })).body.data).toEqual([]);
  });

  it("voids with a reason (audited), after which the card cannot be voided again; other businesses' cards are 404", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const card = (await post("/api/gift-cards", { amount: 2000, reason: "Goodwill" }, { token: await ownerTokenAt(tenant, NOW), now: NOW }))
      .body.data;
    expect((await post(`/api/gift-cards/${card.id}/void`, { reason: "x" }, { token: other.token })).status).toBe(404);
    expect((await post(`/api/gift-cards/${card.id}/void`, {}, { token: tenant.token })).status).toBe(400);

    const voided = await post(
      `/api/gift-cards/${card.id}/void`,
      { reason: "Refunded in cash" },
      { token: await ownerTokenAt(tenant, NOW), now: at(5) },
    );
    expect(voided.status).toBe(200);
    expect(voided.body.data).toMatchObject({ state: "void", voidReason: "Refunded in cash", balance: 2000 });
    const again = await post(`/api/gift-cards/${card.id}/void`, { reason: "twice" }, { token: tenant.token });
    expect(again.status).toBe(409);
    const audit = await auditRows(card.id);
    expect(audit.map((a) => a.action)).toEqual(["gift_card.issued", "gift_card.voided"]);
    expect(JSON.parse(audit[1].metadata ?? "{}")).toMatchObject({ balance: 2000, currency: "USD" });
    expect(audit[1].reason).toBe("Refunded in cash");

    const lookup = await get(`/api/public/${tenant.slug}/gift-cards/${card.code}`, { now: at(6) });
    expect(lookup.body.data).toEqual({ balance: 0, currency: "USD", expiresAt: card.expiresAt, status: "void" });
  });

  it("is for owners and admins: staff are refused and nothing is issued", async () => {
    const tenant = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    const token = await ownerToken(staff.userId, tenant.id, "staff");
    expect((await post("/api/gift-cards", { amount: 2000, reason: "x" }, { token })).status).toBe(403);
    expect((await get("/api/gift-cards", { token })).status).toBe(403);
    expect((await get("/api/gift-cards", { token: tenant.token })).body.data).toEqual([]);
  });
});

describe("balance lookup (GET /api/public/:slug/gift-cards/:code)", () => {
  it("reads the code as a customer types it and answers balance, currency and expiry", async () => {
    const tenant = await createTenant();
    const card = (await post("/api/gift-cards", { amount: 4200, reason: "Counter" }, { token: await ownerTokenAt(tenant, NOW), now: NOW }))
      .body.data;
    const typed = card.code.toLowerCase().replace(/-/g, " ").replace(/0/g, "o").replace(/1/g, "i");
    for (const code of [card.code, typed, card.code.slice(3)]) {
      const res = await get(`/api/public/${tenant.slug}/gift-cards/${encodeURIComponent(code)}`, { now: at(1) });
      expect(res.status, code).toBe(200);
      expect(res.body.data).toEqual({ balance: 4200, currency: "USD", expiresAt: card.expiresAt, status: "active" });
    }
    // Another business's page does not know it.
    const other = await createTenant();
    expect((await get(`/api/public/${other.slug}/gift-cards/${card.code}`, { now: at(1) })).status).toBe(404);
    // Once expired it has nothing to spend.
    const later = await get(`/api/public/${tenant.slug}/gift-cards/${card.code}`, { now: card.expiresAt });
    expect(later.body.data).toMatchObject({ balance: 0, status: "expired" });
  });

  it("counts unknown codes in the code-miss budget: after 10 in an hour even a real code is refused with 429", async () => {
    const tenant = await createTenant();
    const card = (await post("/api/gift-cards", { amount: 1500, reason: "Counter" }, { token: await ownerTokenAt(tenant, NOW), now: NOW }))
      .body.data;
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const miss = await get(`/api/public/${tenant.slug}/gift-cards/GC-ZZZZ-${String(1000 + i).slice(-4)}`, { ip, now: at(i * 5) });
      expect(miss.status).toBe(404);
      expect(miss.body.error.code).toBe("not_found");
    }
    const refused = await get(`/api/public/${tenant.slug}/gift-cards/${card.code}`, { ip, now: at(50) });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "rate_limited" });
    // The same budget as booking codes.
    expect((await get("/api/public/booking/BK-AAAAAA", { ip, now: at(51) })).status).toBe(429);
    expect((await get(`/api/public/${tenant.slug}/gift-cards/${card.code}`, { now: at(50) })).status).toBe(200);
  });
});
