import type { Context } from "hono";

/** A fresh CSP nonce per response (only inline <style> blocks use it; every script is a file). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
}

/** Stripe.js and its Payment Element (design.md §21): the hosts Stripe documents for a CSP. */
export const STRIPE_SCRIPT_HOSTS = ["https://js.stripe.com", "https://*.js.stripe.com"];
export const STRIPE_FRAME_HOSTS = [...STRIPE_SCRIPT_HOSTS, "https://hooks.stripe.com"];
export const STRIPE_CONNECT_HOSTS = ["https://api.stripe.com"];

/**
 * Where Stripe.js is loaded from is always allowed: Stripe's hosts, plus the origin of
 * STRIPE_JS_URL when it is not one of them (the local stand-in of tests and development).
 */
function stripeScriptSources(jsUrl: string): string[] {
  let origin = "";
  try {
    origin = new URL(jsUrl).origin;
  } catch {
    origin = "";
  }
  const stripe = origin === "https://js.stripe.com" || origin.endsWith(".js.stripe.com");
  return origin && !stripe ? [...STRIPE_SCRIPT_HOSTS, origin] : STRIPE_SCRIPT_HOSTS;
}

/** The origin a third-party script is loaded from ("" when the URL cannot be read). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/**
 * Security headers of every HTML page: scripts only from this origin (no inline script at all),
 * styles from this origin plus the response's nonce, API calls to this origin only. Only the
 * booking page may be framed (the widget's inline mode iframes it on any site). The booking page
 * (also the widget's view of it) passes `stripeJsUrl`: it alone allows Stripe's hosts, for its
 * payment step; `turnstileJsUrl` (a business with bot protection, design.md §31) adds Turnstile's
 * origin for its script and its frame.
 */
export function setPageHeaders(
  c: Context,
  opts: { nonce: string; frameable?: boolean; secret?: boolean; stripeJsUrl?: string; turnstileJsUrl?: string },
) {
  const stripe = opts.stripeJsUrl !== undefined;
  const turnstile = opts.turnstileJsUrl ? originOf(opts.turnstileJsUrl) : "";
  const scripts = [...(stripe ? stripeScriptSources(opts.stripeJsUrl ?? "") : []), ...(turnstile ? [turnstile] : [])];
  const frames = [...(stripe ? STRIPE_FRAME_HOSTS : []), ...(turnstile ? [turnstile] : [])];
  const csp = [
    "default-src 'none'",
    scripts.length ? `script-src 'self' ${scripts.join(" ")}` : "script-src 'self'",
    `style-src 'self' 'nonce-${opts.nonce}'`,
    "img-src 'self' https: data:",
    stripe ? `connect-src 'self' ${STRIPE_CONNECT_HOSTS.join(" ")}` : "connect-src 'self'",
    ...(frames.length ? [`frame-src ${frames.join(" ")}`] : []),
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${opts.frameable ? "*" : "'none'"}`,
  ].join("; ");
  c.header("Content-Security-Policy", csp);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  if (!opts.frameable) c.header("X-Frame-Options", "DENY");
  // Suspension and restore must show on the next request: a cache may keep a page but must ask
  // the Worker again before every use (no-cache), so the next load always reflects the tenant's state.
  // A page that carries a secret (a reset link's token) is not kept at all.
  c.header("Cache-Control", opts.secret ? "no-store" : "no-cache");
}
