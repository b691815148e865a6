/**
 * Twilio's request signature (design.md §27: `X-Twilio-Signature` on POST /api/webhooks/sms):
 * base64 HMAC-SHA1, keyed with the account's auth token, of the full URL Twilio requested followed
 * by every form parameter sorted by name, each as name + value (a repeated name: its distinct
 * values sorted). The URL is tried as configured and with the scheme's default port written out,
 * as Twilio's own helper does. WebCrypto only; the comparison is the platform's constant-time
 * HMAC verify.
 */

export type FormParams = Map<string, string[]>;

/** The form body as Twilio sent it: every value of every name, in order. */
export function parseForm(body: string): FormParams {
  const params: FormParams = new Map();
  for (const [k, v] of new URLSearchParams(body)) params.set(k, [...(params.get(k) ?? []), v]);
  return params;
}

/** What Twilio signs: the URL, then each name + value, names sorted, a name's values deduplicated and sorted. */
export function signedText(url: string, params: FormParams): string {
  let data = url;
  for (const name of [...params.keys()].sort()) {
    for (const value of [...new Set(params.get(name) ?? [])].sort()) data += name + value;
  }
  return data;
}

/** The URL with its scheme's default port written out (https://x -> https://x:443), or as is if it has one. */
function withDefaultPort(url: string): string {
  const m = /^(https?):\/\/([^/?#]*)(.*)$/i.exec(url);
  if (!m || /:\d+$/.test(m[2])) return url;
  return `${m[1]}://${m[2]}:${m[1].toLowerCase() === "https" ? 443 : 80}${m[3]}`;
}

const encoder = new TextEncoder();

function hmacKey(authToken: string, usage: "sign" | "verify") {
  return crypto.subtle.importKey("raw", encoder.encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, [usage]);
}

function base64Bytes(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The signature Twilio would send for this URL and form. */
export async function twilioSignature(authToken: string, url: string, params: FormParams): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(authToken, "sign"), encoder.encode(signedText(url, params)));
  return btoa(String.fromCharCode(...new Uint8Array(mac)));
}

export async function verifyTwilioSignature(
  authToken: string,
  header: string | undefined,
  url: string,
  params: FormParams,
): Promise<boolean> {
  const given = header ? base64Bytes(header.trim()) : null;
  if (given?.length !== 20) return false;
  const key = await hmacKey(authToken, "verify");
  for (const candidate of new Set([url, withDefaultPort(url)])) {
    if (await crypto.subtle.verify("HMAC", key, given, encoder.encode(signedText(candidate, params)))) return true;
  }
  return false;
}
