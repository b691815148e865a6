// Default answers for Cloudflare's custom hostname API (paths under /cf/, API v4 envelopes), so the
// Worker's small client runs without scripting every call. It keeps the hostnames it created, per
// zone, as Cloudflare does; tests script every other state (active, certificate still pending,
// blocked, errors) with rules, which win over these defaults.
//
//   POST   /zones/:zone/custom_hostnames            -> a new hostname, status pending, its
//                                                      ownership TXT record; 409 code 1406 when the
//                                                      zone already has that hostname
//   GET    /zones/:zone/custom_hostnames/:id        -> that hostname, or 404 code 1436
//   GET    /zones/:zone/custom_hostnames?hostname=  -> the zone's hostnames of that name
//   DELETE /zones/:zone/custom_hostnames/:id        -> { id }, or 404 code 1436

import { randomUUID } from "node:crypto";

/** @typedef {{ status: number, body: unknown }} Answer */

/** @param {unknown} result @param {number} [status] */
const ok = (result, status = 200) => ({ status, body: { success: true, errors: [], messages: [], result } });
/** @param {number} status @param {number} code @param {string} message */
const fail = (status, code, message) => ({ status, body: { success: false, errors: [{ code, message }], messages: [], result: null } });

/**
 * A custom hostname object shaped like Cloudflare's (the parts the Worker reads, and a few more).
 * @param {{ id: string, hostname: string, status?: string, sslStatus?: string, ownershipValue?: string, verificationErrors?: string[] }} h
 */
export function cfHostnameObject(h) {
  return {
    id: h.id,
    hostname: h.hostname,
    status: h.status ?? "pending",
    ssl: {
      id: `ssl-${h.id}`,
      type: "dv",
      method: "http",
      status: h.sslStatus ?? "initializing",
      validation_errors: [],
      settings: {},
    },
    ownership_verification: { type: "txt", name: `_cf-custom-hostname.${h.hostname}`, value: h.ownershipValue ?? randomUUID() },
    ownership_verification_http: {
      http_url: `http://${h.hostname}/.well-known/cf-custom-hostname-challenge/${h.id}`,
      http_body: h.ownershipValue ?? "",
    },
    verification_errors: h.verificationErrors ?? ["custom hostname does not CNAME to this zone."],
    created_at: new Date().toISOString(),
  };
}

export function cloudflareStandIn() {
  /** @type {Map<string, Map<string, Record<string, unknown>>>} zone -> id -> hostname object */
  const zones = new Map();
  /** @param {string} zone */
  const zoneOf = (zone) => {
    let z = zones.get(zone);
    if (!z) zones.set(zone, (z = new Map()));
    return z;
  };

  return {
    /**
     * @param {string} method
     * @param {string} path the path after /cf (query included)
     * @param {string} rawBody
     * @returns {Answer}
     */
    answer(method, path, rawBody) {
      const url = new URL(path, "http://cf");
      const m = /^\/zones\/([^/]+)\/custom_hostnames(?:\/([^/]+))?$/.exec(url.pathname);
      if (!m) return fail(404, 7003, "Could not route to this path");
      const zone = zoneOf(decodeURIComponent(m[1]));
      const id = m[2] ? decodeURIComponent(m[2]) : null;
      if (method === "POST" && !id) {
        /** @type {{ hostname?: unknown }} */
        let body = {};
        try {
          body = JSON.parse(rawBody || "{}");
        } catch {
          return fail(400, 1000, "Invalid JSON");
        }
        const hostname = typeof body.hostname === "string" ? body.hostname : "";
        if (!hostname) return fail(400, 1411, "Custom hostname is required.");
        if ([...zone.values()].some((h) => h.hostname === hostname)) return fail(409, 1406, "Duplicate custom hostname found.");
        const created = cfHostnameObject({ id: randomUUID(), hostname });
        zone.set(/** @type {string} */ (created.id), created);
        return ok(created, 201);
      }
      if (method === "GET" && !id) {
        const hostname = url.searchParams.get("hostname");
        return ok([...zone.values()].filter((h) => !hostname || h.hostname === hostname));
      }
      if (method === "GET" && id) {
        const found = zone.get(id);
        return found ? ok(found) : fail(404, 1436, "The custom hostname was not found.");
      }
      if (method === "DELETE" && id) {
        if (!zone.delete(id)) return fail(404, 1436, "The custom hostname was not found.");
        return ok({ id });
      }
      return fail(405, 10000, "Method not allowed");
    },
  };
}
