import type { Context } from "hono";

/** A fresh CSP nonce per response (only inline <style> blocks use it; every script is a file). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
}

/**
 * Security headers of every HTML page: scripts only from this origin (no inline script at all),
 * styles from this origin plus the response's nonce, API calls to this origin only. Only the
 * booking page may be framed (the widget's inline mode iframes it on any site).
 */
export function setPageHeaders(c: Context, opts: { nonce: string; frameable?: boolean; secret?: boolean }) {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${opts.nonce}'`,
    "img-src 'self' https: data:",
    "connect-src 'self'",
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
