import { addDays, type LocalDate } from "../../../domain/time";
import type { GroupBy } from "../../../domain/reports";
import { ApiError } from "../../../errors";
import { type ReportScope, summaryQuery } from "../../reports/summary";
import { businessQuery, localToday, staffListQuery, type ZonedViewCtx } from "./common";

/** The reports page's range when it names none: the 30 days ending today. */
export const DEFAULT_REPORT_DAYS = 30;

/**
 * The reports page (`/app/reports`, design.md §29): the business, its staff (the page's staff
 * filter) and the summary of the range, in one batch.
 */
export async function reportsView(ctx: ZonedViewCtx, q: { from?: LocalDate; to?: LocalDate; groupBy?: GroupBy; scope: ReportScope }) {
  const { db, tenantId, timezone, now } = ctx;
  const today = localToday(timezone, now);
  const to = q.to ?? (q.from ? addDays(q.from, DEFAULT_REPORT_DAYS - 1) : today);
  const from = q.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
  const report = summaryQuery(db, tenantId, timezone, { from, to, groupBy: q.groupBy ?? "day", scope: q.scope });
  const [business, staff, row] = await db.batch([businessQuery(db, tenantId), staffListQuery(db, tenantId), report.statement]);
  if (!business[0]) throw ApiError.notFound("Business");
  return { business: business[0], staff, from, to, groupBy: q.groupBy ?? "day", summary: report.decode(row) };
}
