import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { del, get, patch, post } from "../../helpers/api";
import { customerAt } from "../../helpers/booking";
import { testDb } from "../../helpers/db";
import { createMember, createService, createTenant, ownerToken } from "../../helpers/factories";
import { book, bookingBody, bookingOf, payingTenant, stripeCalls } from "../payments/support";
import { creditsOf, issued, offered } from "./counter";
import { dailyStarts, oneWinner } from "./support";

// design.md §32, issue #43 item 3: packages of sessions, issued by the owner, spent one credit per
// booking in the booking's own atomic write, given back by a refundable cancellation.

const NOW = "2031-05-01T12:00:00.000Z";
const START = "2031-05-14T10:00:00";

describe("owner packages", () => {
  it("creates, reads, changes, lists and deletes a package; staff get 403 and other businesses 404", async () => {
    const tenant = await createTenant();
    const service = await createService(tenant.id);
    const token = await ownerToken(tenant.ownerId, tenant.id);
    const body = { name: "Five cuts", serviceIds: [service.id], sessions: 5, price: 12000, validityDays: 180 };
    const created = await post("/api/packages", body, { token });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...body, currency: expect.stringMatching(/^[A-Z]{3}$/) });
    const id = created.body.data.id;
    expect((await get(`/api/packages/${id}`, { token })).body.data.name).toBe("Five cuts");
    const changed = await patch(`/api/packages/${id}`, { sessions: 4, price: 10000 }, { token });
    expect(changed.body.data).toMatchObject({ sessions: 4, price: 10000, name: "Five cuts" });
    expect((await get("/api/packages", { token })).body.data.map((p: { id: string }) => p.id)).toEqual([id]);

    const other = await createTenant();
    const otherToken = await ownerToken(other.ownerId, other.id);
    expect((await get(`/api/packages/${id}`, { token: otherToken })).status).toBe(404);
    expect((await patch(`/api/packages/${id}`, { sessions: 3 }, { token: otherToken })).status).toBe(404);
    expect((await post(`/api/packages/${id}/issue`, { reason: "x" }, { token: otherToken })).status).toBe(404);
    const foreign = await post("/api/packages", { ...body, serviceIds: [(await createService(other.id)).id] }, { token });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.error.details.fieldErrors)).toEqual(["serviceIds"]);
    const tooFew = await post("/api/packages", { ...body, sessions: 1 }, { token });
    expect(Object.keys(tooFew.body.error.details.fieldErrors)).toEqual(["sessions"]);
    const staff = await createMember(tenant.id, "staff");
    expect((await get("/api/packages", { token: staff.token })).status).toBe(403);

    expect((await del(`/api/packages/${id}`, { token: otherToken })).status).toBe(404);
    expect((await del(`/api/packages/${id}`, { token })).status).toBe(200);
    expect((await get("/api/packages", { token })).body.data).toEqual([]);
  });

  it("issues a package by hand: all its sessions, a PK- code shown once, audited with the reason", async () => {
    const { tenant, service } = await payingTenant();
    const pack = await offered(tenant, [service.id]);
    const card = await issued(tenant, pack.id, { buyerName: "Bo", reason: "Paid cash" });
    expect(card.code).toMatch(/^PK-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(card.credits).toBe(5);
    expect(card.expiresAt).toBe("2032-04-30T12:00:00.000Z");
    const [row] = await testDb().all<{ codeHash: string; last4: string }>(sql`
      SELECT code_hash AS codeHash, last4 FROM package_credits WHERE id = ${card.id}`);
    expect(row.codeHash).not.toContain(card.code.slice(3, 7));
    expect(row.last4).toBe(card.code.slice(-4));
    const [audit] = await testDb().all<{ reason: string }>(sql`
      SELECT reason FROM audit_log WHERE action = 'package.issued' AND target_id = ${card.id}`);
    expect(audit.reason).toBe("Paid cash");
  });
});

