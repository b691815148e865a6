import { formatLocalDate, type LocalDate } from "../../../domain/time";
import { ApiError } from "../../../errors";
import { toDayEntries, waitlistDayQuery } from "../../waitlist/owner";
import { businessQuery, localToday, staffListQuery, type ZonedViewCtx } from "./common";

/**
 * The waitlist page (`/app/waitlist`, design.md §28): the business, its staff (the names of offered
 * times, and whom a time can be offered with) and every entry with a window on the date (default:
 * today in the business's zone), the same entries `GET /api/waitlist?date=` lists. One batch.
 */
export async function waitlistView(ctx: ZonedViewCtx, date?: LocalDate) {
  const { db, tenantId, timezone, now } = ctx;
  const day = formatLocalDate(date ?? localToday(timezone, now));
  const [business, staff, rows] = await db.batch([
    businessQuery(db, tenantId),
    staffListQuery(db, tenantId),
    waitlistDayQuery(db, tenantId, day),
  ]);
  if (!business[0]) throw ApiError.notFound("Business");
  return { business: business[0], date: day, staff, entries: toDayEntries(rows, now) };
}
