import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { base64Utf8, type IcsMethod, icsCalendar } from "../../domain/ical";
import { type Config, type Env, loadConfig } from "../../config";
import { linkBase, platformLink } from "../../lib/links";
import {
  type BookingMailFacts,
  type MailItem,
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingNoticeEmail,
  bookingRescheduledEmail,
  type NoticeEvent,
  whenText,
} from "../email/booking-templates";
import type { EmailAttachment, RenderedEmail } from "../email/templates";
import { group } from "../batch";
import { emailInsert } from "../outbox";
import type { TextConsent } from "../sms/booking-texts";

/**
 * What a booking change tells people (design.md §17): the customer's e-mail with the manage link
 * and the .ics, and one notice per recipient to the business (its notificationEmail, else its
 * e-mail) and to the booked staff member's linked user. Everything is a statement for the batch
 * of the change itself, gated like it, so a change that does not happen tells nobody and a change
 * that happens tells everyone exactly once (a retried request writes a new change or none).
 */

/** Everything the e-mails of one booking change need, times as UTC epoch ms. */
export type BookingFacts = {
  bookingId: string;
  tenantId: string;
  slug: string;
  businessName: string;
  accent: string;
  /** The business's address on one line ("" = none). */
  location: string;
  timezone: string;
  serviceName: string;
  staffId: string;
  staffName: string;
  confirmationCode: string;
  startAt: number;
  endAt: number;
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
};

export type MailSettings = { base: string; host: string; from: { name: string; email: string } };

/** "Bookings <no-reply@x>" -> its parts; a bare address is its own name. */
export function parseFrom(from: string): { name: string; email: string } {
  const m = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(from);
  return m ? { name: m[1].replace(/^"|"$/g, ""), email: m[2] } : { name: from.trim(), email: from.trim() };
}

export function mailSettings(config: Pick<Config, "PUBLIC_BASE_URL" | "EMAIL_FROM">): MailSettings {
  const base = linkBase(config);
  return { base, host: new URL(base).hostname, from: parseFrom(config.EMAIL_FROM) };
}

export const mailSettingsOf = (env: Env) => mailSettings(loadConfig(env));

/** design.md §17: `{PUBLIC_BASE_URL}/book?slug=<slug>&code=<code>`; never from the request's Host. */
export function manageUrl(config: Pick<Config, "PUBLIC_BASE_URL">, slug: string, code: string): string {
  return platformLink(config, "/book", { slug, code });
}

/** Stable per booking: the confirmation, every move, the reminders and the cancellation share it. */
export const bookingUid = (bookingId: string, host: string) => `${bookingId}@${host}`;

export function locationOf(t: { addressLine1: string; city: string; country: string }): string {
  return [t.addressLine1, t.city, t.country].filter((s) => s.trim() !== "").join(", ");
}

export function customerName(c: { firstName: string; lastName: string; email: string }): string {
  return `${c.firstName} ${c.lastName}`.trim() || c.email;
}

export function mailFacts(f: BookingFacts, settings: MailSettings): BookingMailFacts {
  return {
    businessName: f.businessName,
    accent: f.accent,
    customerName: f.customer ? customerName(f.customer) : "",
    serviceName: f.serviceName,
    staffName: f.staffName,
    startAt: f.startAt,
    endAt: f.endAt,
    timezone: f.timezone,
    confirmationCode: f.confirmationCode,
    manageUrl: manageUrl({ PUBLIC_BASE_URL: settings.base }, f.slug, f.confirmationCode),
    location: f.location || undefined,
    items: f.items,
  };
}

