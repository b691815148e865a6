import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { call } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createCustomerAccount, createTenant, ownerToken } from "../../helpers/factories";
import { claimsOf, craftToken, unsignedToken } from "./support";

// Every token defect against every audience's routes: 401 `{ "error": "unauthorized" }` exactly.
// Owner audience: POST /api/auth/refresh (and an owner prefix, whose middleware runs before any
// handler); customer: GET /api/me; operator: an /api/admin/tenants route (requireAdmin).

type Audience = "owner" | "customer" | "admin";
type Subject = { claims: Record<string, unknown>; token: string; foreign: Record<Audience, string> };

const ROUTES: Record<Audience, [string, string][]> = {
  owner: [
    ["POST", "/api/auth/refresh"],
    ["GET", "/api/businesses/me"],
  ],
  customer: [
    ["GET", "/api/me"],
    ["GET", "/api/me/bookings"],
  ],
  admin: [["GET", `/api/admin/tenants/${newId("tnt")}`]],
};

async function subject(aud: Audience): Promise<Subject> {
  const [tenant, customer, admin] = await Promise.all([createTenant(), createCustomerAccount(), createAdmin()]);
  const foreign = { owner: tenant.token, customer: customer.token, admin: admin.token };
  const token = foreign[aud];
  const { iat: _iat, exp: _exp, ...claims } = claimsOf(token);
  return { claims, token, foreign };
}

