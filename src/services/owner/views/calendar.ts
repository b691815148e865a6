import { and, asc, eq, gt, gte, isNull, lt, ne } from "drizzle-orm";
import { schema } from "../../../db/client";
import { MAX_BOOKING_MINUTES } from "../../../domain/slots";
import { addDays, type LocalDate, MINUTE_MS, weekdayOf } from "../../../domain/time";
import { ApiError } from "../../../errors";
import {
  bookingItemsQuery,
  businessQuery,
  hoursQuery,
  localDays,
  localToday,
  resourceListQuery,
  resourceTimeOffQuery,
  staffListQuery,
  type ZonedViewCtx,
} from "./common";

export type CalendarMode = "day" | "week";

/** A week view starts on the Monday of the date's week (ISO weeks, as most salons plan). */
export function calendarStart(date: LocalDate, mode: CalendarMode): LocalDate {
  if (mode === "day") return date;
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * The calendar (`/app/calendar`): a day or a week, one column per staff member. Staff with their
 * weekly hours (the calendar shades working time), time off and bookings overlapping the range
 * (cancelled ones left out), and the active services for the "new booking" form. One batch.
 */
export async function calendarView(ctx: ZonedViewCtx, q: { date?: LocalDate; mode: CalendarMode }) {
  const { db, tenantId, timezone, now } = ctx;
  const { bookings: b, staffTimeOff: off, services: s } = schema;
  const today = localToday(timezone, now);
  const range = localDays(timezone, calendarStart(q.date ?? today, q.mode), q.mode === "day" ? 1 : 7);
  const [business, staff, hours, bookings, timeOff, services, resources, resourceTimeOff] = await db.batch([
    businessQuery(db, tenantId),
    staffListQuery(db, tenantId),
    hoursQuery(db, tenantId),
    // Bookings last at most a day: the lower bound keeps the (tenant, start_at) index range tight.
    bookingItemsQuery(
      db,
      and(
        eq(b.tenantId, tenantId),
        ne(b.status, "cancelled"),
        gte(b.startAt, range.fromMs - MAX_BOOKING_MINUTES * MINUTE_MS),
        lt(b.startAt, range.toMs),
        gt(b.endAt, range.fromMs),
      )!,
    ),
    db
      .select({ id: off.id, staffId: off.staffId, startAt: off.startAt, endAt: off.endAt, reason: off.reason })
      .from(off)
      .where(and(eq(off.tenantId, tenantId), lt(off.startAt, range.toMs), gt(off.endAt, range.fromMs)))
      .orderBy(asc(off.startAt), asc(off.id)),
    db
      .select({ id: s.id, name: s.name, durationMinutes: s.durationMinutes, price: s.price, isOnlineBookable: s.isOnlineBookable })
      .from(s)
      .where(and(eq(s.tenantId, tenantId), eq(s.isActive, true), isNull(s.deletedAt)))
      .orderBy(asc(s.orderIndex), asc(s.name), asc(s.id)),
    // design.md §26: the resources view's columns and their time off.
    resourceListQuery(db, tenantId),
    resourceTimeOffQuery(db, tenantId, range.fromMs, range.toMs),
  ]);
  if (!business[0]) throw ApiError.notFound("Business");
  return {
    business: business[0],
    today,
    mode: q.mode,
    dates: range.dates,
    staff,
    hours,
    bookings,
    timeOff,
    services,
    resources,
    resourceTimeOff,
  };
}
