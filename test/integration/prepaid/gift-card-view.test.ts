import { describe, expect, it } from "vitest";
import { countDbRequests, get, post } from "../../helpers/api";
import { createMember, createTenant, ownerToken } from "../../helpers/factories";
import { ownerTokenAt } from "./support";

// design.md §32, §15: the owner app's Gift cards page reads ONE view: its business's cards with balances.

const NOW = "2031-05-01T12:00:00.000Z";

describe("GET /api/businesses/me/views/gift-cards", () => {
  it("lists the business's own cards with balances in one batch (plus the membership check), never another business's", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const token = await ownerTokenAt(tenant, NOW);
    const issued = await post("/api/gift-cards", { amount: 4000, reason: "Sold at the counter" }, { token, now: NOW });
    expect(issued.status).toBe(201);
    await post("/api/gift-cards", { amount: 999, reason: "Other shop" }, { token: await ownerTokenAt(other, NOW), now: NOW });

    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      get("/api/businesses/me/views/gift-cards", { token, now: NOW, dbTag }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.business.id).toBe(tenant.id);
    expect(res.body.data.viewer.role).toBe("owner");
    expect(res.body.data.cards).toEqual([
      expect.objectContaining({ id: issued.body.data.id, balance: 4000, amount: 4000, state: "active" }),
    ]);
    expect(res.body.data.cards[0]).not.toHaveProperty("code");
    // Like every view: the membership check, then the view's one batch.
    expect(dbRequests).toBe(2);
  });

  it("is for owners and admins, like the gift-card API", async () => {
    const tenant = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    const admin = await createMember(tenant.id, "admin");
    expect((await get("/api/businesses/me/views/gift-cards", { token: await ownerToken(staff.userId, tenant.id, "staff") })).status).toBe(
      403,
    );
    expect((await get("/api/businesses/me/views/gift-cards", { token: await ownerToken(admin.userId, tenant.id, "admin") })).status).toBe(
      200,
    );
    expect((await get("/api/businesses/me/views/gift-cards")).status).toBe(401);
  });
});
