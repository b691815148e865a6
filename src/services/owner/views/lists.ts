import { and, asc, desc, eq, gt, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import { schema } from "../../../db/client";
import type { BookingStatus } from "../../../domain/booking-status";
import { addDays, formatLocalDate, type LocalDate } from "../../../domain/time";
import { ApiError } from "../../../errors";
import { aiLogQuery, toAiLogRow } from "../../ai/log";
import { failedJobsQuery, toFailedJob } from "../../outbox/failed";
import { listEndpoints } from "../../webhooks/endpoints";
import { listCustomers } from "../customers";
import { listMembers } from "../members";
import { listClosures } from "../schedule";
import { smsUsageQueries } from "../../sms/usage";
import {
  bookingItemsQuery,
  businessQuery,
  dayStartMs,
  hoursQuery,
  localToday,
  staffListQuery,
  type ViewCtx,
  type ZonedViewCtx,
} from "./common";

// The list pages of the owner app, one batch each (design.md §15).

/**
 * The earliest local date any zone can be on at `now` (UTC-12): rows dated before it are over
 * everywhere. The batch filters by it (the zone is not known before the batch), the view then by
 * the business's own today.
 */
const earliestToday = (now: Date) => new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);

const need = <T>(rows: T[]): T => {
  if (!rows[0]) throw ApiError.notFound("Business");
  return rows[0];
};

export type BookingsQuery = {
  from?: LocalDate;
  /** Inclusive last date. */
  to?: LocalDate;
  status?: BookingStatus;
  staffId?: string;
  offset: number;
  limit: number;
};

/**
 * `/app/bookings`: bookings starting from `from` (default today) through `to` (inclusive),
 * earliest first, filtered by status and staff member, one page at a time (one more row than the
 * page tells whether another page follows, without counting).
 */
