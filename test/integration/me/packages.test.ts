import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { countDbRequests, get, post } from "../../helpers/api";
import { customerAt } from "../../helpers/booking";
import { testDb } from "../../helpers/db";
import { createMember, createService, createTenant, uniq } from "../../helpers/factories";
import { payingTenant } from "../payments/support";
import { NOW, offered, saleEvent } from "../prepaid/package-support";

// design.md §32, issue #43 item 3: GET /api/me/packages, the packages a signed-in customer account
// holds (what `usePackage: true` spends), never another account's, never the code.

const buyer = () => ({ name: "Bea Buyer", email: `bea-${uniq()}@example.test` });

/** A sold package row held by `accountId` (or nobody), as a sale or the owner's issue leaves it. */
async function heldPackage(
  tenant: { id: string },
  serviceIds: string[],
  accountId: string | null,
  extra: Partial<typeof schema.packageCredits.$inferInsert> = {},
) {
  const packageId = newId("pkg");
  const id = newId("pkc");
  await testDb()
    .insert(schema.packages)
    .values({
      id: packageId,
      tenantId: tenant.id,
      name: extra.status === "void" ? "Voided cuts" : "Five cuts",
      serviceIds,
      sessions: 5,
      price: 12000,
      currency: "EUR",
      validityDays: 365,
      createdAt: NOW,
      updatedAt: NOW,
    });
  await testDb()
    .insert(schema.packageCredits)
    .values({
      id,
      tenantId: tenant.id,
      packageId,
      status: "active",
      source: "owner",
      codeHash: `hash-${id}`,
      last4: "AB12",
      serviceIds,
      sessions: 5,
      credits: 5,
      price: 12000,
      currency: "EUR",
      expiresAt: "2032-05-01T12:00:00.000Z",
      customerAccountId: accountId,
      createdAt: NOW,
      updatedAt: NOW,
      ...extra,
    });
  return id;
}

describe("GET /api/me/packages", () => {
  it("lists the package the account bought once Stripe took the money, never another buyer's, never the code, in one round trip", async () => {
    const { tenant, service } = await payingTenant();
    const pack = await offered(tenant, [service.id]);
    const holder = await customerAt(NOW);
    const other = await customerAt(NOW);
    const bought = await post(
      `/api/public/${tenant.slug}/packages`,
      { packageId: pack.id, buyer: buyer() },
      { now: NOW, token: holder.token },
    );
    expect(bought.status).toBe(201);
    const guest = await post(`/api/public/${tenant.slug}/packages`, { packageId: pack.id, buyer: buyer() }, { now: NOW });
    const theirs = await post(
      `/api/public/${tenant.slug}/packages`,
      { packageId: pack.id, buyer: buyer() },
      { now: NOW, token: other.token },
    );

    // Unpaid: not listed (it pays for nothing yet).
    expect((await get("/api/me/packages", { token: holder.token, now: NOW })).body).toEqual({ data: [] });

    for (const id of [bought.body.data.id, guest.body.data.id, theirs.body.data.id]) await saleEvent(id);
    const { result: res, dbRequests } = await countDbRequests((dbTag) => get("/api/me/packages", { token: holder.token, now: NOW, dbTag }));
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(1);
    const [row] = await testDb().all<{ last4: string; expiresAt: string }>(
      sql`SELECT last4, expires_at AS expiresAt FROM package_credits WHERE id = ${bought.body.data.id}`,
    );
    expect(res.body).toEqual({
      data: [
        {
          id: bought.body.data.id,
          businessSlug: tenant.slug,
          name: "Five colours",
          serviceIds: [service.id],
          credits: 5,
          expiresAt: row.expiresAt,
          codeLast4: row.last4,
          state: "active",
        },
      ],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/PK-|hash/i);
    const theirList = await get("/api/me/packages", { token: other.token, now: NOW });
    expect(theirList.body.data.map((p: { id: string }) => p.id)).toEqual([theirs.body.data.id]);
  });

  it("narrows to one business with ?slug= (any case); an unknown slug lists nothing", async () => {
    const holder = await customerAt(NOW);
    const a = await createTenant();
    const b = await createTenant();
    const atA = await heldPackage(a, [(await createService(a.id)).id], holder.id);
    const atB = await heldPackage(b, [(await createService(b.id)).id], holder.id, { expiresAt: "2031-12-01T00:00:00.000Z" });
    const all = await get("/api/me/packages", { token: holder.token, now: NOW });
    // Soonest expiry first: the order usePackage spends them in.
    expect(all.body.data.map((p: { id: string }) => p.id)).toEqual([atB, atA]);
    const onlyA = await get(`/api/me/packages?slug=${a.slug.toUpperCase()}`, { token: holder.token, now: NOW });
    expect(onlyA.status).toBe(200);
    expect(onlyA.body.data.map((p: { id: string; businessSlug: string }) => [p.id, p.businessSlug])).toEqual([[atA, a.slug]]);
    const unknown = await get(`/api/me/packages?slug=no-such-${uniq()}`, { token: holder.token, now: NOW });
    expect(unknown.body).toEqual({ data: [] });
    const tooLong = await get(`/api/me/packages?slug=${"x".repeat(64)}`, { token: holder.token, now: NOW });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.error.details.fieldErrors)).toEqual(["slug"]);
  });

  it("marks used-up, expired and voided packages (they pay for nothing) and leaves unpaid ones out", async () => {
    const holder = await customerAt(NOW);
    const tenant = await createTenant();
    const serviceIds = [(await createService(tenant.id)).id];
    const live = await heldPackage(tenant, serviceIds, holder.id, { expiresAt: "2031-09-01T00:00:00.000Z", credits: 2 });
    const empty = await heldPackage(tenant, serviceIds, holder.id, { expiresAt: "2031-08-01T00:00:00.000Z", credits: 0 });
    const expired = await heldPackage(tenant, serviceIds, holder.id, { expiresAt: "2031-04-30T12:00:00.000Z" });
    const voided = await heldPackage(tenant, serviceIds, holder.id, { status: "void", expiresAt: "2031-10-01T00:00:00.000Z" });
    await heldPackage(tenant, serviceIds, holder.id, { status: "pending", credits: 0, codeHash: null, last4: null });
    const res = await get(`/api/me/packages?slug=${tenant.slug}`, { token: holder.token, now: NOW });
    expect(res.body.data.map((p: { id: string; state: string; credits: number }) => [p.id, p.state, p.credits])).toEqual([
      [expired, "expired", 5],
      [empty, "empty", 0],
      [live, "active", 2],
      [voided, "void", 5],
    ]);
  });

  it("answers 401 without a customer token: none, an owner's, or a malformed one", async () => {
    const tenant = await createTenant();
    const member = await createMember(tenant.id, "owner");
    for (const token of [undefined, member.token, "not-a-token"]) {
      const res = await get("/api/me/packages", { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized" });
    }
  });
});
