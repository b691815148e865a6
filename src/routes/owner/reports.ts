import type { Context } from "hono";
import type { OwnerAuth } from "../../auth-context";
import type { OwnerEnv } from "../../env";
import { businessZone } from "../../services/owner/views/common";
import { type ReportScope, reportSummary, summaryInZone } from "../../services/reports/summary";
import { knownZone, rememberZone } from "../../services/tenant-zones";
import { openApiRouter, routeGroup, security } from "../openapi";
import { ReportSummary, scopeFor, summaryQuerySchema, toReportSummary } from "./report-shapes";

/**
 * GET /api/reports/summary (design.md §29): owners, admins and API keys read the business's (or one
 * staff member's) report; a staff member reads their own whatever they ask. Like §7's owner routes:
 * no rate limit, other businesses' ids 404.
 *
 * One libSQL request (§29): a member's membership check rides in the report's round trip
 * (`MEMBERSHIP_IN_FIRST_ROUND_TRIP`, src/middleware/auth.ts), as an API key's check does. The
 * statement needs the business's zone and the caller's role before it is sent, so it is built on
 * the zone this isolate last saw for the business (src/services/tenant-zones.ts) and the role the
 * token was signed with; the answer is shown only if the zone the statement read back and the
 * role the check answered are those. Otherwise (the first report of a business in an isolate, a
 * zone or role changed since) a second round trip asks again with the right ones.
 */

const route = routeGroup({ tags: ["Reports"], security: security.owner });
const summary = route.get(
  "/summary",
  "Totals, rates, utilization per staff member, top services and a series over a range of local dates",
  { query: summaryQuerySchema, ok: ReportSummary, errors: [400, 401, 403, 404] },
);

/** The business's zone: with the membership (a member's token: its check, awaited if still pending), else read (the read carries the key's check). */
export async function zoneOf(c: Context<OwnerEnv>): Promise<string> {
  const auth = c.var.auth;
  if (auth.via === "token") {
    if (auth.membershipChecked) await auth.membershipChecked();
    return auth.timezone;
  }
  const zone = await businessZone(c.var.services.db, auth.tenantId);
  rememberZone(auth.tenantId, zone);
  return zone;
}

/** The caller as far as its request knows before its first round trip: a member's token's own role until checked. */
const presumed = (auth: OwnerAuth): OwnerAuth => (auth.via === "token" && auth.claimedRole ? { ...auth, role: auth.claimedRole } : auth);

const sameScope = (a: ReportScope, b: ReportScope) => JSON.stringify(a) === JSON.stringify(b);

export const reportRoutes = openApiRouter<OwnerEnv>().openapi(summary, async (c) => {
  const q = c.req.valid("query");
  const db = c.var.services.db;
  const tenantId = c.var.auth.tenantId;
  const query = (scope: ReportScope) => ({ from: q.from, to: q.to, groupBy: q.groupBy, scope });
  const guess = knownZone(tenantId);
  let zone: string | null = null;
  if (guess !== undefined) {
    const scope = scopeFor(presumed(c.var.auth), q.staffId);
    const first = await summaryInZone(db, tenantId, guess, query(scope));
    // The round trip has answered: `c.var.auth` now holds the role the membership check read.
    zone = first.zone;
    if (zone !== null) rememberZone(tenantId, zone);
    if (zone === guess && sameScope(scope, scopeFor(c.var.auth, q.staffId))) {
      return c.json({ data: toReportSummary(first.decode()) }, 200);
    }
  }
  const s = await reportSummary(db, tenantId, zone ?? (await zoneOf(c)), query(scopeFor(c.var.auth, q.staffId)));
  return c.json({ data: toReportSummary(s) }, 200);
});