describe("booking with a package", () => {
  it("takes one credit by code, charges nothing and confirms at once", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 30 });
    const card = await issued(tenant, (await offered(tenant, [service.id])).id);
    const res = await book(
      tenant.slug,
      { ...bookingBody(service.id, staff.id, START), packageCode: card.code.toLowerCase() },
      { now: NOW },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: "confirmed", payment: null });
    expect(await stripeCalls(tenant.id)).toEqual([]);
    expect(await creditsOf(card.id)).toBe(4);
    expect(await bookingOf(res.body.data.id)).toMatchObject({ packageCreditId: card.id });
  });

  it("with usePackage spends the signed-in account's package; a guest or an account without one gets fieldErrors.usePackage", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 30 });
    const holder = await customerAt(NOW);
    const card = await issued(tenant, (await offered(tenant, [service.id])).id, { buyerEmail: holder.email });
    const mine = await book(
      tenant.slug,
      { ...bookingBody(service.id, staff.id, START), usePackage: true },
      { now: NOW, token: holder.token },
    );
    expect(mine.status).toBe(201);
    expect(mine.body.data.status).toBe("confirmed");
    expect(await creditsOf(card.id)).toBe(4);

    const guest = bookingBody(service.id, staff.id, "2031-05-15T10:00:00");
    guest.customer.email = holder.email;
    const stranger = await customerAt(NOW);
    for (const [token, message] of [
      [undefined, "Sign in to the account that holds your package to use it"],
      [stranger.token, "Your account holds no package with a session left for this service"],
    ] as const) {
      const res = await book(tenant.slug, { ...guest, usePackage: true }, { now: NOW, token });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fieldErrors).toEqual({ usePackage: [message] });
    }
    expect(await creditsOf(card.id)).toBe(4);
  });

  it("refuses an unknown, expired, used-up or other-service package with fieldErrors.packageCode, holding nothing", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 30 });
    const other = await createService(tenant.id, { name: "Other", price: 1000 });
    const pack = await offered(tenant, [service.id]);
    const expired = await issued(tenant, pack.id);
    await testDb().run(sql`UPDATE package_credits SET expires_at = '2031-04-30T00:00:00.000Z' WHERE id = ${expired.id}`);
    const empty = await issued(tenant, pack.id);
    await testDb().run(sql`UPDATE package_credits SET credits = 0 WHERE id = ${empty.id}`);
    const elsewhere = await issued(tenant, (await offered(tenant, [other.id])).id);
    const cases: [string, string][] = [
      ["PK-ZZZZ-ZZZZ", "No package has this code"],
      [expired.code, "This package has expired"],
      [empty.code, "This package has no sessions left"],
      [elsewhere.code, "This package does not cover this service"],
    ];
    for (const [code, message] of cases) {
      const res = await book(tenant.slug, { ...bookingBody(service.id, staff.id, START), packageCode: code }, { now: NOW });
      expect(res.status, code).toBe(400);
      expect(res.body.error.details.fieldErrors).toEqual({ packageCode: [message] });
    }
    const [{ n }] = await testDb().all<{ n: number }>(sql`SELECT count(*) AS n FROM bookings WHERE tenant_id = ${tenant.id}`);
    expect(n).toBe(0);
    expect(await stripeCalls(tenant.id)).toEqual([]);
  });

  it("lets only one of 15 concurrent bookings take the last credit; it never goes below zero", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 30 });
    const card = await issued(tenant, (await offered(tenant, [service.id])).id);
    await testDb().run(sql`UPDATE package_credits SET credits = 1 WHERE id = ${card.id}`);
    const results = await Promise.all(
      dailyStarts(15).map((start) =>
        book(tenant.slug, { ...bookingBody(service.id, staff.id, start), packageCode: card.code }, { now: NOW }),
      ),
    );
    oneWinner(results, "packageCode");
    expect(await creditsOf(card.id)).toBe(0);
    const [{ n }] = await testDb().all<{ n: number }>(sql`SELECT count(*) AS n FROM bookings WHERE package_credit_id = ${card.id}`);
    expect(n).toBe(1);
  });

  it("gives the credit back on a cancellation inside the refund rule; a late cancellation keeps it", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 30 });
    const card = await issued(tenant, (await offered(tenant, [service.id])).id);
    const early = await book(tenant.slug, { ...bookingBody(service.id, staff.id, START), packageCode: card.code }, { now: NOW });
    const late = await book(
      tenant.slug,
      { ...bookingBody(service.id, staff.id, "2031-05-15T11:00:00"), packageCode: card.code },
      { now: NOW },
    );
    expect(await creditsOf(card.id)).toBe(3);

    const refunded = await post(`/api/public/booking/${early.body.data.confirmationCode}/cancel`, {}, { now: NOW });
    expect(refunded.status).toBe(200);
    expect(await creditsOf(card.id)).toBe(4);
    // A second cancel changes nothing.
    await post(`/api/public/booking/${early.body.data.confirmationCode}/cancel`, {}, { now: NOW });
    expect(await creditsOf(card.id)).toBe(4);

    // Two hours before the start: the session is kept.
    const kept = await post(`/api/public/booking/${late.body.data.confirmationCode}/cancel`, {}, { now: "2031-05-15T13:00:00.000Z" });
    expect(kept.status).toBe(200);
    expect(await creditsOf(card.id)).toBe(4);
  });
});
