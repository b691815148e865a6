import { type SQL, sql } from "drizzle-orm";
import type { Locale } from "../../shared/i18n/locales";
import type { Db } from "../../db/client";
import type { MailItem, NoticeEvent } from "../email/booking-templates";
import { emailInsertAll, type OutboxEmail, type RecipientCap } from "../outbox";
import { type BookingEvent, type BookingMailBasics, customerName } from "./booking-render";
import { customerMail, noticeMail } from "./stored-mail";

/**
 * What a booking change tells people (design.md §17): the customer's e-mail with the manage link
 * and the .ics, and one notice per recipient to the business (its notificationEmail, else its
 * e-mail) and to the booked staff member's linked user. Everything is a statement for the batch
 * of the change itself, gated like it, so a change that does not happen tells nobody and a change
 * that happens tells everyone exactly once (a retried request writes a new change or none).
 * The e-mails are stored as their facts and rendered when sent (./stored-mail.ts, issue #42).
 */

export {
  type BookingEvent,
  type BookingMailBasics,
  bookingIcs,
  bookingUid,
  businessFacts,
  type CustomerMailFacts,
  customerEmail,
  customerName,
  locationOf,
  type MailSettings,
  mailFacts,
  mailSettings,
  mailSettingsOf,
  manageUrl,
  parseFrom,
} from "./booking-render";

/** Everything the e-mails of one booking change need, times as UTC epoch ms. */
export type BookingFacts = BookingMailBasics & {
  bookingId: string;
  tenantId: string;
  staffId: string;
  /** The booking's iCalendar SEQUENCE after this change. */
  sequence: number;
  customer: { firstName: string; lastName: string; email: string; phone?: string } | null;
  notes?: string;
  /** A move: where the booking was. */
  previous?: { staffId: string; staffName: string; startAt: number; endAt: number };
  /** What the e-mails may quote as the cancellation reason (never a public cancel's text). */
  reason?: string | null;
  /** A cancellation: what happens to the money, for the customer's e-mail (design.md §21). */
  paymentLines?: string[];
  /**
   * design.md §26, a visit: its items (listed in the e-mails), the calendar event's id (the
   * visit's: one event per visit; else the booking's) and the other staff members told.
   */
  items?: MailItem[];
  calendarId?: string;
  otherStaffIds?: string[];
  /** The customer's consent to texts about the booking (design.md §27; src/services/sms/booking-texts.ts). */
  sms?: TextConsent;
  /**
   * design.md §30: the language of the customer's messages (the booking's) and of the notices (the
   * business's); absent = English.
   */
  locale?: Locale;
  businessLocale?: Locale;
};

/**
 * The customer's consent to texts about the booking, and the number they go to (E.164; null: none that parses).
 * Declared with the facts that carry it, so the texts import the mail's facts and never the other way round.
 */
export type TextConsent = {
  optIn: boolean;
  phone: string | null;
  /** A cancellation asked for by the customer's own text: its reply says so, no second text. */
  quiet?: boolean;
};

/** The business's notice address: notificationEmail, else the business e-mail (lower-cased; "" = none). */
const businessAddress = (tenantId: string) =>
  sql`(SELECT lower(COALESCE(NULLIF(notification_email, ''), email)) FROM tenants WHERE id = ${tenantId})`;

/** The e-mail of the staff member's linked user, while that user is an active member of the business. */
const staffAddress = (staffId: string) => sql`(SELECT lower(u.email) FROM staff_profiles p
    JOIN users u ON u.id = p.user_id AND u.is_active = 1
    JOIN tenant_members m ON m.user_id = u.id AND m.tenant_id = p.tenant_id AND m.is_active = 1
    WHERE p.id = ${staffId})`;

/**
 * The e-mails of one booking change, as ONE statement for its batch (src/services/outbox.ts,
 * emailInsertAll): the customer's (manage link, .ics; none without an address) and one notice per
 * distinct recipient: the business address, the booked staff member's user (a visit's: every
 * item's, design.md §26) and, for a move to someone else, the previous staff member's user. Addresses are read inside the batch (no round
 * trip); a recipient equal to an earlier one (the owner is often the staff member too) gets one
 * notice, and a missing address writes no row.
 */
export function bookingMailInserts(db: Db, event: BookingEvent, f: BookingFacts, now: Date, gate: SQL, customerCap?: RecipientCap) {
  const recipients = [businessAddress(f.tenantId), staffAddress(f.staffId), ...(f.otherStaffIds ?? []).map(staffAddress)];
  if (f.previous && f.previous.staffId !== f.staffId) recipients.push(staffAddress(f.previous.staffId));
  // design.md §30: each recipient member reads the notice in their own locale, else the business's.
  const notice = { email: { ...noticeOf(event, f), tenantId: f.tenantId }, to: recipients, memberLocale: true };
  const to = f.customer?.email;
  if (!to) return emailInsertAll(db, [notice], now, gate);
  const customer: OutboxEmail = { ...customerMail(event, f, now), tenantId: f.tenantId };
  // A confirmation counts against its recipient's cap (design.md §31) in the same one statement.
  return emailInsertAll(db, [{ email: customer, to: [to], cap: customerCap }, notice], now, gate);
}

/** The notice's facts: what the template shows (./stored-mail.ts). */
function noticeOf(event: NoticeEvent, f: BookingFacts) {
  return noticeMail(event, {
    businessName: f.businessName,
    accent: f.accent,
    serviceName: f.serviceName,
    staffName: f.staffName,
    startAt: f.startAt,
    endAt: f.endAt,
    timezone: f.timezone,
    location: f.location || undefined,
    customer: f.customer ? { name: customerName(f.customer), email: f.customer.email, phone: f.customer.phone ?? "" } : null,
    notes: f.notes ?? "",
    previous:
      f.previous && (f.previous.startAt !== f.startAt || f.previous.staffId !== f.staffId)
        ? { startAt: f.previous.startAt, endAt: f.previous.endAt, staffName: f.previous.staffName }
        : undefined,
    reason: f.reason,
    items: f.items,
    ...(f.businessLocale ? { locale: f.businessLocale } : {}),
  });
}
