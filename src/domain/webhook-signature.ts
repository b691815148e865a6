/**
 * Signing and verification of webhook bodies, both directions, one recipe (Stripe's):
 *   signed payload = `${t}.${rawBody}`   (t = Unix seconds, rawBody = the exact bytes sent)
 *   v1             = lower-case hex HMAC-SHA-256(secret as UTF-8 bytes, signed payload)
 *   header         = `t=<t>,v1=<hex>` (a receiver accepts any of several v1 values, for rotation)
 * Pure apart from WebCrypto, so it runs the same in workerd and in Node's unit tests.
 */

const encoder = new TextEncoder();

/** Signatures older (or further in the future) than this are refused: a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  let hex = "";
  for (const b of mac) hex += b.toString(16).padStart(2, "0");
  return hex;
}

/** The hex v1 signature of `body` at Unix second `t`. */
export function computeSignature(secret: string, t: number, body: string): Promise<string> {
  return hmacHex(secret, `${t}.${body}`);
}

/**
 * The header value for an outbound delivery sent at `now`: one `v1` per secret, in order. While a
 * rotated secret is still honoured the header carries two (new first), so a receiver verifies with
 * either during the overlap.
 */
export async function signatureHeader(secrets: string | string[], body: string, now: Date): Promise<string> {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = await Promise.all((Array.isArray(secrets) ? secrets : [secrets]).map((s) => computeSignature(s, t, body)));
  return [`t=${t}`, ...v1.map((v) => `v1=${v}`)].join(",");
}

export type ParsedSignature = { t: number; v1: string[] };

/** `t=<unix>,v1=<hex>[,v1=<hex>...]`; other schemes (v0, ...) are ignored. Null when unusable. */
export function parseSignatureHeader(header: string | null | undefined): ParsedSignature | null {
  if (!header || header.length > 4096) return null;
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") {
      if (!/^\d{1,12}$/.test(value) || t !== null) return null;
      t = Number(value);
    } else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) {
      v1.push(value.toLowerCase());
    }
  }
  if (t === null || v1.length === 0) return null;
  return { t, v1 };
}

/** Compares two equal-length hex strings without an early exit, so timing says nothing about where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type VerifyResult = { ok: true; t: number } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" };

/**
 * Verifies a signature header against the raw body. Checks the timestamp window first (cheap),
 * then every v1 candidate (all of them, constant time each).
 */
export async function verifySignature(
  secret: string,
  header: string | null | undefined,
  rawBody: string,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): Promise<VerifyResult> {
  if (!header) return { ok: false, reason: "missing" };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: "malformed" };
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSeconds - parsed.t) > toleranceSeconds) return { ok: false, reason: "stale" };
  const expected = await computeSignature(secret, parsed.t, rawBody);
  let match = false;
  for (const candidate of parsed.v1) if (constantTimeEqual(candidate, expected)) match = true;
  return match ? { ok: true, t: parsed.t } : { ok: false, reason: "mismatch" };
}
