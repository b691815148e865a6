import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { del, get, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createService, createTenant, ownerToken } from "../../helpers/factories";
import { payingTenant } from "../payments/support";

// design.md §32, issue #43 item 4: the owner's promo codes.

async function tenantWithToken() {
  const tenant = await createTenant();
  const service = await createService(tenant.id, { name: "Cut", price: 3000 });
  return { tenant, service, token: await ownerToken(tenant.ownerId, tenant.id) };
}

async function promoRow(id: string) {
  const [row] = await testDb().all<{ uses: number; deletedAt: string | null; code: string }>(sql`
    SELECT uses, deleted_at AS deletedAt, code FROM promo_codes WHERE id = ${id}`);
  return row;
}

describe("owner promo codes", () => {
  it("creates, lists, changes and deletes a code; the code is stored upper-cased", async () => {
    const { service, token } = await tenantWithToken();
    const created = await post(
      "/api/promo-codes",
      { code: "spring 10", percentOff: 10, serviceIds: [service.id], validFrom: "2031-03-01", validTo: "2031-05-31", maxUses: 20 },
      { token },
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      code: "SPRING10",
      percentOff: 10,
      amountOff: null,
      serviceIds: [service.id],
      validFrom: "2031-03-01",
      validTo: "2031-05-31",
      maxUses: 20,
      uses: 0,
      firstVisitOnly: false,
    });
    const id = created.body.data.id;

    const changed = await patch(`/api/promo-codes/${id}`, { amountOff: 500, firstVisitOnly: true, serviceIds: null }, { token });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ percentOff: null, amountOff: 500, firstVisitOnly: true, serviceIds: null, maxUses: 20 });

    const list = await get("/api/promo-codes", { token });
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([id]);

    const removed = await del(`/api/promo-codes/${id}`, { token });
    expect(removed.status).toBe(200);
    expect((await get("/api/promo-codes", { token })).body.data).toEqual([]);
    expect((await promoRow(id)).deletedAt).not.toBeNull();
    // Its code is free again once deleted.
    expect((await post("/api/promo-codes", { code: "SPRING10", amountOff: 100 }, { token })).status).toBe(201);
  });

  it("refuses a taken code (any case), both or neither discount, another business's services, and days out of order", async () => {
    const { token } = await tenantWithToken();
    const other = await createTenant();
    const foreign = await createService(other.id);
    expect((await post("/api/promo-codes", { code: "WELCOME", percentOff: 15 }, { token })).status).toBe(201);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "welcome", percentOff: 5 }, "code"],
      [{ code: "BOTH", percentOff: 5, amountOff: 100 }, "percentOff"],
      [{ code: "NEITHER" }, "percentOff"],
      [{ code: "FOREIGN", percentOff: 5, serviceIds: [foreign.id] }, "serviceIds"],
      [{ code: "DAYS", percentOff: 5, validFrom: "2031-05-02", validTo: "2031-05-01" }, "validTo"],
      [{ code: "X", percentOff: 5 }, "code"],
      [{ code: "PCT", percentOff: 101 }, "percentOff"],
    ];
    for (const [body, field] of cases) {
      const res = await post("/api/promo-codes", body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      expect(Object.keys(res.body.error.details.fieldErrors)).toContain(field);
    }
    expect((await get("/api/promo-codes", { token })).body.data).toHaveLength(1);
  });

  it("answers 404 for another business's code and 403 to staff", async () => {
    const mine = await tenantWithToken();
    const theirs = await tenantWithToken();
    const code = await post("/api/promo-codes", { code: "THEIRS", percentOff: 10 }, { token: theirs.token });
    const id = code.body.data.id;
    expect((await patch(`/api/promo-codes/${id}`, { maxUses: 1 }, { token: mine.token })).status).toBe(404);
    expect((await del(`/api/promo-codes/${id}`, { token: mine.token })).status).toBe(404);
    expect(await promoRow(id)).toMatchObject({ deletedAt: null, code: "THEIRS" });
    const staff = await createMember(theirs.tenant.id, "staff");
    expect((await get("/api/promo-codes", { token: staff.token })).status).toBe(403);
    expect((await post("/api/promo-codes", { code: "STAFF", percentOff: 10 }, { token: staff.token })).status).toBe(403);
  });

  it("keeps a paying business's promo-code list readable by admins", async () => {
    const { tenant } = await payingTenant();
    const admin = await createMember(tenant.id, "admin");
    const res = await post("/api/promo-codes", { code: "ADMIN5", amountOff: 500 }, { token: admin.token });
    expect(res.status).toBe(201);
    expect((await get("/api/promo-codes", { token: admin.token })).body.data).toHaveLength(1);
  });
});
