import { sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { newId } from "../../lib/ids";
import { signToken } from "../../lib/jwt";
import type { Services } from "../context";

/** interface.md §Authentication and §Limits: token and session-record lifetimes, in seconds. */
export const TOKEN_TTL = { owner: 24 * 3600, customer: 24 * 3600, admin: 4 * 3600 } as const;
export const SESSION_TTL = { user: 30 * 86400, customer: 30 * 86400, admin: 8 * 3600 } as const;

export type SubjectType = keyof typeof SESSION_TTL;

/** What every auth service needs of the services context: the handle, the configuration (signing secret) and the request clock. */
export type AuthCtx = Pick<Services, "db" | "config" | "now">;

/** A session row to insert in the same batch as the sign-in it records. */
export function sessionInsert(db: Db, subjectType: SubjectType, subjectId: string, tenantId: string | null, now: Date) {
  const id = newId("ses");
  const insert = db.insert(schema.sessions).values({
    id,
    subjectType,
    subjectId,
    tenantId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_TTL[subjectType] * 1000).toISOString(),
  });
  return { id, insert };
}

/**
 * The condition "session `sid` belongs to this subject, is not revoked and has not expired", as a
 * SQL expression to embed in a read (no round trip of its own).
 */
export function liveSessionExists(sid: string, subjectType: SubjectType, subjectId: string, now: Date) {
  return sql<number>`EXISTS (SELECT 1 FROM sessions s WHERE s.id = ${sid} AND s.subject_type = ${subjectType}
    AND s.subject_id = ${subjectId} AND s.revoked_at IS NULL AND s.expires_at > ${now.toISOString()})`;
}

export type OwnerTokenClaims = { sub: string; sid: string; tenantId: string | null; role: string };

export async function signOwnerToken(ctx: AuthCtx, claims: OwnerTokenClaims) {
  // Only these four claims: an owner token never carries `aud` (interface.md).
  const { sub, sid, tenantId, role } = claims;
  return (await signToken(ctx.config.JWT_SECRET, { sub, sid, tenantId, role }, TOKEN_TTL.owner, ctx.now)).token;
}

export async function signCustomerToken(ctx: AuthCtx, customerId: string, sid: string) {
  return (await signToken(ctx.config.JWT_SECRET, { sub: customerId, sid, aud: "customer" }, TOKEN_TTL.customer, ctx.now)).token;
}

export async function signAdminToken(ctx: AuthCtx, admin: { id: string; email: string; name: string }, sid: string) {
  const claims = { sub: admin.id, sid, aud: "super_admin", email: admin.email, name: admin.name };
  return (await signToken(ctx.config.JWT_SECRET, claims, TOKEN_TTL.admin, ctx.now)).token;
}

/**
 * Logout (design.md §18): the caller's own session row is revoked, so refresh stops working for it.
 * Idempotent: an already revoked or expired session is fine. One round trip. The token itself
 * stays valid until its exp for routes that verify only the token (interface.md, Authentication rule 1).
 */
export async function revokeSession(db: Db, subjectType: SubjectType, subjectId: string, sid: string, now: Date): Promise<void> {
  await db.run(sql`UPDATE sessions SET revoked_at = ${now.toISOString()}
    WHERE id = ${sid} AND subject_type = ${subjectType} AND subject_id = ${subjectId} AND revoked_at IS NULL`);
}
