import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, del, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createTenant } from "../../helpers/factories";

async function sha256Hex(value: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

const auditOf = (tenantId: string) =>
  testDb().all<{ action: string; actor_type: string; actor_id: string; metadata: string }>(
    sql`SELECT action, actor_type, actor_id, metadata FROM audit_log WHERE target_id = ${tenantId} AND action LIKE 'tenant.api_key_%' ORDER BY created_at, seq, id`,
  );

describe("POST /api/businesses/me/api-keys", () => {
  it("creates a key shown once, stored only as its SHA-256, and audits it (one round trip after the membership check)", async () => {
    const tenant = await createTenant();
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/businesses/me/api-keys", { name: "Website agency", scope: "read" }, { token: tenant.token, dbTag }),
    );
    expect(res.status).toBe(201);
    expect(dbRequests).toBe(2);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(["createdAt", "id", "key", "name", "prefix", "scope"]);
    expect(data).toMatchObject({ name: "Website agency", scope: "read" });
    expect(data.key).toMatch(new RegExp(`^bk_[0-9a-z]{40}_${tenant.id}$`));
    expect(data.key.startsWith(data.prefix)).toBe(true);

    const [row] = await testDb().select().from(schema.apiKeys).where(eq(schema.apiKeys.id, data.id));
    expect(row.keyHash).toBe(await sha256Hex(data.key));
    expect(JSON.stringify(row)).not.toContain(data.key.slice(3, 43));

    const list = await get("/api/businesses/me/api-keys", { token: tenant.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: data.id,
        name: "Website agency",
        scope: "read",
        prefix: data.prefix,
        createdAt: data.createdAt,
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(list.text).not.toContain(data.key.slice(3, 43));

    const audit = await auditOf(tenant.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "tenant.api_key_created", actor_type: "user", actor_id: tenant.ownerId });
    expect(JSON.parse(audit[0].metadata)).toEqual({ apiKeyId: data.id, name: "Website agency", scope: "read", prefix: data.prefix });
  });

  it("refuses a bad name or scope and unknown fields with 400, writing nothing", async () => {
    const tenant = await createTenant();
    const bad = await post("/api/businesses/me/api-keys", { name: " ", scope: "admin", extra: 1 }, { token: tenant.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fieldErrors).sort()).toEqual(["extra", "name", "scope"]);
    expect((await get("/api/businesses/me/api-keys", { token: tenant.token })).body.data).toEqual([]);
  });

  it("is for owners and admins: staff get 403 forbidden on every key route", async () => {
    const tenant = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    const admin = await createMember(tenant.id, "admin");
    expect((await get("/api/businesses/me/api-keys", { token: staff.token })).status).toBe(403);
    expect((await post("/api/businesses/me/api-keys", { name: "x", scope: "read" }, { token: staff.token })).body.error.code).toBe(
      "forbidden",
    );
    const created = await post("/api/businesses/me/api-keys", { name: "By admin", scope: "write" }, { token: admin.token });
    expect(created.status).toBe(201);
    expect((await del(`/api/businesses/me/api-keys/${created.body.data.id}`, { token: staff.token })).status).toBe(403);
  });

  it("caps a business at 20 live keys (409 conflict); a revoked key frees its place", async () => {
    const tenant = await createTenant();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await post("/api/businesses/me/api-keys", { name: `k${i}`, scope: "read" }, { token: tenant.token });
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    const over = await post("/api/businesses/me/api-keys", { name: "one too many", scope: "read" }, { token: tenant.token });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe("conflict");
    expect(await auditOf(tenant.id)).toHaveLength(20);
    await del(`/api/businesses/me/api-keys/${ids[0]}`, { token: tenant.token });
    expect((await post("/api/businesses/me/api-keys", { name: "again", scope: "read" }, { token: tenant.token })).status).toBe(201);
  });
});

describe("DELETE /api/businesses/me/api-keys/:id", () => {
  it("revokes the key (401 from then on), idempotently, with one audit row; another business's key is 404", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const created = (await post("/api/businesses/me/api-keys", { name: "POS", scope: "write" }, { token: tenant.token })).body.data;
    expect((await get("/api/services", { token: created.key })).status).toBe(200);

    expect((await del(`/api/businesses/me/api-keys/${created.id}`, { token: other.token })).status).toBe(404);
    expect((await get("/api/services", { token: created.key })).status).toBe(200);

    const { result: revoked, dbRequests } = await countDbRequests((dbTag) =>
      del(`/api/businesses/me/api-keys/${created.id}`, { token: tenant.token, dbTag }),
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ data: { id: created.id } });
    expect(dbRequests).toBe(2);
    const again = await del(`/api/businesses/me/api-keys/${created.id}`, { token: tenant.token });
    expect(again.status).toBe(200);

    const refused = await get("/api/services", { token: created.key });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: "unauthorized" });
    const listed = (await get("/api/businesses/me/api-keys", { token: tenant.token })).body.data[0];
    expect(listed.revokedAt).not.toBeNull();
    expect((await auditOf(tenant.id)).map((a) => a.action)).toEqual(["tenant.api_key_created", "tenant.api_key_revoked"]);
    expect((await del("/api/businesses/me/api-keys/apk_unknown", { token: tenant.token })).status).toBe(404);
  });
});
