import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { DAY_MS, parseLocalDate, wallDayStart } from "../../domain/time";
import { newId } from "../../lib/ids";

const HOUR_MS = 3_600_000;
import { group, single } from "../batch";
import { jobInsert, jobInsertSelect } from "../outbox/jobs";

/**
 * The waitlist's trigger (design.md §28): whatever frees time (a cancellation, a move away, a hold
 * released, new hours, an override, time off removed, a closure removed) adds ONE job row to the
 * batch of that change, gated like the change and on someone waiting for a window that overlaps
 * the freed span (no job at a business nobody waits at). The job (./offer-job.ts) decides what is
 * free when it runs, through availability's own reads and slot engine.
 */

export const WAITLIST_OFFER_KIND = "waitlist.offer";

/**
 * What a job is about: the staff member whose time freed up (null: every staff member, a closure),
 * the freed span [fromMs, toMs), optionally only some tenant-local dates (an override), and the
 * trigger's key, which the follow-up rounds share so an entry is offered a freed time once.
 */
export type OfferPayload = { staffId: string | null; fromMs: number; toMs: number; dates?: string[]; triggerKey: string; round: number };

/** `AND w.date IN (...)` over the waitlist windows aliased `w`: only those dates, or nothing when none are named. */
export function onWindowDates(dates: string[] | undefined): SQL {
  return dates?.length
    ? sql`AND w.date IN (${sql.join(
        dates.map((d) => sql`${d}`),
        sql`, `,
      )})`
    : sql``;
}

/** "Someone waits for a window overlapping the span, with this staff member or anyone", over a tenant id expression. */
function someoneWaits(
  tenantId: SQL,
  p: { staffId: SQL | string | null; fromMs: SQL | number; toMs: SQL | number; dates?: string[] },
  nowMs: number | Placeholder,
) {
  const dates = onWindowDates(p.dates);
  return sql`EXISTS (SELECT 1 FROM waitlist_windows w JOIN waitlist_entries e ON e.id = w.entry_id
    WHERE w.tenant_id = ${tenantId} AND w.start_at < ${p.toMs} AND w.end_at > ${p.fromMs} AND w.end_at > ${nowMs} ${dates}
      AND e.status = 'waiting' AND (${p.staffId} IS NULL OR e.staff_id IS NULL OR e.staff_id = ${p.staffId}))`;
}

/** One freed span of a known change: a job keyed by `cause` (unique per change), gated by `gate`. */
export function offerTrigger(
  db: Db,
  t: { tenantId: string; staffId: string | null; fromMs: number; toMs: number; dates?: string[]; cause: string },
  now: Date,
  gate: SQL = sql`1`,
) {
  const payload: OfferPayload = { staffId: t.staffId, fromMs: t.fromMs, toMs: t.toMs, dates: t.dates, triggerKey: t.cause, round: 1 };
  const onlyIf = sql`(${gate}) AND ${someoneWaits(sql`${t.tenantId}`, t, now.getTime())}`;
  return jobInsert(db, { kind: WAITLIST_OFFER_KIND, tenantId: t.tenantId, payload, idempotencyKey: t.cause }, now, onlyIf);
}

/** A unique cause for changes that have no id of their own (hours, overrides). */
export const changeCause = (what: string) => `${what}:${newId("chg")}`;

/**
 * One job per booking of `bookings` (a subquery of `id`s), each for that booking's buffered span
 * and staff member as stored: put it in the batch BEFORE the statement that frees them (the
 * cancel's or move's UPDATE, a hold release), gated like that statement. Keys: `<cause>:<booking id>`.
 */
