import { and, asc, eq, gt, gte, lt, lte, ne } from "drizzle-orm";
import { schema } from "../../../db/client";
import type { LocalDate } from "../../../domain/time";
import { ApiError } from "../../../errors";
import { bookingItemsQuery, businessQuery, localDays, localToday, staffListQuery, type ZonedViewCtx } from "./common";

const ATTENTION_LIMIT = 20;
const OPEN_LOOKBACK_MS = 14 * 86_400_000;

/**
 * The dashboard (`/app`): one day's appointments per staff member, the counts of that day and the
 * six after it, and what needs attention: pending bookings still ahead, and confirmed ones that
 * ended in the last 14 days without being marked completed or no-show. One batch.
 */
export async function dashboardView(ctx: ZonedViewCtx, date?: LocalDate) {
  const { db, tenantId, timezone, now } = ctx;
  const b = schema.bookings;
  const today = localToday(timezone, now);
  const week = localDays(timezone, date ?? today, 7);
  const own = eq(b.tenantId, tenantId);
  const active = ne(b.status, "cancelled");
  const [business, staff, dayItems, weekRows, pending, open] = await db.batch([
    businessQuery(db, tenantId),
    staffListQuery(db, tenantId),
    bookingItemsQuery(db, and(own, active, gte(b.startAt, week.bounds[0]), lt(b.startAt, week.bounds[1]))!),
    db
      .select({ startAt: b.startAt })
      .from(b)
      .where(and(own, active, gte(b.startAt, week.fromMs), lt(b.startAt, week.toMs)))
      .orderBy(asc(b.startAt)),
    bookingItemsQuery(db, and(own, eq(b.status, "pending"), gt(b.endAt, now.getTime()))!, ATTENTION_LIMIT),
    bookingItemsQuery(
      db,
      and(own, eq(b.status, "confirmed"), lte(b.endAt, now.getTime()), gt(b.endAt, now.getTime() - OPEN_LOOKBACK_MS))!,
      ATTENTION_LIMIT,
    ),
  ]);
  if (!business[0]) throw ApiError.notFound("Business");
  const counts = week.dates.map((d, i) => ({
    date: d,
    count: weekRows.filter((r) => r.startAt >= week.bounds[i] && r.startAt < week.bounds[i + 1]).length,
  }));
  return { business: business[0], today, date: week.dates[0], staff, bookings: dayItems, week: counts, pending, open };
}
