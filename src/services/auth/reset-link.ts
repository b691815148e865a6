import { and, eq, gt, isNull } from "drizzle-orm";
import { type Db, schema } from "../../db/client";
import { ApiError } from "../../errors";
import { resetPassword, sha256Hex } from "./password-reset";
import type { AuthCtx } from "./sessions";
import { resetUserPassword } from "./user-password";

const { passwordResets: pr, userTokens: ut } = schema;

/** What a `/reset-password?token=` link is, while it can still be used. */
export type ResetLink = { kind: "customer" } | { kind: "user"; purpose: "password_reset" | "invite" };

/**
 * The page does not know whose link it holds: customer accounts and owner/staff accounts keep
 * their links in separate tables. Both are looked up by the token's hash in one round trip.
 */
export async function resolveResetLink(ctx: { db: Db; now: Date }, token: string): Promise<ResetLink | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = await sha256Hex(token);
  const t = ctx.now.toISOString();
  const [customer, user] = await ctx.db.batch([
    ctx.db
      .select({ id: pr.id })
      .from(pr)
      .where(and(eq(pr.tokenHash, tokenHash), isNull(pr.usedAt), gt(pr.expiresAt, t)))
      .limit(1),
    ctx.db
      .select({ purpose: ut.purpose })
      .from(ut)
      .where(and(eq(ut.tokenHash, tokenHash), isNull(ut.usedAt), gt(ut.expiresAt, t)))
      .limit(1),
  ]);
  if (customer[0]) return { kind: "customer" };
  if (user[0]) return { kind: "user", purpose: user[0].purpose };
  return null;
}

/**
 * Sets the password through whichever link this is (the reset services look the link up again
 * inside their own guarded write, so a link used meanwhile is refused there).
 */
export async function resetThroughLink(ctx: AuthCtx, token: string, password: string): Promise<ResetLink> {
  const link = await resolveResetLink(ctx, token);
  if (!link) throw ApiError.field("token", "This link is invalid, already used or expired");
  if (link.kind === "customer") await resetPassword(ctx, token, password);
  else await resetUserPassword(ctx, token, password);
  return link;
}
