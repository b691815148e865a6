import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { schema } from "../../db/client";
import { ApiError } from "../../errors";
import { newId, newSecret } from "../../lib/ids";
import { linkBase } from "../../lib/links";
import { hashPassword, verifyPassword } from "../../lib/password";
import { userResetMail } from "../email/account-mail";
import { batch } from "../batch";
import type { AfterCommit } from "../context";
import { emailInsert } from "../outbox";
import { RESET_TTL_MINUTES, requestLocale, sha256Hex } from "./password-reset";
import { type AuthCtx, liveSessionExists } from "./sessions";

// Owner/staff accounts (users): forgot/reset, change password, and the invite links new members
// follow to choose their own password (design.md §18). Links live in user_tokens, hash only.

const { users, userTokens } = schema;

export type UserTokenPurpose = "password_reset" | "invite";

/**
 * What `users.password_hash` holds until an invited member chooses a password: not a PBKDF2
 * record, so verifyPassword refuses every password against it (after the same hashing work).
 */
export const NO_PASSWORD_YET = "unset$invited";

/** A fresh link token: the secret for the e-mail and the hash to store. */
export async function newLinkToken(): Promise<{ token: string; tokenHash: string }> {
  const token = newSecret(32);
  return { token, tokenHash: await sha256Hex(token) };
}

export const resetLinkPath = (token: string) => `/reset-password?token=${encodeURIComponent(token)}`;

/**
 * POST /api/auth/forgot-password. One batch, the same whether or not the e-mail belongs to an
 * active account (so neither the answer nor its timing tells): earlier unused reset links of the
 * account are retired, a link row is inserted only for an active user, and the e-mail only if
 * that row was, enqueued after commit when written. The link's base is PUBLIC_BASE_URL.
 * design.md §30: the e-mail speaks the member's own language (their latest membership that chose one),
 * else the request's Accept-Language, else English; the insert reads the member's (../email/account-mail.ts),
 * so it still takes one round trip and reads nothing first.
 */
export async function requestUserPasswordReset(ctx: AuthCtx & AfterCommit, email: string, acceptLanguage?: string | null): Promise<void> {
  const { db, now } = ctx;
  const t = now.toISOString();
  const { token, tokenHash } = await newLinkToken();
  const id = newId("utk");
  const expiresAt = new Date(now.getTime() + RESET_TTL_MINUTES * 60_000).toISOString();
  const mail = emailInsert(
    db,
    {
      ...userResetMail({
        resetUrl: `${linkBase(ctx.config)}${resetLinkPath(token)}`,
        minutes: RESET_TTL_MINUTES,
        fallback: requestLocale(acceptLanguage),
        email,
      }),
      tenantId: null,
      to: email,
    },
    now,
    sql`EXISTS (SELECT 1 FROM user_tokens WHERE id = ${id})`,
  );
  const b = batch(db);
  b.add(
    db.run(sql`UPDATE user_tokens SET used_at = ${t}
      WHERE used_at IS NULL AND purpose = 'password_reset' AND user_id = (SELECT id FROM users WHERE email = ${email})`),
  );
  b.add(
    db.run(sql`INSERT INTO user_tokens (id, user_id, purpose, token_hash, expires_at, used_at, created_at)
      SELECT ${id}, id, 'password_reset', ${tokenHash}, ${expiresAt}, NULL, ${t} FROM users WHERE email = ${email} AND is_active = 1`),
  );
  b.add(mail);
  await b.run(ctx);
}

/** The link's row while it can still be used (unused, unexpired), or null. One round trip. */
export async function liveUserToken(ctx: Pick<AuthCtx, "db" | "now">, tokenHash: string) {
  const [row] = await ctx.db
    .select({ id: userTokens.id, userId: userTokens.userId, purpose: userTokens.purpose })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, tokenHash), isNull(userTokens.usedAt), gt(userTokens.expiresAt, ctx.now.toISOString())))
    .limit(1);
  return row ?? null;
}

const invalidLink = () => ApiError.field("token", "This link is invalid, already used or expired");

/**
 * POST /api/auth/reset-password (and the /reset-password page): a reset link or a member's invite
 * link sets the account's password. The link is looked up before any hashing (a bad token costs
 * one read, no PBKDF2). Then one batch, every statement guarded by "this link is still live", the
 * link marked last: the password, every session of the user revoked, and every other open link
 * of the user retired (a reset also ends a pending invite and the reverse).
 */
export async function resetUserPassword(ctx: AuthCtx, token: string, password: string): Promise<{ purpose: UserTokenPurpose }> {
  const { db, now } = ctx;
  const t = now.toISOString();
  const tokenHash = await sha256Hex(token);
  const live = await liveUserToken(ctx, tokenHash);
  if (!live) throw invalidLink();
  const passwordHash = await hashPassword(password);
  const guard = sql`EXISTS (SELECT 1 FROM user_tokens WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${t})`;
  const b = batch(db);
  b.add(db.run(sql`UPDATE users SET password_hash = ${passwordHash}, updated_at = ${t} WHERE id = ${live.userId} AND ${guard}`));
  b.add(
    db.run(sql`UPDATE sessions SET revoked_at = ${t}
      WHERE subject_type = 'user' AND subject_id = ${live.userId} AND revoked_at IS NULL AND ${guard}`),
  );
  b.add(
    db.run(
      sql`UPDATE user_tokens SET used_at = ${t} WHERE user_id = ${live.userId} AND used_at IS NULL AND token_hash <> ${tokenHash} AND ${guard}`,
    ),
  );
  const used = b.add(
    db.run(sql`UPDATE user_tokens SET used_at = ${t} WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${t}`),
  );
  await b.run();
  if (used.result().rowsAffected !== 1) throw invalidLink();
  return { purpose: live.purpose };
}

/**
 * POST /api/auth/change-password: the caller proves the current password; the new one is set and
 * every OTHER session of the user is revoked (the caller's stays), with any open reset link. One
 * read (user + the caller's session still live), the PBKDF2 checks, one batch.
 */
export async function changePassword(
  ctx: AuthCtx,
  caller: { userId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { db, now } = ctx;
  const t = now.toISOString();
  const [row] = await db
    .select({
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      live: liveSessionExists(caller.sessionId, "user", caller.userId, now),
    })
    .from(users)
    .where(eq(users.id, caller.userId))
    .limit(1);
  if (!row?.isActive || !Number(row.live)) throw new ApiError("unauthorized");
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw ApiError.field("currentPassword", "The current password is not correct");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: t }).where(eq(users.id, caller.userId)),
    db.run(sql`UPDATE sessions SET revoked_at = ${t}
      WHERE subject_type = 'user' AND subject_id = ${caller.userId} AND id <> ${caller.sessionId} AND revoked_at IS NULL`),
    db
      .update(userTokens)
      .set({ usedAt: t })
      .where(and(eq(userTokens.userId, caller.userId), isNull(userTokens.usedAt), inArray(userTokens.purpose, ["password_reset"]))),
  ]);
}
