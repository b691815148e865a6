import type { CloudflareSettings } from "../../config";
import type { CfHostname } from "../../domain/custom-hostname";
import { ApiError } from "../../errors";
import { logger } from "../../lib/log";

/**
 * The Cloudflare for SaaS custom hostname API (design.md §23) over fetch: API v4 envelopes
 * (`{ success, errors, result }`), Bearer token, one zone. `cfRequest` never throws: it says what
 * happened (an answer with a status, or not reached), so the request paths map it onto 502
 * domain_provider_error and the outbox job onto retry.
 */

export const CF_TIMEOUT_MS = 10_000;
/** Cloudflare's code for "Duplicate custom hostname found." (answered with 409). */
export const CF_DUPLICATE_HOSTNAME = 1406;

export type CfAnswer =
  | { reached: true; ok: boolean; status: number; result: unknown; errors: { code: number | null; message: string }[] }
  | { reached: false; error: string };

type CfRequest = { method: "GET" | "POST" | "DELETE"; path: string; body?: unknown };

export async function cfRequest(cf: CloudflareSettings, req: CfRequest): Promise<CfAnswer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${cf.token}` };
  if (req.body !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(`${cf.apiBase}${req.path}`, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(CF_TIMEOUT_MS),
    });
  } catch (err) {
    return { reached: false, error: String(err).slice(0, 200) };
  }
  const json = (await res.json().catch(() => null)) as { success?: unknown; result?: unknown; errors?: unknown } | null;
  const errors = Array.isArray(json?.errors)
    ? (json.errors as { code?: unknown; message?: unknown }[]).map((e) => ({
        code: typeof e?.code === "number" ? e.code : null,
        message: typeof e?.message === "string" ? e.message.slice(0, 200) : "",
      }))
    : [];
  // A 2xx whose envelope says success: false is a refusal too.
  const ok = res.ok && json?.success !== false;
  return { reached: true, ok, status: res.status, result: json?.result ?? null, errors };
}

const zonePath = (cf: CloudflareSettings) => `/zones/${encodeURIComponent(cf.zoneId)}/custom_hostnames`;

export const createHostnameRequest = (cf: CloudflareSettings, hostname: string): CfRequest => ({
  method: "POST",
  path: zonePath(cf),
  // design.md §23: a DV certificate validated over HTTP once the CNAME points at us.
  body: { hostname, ssl: { method: "http", type: "dv" } },
});

export const readHostnameRequest = (cf: CloudflareSettings, id: string): CfRequest => ({
  method: "GET",
  path: `${zonePath(cf)}/${encodeURIComponent(id)}`,
});

export const findHostnameRequest = (cf: CloudflareSettings, hostname: string): CfRequest => ({
  method: "GET",
  path: `${zonePath(cf)}?hostname=${encodeURIComponent(hostname)}`,
});

export const deleteHostnameRequest = (cf: CloudflareSettings, id: string): CfRequest => ({
  method: "DELETE",
  path: `${zonePath(cf)}/${encodeURIComponent(id)}`,
});

export const isDuplicate = (a: CfAnswer) => a.reached && a.errors.some((e) => e.code === CF_DUPLICATE_HOSTNAME);

/** What Cloudflare said, for logs and the 502 message (its messages name no secret). */
export function cfSaid(a: CfAnswer): string {
  if (!a.reached) return `not reached (${a.error})`;
  const said = a.errors.map((e) => (e.code === null ? e.message : `${e.code} ${e.message}`)).join("; ");
  return said ? `HTTP ${a.status}: ${said}` : `HTTP ${a.status}`;
}

/** For request paths: anything but a successful answer is 502 domain_provider_error. */
export function providerError(what: string, a: CfAnswer): ApiError {
  logger.warn("cloudflare call failed", { call: what, answer: cfSaid(a) });
  const detail = a.reached
    ? a.errors
        .map((e) => e.message.trim().replace(/\.$/, ""))
        .filter(Boolean)
        .join("; ")
    : "";
  const said = a.reached ? `Cloudflare refused to ${what}${detail ? `: ${detail}` : ""}` : `Cloudflare could not be reached to ${what}`;
  return new ApiError("domain_provider_error", `${said}. Nothing was changed; try again.`);
}

/** The custom hostname object of a successful answer, or null when the answer holds none. */
export function hostnameOf(a: CfAnswer): CfHostname | null {
  if (!a.reached || !a.ok || typeof a.result !== "object" || a.result === null || Array.isArray(a.result)) return null;
  return a.result as CfHostname;
}

/** The objects of a successful list answer. */
export function hostnamesOf(a: CfAnswer): CfHostname[] {
  if (!a.reached || !a.ok || !Array.isArray(a.result)) return [];
  return a.result.filter((r): r is CfHostname => typeof r === "object" && r !== null);
}
