/**
 * SSRF guard for integrator webhook URLs: in production a tenant must not be able to make our
 * Worker POST to loopback, private, link-local or other internal addresses. Pure: checks the URL
 * text only (the WHATWG URL parser already normalises odd IPv4 forms such as `2130706433` or
 * `0x7f.1` to dotted quads, and IPv6 to its compressed form). A public host name that resolves to
 * a private address is not caught here (Workers have no resolver API); outbound fetches from
 * Cloudflare's edge cannot reach private networks anyway, and redirects are never followed.
 */

import { parseIpv4, parseIpv6 } from "./ip";

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export type Environment = "production" | "development" | "test";

const BLOCKED_NAMES = new Set(["localhost", "0.0.0.0", "ip6-localhost", "ip6-loopback"]);

/** Loopback, private, link-local, CGNAT, "this network", multicast and reserved ranges. */
export function isInternalIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // 0.0.0.0/8
    a === 127 || // loopback
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) || // link-local (cloud metadata lives here)
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    a >= 224 // multicast, reserved, broadcast
  );
}

export function isInternalIpv6(h: number[]): boolean {
  const allZeroUntil = (n: number) => h.slice(0, n).every((x) => x === 0);
  if (allZeroUntil(7) && (h[7] === 0 || h[7] === 1)) return true; // :: and ::1
  if ((h[0] & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((h[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((h[0] & 0xff00) === 0xff00) return true; // multicast
  const embedded = [h[6] >> 8, h[6] & 0xff, h[7] >> 8, h[7] & 0xff];
  if (allZeroUntil(5) && h[5] === 0xffff) return isInternalIpv4(embedded); // ::ffff:a.b.c.d (mapped)
  if (allZeroUntil(6)) return isInternalIpv4(embedded); // ::a.b.c.d (deprecated compatible form)
  if (h[0] === 0x64 && h[1] === 0xff9b && h.slice(2, 6).every((x) => x === 0)) return isInternalIpv4(embedded); // NAT64
  return false;
}

/** Whether a host name (as URL.hostname gives it) names an internal address. */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[") && host.endsWith("]")) {
    const groups = parseIpv6(host.slice(1, -1));
    return groups ? isInternalIpv6(groups) : true; // an IPv6 literal we cannot read is not trusted
  }
  if (host === "" || BLOCKED_NAMES.has(host)) return true;
  if (host.endsWith(".localhost") || host.endsWith(".local")) return true;
  const v4 = parseIpv4(host);
  if (v4) return isInternalIpv4(v4);
  // A numeric-looking host the URL parser did not turn into a dotted quad is not a public name.
  if (/^[\d.]+$/.test(host)) return true;
  return false;
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * http(s) only, always; in production https only (the payload carries customers' contact data and
 * the signature must not be replayable by whoever watches the wire) and no internal hosts.
 * Development and tests point endpoints at plain-http servers on 127.0.0.1.
 */
export function checkWebhookUrl(raw: string, environment: Environment): UrlCheck {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return { ok: false, reason: `URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "Must be an absolute http(s) URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "Only http and https URLs are allowed" };
  if (!url.hostname) return { ok: false, reason: "Must be an absolute http(s) URL" };
  if (environment === "production" && url.protocol !== "https:") return { ok: false, reason: "Use an https URL" };
  if (environment === "production" && isInternalHost(url.hostname)) {
    return { ok: false, reason: "Loopback, private and link-local addresses are not allowed" };
  }
  return { ok: true, url };
}
