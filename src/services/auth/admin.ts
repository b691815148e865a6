import { eq } from "drizzle-orm";
import { schema } from "../../db/client";
import { ApiError } from "../../errors";
import { verifyPassword } from "../../lib/password";
import { type AuthCtx, sessionInsert, signAdminToken } from "./sessions";

export type AdminRow = typeof schema.superAdmins.$inferSelect;

/**
 * Operators are created by the seed script only. Sign-in: one read, one write batch
 * (last_login_at + an 8 h session); the token lives 4 h and carries email and name.
 */
export async function loginAdmin(ctx: AuthCtx, email: string, password: string) {
  const { db, now } = ctx;
  const [found] = await db.select().from(schema.superAdmins).where(eq(schema.superAdmins.email, email)).limit(1);
  const ok = await verifyPassword(password, found?.passwordHash);
  if (!found || !ok) throw new ApiError("invalid_credentials", "Wrong e-mail or password");
  const session = sessionInsert(db, "admin", found.id, null, now);
  await db.batch([
    db.update(schema.superAdmins).set({ lastLoginAt: now.toISOString() }).where(eq(schema.superAdmins.id, found.id)),
    session.insert,
  ]);
  return { token: await signAdminToken(ctx, found, session.id), sessionId: session.id, admin: found };
}
