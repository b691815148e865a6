/**
 * Which host names are the platform's own (design.md §18). Pure.
 *
 * The platform host is the host of PUBLIC_BASE_URL, plus the Worker's `*.workers.dev` name (no
 * tenant can route a workers.dev name to us: Cloudflare only sends our own workers.dev host there).
 * Where PUBLIC_BASE_URL is unset (development and tests only: production refuses to start
 * without it) every host that could never be a custom domain counts: loopback names, IP
 * literals, `*.localhost` and workers.dev. Outside production loopback hosts always count too, so
 * `localhost:8787` works beside a configured `127.0.0.1:8787`.
 */

export type PlatformHostRules = { publicBaseUrl?: string; environment: "production" | "development" | "test" };

/** A Host header (or URL host) as compared here: lower case, no port, no trailing dot; IPv6 literals keep their brackets. */
export function normalizeHost(raw: string): string {
  let host = raw.trim().toLowerCase();
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    return end > 0 ? host.slice(0, end + 1) : host;
  }
  host = host.replace(/:\d*$/, "");
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

export function hostOfBaseUrl(publicBaseUrl: string | undefined): string | null {
  if (!publicBaseUrl) return null;
  try {
    return normalizeHost(new URL(publicBaseUrl).hostname);
  } catch {
    return null;
  }
}

export const isWorkersDevHost = (host: string) => host === "workers.dev" || host.endsWith(".workers.dev");

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

export function isLoopbackOrLocalHost(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A host that can never be a tenant's custom domain: IP literals, localhost names. */
function cannotBeCustomDomain(host: string): boolean {
  return host === "" || host.startsWith("[") || IPV4.test(host) || isLoopbackOrLocalHost(host) || !host.includes(".");
}

export function isPlatformHost(rawHost: string, rules: PlatformHostRules): boolean {
  const host = normalizeHost(rawHost);
  if (isWorkersDevHost(host)) return true;
  const base = hostOfBaseUrl(rules.publicBaseUrl);
  if (base && host === base) return true;
  if (rules.environment !== "production" && isLoopbackOrLocalHost(host)) return true;
  if (!base && rules.environment !== "production") return cannotBeCustomDomain(host);
  return false;
}

/**
 * Why `domain` (already normalised by normalizeCustomDomain) may not be a tenant's custom domain,
 * or null: the platform's own host and any workers.dev host belong to the platform.
 */
export function platformDomainProblem(domain: string, publicBaseUrl: string | undefined): string | null {
  if (isWorkersDevHost(domain)) return "workers.dev addresses belong to the platform";
  if (domain === hostOfBaseUrl(publicBaseUrl)) return "This is the platform's own address";
  return null;
}
