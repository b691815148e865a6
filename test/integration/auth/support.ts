import { env } from "cloudflare:test";
import { decodeJwt, SignJWT } from "jose";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { testDb } from "../../helpers/db";
import { uniq } from "../../helpers/factories";

// Small helpers shared by the auth and /api/me tests (not a test file: no `.test.ts`).

export const email = (label = "user") => `${label}-${uniq()}@example.test`;

export function claimsOf(token: string) {
  return decodeJwt(token) as Record<string, unknown> & { exp: number; iat: number };
}

/** A token signed by hand, for the defects the real signer never produces. */
export async function craftToken(
  claims: Record<string, unknown>,
  opts: { secret?: string; alg?: string; iat?: Date; ttlSeconds?: number } = {},
) {
  const iat = Math.floor((opts.iat ?? new Date()).getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: opts.alg ?? "HS256", typ: "JWT" })
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.ttlSeconds ?? 3600))
    .sign(new TextEncoder().encode(opts.secret ?? env.JWT_SECRET));
}

/** `alg: none`: header and payload, empty signature. */
export function unsignedToken(claims: Record<string, unknown>) {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const iat = Math.floor(Date.now() / 1000);
  return `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claims, iat, exp: iat + 3600 })}.`;
}

/** Adds an existing user to a business as `role`; sign-in picks the oldest membership, so `createdAt` orders them. */
export async function addMembership(
  tenantId: string,
  userId: string,
  role: "owner" | "admin" | "staff",
  opts: { createdAt?: string; isActive?: boolean } = {},
) {
  await testDb()
    .insert(schema.tenantMembers)
    .values({ id: newId("mem"), tenantId, userId, role, isActive: opts.isActive, createdAt: opts.createdAt ?? new Date().toISOString() });
}
