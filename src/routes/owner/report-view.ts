import { z } from "@hono/zod-openapi";
import { formatLocalDate } from "../../domain/time";
import type { OwnerEnv } from "../../env";
import { reportsView } from "../../services/owner/views/reports";
import { openApiRouter } from "../openapi";
import { checkRange, groupByField, ReportSummary, reportFields, scopeFor, toReportSummary } from "./report-shapes";
import { StaffItem, toStaffItem } from "./view-shapes";
import { answer, queryViewRoute, view, zonedCtx } from "./view-context";

/**
 * GET /api/businesses/me/views/reports: the reports page (`/app/reports`, design.md §29) in ONE
 * call like every page view (§15): the business, the staff to filter by and the range's summary.
 * Without a range: the 30 days to today, by day. Staff members get their own report.
 */

const ReportsView = view("ReportsView", {
  from: z.string().openapi({ description: "The first local date of the report" }),
  to: z.string().openapi({ description: "The last local date of the report" }),
  groupBy: groupByField,
  staff: z.array(StaffItem).openapi({ description: "The staff members (the page's filter)" }),
  report: ReportSummary,
});

const reportsQuery = z
  .object({
    from: reportFields.from.optional(),
    to: reportFields.to.optional(),
    groupBy: groupByField.optional(),
    staffId: reportFields.staffId,
  })
  .strict()
  .superRefine(checkRange);

const reports = queryViewRoute({
  path: "/reports",
  summary: "The reports page: the summary of a range (default: the 30 days to today) and the staff to filter by",
  data: ReportsView,
  query: reportsQuery,
});

export const reportViewRoutes = openApiRouter<OwnerEnv>().openapi(reports, async (c) => {
  const q = c.req.valid("query");
  const v = await reportsView(await zonedCtx(c), { from: q.from, to: q.to, groupBy: q.groupBy, scope: scopeFor(c.var.auth, q.staffId) });
  const data = answer(c, v.business, {
    from: formatLocalDate(v.from),
    to: formatLocalDate(v.to),
    groupBy: v.groupBy,
    staff: v.staff.map(toStaffItem),
    report: toReportSummary(v.summary),
  });
  return c.json({ data }, 200);
});
