import { and, asc, eq, gt, isNull, lt, type SQL, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";
import { addDays, formatLocalDate, instantToLocalString, type LocalDate, parseLocalDate, wallToInstant } from "../../../domain/time";
import { ApiError } from "../../../errors";
import { tenantDayZone } from "../../availability";
import { resourceIdsOf } from "../../bookings/lookup";

/**
 * Building blocks of the owner app's page views (design.md §15: one API call per page, one libSQL
 * batch per call). Views with date ranges take the business's zone first (a member's token brings
 * it with the membership check; an API key's request reads it, see businessZone), so every range is
 * exact before the batch is sent.
 */

export type ViewCtx = { db: Db; now: Date; tenantId: string };
export type ZonedViewCtx = ViewCtx & { timezone: string };

/** The business's zone, for a caller that did not read it with a membership (an API key). */
export async function businessZone(db: Db, tenantId: string): Promise<string> {
  const t = schema.tenants;
  const [row] = await db.select({ timezone: t.timezone }).from(t).where(eq(t.id, tenantId)).limit(1);
  if (!row) throw ApiError.notFound("Business");
  return row.timezone;
}

/** Today in the business's zone. */
export function localToday(timeZone: string, now: Date): LocalDate {
  return parseLocalDate(instantToLocalString(timeZone, now.getTime()).slice(0, 10))!;
}

/** The instant a local date begins (a midnight inside a DST gap: when the clock jumps). */
export function dayStartMs(timeZone: string, date: LocalDate): number {
  const zone = tenantDayZone(timeZone, date);
  return wallToInstant(zone, zone.wallStartMs, "clamp");
}

/** The local dates from `from`, `days` of them, and the instants where each begins (one more: the end). */
export function localDays(timeZone: string, from: LocalDate, days: number) {
  const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
  const bounds = [...dates, addDays(from, days)].map((d) => dayStartMs(timeZone, d));
  return { dates: dates.map(formatLocalDate), bounds, fromMs: bounds[0], toMs: bounds[days] };
}

/** The business as every page shows it: name, booking page, zone, currency, today. */
export function businessQuery(db: Db, tenantId: string) {
  const t = schema.tenants;
  return db
    .select({
      id: t.id,
      slug: t.slug,
      businessName: t.businessName,
      timezone: t.timezone,
      currency: t.currency,
      locale: t.locale,
      isActive: t.isActive,
      isSuspended: t.isSuspended,
    })
    .from(t)
    .where(eq(t.id, tenantId))
    .limit(1);
}

export type BusinessSummary = Awaited<ReturnType<typeof businessQuery>>[number];

/** The business's staff (not deleted), in display order. */
export function staffListQuery(db: Db, tenantId: string) {
  const p = schema.staffProfiles;
  return db
    .select({ id: p.id, displayName: p.displayName, title: p.title, color: p.color, isBookable: p.isBookable, orderIndex: p.orderIndex })
    .from(p)
    .where(and(eq(p.tenantId, tenantId), isNull(p.deletedAt)))
    .orderBy(asc(p.orderIndex), asc(p.displayName), asc(p.id));
}

/** Every weekly interval of the business's staff. */
export function hoursQuery(db: Db, tenantId: string) {
  const h = schema.staffHours;
  return db
    .select({ staffId: h.staffId, weekday: h.weekday, startMinute: h.startMinute, endMinute: h.endMinute })
    .from(h)
    .where(eq(h.tenantId, tenantId));
}

/** design.md §26: the business's resources (inactive ones too: their bookings still show), by type then name. */
export function resourceListQuery(db: Db, tenantId: string) {
  const r = schema.resources;
  return db
    .select({ id: r.id, name: r.name, type: r.type, isActive: r.isActive })
    .from(r)
    .where(and(eq(r.tenantId, tenantId), isNull(r.deletedAt)))
    .orderBy(asc(r.type), asc(r.name), asc(r.id));
}

/** The business's resource time off that ends after `fromMs` (and, given `toMs`, starts before it), oldest first. */
export function resourceTimeOffQuery(db: Db, tenantId: string, fromMs: number, toMs?: number) {
  const off = schema.resourceTimeOff;
  return db
    .select({ id: off.id, resourceId: off.resourceId, startAt: off.startAt, endAt: off.endAt, reason: off.reason })
    .from(off)
    .where(and(eq(off.tenantId, tenantId), toMs === undefined ? undefined : lt(off.startAt, toMs), gt(off.endAt, fromMs)))
    .orderBy(asc(off.startAt), asc(off.id));
}

/**
 * Bookings with what a list or a calendar block shows: service name and the customer's contact;
 * an item of a visit (design.md §26) with its visit and the visit's code (items after the first
 * store `<code>-2`, which nobody is shown), its processing minutes and the resources it holds.
 */
export function bookingItemsQuery(db: Db, where: SQL, limit = 1000, offset = 0) {
  const { bookings: b, services: s, customers: c, visits: v } = schema;
  return db
    .select({
      id: b.id,
      confirmationCode: sql<string>`COALESCE(${v.confirmationCode}, ${b.confirmationCode})`,
      status: b.status,
      source: b.source,
      startAt: b.startAt,
      endAt: b.endAt,
      staffId: b.staffId,
      serviceId: b.serviceId,
      serviceName: s.name,
      customerId: b.customerId,
      customerFirstName: c.firstName,
      customerLastName: c.lastName,
      customerEmail: c.email,
      customerPhone: c.phone,
      totalAmount: b.totalAmount,
      currency: b.currency,
      notes: b.notes,
      visitId: b.visitId,
      processingOffsetMinutes: b.processingOffsetMinutes,
      processingMinutes: b.processingMinutes,
      resourceIds: resourceIdsOf(b.id),
    })
    .from(b)
    .innerJoin(s, eq(s.id, b.serviceId))
    .leftJoin(c, eq(c.id, b.customerId))
    .leftJoin(v, eq(v.id, b.visitId))
    .where(where)
    .orderBy(asc(b.startAt), asc(b.id))
    .limit(limit)
    .offset(offset);
}

export type BookingItemRow = Awaited<ReturnType<typeof bookingItemsQuery>>[number];

export { formatLocalDate };
