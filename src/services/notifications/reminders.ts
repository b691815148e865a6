import { type SQL, sql } from "drizzle-orm";
import { isLocale } from "../../shared/i18n/locales";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import {
  HOUR_MS,
  MAX_REMINDER_HOURS,
  parseReminderHours,
  type ReminderPayload,
  reminderDecision,
  reminderKeyRange,
  type WithReminderHours,
} from "../../domain/reminders";
import { bookingReminderEmail } from "../email/booking-templates";
import type { EmailProvider } from "../email/provider";
import { emailRetryDelaySeconds, isLastEmailAttempt } from "../email/retry-policy";
import { finishedJobsCleanup, type JobHandler, type StoredJob } from "../outbox/jobs";
import { parseLookupVisit, visitItemsJsonSql } from "../bookings/lookup";
import { type BookingFacts, bookingIcs, locationOf, type MailSettings, mailFacts } from "./booking-mail";

/**
 * Reminders (design.md §17) are jobs of the outbox engine (`jobs` table, kind `booking.reminder`):
 * written in the batch of the change that makes them due (create, move), due at start − N hours,
 * performed by the every-minute cron like any job. The engine gives them exactly-once: a job is
 * claimed by one atomic UPDATE (overlapping cron runs cannot both take it), its outcome is fenced
 * on that claim, a claim whose worker died is taken over after 5 minutes, and every try hands the
 * provider the same Idempotency-Key (the job's key), so a take-over of an e-mail that did go out is
 * not delivered twice. The send itself re-reads the booking in the claim's batch and goes out only
 * if it is still confirmed, at that start, not yet begun (src/domain/reminders.ts).
 */

export const REMINDER_KIND = "booking.reminder";

/** ISO text of `ms`, computed in SQL exactly as Date#toISOString writes it (jobs compare as text). */
const isoSql = (ms: SQL) => sql`strftime('%Y-%m-%dT%H:%M:%S', (${ms}) / 1000, 'unixepoch') || printf('.%03dZ', (${ms}) % 1000)`;

/**
 * Text reminders (design.md §27) are jobs of their own kind on the same schedule and keys, so an
 * e-mail provider's outage never holds up a text and a text's limit never touches an e-mail; they
 * are written only for a booking whose customer agreed to texts with a number that can take them
 * (src/services/sms/reminders.ts performs them).
 */
export const SMS_REMINDER_KIND = "sms.reminder";
const REMINDER_KINDS = sql`(${REMINDER_KIND}, ${SMS_REMINDER_KIND})`;

/**
 * One statement for the batch of a create or move: a reminder job per offset of the business's
 * current reminderHours (read inside the batch: no round trip), each due `hours` before the start,
 * none whose time has already come (a booking made inside the window): the SQL form of
 * `reminderWanted` (src/domain/reminders.ts), which the unit tests pin down. A move back to a start
 * whose reminder was cancelled revives that job; one already sent stays sent. `kind`: the e-mail
 * reminder, or the text reminder (see SMS_REMINDER_KIND).
 */
export function scheduleReminders(
  db: Db,
  b: { tenantId: string; bookingId: string; startAt: number },
  now: Date,
  gate: SQL,
  kind: typeof REMINDER_KIND | typeof SMS_REMINDER_KIND = REMINDER_KIND,
) {
  return scheduleStatement.run(
    db,
    { kind, tenantId: b.tenantId, bookingId: b.bookingId, startAt: b.startAt, nowMs: now.getTime(), t: now.toISOString() },
    gate,
  );
}

/** scheduleReminders' statement: one text per isolate, bound per change (issue #42). */
const scheduleStatement = prepared<{ kind: string; tenantId: string; bookingId: string; startAt: number; nowMs: number; t: string }>(
  (p, gate) => {
    const runAt = sql`${p.startAt} - r.value * ${HOUR_MS}`;
    return sql`
    INSERT INTO jobs (id, kind, tenant_id, idempotency_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT 'job_' || lower(hex(randomblob(10))), ${p.kind}, ${p.tenantId},
           ${p.bookingId} || ':' || ${p.startAt} || ':' || r.value || 'h',
           json_object('bookingId', ${p.bookingId}, 'hours', r.value, 'startAt', ${p.startAt}),
           'pending', 0, ${isoSql(runAt)}, ${p.t}, ${p.t}
    FROM json_each((SELECT reminder_hours FROM tenants WHERE id = ${p.tenantId})) r
    WHERE r.type = 'integer' AND r.value BETWEEN 1 AND ${MAX_REMINDER_HOURS} AND ${runAt} > ${p.nowMs} AND ${gate}
    ON CONFLICT (kind, idempotency_key) DO UPDATE SET status = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at,
      locked_at = NULL, last_error = NULL, updated_at = excluded.updated_at
    WHERE jobs.status = 'cancelled'`;
  },
);

/** Cancels the booking's reminders, e-mail and text, that have not started (a move or a cancellation); by key range on the unique index. */
export function cancelReminders(db: Db, bookingId: string, now: Date, gate: SQL) {
  const [from, to] = reminderKeyRange(bookingId);
  return cancelStatement.run(db, { t: now.toISOString(), from, to }, gate);
}

const cancelStatement = prepared<{ t: string; from: string; to: string }>(
  (p, gate) => sql`
    UPDATE jobs SET status = 'cancelled', updated_at = ${p.t}
    WHERE kind IN ${REMINDER_KINDS} AND idempotency_key >= ${p.from} AND idempotency_key < ${p.to} AND status = 'pending' AND ${gate}`,
);

/**
 * The same for every booking of `bookings` (a subquery of ids, e.g. the holds a cron run releases):
 * each booking's key range on the unique (kind, idempotency_key) index, no scan of the jobs table.
 */