export function offerTriggersFor(db: Db, bookings: SQL, now: Date, cause: string, gate: SQL = sql`1`) {
  const span = {
    staffId: sql`b.staff_id`,
    fromMs: sql`b.start_at - b.buffer_before_minutes * 60000`,
    toMs: sql`b.end_at + b.buffer_after_minutes * 60000`,
  };
  return group([
    jobInsertSelect(
      db,
      {
        kind: WAITLIST_OFFER_KIND,
        select: sql`
          SELECT b.tenant_id AS tenant_id, ${cause} || ':' || b.id AS idempotency_key,
                 json_object('staffId', b.staff_id, 'fromMs', ${span.fromMs}, 'toMs', ${span.toMs},
                             'triggerKey', ${cause} || ':' || b.id, 'round', 1) AS payload
          FROM bookings b WHERE b.id IN (${bookings}) AND (${gate}) AND ${someoneWaits(sql`b.tenant_id`, span, now.getTime())}`,
      },
      now,
    ),
  ]);
}

/**
 * offerTriggersFor of ONE booking known by id (a cancel), as a text rendered once per isolate
 * (issue #42): the same job, key and payload, read from the booking's row as stored.
 */
export function offerTriggerForBooking(db: Db, bookingId: string, now: Date, cause: string, gate: SQL) {
  const t = now.toISOString();
  const insert = bookingTriggerStatement.allGated<{ id: string }>(
    db,
    { kind: WAITLIST_OFFER_KIND, bookingId, cause, nowMs: now.getTime(), t },
    gate,
  );
  return single(insert, (rows) => ({ value: rows, pointers: rows.map((r) => ({ kind: WAITLIST_OFFER_KIND, id: r.id })) }));
}

const bookingTriggerStatement = prepared<{ kind: string; bookingId: string; cause: string; nowMs: number; t: string }>((p, gate) => {
  const span = {
    staffId: sql`b.staff_id`,
    fromMs: sql`b.start_at - b.buffer_before_minutes * 60000`,
    toMs: sql`b.end_at + b.buffer_after_minutes * 60000`,
  };
  return sql`
    INSERT INTO jobs (id, kind, tenant_id, idempotency_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT 'job_' || lower(hex(randomblob(10))), ${p.kind}, s.tenant_id, s.idempotency_key, s.payload, 'pending', 0, ${p.t}, ${p.t}, ${p.t}
    FROM (SELECT b.tenant_id AS tenant_id, ${p.cause} || ':' || b.id AS idempotency_key,
                 json_object('staffId', b.staff_id, 'fromMs', ${span.fromMs}, 'toMs', ${span.toMs},
                             'triggerKey', ${p.cause} || ':' || b.id, 'round', 1) AS payload
          FROM bookings b WHERE b.id = ${p.bookingId} AND (${gate}) AND ${someoneWaits(sql`b.tenant_id`, span, p.nowMs)}) s WHERE 1
    ON CONFLICT (kind, idempotency_key) DO NOTHING
    RETURNING id`;
});

/**
 * A booking made by a waiting customer (same e-mail) for a time its entry matched (service, staff
 * member if chosen, inside a window, or a time it was offered, by hand too) ends that entry as `booked`: in the create's batch, gated on
 * the booking being written.
 */
export function endEntriesBooked(
  db: Db,
  b: { tenantId: string; bookingId: string; email: string; serviceId: string; staffId: string; startAt: number; endAt: number },
  now: Date,
  gate: SQL,
) {
  return endBookedStatement.run(db, { ...b, t: now.toISOString() }, gate);
}

/** endEntriesBooked's statement: one text per isolate, bound per create (issue #42). */
const endBookedStatement = prepared<{
  tenantId: string;
  bookingId: string;
  email: string;
  serviceId: string;
  staffId: string;
  startAt: number;
  endAt: number;
  t: string;
}>(
  (p, gate) => sql`
    UPDATE waitlist_entries SET status = 'booked', booking_id = ${p.bookingId}, ended_at = ${p.t}, updated_at = ${p.t}
    WHERE tenant_id = ${p.tenantId} AND status = 'waiting' AND email = ${p.email} AND ${p.email} <> '' AND service_id = ${p.serviceId}
      AND (staff_id IS NULL OR staff_id = ${p.staffId})
      AND (EXISTS (SELECT 1 FROM waitlist_windows w WHERE w.entry_id = waitlist_entries.id AND w.start_at <= ${p.startAt} AND w.end_at >= ${p.endAt})
        OR EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = waitlist_entries.id AND o.staff_id = ${p.staffId} AND o.start_at = ${p.startAt}))
      AND ${gate}`,
);

