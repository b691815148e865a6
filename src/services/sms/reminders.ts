import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { parseReminderHours, type ReminderPayload, reminderDecision, type WithReminderHours } from "../../domain/reminders";
import { localMonth } from "../../domain/sms/limits";
import { smsText } from "../../domain/sms/templates";
import { SMS_REMINDER_KIND } from "../notifications/reminders";
import { finishedJobsCleanup, type JobHandler } from "../outbox/jobs";
import { shortManageLink } from "./link";
import { smsInsert } from "./outbox";

/**
 * Text reminders (design.md §17, §27): `sms.reminder` jobs, scheduled with the e-mail reminders
 * (src/services/notifications/reminders.ts) for bookings whose customer agreed to texts, due at
 * start − N hours, performed by the cron. Exactly once under overlapping cron runs: the engine's
 * claim is one atomic UPDATE and its outcome is fenced on that claim; the text it decides on is
 * written in the same batch as that fenced outcome (an `sms` job, sent at most once by the next
 * run). At its time the booking is read again: only a booking still confirmed, at that start, not
 * begun, at a business that still sends this offset and texts reminders, to a customer who agreed.
 */

type Row = {
  jobId: string;
  bookingId: string;
  tenantId: string;
  customerId: string | null;
  status: string;
  startAt: number;
  code: string;
  smsOptIn: number;
  phone: string | null;
  businessName: string;
  timezone: string;
  reminderHours: string;
  smsReminders: number;
  /** design.md §30: the booking's language, else the business's. */
  locale: string | null;
};

export type TextReminderBooking = WithReminderHours<Row>;

/** Finished text-reminder jobs are deleted 30 days after they were due, 500 a cron run. */
const RETENTION_DAYS = 30;

export function smsReminderHandler(linkBase: string): JobHandler<TextReminderBooking> {
  return {
    kind: SMS_REMINDER_KIND,
    related: {
      query: (db: Db, rows: SQL) =>
        db.all<Row>(sql`
          SELECT jobs.id AS jobId, b.id AS bookingId, b.tenant_id AS tenantId, b.customer_id AS customerId, b.status,
                 b.start_at AS startAt, b.confirmation_code AS code, b.sms_opt_in AS smsOptIn, b.sms_phone AS phone,
                 t.business_name AS businessName, t.timezone, t.reminder_hours AS reminderHours, t.sms_reminders AS smsReminders,
                 COALESCE(b.locale, t.locale) AS locale
          FROM jobs
          JOIN bookings b ON b.id = json_extract(jobs.payload, '$.bookingId')
          JOIN tenants t ON t.id = b.tenant_id
          WHERE ${rows}`),
      pick: (job, result) => {
        const row = (result as Row[]).find((r) => r.jobId === job.id);
        return row ? parseReminderHours(row) : undefined;
      },
    },
    async perform(job, { extra, clock }) {
      const payload = job.payload as ReminderPayload;
      const now = clock();
      const phone = extra?.smsOptIn ? extra.phone : null;
      const decision = reminderDecision(
        payload,
        extra && { status: extra.status, startAt: extra.startAt, reminderHours: extra.reminderHours, customerEmail: phone },
        now.getTime(),
      );
      if (!decision.send) return { ok: true, result: { skipped: decision.skipped } };
      const b = extra!;
      if (!b.smsReminders) return { ok: true, result: { skipped: "texts_off" } };
      const body = smsText(
        "reminder",
        {
          businessName: b.businessName,
          timezone: b.timezone,
          startAt: b.startAt,
          link: shortManageLink(linkBase, b.code),
        },
        b.locale,
      );
      return {
        ok: true,
        result: { text: true },
        effects: (db, gate) => [
          smsInsert(
            db,
            {
              tenantId: b.tenantId,
              businessName: b.businessName,
              bookingId: b.bookingId,
              customerId: b.customerId,
              phone: phone!,
              template: "reminder",
              body,
              month: localMonth(b.timezone, now.getTime()),
              setting: "sms_reminders",
            },
            now,
            gate,
          ),
        ],
      };
    },
    cleanup: finishedJobsCleanup(SMS_REMINDER_KIND, RETENTION_DAYS),
  };
}
