import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { schema } from "../../db/client";
import { ApiError } from "../../errors";
import { newId, newSecret } from "../../lib/ids";
import { linkBase } from "../../lib/links";
import { hashPassword } from "../../lib/password";
import { passwordResetEmail } from "../email/templates";
import { batch } from "../batch";
import type { AfterCommit } from "../context";
import { emailInsert } from "../outbox";
import { DEFAULT_LOCALE, type Locale, matchAcceptLanguage, SUPPORTED_LOCALES } from "../../shared/i18n/locales";
import type { AuthCtx } from "./sessions";

export const RESET_TTL_MINUTES = 60;

const { passwordResets } = schema;

/** The language of an e-mail asked for by someone of no known language: Accept-Language among every supported locale, else English. */
export const requestLocale = (acceptLanguage: string | null | undefined): Locale =>
  matchAcceptLanguage(acceptLanguage, SUPPORTED_LOCALES) ?? DEFAULT_LOCALE;

/** Only this hash is stored: a database leak does not hand out working reset links. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * One batch, the same whether or not the e-mail is registered (so neither the answer nor its
 * timing tells): older unused links of the account are retired, a reset row is inserted only if
 * the account exists, and the e-mail only if that row was, enqueued after commit when written.
 * The link's base is PUBLIC_BASE_URL, never the request's Host (design.md §18). The greeting cannot use the first name without a
 * prior read, which would make the two cases differ; the template falls back to "Hi there".
 * `acceptLanguage` (design.md §30): a customer account belongs to no one business and keeps no
 * language, so the e-mail speaks the best supported match of the request's Accept-Language, else English.
 */
export async function requestPasswordReset(ctx: AuthCtx & AfterCommit, email: string, acceptLanguage?: string | null): Promise<void> {
  const { db, now } = ctx;
  const t = now.toISOString();
  const token = newSecret(32);
  const tokenHash = await sha256Hex(token);
  const resetId = newId("pwr");
  const expiresAt = new Date(now.getTime() + RESET_TTL_MINUTES * 60_000).toISOString();
  const resetUrl = `${linkBase(ctx.config).replace(/\/+$/, "")}/reset-password?token=${encodeURIComponent(token)}`;
  const mail = emailInsert(
    db,
    {
      ...passwordResetEmail({ firstName: "", resetUrl, expiresInMinutes: RESET_TTL_MINUTES, locale: requestLocale(acceptLanguage) }),
      tenantId: null,
      to: email,
    },
    now,
    sql`EXISTS (SELECT 1 FROM password_resets WHERE id = ${resetId})`,
  );
  const b = batch(db);
  b.add(
    db.run(sql`UPDATE password_resets SET used_at = ${t}
      WHERE used_at IS NULL AND customer_account_id = (SELECT id FROM customer_accounts WHERE email = ${email})`),
  );
  b.add(
    db.run(sql`INSERT INTO password_resets (id, customer_account_id, token_hash, expires_at, used_at, created_at)
      SELECT ${resetId}, id, ${tokenHash}, ${expiresAt}, NULL, ${t} FROM customer_accounts WHERE email = ${email}`),
  );
  b.add(mail);
  await b.run(ctx);
}

/** The link's row while it can still be used (unused, unexpired), or null. One round trip. */
export async function liveCustomerReset(ctx: Pick<AuthCtx, "db" | "now">, tokenHash: string): Promise<{ id: string } | null> {
  const [row] = await ctx.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, ctx.now.toISOString())))
    .limit(1);
  return row ?? null;
}

export const invalidResetLink = () => ApiError.field("token", "This reset link is invalid, already used or expired");

/**
 * The link is looked up first (one read), so an unknown, used or expired token costs no PBKDF2
 * work (design.md §18: nobody can make us hash passwords for free). Then one batch sets the new
 * password, revokes every session of the account and marks the link used. Every statement of
 * the batch is still guarded by "the link is unused and unexpired", and the link is marked last,
 * so two racing resets with one link cannot both win (the batch is one transaction). Following
 * the link proves control of the mailbox, so the address counts as verified.
 */
export async function resetPassword(ctx: AuthCtx, token: string, password: string): Promise<void> {
  const { db, now } = ctx;
  const t = now.toISOString();
  const tokenHash = await sha256Hex(token);
  if (!(await liveCustomerReset(ctx, tokenHash))) throw invalidResetLink();
  const passwordHash = await hashPassword(password);
  const account = sql`(SELECT customer_account_id FROM password_resets
    WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${t})`;
  const b = batch(db);
  b.add(
    db.run(sql`UPDATE customer_accounts SET password_hash = ${passwordHash}, email_verified = 1, updated_at = ${t}
      WHERE id = ${account}`),
  );
  b.add(
    db.run(sql`UPDATE sessions SET revoked_at = ${t}
      WHERE subject_type = 'customer' AND revoked_at IS NULL AND subject_id = ${account}`),
  );
  const used = b.add(
    db.run(sql`UPDATE password_resets SET used_at = ${t}
      WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${t}`),
  );
  await b.run();
  if (used.result().rowsAffected !== 1) throw invalidResetLink();
}