/** New weekly hours may free any coming date: the whole bookable future of that staff member. */
export function hoursTrigger(db: Db, t: { tenantId: string; staffId: string }, now: Date, gate: SQL) {
  const horizon = now.getTime() + 2 * 366 * DAY_MS;
  return offerTrigger(db, { ...t, fromMs: now.getTime(), toMs: horizon, cause: changeCause(`hours:${t.staffId}`) }, now, gate);
}

/** An override (set or removed) may free time on its date only; its instants lie within the date's widest offsets. */
export function overrideTrigger(db: Db, t: { tenantId: string; staffId: string; date: string }, now: Date, gate: SQL) {
  const day = parseLocalDate(t.date);
  if (!day) throw new RangeError(`override date ${t.date}`);
  const wall = wallDayStart(day);
  return offerTrigger(
    db,
    {
      tenantId: t.tenantId,
      staffId: t.staffId,
      fromMs: wall - 14 * HOUR_MS,
      toMs: wall + DAY_MS + 12 * HOUR_MS,
      dates: [t.date],
      cause: changeCause(`override:${t.staffId}:${t.date}`),
    },
    now,
    gate,
  );
}

/** Time off about to be removed frees its span: put this BEFORE the delete (it reads the row). */
export function timeOffTrigger(db: Db, t: { tenantId: string; staffId: string; timeOffId: string }, now: Date) {
  const span = { staffId: sql`o.staff_id`, fromMs: sql`o.start_at`, toMs: sql`o.end_at` };
  return jobInsertSelect(
    db,
    {
      kind: WAITLIST_OFFER_KIND,
      select: sql`
        SELECT o.tenant_id AS tenant_id, 'timeoff:' || o.id AS idempotency_key,
               json_object('staffId', o.staff_id, 'fromMs', o.start_at, 'toMs', o.end_at, 'triggerKey', 'timeoff:' || o.id, 'round', 1) AS payload
        FROM staff_time_off o WHERE o.id = ${t.timeOffId} AND o.tenant_id = ${t.tenantId} AND o.staff_id = ${t.staffId} AND ${someoneWaits(sql`o.tenant_id`, span, now.getTime())}`,
    },
    now,
  );
}

/** A closure about to be removed frees its dates for every staff member: BEFORE the delete. */
export function closureTrigger(db: Db, t: { tenantId: string; closureId: string }, now: Date) {
  const dayMs = (d: SQL) => sql`CAST((julianday(${d}) - 2440587.5) * 86400000 AS INTEGER)`;
  const span = {
    staffId: null,
    fromMs: sql`${dayMs(sql`c.start_date`)} - ${14 * HOUR_MS}`,
    toMs: sql`${dayMs(sql`c.end_date`)} + ${DAY_MS + 12 * HOUR_MS}`,
  };
  return jobInsertSelect(
    db,
    {
      kind: WAITLIST_OFFER_KIND,
      select: sql`
        SELECT c.tenant_id AS tenant_id, 'closure:' || c.id AS idempotency_key,
               json_object('staffId', NULL, 'fromMs', ${span.fromMs}, 'toMs', ${span.toMs}, 'triggerKey', 'closure:' || c.id, 'round', 1) AS payload
        FROM business_closures c WHERE c.id = ${t.closureId} AND c.tenant_id = ${t.tenantId} AND ${someoneWaits(sql`c.tenant_id`, span, now.getTime())}`,
    },
    now,
  );
}
