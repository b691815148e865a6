import type { Context } from "hono";
import type { OwnerEnv } from "../../env";
import { businessZone } from "../../services/owner/views/common";
import { reportSummary } from "../../services/reports/summary";
import { createRoute, errors, ok, openApiRouter, security } from "../openapi";
import { ReportSummary, scopeFor, summaryQuerySchema, toReportSummary } from "./report-shapes";

/**
 * GET /api/reports/summary (design.md §29): owners, admins and API keys read the business's (or one
 * staff member's) report; a staff member reads their own whatever they ask. Like §7's owner routes:
 * no rate limit, other businesses' ids 404. A member's token brings the business's zone with the
 * membership, so the report is one libSQL request after it; an API key reads the zone first.
 */

const summary = createRoute({
  method: "get",
  path: "/summary",
  tags: ["Reports"],
  summary: "Totals, rates, utilization per staff member, top services and a series over a range of local dates",
  security: security.owner,
  request: { query: summaryQuerySchema },
  responses: { 200: ok(ReportSummary), ...errors(400, 401, 403, 404) },
});

/** The business's zone: with the membership (a member's token), else read (an API key; the read carries its check). */
export async function zoneOf(c: Context<OwnerEnv>): Promise<string> {
  const auth = c.var.auth;
  return auth.via === "token" ? auth.timezone : businessZone(c.var.services.db, auth.tenantId);
}

export const reportRoutes = openApiRouter<OwnerEnv>().openapi(summary, async (c) => {
  const q = c.req.valid("query");
  const auth = c.var.auth;
  const s = await reportSummary(c.var.services.db, auth.tenantId, await zoneOf(c), {
    from: q.from,
    to: q.to,
    groupBy: q.groupBy,
    scope: scopeFor(auth, q.staffId),
  });
  return c.json({ data: toReportSummary(s) }, 200);
});
