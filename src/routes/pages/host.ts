import type { Context } from "hono";
import type { AppEnv } from "../../env";

const HOSTNAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The request's host name when it could be a tenant's custom domain: lower-cased, port stripped.
 * The platform's own host (PUBLIC_BASE_URL), IP literals and localhost are never custom domains,
 * so `/` on them costs no database read.
 */
export function customDomainOf(c: Context<AppEnv>): string | null {
  const raw = c.req.header("host") ?? new URL(c.req.url).host;
  if (!raw || raw.startsWith("[")) return null; // IPv6 literal
  const host = raw.replace(/:\d*$/, "").replace(/\.$/, "").toLowerCase();
  if (!HOSTNAME.test(host) || IPV4.test(host) || host === "localhost" || host.endsWith(".localhost")) return null;
  const base = c.var.config.PUBLIC_BASE_URL;
  if (base) {
    try {
      if (new URL(base).hostname.toLowerCase() === host) return null;
    } catch {
      // a malformed PUBLIC_BASE_URL only costs the lookup
    }
  }
  return host;
}