export async function bookingsView(ctx: ZonedViewCtx, q: BookingsQuery) {
  const { db, tenantId, timezone, now } = ctx;
  const b = schema.bookings;
  const from = q.from ?? localToday(timezone, now);
  const where: SQL[] = [eq(b.tenantId, tenantId), gte(b.startAt, dayStartMs(timezone, from))];
  if (q.to) where.push(lt(b.startAt, dayStartMs(timezone, addDays(q.to, 1))));
  if (q.status) where.push(eq(b.status, q.status));
  if (q.staffId) where.push(eq(b.staffId, q.staffId));
  const [business, staff, rows] = await db.batch([
    businessQuery(db, tenantId),
    staffListQuery(db, tenantId),
    bookingItemsQuery(db, and(...where)!, q.limit + 1, q.offset),
  ]);
  return { business: need(business), from, staff, bookings: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}

/** `/app/services`: every service that is not deleted (inactive ones too), in booking-page order. */
export async function servicesView(ctx: ViewCtx) {
  const { db, tenantId } = ctx;
  const s = schema.services;
  const [business, services, staff] = await db.batch([
    businessQuery(db, tenantId),
    db
      .select()
      .from(s)
      .where(and(eq(s.tenantId, tenantId), isNull(s.deletedAt)))
      .orderBy(asc(s.orderIndex), asc(s.name), asc(s.id)),
    staffListQuery(db, tenantId),
  ]);
  return { business: need(business), services, staff };
}

/**
 * `/app/staff`: profiles with weekly hours, the time off that has not ended yet and the date
 * overrides from today on (design.md §16), each profile's
 * linked member (design.md §17: that member gets its booking notices) and whether it has a
 * calendar feed (the feed's URL is shown only when made), and the members one may link.
 */
export async function staffView(ctx: ViewCtx) {
  const { db, tenantId, now } = ctx;
  const off = schema.staffTimeOff;
  const p = schema.staffProfiles;
  const ov = schema.staffDateOverrides;
  const [business, staff, links, hours, timeOff, members, overrides] = await db.batch([
    businessQuery(db, tenantId),
    staffListQuery(db, tenantId),
    db
      .select({ id: p.id, userId: p.userId, hasCalendarFeed: sql<number>`${p.calendarFeedHash} IS NOT NULL` })
      .from(p)
      .where(and(eq(p.tenantId, tenantId), isNull(p.deletedAt))),
    hoursQuery(db, tenantId),
    db
      .select({ id: off.id, staffId: off.staffId, startAt: off.startAt, endAt: off.endAt, reason: off.reason })
      .from(off)
      .where(and(eq(off.tenantId, tenantId), gt(off.endAt, now.getTime())))
      .orderBy(asc(off.startAt), asc(off.id))
      .limit(500),
    listMembers(db, tenantId),
    db
      .select({ staffId: ov.staffId, date: ov.date, intervals: ov.intervals })
      .from(ov)
      .where(and(eq(ov.tenantId, tenantId), gte(ov.date, earliestToday(now))))
      .orderBy(asc(ov.date))
      .limit(1000),
  ]);
  const today = formatLocalDate(localToday(need(business).timezone, now));
  const linkOf = new Map(links.map((l) => [l.id, { userId: l.userId, hasCalendarFeed: Boolean(l.hasCalendarFeed) }]));
  return { business: need(business), staff, links: linkOf, hours, timeOff, members, overrides: overrides.filter((o) => o.date >= today) };
}

/** `/app/customers`: newest customers first, or those matching `search`. */
export async function customersView(ctx: ViewCtx, q: { search?: string; limit: number }) {
  const { db, tenantId } = ctx;
  const [business, customers] = await db.batch([businessQuery(db, tenantId), listCustomers(db, tenantId, q)]);
  return { business: need(business), customers };
}

/**
 * `/app/settings` (each of its sections): the whole business record (with its Stripe account's
 * state), members, webhook endpoints and, for owners and admins, the failed side effects of every
 * kind (design.md §22) and, with a member's own token, the API keys (design.md §19: a key cannot
 * manage keys), and the closures that have not ended (design.md §16); staff read the rest.
 */
export async function settingsView(ctx: ViewCtx, p: { canManage: boolean; keys: boolean; texts: boolean }) {
  const { db, tenantId, now } = ctx;
  const t = schema.tenants;
  const cl = schema.businessClosures;
  const usage = smsUsageQueries(db, tenantId, now);
  const [business, members, endpoints, failed, keys, closures, usageTenant, usageCounts] = await db.batch([
    db.select().from(t).where(eq(t.id, tenantId)).limit(1),
    listMembers(db, tenantId),
    listEndpoints(db, tenantId),
    failedJobsQuery(db, tenantId, p.canManage ? 20 : 0),
    db
      .select()
      .from(schema.apiKeys)
      .where(and(eq(schema.apiKeys.tenantId, tenantId), sql`${p.keys ? 1 : 0} = 1`))
      .orderBy(desc(schema.apiKeys.createdAt), desc(schema.apiKeys.id)),
    listClosures(db, tenantId, gte(cl.endDate, earliestToday(now))).limit(500),
    ...usage.statements,
  ]);
  const today = formatLocalDate(localToday(need(business).timezone, now));
  return {
    // design.md §27: the month's texts against the limit, while texts are configured at all.
    sms: p.texts ? usage.read([usageTenant, usageCounts]) : null,
    business: need(business),
    members,
    endpoints,
    failedJobs: p.canManage ? failed.map(toFailedJob) : null,
    apiKeys: p.keys ? keys : null,
    closures: closures.filter((c) => c.endDate >= today),
  };
}

/** `/app/ai-log`: the business's AI log (design.md §20), newest first. */
export async function aiLogView(ctx: ViewCtx, limit: number) {
  const { db, tenantId } = ctx;
  const [business, rows] = await db.batch([businessQuery(db, tenantId), aiLogQuery(db, tenantId, limit)]);
  return { business: need(business), entries: rows.map(toAiLogRow) };
}
