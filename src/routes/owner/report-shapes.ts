import { z } from "@hono/zod-openapi";
import type { OwnerAuth } from "../../auth-context";
import { GROUP_BY, type GroupBy, MAX_REPORT_DAYS } from "../../domain/reports";
import { datesInRange, type LocalDate } from "../../domain/time";
import type { ReportScope, Summary } from "../../services/reports/summary";
import { idField, localDateField } from "../fields";

// The reports' request fields and answer (design.md §29), shared by GET /api/reports/summary and
// the reports page's view.

const LOCAL_DATE = "A date in the business's time zone, YYYY-MM-DD";

/** `to` not before `from`, and at most MAX_REPORT_DAYS dates in all. */
export function checkRange(q: { from?: LocalDate; to?: LocalDate }, ctx: z.RefinementCtx) {
  if (!q.from || !q.to) return;
  const n = datesInRange(q.from, q.to);
  if (n < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "to must not be before from" });
  else if (n > MAX_REPORT_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `A report covers at most ${MAX_REPORT_DAYS} days` });
}

export const groupByField = z.enum(GROUP_BY, { error: `Use one of ${GROUP_BY.join(", ")}` }).openapi({
  description: "Series periods: local dates, ISO weeks (Monday first, `YYYY-Www`) or months (`YYYY-MM`)",
});

export const reportFields = {
  from: localDateField.openapi({ description: `First date, inclusive (${LOCAL_DATE})`, example: "2031-03-01" }),
  to: localDateField.openapi({ description: `Last date, inclusive; at most ${MAX_REPORT_DAYS} dates in all`, example: "2031-03-31" }),
  groupBy: groupByField,
  staffId: idField("staffId")
    .optional()
    .openapi({ description: "One staff member's bookings (owner/admin); a staff member always sees their own" }),
};

export const summaryQuerySchema = z.object(reportFields).strict().superRefine(checkRange);

/** Whose report the caller gets: staff members their own, whatever they ask. */
export function scopeFor(auth: OwnerAuth, staffId: string | undefined): ReportScope {
  if (auth.role === "staff" && auth.via === "token") return { kind: "own", userId: auth.userId };
  return staffId ? { kind: "staff", staffId } : { kind: "business" };
}

const money = (what: string) =>
  z
    .number()
    .int()
    .openapi({ description: `${what}, minor units of \`currency\`` });
const count = z.number().int();
const rate = (what: string) =>
  z
    .number()
    .nullable()
    .openapi({ description: `${what}; null when its denominator is 0` });

export const ReportSummary = z
  .object({
    currency: z.string(),
    totals: z.object({
      bookings: count.openapi({
        description: "Bookings starting in the range, any status but a hold awaiting payment; a visit counts once",
      }),
      completed: count,
      noShows: count,
      cancelled: count,
      revenue: money("Money taken for the range's bookings (and sales of no booking made in the range)"),
      refunded: money("Refunded of that money"),
      net: money("revenue - refunded"),
      newCustomers: count.openapi({ description: "Customers whose first visit to the business is in the range" }),
      returningCustomers: count.openapi({ description: "Customers with a visit in the range and an earlier one" }),
    }),
    noShowRate: rate("noShows / (completed + noShows)"),
    cancellationRate: rate("cancelled / bookings"),
    utilization: z.array(
      z.object({
        staffId: z.string(),
        staffName: z.string(),
        bookedMinutes: count.openapi({ description: "Minutes of confirmed, completed and no-show bookings" }),
        availableMinutes: count.openapi({ description: "Working hours (overrides, closures and time off applied), real minutes" }),
        ratio: rate("bookedMinutes / availableMinutes (above 1: booked beyond the hours)"),
      }),
    ),
    topServices: z
      .array(z.object({ serviceId: z.string(), name: z.string(), bookings: count, revenue: money("Net money taken") }))
      .openapi({ description: "At most 10, by net revenue then bookings" }),
    series: z.array(
      z.object({
        period: z.string().openapi({ description: "`YYYY-MM-DD`, `YYYY-Www` or `YYYY-MM`" }),
        bookings: count,
        revenue: money("Net money taken"),
        noShows: count,
      }),
    ),
  })
  .openapi("ReportSummary");

/** The summary as the API answers it (explicit fields). */
export const toReportSummary = (s: Summary): z.infer<typeof ReportSummary> => ({
  currency: s.currency,
  totals: { ...s.totals },
  noShowRate: s.noShowRate,
  cancellationRate: s.cancellationRate,
  utilization: s.utilization.map((u) => ({
    staffId: u.staffId,
    staffName: u.staffName,
    bookedMinutes: u.bookedMinutes,
    availableMinutes: u.availableMinutes,
    ratio: u.ratio,
  })),
  topServices: s.topServices.map((t) => ({ serviceId: t.serviceId, name: t.name, bookings: t.bookings, revenue: t.revenue })),
  series: s.series.map((p) => ({ period: p.period, bookings: p.bookings, revenue: p.revenue, noShows: p.noShows })),
});

export type { GroupBy };
