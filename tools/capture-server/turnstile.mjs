// Turnstile's siteverify (POST /turnstile/siteverify, form-encoded `secret`, `response`,
// `remoteip`), as Cloudflare answers it: a token the stand-in script handed out (`pass-...`) passes
// once; anything else, or the same token again, fails with Cloudflare's error codes.

/** @typedef {{ status: number, body: unknown }} Answer */

export function turnstileStandIn() {
  /** @type {Set<string>} */
  const used = new Set();
  return {
    /** @param {string} rawBody @returns {Answer} */
    verify(rawBody) {
      const f = Object.fromEntries(new URLSearchParams(rawBody));
      if (!f.secret) return { status: 200, body: { success: false, "error-codes": ["missing-input-secret"] } };
      const token = f.response ?? "";
      if (!token.startsWith("pass-")) return { status: 200, body: { success: false, "error-codes": ["invalid-input-response"] } };
      if (used.has(token)) return { status: 200, body: { success: false, "error-codes": ["timeout-or-duplicate"] } };
      used.add(token);
      return { status: 200, body: { success: true, "error-codes": [], hostname: "127.0.0.1" } };
    },
  };
}
