import { inject } from "vitest";
import { randomIp } from "./browser";

const baseUrl = inject("e2eBaseUrl");

/**
 * A customer books through the public API, not the page: another visitor taking a time while the
 * page under test still offers it, or a booking a page test starts from. `now` pins the request
 * clock; `ip` is the caller's address (a fresh one unless given, so limits stay per test).
 */
export function bookThroughApi(
  tenant: { slug: string; serviceId: string; staffId: string },
  startDatetime: string,
  customer: { firstName: string; lastName?: string; email: string },
  opts: { now?: string; ip?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json", "CF-Connecting-IP": opts.ip ?? randomIp() };
  if (opts.now) headers["x-test-now"] = opts.now;
  return fetch(`${baseUrl}/api/public/${tenant.slug}/bookings`, {
    method: "POST",
    headers,
    body: JSON.stringify({ serviceId: tenant.serviceId, staffProfileId: tenant.staffId, startDatetime, customer }),
  });
}