const swapPayload = (token: string, claims: Record<string, unknown>) => {
  const [h, , s] = token.split(".");
  const p = btoa(JSON.stringify(claims)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${h}.${p}.${s}`;
};

type Defect = [string, (s: Subject, aud: Audience) => Promise<{ auth?: string; now?: string }>];
const DEFECTS: Defect[] = [
  ["no Authorization header", async () => ({})],
  ["an empty Bearer", async () => ({ auth: "Bearer " })],
  ["another scheme", async (s) => ({ auth: `Basic ${s.token}` })],
  ["a token without the Bearer scheme", async (s) => ({ auth: s.token })],
  ["a value that is not a JWT", async () => ({ auth: "Bearer not-a-jwt" })],
  [
    "a token signed with another secret",
    async (s) => ({ auth: `Bearer ${await craftToken(s.claims, { secret: "another-secret-another-secret-0123456789" })}` }),
  ],
  [
    "a payload changed after signing",
    async (s) => ({ auth: `Bearer ${swapPayload(s.token, { ...claimsOf(s.token), sub: "someone_else" })}` }),
  ],
  ["alg none", async (s) => ({ auth: `Bearer ${unsignedToken(s.claims)}` })],
  ["HS512 with the right secret", async (s) => ({ auth: `Bearer ${await craftToken(s.claims, { alg: "HS512" })}` })],
  ["HS384 with the right secret", async (s) => ({ auth: `Bearer ${await craftToken(s.claims, { alg: "HS384" })}` })],
  [
    "an expired token",
    async (s) => ({ auth: `Bearer ${await craftToken(s.claims, { iat: new Date(Date.now() - 25 * 3600_000), ttlSeconds: 24 * 3600 })}` }),
  ],
  // The lifetime is measured on the request clock: the same valid token, one second past 24 h.
  [
    "a token used past its lifetime",
    async (s) => ({ auth: `Bearer ${s.token}`, now: new Date((claimsOf(s.token).exp + 1) * 1000).toISOString() }),
  ],
  ["a token without a session id", async (s) => ({ auth: `Bearer ${await craftToken({ ...s.claims, sid: undefined })}` })],
  ["a token with an unknown audience", async (s) => ({ auth: `Bearer ${await craftToken({ ...s.claims, aud: "partner" })}` })],
  [
    "an audience list",
    async (s, aud) => ({ auth: `Bearer ${await craftToken({ ...s.claims, aud: [aud === "admin" ? "super_admin" : "customer"] })}` }),
  ],
  ["an owner token (wrong audience)", async (s) => ({ auth: `Bearer ${s.foreign.owner}` })],
  ["a customer token (wrong audience)", async (s) => ({ auth: `Bearer ${s.foreign.customer}` })],
  ["an operator token (wrong audience)", async (s) => ({ auth: `Bearer ${s.foreign.admin}` })],
];

const CASES = (["owner", "customer", "admin"] as Audience[]).flatMap((aud) =>
  DEFECTS.filter(([label]) => !label.endsWith("(wrong audience)") || !label.includes(aud === "admin" ? "operator" : aud)).map(
    ([label, make]) => [aud, label, make] as const,
  ),
);

describe("token defects answer 401 { error: unauthorized } on every audience", () => {
  it.each(CASES)("%s routes: %s", async (aud, _label, make) => {
    const s = await subject(aud);
    const { auth, now } = await make(s, aud);
    for (const [method, path] of ROUTES[aud]) {
      const res = await call(method, path, { headers: auth === undefined ? {} : { Authorization: auth }, now });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.text).toBe('{"error":"unauthorized"}');
    }
  });

  it.each(["owner", "customer", "admin"] as Audience[])("the valid %s token itself gets past the check", async (aud) => {
    const s = await subject(aud);
    const [method, path] = ROUTES[aud][0];
    const res = await call(method, path, { token: s.token });
    // The operator route's tenant does not exist: 404 proves the token was accepted.
    expect(res.status).toBe(aud === "admin" ? 404 : 200);
  });
});

describe("the Bearer scheme in any case (design.md §18)", () => {
  it.each(["owner", "customer", "admin"] as Audience[])("%s routes accept `bearer` and `BEARER`", async (aud) => {
    const s = await subject(aud);
    const [method, path] = ROUTES[aud][0];
    for (const scheme of ["bearer", "BEARER", "bEaReR"]) {
      const res = await call(method, path, { headers: { Authorization: `${scheme} ${s.token}` } });
      expect(res.status, scheme).toBe(aud === "admin" ? 404 : 200);
    }
  });
});

describe("a valid owner token without a usable tenant", () => {
  it("answers 403 { error: tenant required } when the token carries no tenant", async () => {
    const t = await createTenant();
    const res = await call("POST", "/api/auth/refresh", { token: await ownerToken(t.ownerId, null) });
    expect(res.status).toBe(403);
    expect(res.text).toBe('{"error":"tenant required"}');
  });

  it("answers 403 { error: tenant not found } when the tenant does not exist", async () => {
    const t = await createTenant();
    const res = await call("POST", "/api/auth/refresh", { token: await ownerToken(t.ownerId, newId("tnt")) });
    expect(res.status).toBe(403);
    expect(res.text).toBe('{"error":"tenant not found"}');
  });

  it("answers 403 { error: tenant required } when the membership is inactive", async () => {
    const t = await createTenant();
    await testDb()
      .update(schema.tenantMembers)
      .set({ isActive: false })
      .where(and(eq(schema.tenantMembers.tenantId, t.id), eq(schema.tenantMembers.userId, t.ownerId)));
    for (const [method, path] of ROUTES.owner) {
      const res = await call(method, path, { token: t.token });
      expect(res.status).toBe(403);
      expect(res.text).toBe('{"error":"tenant required"}');
    }
  });

  it("answers 403 { error: tenant required } for a user who is not a member of the token's tenant", async () => {
    const t = await createTenant();
    const stranger = await createTenant();
    const res = await call("POST", "/api/auth/refresh", { token: await ownerToken(stranger.ownerId, t.id) });
    expect(res.status).toBe(403);
    expect(res.text).toBe('{"error":"tenant required"}');
  });
});

it("the test secret is the one the Worker signs with (guards the crafted-token cases above)", async () => {
  const s = await subject("customer");
  const res = await call("GET", "/api/me", { token: await craftToken(s.claims) });
  expect(res.status).toBe(200);
  expect(env.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
});
