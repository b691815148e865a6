/**
 * Codes customers hold for prepaid money (design.md §32): `GC-XXXX-XXXX` (gift cards) and
 * `PK-XXXX-XXXX` (sold packages), 8 characters from an alphabet without the look-alikes O and I
 * (34 symbols: 1.8 × 10^12 codes). What a customer types is read case-insensitively, without
 * spaces or dashes, O as 0 and I as 1, with or without its prefix. The code is never stored: only
 * its HMAC (codeDigest), so the database alone cannot give a code back.
 */

export const CODE_ALPHABET = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const CODE_BODY_LENGTH = 8;
export type CodePrefix = "GC" | "PK";

/** A new code's 8 characters, uniformly from the alphabet (rejection sampling: no modulo bias). */
export function randomCodeBody(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let out = "";
  while (out.length < CODE_BODY_LENGTH) {
    for (const byte of random(16)) {
      if (byte < limit && out.length < CODE_BODY_LENGTH) out += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return out;
}

/** `GC-7K3M-Q9XZ`: how a code is shown and e-mailed. */
export function formatCode(prefix: CodePrefix, body: string): string {
  return `${prefix}-${body.slice(0, 4)}-${body.slice(4)}`;
}

/** The 8 characters of what a customer typed, or null when it cannot be a code of this kind. */
export function normalizeCode(prefix: CodePrefix, typed: string): string | null {
  let s = typed
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015]/g, "")
    .replace(/O/g, "0")
    .replace(/I/g, "1");
  if (s.length === CODE_BODY_LENGTH + prefix.length && s.startsWith(prefix)) s = s.slice(prefix.length);
  if (s.length !== CODE_BODY_LENGTH) return null;
  for (const ch of s) if (!CODE_ALPHABET.includes(ch)) return null;
  return s;
}

/** The last 4 characters shown to owners and customers (`…Q9XZ`). */
export const codeLast4 = (body: string) => body.slice(-4);

const encoder = new TextEncoder();

/** HMAC-SHA-256 (hex) of a code under the server secret; the prefix keeps gift-card and package codes apart. */
export async function codeDigest(secret: string, prefix: CodePrefix, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${prefix}:${body}`)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}
