import { eq, sql } from "drizzle-orm";
import { schema } from "../../db/client";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { verifyPassword } from "../../lib/password";
import { type AuthCtx, SESSION_TTL, signAdminToken } from "./sessions";

export type AdminRow = typeof schema.superAdmins.$inferSelect;

/**
 * design.md §18: after this many consecutive failed sign-ins an operator account refuses every
 * sign-in for LOCK_MINUTES (429, the password is not even checked); a success resets the count.
 * /api/admin has no per-IP limit (interface.md), so this per-account brake is what stops guessing.
 */
export const ADMIN_LOCK = { failures: 10, minutes: 15 } as const;

function locked(lockedUntil: string, now: Date): never {
  const seconds = Math.max(1, Math.ceil((Date.parse(lockedUntil) - now.getTime()) / 1000));
  throw new ApiError("rate_limited", undefined, undefined, { "Retry-After": String(seconds) });
}

/**
 * Operators are created by the seed script only. Sign-in: one read, then one write — on success
 * last_login_at, the count reset and an 8 h session (the token lives 4 h and carries email and
 * name); on a wrong password the failure count, which locks the account at the tenth. Both writes
 * apply only while the account is not locked, so attempts in flight when the lock falls neither
 * count nor sign in (a success that loses that race answers 429 too).
 */
export async function loginAdmin(ctx: AuthCtx, email: string, password: string) {
  const { db, now } = ctx;
  const t = now.toISOString();
  const [found] = await db.select().from(schema.superAdmins).where(eq(schema.superAdmins.email, email)).limit(1);
  if (found?.lockedUntil && found.lockedUntil > t) locked(found.lockedUntil, now);
  const ok = await verifyPassword(password, found?.passwordHash);
  if (!found) throw new ApiError("invalid_credentials", "Wrong e-mail or password");
  const unlocked = sql`(locked_until IS NULL OR locked_until <= ${t})`;

  if (!ok) {
    const lockUntil = new Date(now.getTime() + ADMIN_LOCK.minutes * 60_000).toISOString();
    await db.run(sql`UPDATE super_admins SET
        locked_until = CASE WHEN failed_logins + 1 >= ${ADMIN_LOCK.failures} THEN ${lockUntil} ELSE NULL END,
        failed_logins = CASE WHEN failed_logins + 1 >= ${ADMIN_LOCK.failures} THEN 0 ELSE failed_logins + 1 END
      WHERE id = ${found.id} AND ${unlocked}`);
    throw new ApiError("invalid_credentials", "Wrong e-mail or password");
  }

  const sessionId = newId("ses");
  const expiresAt = new Date(now.getTime() + SESSION_TTL.admin * 1000).toISOString();
  const [, session, [after]] = await db.batch([
    db.run(
      sql`UPDATE super_admins SET last_login_at = ${t}, failed_logins = 0, locked_until = NULL WHERE id = ${found.id} AND ${unlocked}`,
    ),
    db.run(sql`INSERT INTO sessions (id, subject_type, subject_id, tenant_id, created_at, expires_at, revoked_at)
      SELECT ${sessionId}, 'admin', ${found.id}, NULL, ${t}, ${expiresAt}, NULL WHERE changes() = 1`),
    db.select({ lockedUntil: schema.superAdmins.lockedUntil }).from(schema.superAdmins).where(eq(schema.superAdmins.id, found.id)),
  ]);
  if (session.rowsAffected !== 1) locked(after?.lockedUntil ?? t, now);
  return { token: await signAdminToken(ctx, found, sessionId), sessionId, admin: { ...found, lastLoginAt: t } };
}