/** The booking as a calendar event: REQUEST (confirmation, move, reminder) or CANCEL, same UID. */
export function bookingIcs(method: Exclude<IcsMethod, "PUBLISH">, f: BookingFacts, settings: MailSettings, stamp: number): EmailAttachment {
  const m = mailFacts(f, settings);
  const text = icsCalendar({
    method,
    events: [
      {
        uid: bookingUid(f.calendarId ?? f.bookingId, settings.host),
        sequence: f.sequence,
        stamp,
        start: f.startAt,
        end: f.endAt,
        summary: `${f.serviceName} with ${f.staffName} at ${f.businessName}`,
        description: `${itemLines(f)}Confirmation code: ${f.confirmationCode}\nManage your booking: ${m.manageUrl}`,
        location: m.location,
        url: m.manageUrl,
        status: method === "CANCEL" ? "CANCELLED" : "CONFIRMED",
        organizer: { name: f.businessName, email: settings.from.email },
        attendee: f.customer?.email ? { name: m.customerName, email: f.customer.email } : undefined,
      },
    ],
  });
  return { filename: method === "CANCEL" ? "cancel.ics" : "invite.ics", content: base64Utf8(text) };
}

/** A visit's items, one line each, for the calendar event's description (design.md §26). */
function itemLines(f: BookingFacts): string {
  if (!f.items?.length) return "";
  return `${f.items.map((i) => `${whenText(f.timezone, i.startAt, i.endAt).split(" (")[0]}: ${i.serviceName} with ${i.staffName}`).join("\n")}\n`;
}

export type BookingEvent = "created" | "rescheduled" | "cancelled";

/** The customer's e-mail about `event`, with its .ics. */
export function customerEmail(event: BookingEvent, f: BookingFacts, settings: MailSettings, now: Date): RenderedEmail {
  const m = mailFacts(f, settings);
  const rendered =
    event === "created"
      ? bookingConfirmedEmail(m)
      : event === "rescheduled"
        ? bookingRescheduledEmail({ ...m, previous: f.previous })
        : bookingCancelledEmail({ ...m, reason: f.reason, paymentLines: f.paymentLines });
  return { ...rendered, attachments: [bookingIcs(event === "cancelled" ? "CANCEL" : "REQUEST", f, settings, now.getTime())] };
}

/** The business's notice address: notificationEmail, else the business e-mail (lower-cased; "" = none). */
const businessAddress = (tenantId: string) =>
  sql`(SELECT lower(COALESCE(NULLIF(notification_email, ''), email)) FROM tenants WHERE id = ${tenantId})`;

/** The e-mail of the staff member's linked user, while that user is an active member of the business. */
const staffAddress = (staffId: string) => sql`(SELECT lower(u.email) FROM staff_profiles p
    JOIN users u ON u.id = p.user_id AND u.is_active = 1
    JOIN tenant_members m ON m.user_id = u.id AND m.tenant_id = p.tenant_id AND m.is_active = 1
    WHERE p.id = ${staffId})`;

/**
 * One notice per distinct recipient: the business address, the booked staff member's user and, for
 * a move to someone else, the previous staff member's user. Addresses are read inside the batch
 * (no round trip); a recipient equal to an earlier one (the owner is often the staff member too)
 * gets nothing more, and a missing address writes no row.
 */
export function noticeInserts(db: Db, event: NoticeEvent, f: BookingFacts, now: Date, gate: SQL) {
  const rendered = bookingNoticeEmail(event, {
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
    previous: f.previous && (f.previous.startAt !== f.startAt || f.previous.staffId !== f.staffId) ? f.previous : undefined,
    reason: f.reason,
    items: f.items,
  });
  const candidates = [businessAddress(f.tenantId), staffAddress(f.staffId), ...(f.otherStaffIds ?? []).map(staffAddress)];
  if (f.previous && f.previous.staffId !== f.staffId) candidates.push(staffAddress(f.previous.staffId));
  return group(
    candidates.map((to, i) => {
      const earlier = candidates.slice(0, i).map((c) => sql`COALESCE(${c}, '')`);
      const distinct = earlier.length ? sql`AND COALESCE(${to}, '') NOT IN (${sql.join(earlier, sql`, `)})` : sql``;
      return emailInsert(db, { ...rendered, tenantId: f.tenantId, to }, now, sql`(${gate}) ${distinct}`);
    }),
  );
}
