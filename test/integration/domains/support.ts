import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { sql } from "drizzle-orm";
import type { Env } from "../../../src/config";
import { handleScheduled } from "../../../src/cron";
import { schema } from "../../../src/db/client";
import worker from "../../../src/index";
import { cfHostnameObject } from "../../../tools/capture-server/cloudflare.mjs";
import { type ApiResponse, randomIp, readAnswer } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createTenant, type TenantOverrides, uniq } from "../../helpers/factories";
import { checkResponse } from "../../helpers/openapi";
import { captured, type Scripted, script } from "../../helpers/worker-entry";

// Custom domains through Cloudflare for SaaS (design.md §23). The test pool's settings name the
// capture server as Cloudflare's API (CF_API_BASE, zone `zone-test`, CNAME target) but carry no
// token, so every other test saves domains as before (active at once). These tests hand the Worker
// the same settings plus CF_API_TOKEN: the platform's configuration, not our code, is what differs.

export { captured, script, unscript } from "../../helpers/worker-entry";
export { sentTo } from "../notifications/support";

export const ZONE = "zone-test";
export const TARGET = "customers.platform.example";
export const CF_TOKEN = "test-cf-token";
const CF_ENV = { ...(env as unknown as Env), CF_API_TOKEN: CF_TOKEN } as Env;
export const HOSTNAMES = `/cf/zones/${ZONE}/custom_hostnames`;

export const newDomain = () => `book-${uniq()}.salon-${uniq()}.example`;

/** A request to the Worker with Cloudflare on, checked against the route's OpenAPI declaration like `call`. */
export async function cf(
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; now?: string | Date; host?: string } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { "CF-Connecting-IP": randomIp() };
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.now) headers["x-test-now"] = new Date(opts.now).toISOString();
  const url = new URL(path, `http://${opts.host ?? "localhost"}`);
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) }),
    CF_ENV,
    ctx,
  );
  const answer = await readAnswer(res);
  await waitOnExecutionContext(ctx);
  await checkResponse(method, url, answer.status, answer.headers.get("Content-Type"), answer.body);
  return answer;
}

export const saveDomain = (token: string, customDomain: string | null, now?: string | Date, extra: Record<string, unknown> = {}) =>
  cf("PATCH", "/api/businesses/me", { token, body: { customDomain, ...extra }, now });

export const checkNow = (token: string, now?: string | Date) => cf("POST", "/api/businesses/me/custom-domain/check", { token, now });

/** One cron tick at `at` with Cloudflare on, confined to one business (its jobs and domains only). */
export async function cronAt(at: Date | string, tenantId: string) {
  const when = new Date(at);
  const ctx = createExecutionContext();
  await handleScheduled(createScheduledController({ scheduledTime: when.getTime(), cron: "* * * * *" }), CF_ENV, ctx, () => when, {
    tenantId,
  });
  await waitOnExecutionContext(ctx);
}

export async function tenantRow(id: string) {
  const [row] = await testDb().select().from(schema.tenants).where(sql`id = ${id}`);
  return row;
}

export async function jobsOf(tenantId: string, kind = "cloudflare.hostname_delete") {
  return testDb().select().from(schema.jobs).where(sql`tenant_id = ${tenantId} AND kind = ${kind}`).orderBy(schema.jobs.createdAt);
}

/** A business, optionally already holding a domain in its row (e.g. one saved before custom hostnames existed). */
export async function business(overrides: TenantOverrides = {}) {
  return createTenant({ businessName: `Salon ${uniq()}`, ...overrides });
}

/** Cloudflare's answer for a hostname object in a given state (API v4 envelope). */
export function hostnameAnswer(
  id: string,
  hostname: string,
  state: { status: string; sslStatus: string; ownershipValue?: string; verificationErrors?: string[] },
): Scripted {
  return {
    status: 200,
    body: { success: true, errors: [], messages: [], result: cfHostnameObject({ id, hostname, ...state }) },
  };
}

/** Cloudflare answers the next reads of hostname `id` with these answers (then its stand-in again). */
export const scriptRead = (id: string, answers: Scripted[]) => script({ pathPrefix: `${HOSTNAMES}/${id}`, method: "GET" }, answers);

export const cfError = (status: number, code: number, message: string): Scripted => ({
  status,
  body: { success: false, errors: [{ code, message }], messages: [], result: null },
});

/** What Cloudflare's API received about `hostname` (creates carry it in the body) or hostname `id` (reads, deletes). */
export const createsOf = (hostname: string) => captured({ pathPrefix: HOSTNAMES, bodyContains: `"${hostname}"`, method: "POST" });
export const readsOf = (id: string) => captured({ pathPrefix: `${HOSTNAMES}/${id}`, method: "GET" });
export const deletesOf = (id: string) => captured({ pathPrefix: `${HOSTNAMES}/${id}`, method: "DELETE" });

export const minutes = (at: string | Date, m: number) => new Date(new Date(at).getTime() + m * 60_000);