export function cancelRemindersOf(db: Db, bookings: SQL, now: Date, gate: SQL = sql`1`) {
  return db.run(sql`
    UPDATE jobs SET status = 'cancelled', updated_at = ${now.toISOString()}
    WHERE id IN (
      SELECT j.id FROM (${bookings}) h
      JOIN jobs j ON j.kind IN ${REMINDER_KINDS} AND j.idempotency_key >= h.id || ':' AND j.idempotency_key < h.id || ';'
      WHERE j.status = 'pending') AND (${gate})`);
}

/** Finished reminder jobs are kept 30 days past their due time, then deleted by the cron (500 a run). */
export const REMINDER_RETENTION_DAYS = 30;

type ReminderRow = {
  jobId: string;
  bookingId: string;
  tenantId: string;
  status: string;
  startAt: number;
  endAt: number;
  sequence: number;
  code: string;
  slug: string;
  businessName: string;
  accent: string;
  timezone: string;
  reminderHours: string;
  addressLine1: string;
  city: string;
  country: string;
  serviceName: string;
  staffId: string;
  staffName: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  /** design.md §30: the booking's language, else the business's (the e-mail and its .ics speak it). */
  locale: string | null;
  /** design.md §26: the visit the booking is the first item of (its reminder is the visit's), and its items as JSON. */
  visitId: string | null;
  items: string | null;
};

export type ReminderBooking = WithReminderHours<ReminderRow>;

function factsOf(r: ReminderBooking): BookingFacts {
  // A visit's reminder lists its items and updates the visit's one calendar event (design.md §26).
  const visit = parseLookupVisit(r.visitId, r.items);
  const items = visit?.items.map((i) => ({ serviceName: i.serviceName, staffName: i.staffName, startAt: i.startAt, endAt: i.endAt }));
  return {
    bookingId: r.bookingId,
    tenantId: r.tenantId,
    slug: r.slug,
    businessName: r.businessName,
    accent: r.accent,
    location: locationOf(r),
    timezone: r.timezone,
    serviceName: r.serviceName,
    staffId: r.staffId,
    staffName: r.staffName,
    confirmationCode: r.code,
    startAt: r.startAt,
    endAt: items ? Math.max(...items.map((i) => i.endAt)) : r.endAt,
    sequence: r.sequence,
    customer: r.email ? { firstName: r.firstName ?? "", lastName: r.lastName ?? "", email: r.email } : null,
    ...(visit && items ? { calendarId: visit.id, items } : {}),
    ...(isLocale(r.locale) ? { locale: r.locale } : {}),
  };
}

/** The e-mail provider's retry rhythm, but never a try after the appointment began. */
export function reminderRetry(job: Pick<StoredJob, "attempts" | "payload">, now: Date) {
  if (isLastEmailAttempt(job.attempts)) return null;
  const delaySeconds = emailRetryDelaySeconds(job.attempts);
  const next = now.getTime() + delaySeconds * 1000;
  if (next >= (job.payload as ReminderPayload).startAt) return null;
  return { delaySeconds, nextAttemptAt: new Date(next) };
}

export function reminderHandler(provider: EmailProvider, settings: MailSettings): JobHandler<ReminderBooking> {
  return {
    kind: REMINDER_KIND,
    // The booking as it is now, read in the claim's batch: the send decision costs no round trip.
    related: {
      query: (db: Db, rows: SQL) =>
        db.all<ReminderRow>(sql`
          SELECT jobs.id AS jobId, b.id AS bookingId, b.tenant_id AS tenantId, b.status, b.start_at AS startAt, b.end_at AS endAt,
                 b.sequence, b.confirmation_code AS code, t.slug, t.business_name AS businessName, t.template_accent AS accent,
                 t.timezone, t.reminder_hours AS reminderHours, t.address_line1 AS addressLine1, t.city, t.country,
                 s.name AS serviceName, p.id AS staffId, p.display_name AS staffName,
                 c.first_name AS firstName, c.last_name AS lastName, c.email, c.phone,
                 b.visit_id AS visitId, ${visitItemsJsonSql} AS items, COALESCE(b.locale, t.locale) AS locale
          FROM jobs
          JOIN bookings b ON b.id = json_extract(jobs.payload, '$.bookingId')
          JOIN tenants t ON t.id = b.tenant_id
          JOIN services s ON s.id = b.service_id
          JOIN staff_profiles p ON p.id = b.staff_id
          LEFT JOIN customers c ON c.id = b.customer_id
          WHERE ${rows}`),
      pick: (job, result) => {
        const row = (result as ReminderRow[]).find((r) => r.jobId === job.id);
        return row ? parseReminderHours(row) : undefined;
      },
    },
    async perform(job, { idempotencyKey, extra, clock }) {
      const payload = job.payload as ReminderPayload;
      const now = clock();
      const decision = reminderDecision(
        payload,
        extra && { status: extra.status, startAt: extra.startAt, reminderHours: extra.reminderHours, customerEmail: extra.email },
        now.getTime(),
      );
      if (!decision.send) return { ok: true, result: { skipped: decision.skipped } };
      const facts = factsOf(extra!);
      const email = bookingReminderEmail({ ...mailFacts(facts, settings), hours: payload.hours });
      const result = await provider.send({
        idempotencyKey,
        kind: email.kind,
        to: extra!.email!,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: [bookingIcs("REQUEST", facts, settings, now.getTime())],
        language: email.language,
      });
      if (!result.ok) return { ok: false, permanent: result.permanent, error: result.error };
      return { ok: true, result: { sent: true, providerMessageId: result.providerMessageId } };
    },
    retry: reminderRetry,
    cleanup: finishedJobsCleanup(REMINDER_KIND, REMINDER_RETENTION_DAYS),
  };
}
