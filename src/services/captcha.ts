import { sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { ApiError } from "../errors";
import { logger } from "../lib/log";
import { publicTenantSql } from "./public-tenant";

/**
 * Bot protection (design.md §31): a business may ask that public writes carry a Cloudflare
 * Turnstile token, checked with Turnstile's siteverify before anything is held or written. One
 * function for every public write that takes it (bookings now; waitlist joins and gift-card or
 * package purchases later): `requireCaptcha`.
 */

type TurnstileConfig = Pick<Config, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY" | "TURNSTILE_VERIFY_URL">;

/** Siteverify answers in well under a second; a slower one is treated as a failed check. */
const VERIFY_TIMEOUT_MS = 5_000;
/** Turnstile's tokens are at most 2048 characters. */
export const MAX_CAPTCHA_TOKEN = 2048;

/** The platform can offer bot protection: both Turnstile keys are set. */
export const turnstileConfigured = (config: TurnstileConfig) => Boolean(config.TURNSTILE_SITE_KEY && config.TURNSTILE_SECRET_KEY);

/** Whether a business's public writes need a token now (its setting, and the platform able to check it). */
export const captchaRequired = (config: TurnstileConfig, tenant: { botProtection: boolean }) =>
  tenant.botProtection && turnstileConfigured(config);

/** The site key the booking page, the widget and API clients render Turnstile with; null when not needed. */
export const turnstileSiteKey = (config: TurnstileConfig, tenant: { botProtection: boolean }) =>
  captchaRequired(config, tenant) ? (config.TURNSTILE_SITE_KEY as string) : null;

const failed = (message: string) => new ApiError("captcha_failed", message);

/**
 * Refuses (403 captcha_failed) a public write of a business with bot protection on unless
 * `token` is one Turnstile vouches for now (each token is good for one check). A siteverify that
 * cannot be reached counts as failed: the customer tries again; nothing was held.
 */
export async function requireCaptcha(
  config: TurnstileConfig,
  tenant: { botProtection: boolean },
  token: string | undefined,
  remoteIp: string | undefined,
): Promise<void> {
  if (!captchaRequired(config, tenant)) return;
  if (!token) throw failed("Please complete the check that you are not a robot");
  const form = new URLSearchParams({ secret: config.TURNSTILE_SECRET_KEY as string, response: token });
  if (remoteIp) form.set("remoteip", remoteIp);
  let ok = false;
  try {
    const res = await fetch(config.TURNSTILE_VERIFY_URL, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => null)) as { success?: unknown } | null;
    ok = res.ok && body?.success === true;
  } catch (err) {
    // Level error: bookings of a protected business fail while Turnstile is unreachable.
    logger.error("turnstile siteverify unreachable", { error: err });
  }
  if (!ok) throw failed("The check that you are not a robot did not pass; please try again");
}

export type CheckoutConfig = { turnstileSiteKey: string | null; stripePublishableKey: string | null };

/**
 * GET /api/public/:slug/checkout-config (design.md §31): what a client needs before it can book
 * at this business, outside the contract's profile: the Turnstile site key (bot protection on)
 * and Stripe's publishable key (the business can take card payments). One round trip; a hidden
 * business is null (404).
 */
export async function checkoutConfig(db: Db, config: Config, slug: string): Promise<CheckoutConfig | null> {
  const [row] = await db.all<{ botProtection: number; canCharge: number }>(sql`
    SELECT bot_protection AS botProtection, (stripe_account_id IS NOT NULL AND stripe_charges_enabled = 1) AS canCharge
    FROM tenants WHERE ${publicTenantSql(slug)} LIMIT 1`);
  if (!row) return null;
  return {
    turnstileSiteKey: turnstileSiteKey(config, { botProtection: Boolean(row.botProtection) }),
    stripePublishableKey: row.canCharge ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
}
