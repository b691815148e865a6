import type { Context } from "hono";
import { cloudflareSettings } from "../../config";
import { platformDomainProblem } from "../../domain/platform-host";
import type { AppEnv } from "../../env";

const HOSTNAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The request's host name when it could be a tenant's custom domain: lower-cased, port stripped.
 * The platform's own hosts (PUBLIC_BASE_URL, workers.dev), IP literals and localhost are never custom domains,
 * so `/` on them costs no database read.
 */
export function customDomainOf(c: Context<AppEnv>): string | null {
  const raw = c.req.header("host") ?? new URL(c.req.url).host;
  if (!raw || raw.startsWith("[")) return null; // IPv6 literal
  const host = raw.replace(/:\d*$/, "").replace(/\.$/, "").toLowerCase();
  if (!HOSTNAME.test(host) || IPV4.test(host) || host === "localhost" || host.endsWith(".localhost")) return null;
  // The platform's own hosts are never a tenant's (PUBLIC_BASE_URL is validated at start).
  if (platformDomainProblem(host, c.var.services.config.PUBLIC_BASE_URL)) return null;
  return host;
}

/** The booking page's key for a custom domain's Host: whether it serves depends on Cloudflare for SaaS being on. */
export const domainKey = (c: Context<AppEnv>, domain: string) => ({
  domain,
  cloudflareOn: cloudflareSettings(c.var.services.config) !== null,
});
