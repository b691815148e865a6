import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "../../shared/i18n/locales";
import { localeOr } from "./mail-language";
import { type DeferredEmail, deferredEmail, type StoredEmail, StoredEmailError } from "./stored";
import { type RenderedEmail, userPasswordResetEmail } from "./templates";

/**
 * The member's password-reset e-mail, stored as facts and rendered when sent (design.md §30): its
 * language is the member's own, which the request cannot know without reading it first, and a read
 * before the write would cost a round trip. So the insert itself sets the facts' `locale` from the
 * member's latest membership that chose one (`localeFrom`), else keeps the request's language
 * (Accept-Language). The link is a secret: the facts are dropped once the row is sent or failed.
 */

const TEMPLATE = "user.password_reset";

const resetFacts = z.object({ resetUrl: z.string(), minutes: z.number(), locale: z.string().optional() });

/** The active member's own language, read inside the insert (NULL: none chose one). */
function memberLocaleOf(email: string): SQL {
  return sql`(SELECT tm.locale FROM users u JOIN tenant_members tm ON tm.user_id = u.id
    WHERE u.email = ${email} AND tm.is_active = 1 AND tm.locale IS NOT NULL ORDER BY tm.created_at DESC LIMIT 1)`;
}

export function userResetMail(p: { resetUrl: string; minutes: number; fallback: Locale; email: string }): DeferredEmail {
  const email = deferredEmail(TEMPLATE, { resetUrl: p.resetUrl, minutes: p.minutes, locale: p.fallback }, { sensitive: true });
  return { ...email, localeFrom: memberLocaleOf(p.email) };
}

/** The account e-mails this release renders from facts; null for another template. */
export function renderAccountMail(stored: StoredEmail): RenderedEmail | null {
  if (stored.template !== TEMPLATE) return null;
  const parsed = resetFacts.safeParse(stored.facts);
  if (!parsed.success) throw new StoredEmailError(`stored facts of ${stored.template} v${stored.v} do not match the template`);
  const f = parsed.data;
  return userPasswordResetEmail({ resetUrl: f.resetUrl, expiresInMinutes: f.minutes, locale: localeOr(f.locale) });
}
