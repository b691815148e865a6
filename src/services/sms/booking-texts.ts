import { type SQL, sql } from "drizzle-orm";
import { loadConfig, smsConfig } from "../../config";
import type { Db } from "../../db/client";
import { localMonth } from "../../domain/sms/limits";
import { type SmsTemplate, smsText } from "../../domain/sms/templates";
import { linkBase } from "../../lib/links";
import { type Fragment, group, type Part } from "../batch";
import type { BookingEvent, BookingFacts } from "../notifications/booking-mail";
import { SMS_REMINDER_KIND, scheduleReminders } from "../notifications/reminders";
import { shortManageLink } from "./link";
import { smsInsert } from "./outbox";

/**
 * What a booking change texts (design.md §27), for the same batch as the change and gated like
 * it: to a customer who agreed to texts about the booking with a number that can take them, while
 * texts are configured, the confirmation (a create, or a held booking's payment), the move or the
 * cancellation (if the business sends them: `smsConfirmations`), and the text reminders scheduled
 * with the e-mail ones (sent if the business sends them then: `smsReminders`). A move or a
 * cancellation cancels the booking's pending text reminders with its e-mail reminders.
 */

const TEMPLATE: Record<BookingEvent, SmsTemplate> = { created: "confirmation", rescheduled: "moved", cancelled: "cancelled" };

export function bookingTexts(
  ctx: { db: Db; now: Date; env: Parameters<typeof loadConfig>[0] },
  event: BookingEvent,
  f: BookingFacts,
  gate: SQL,
): Fragment {
  const config = loadConfig(ctx.env);
  const consent = f.sms;
  if (!smsConfig(config) || !consent?.optIn || !consent.phone) return group([]);
  const { db, now } = ctx;
  const parts: Part[] = [];
  if (!consent.quiet) {
    parts.push(
      smsInsert(
        db,
        {
          tenantId: f.tenantId,
          businessName: f.businessName,
          bookingId: f.bookingId,
          // The booking row exists at this point of every batch that changes it (a create inserts it first).
          customerId: sql`(SELECT customer_id FROM bookings WHERE id = ${f.bookingId})`,
          phone: consent.phone,
          template: TEMPLATE[event],
          body: smsText(
            TEMPLATE[event],
            {
              businessName: f.businessName,
              timezone: f.timezone,
              startAt: f.startAt,
              link: shortManageLink(linkBase(config), f.confirmationCode),
            },
            f.locale,
          ),
          month: localMonth(f.timezone, now.getTime()),
          setting: "sms_confirmations",
        },
        now,
        gate,
      ),
    );
  }
  if (event !== "cancelled") {
    parts.push(scheduleReminders(db, { tenantId: f.tenantId, bookingId: f.bookingId, startAt: f.startAt }, now, gate, SMS_REMINDER_KIND));
  }
  return group(parts);
}
