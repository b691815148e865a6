import { type Config, type Env, loadConfig } from "../../config";
import { base64Utf8, type IcsMethod, icsCalendar } from "../../domain/ical";
import { linkBase, platformLink } from "../../lib/links";
import {
  type BookingMailFacts,
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingRescheduledEmail,
  type MailItem,
  whenText,
} from "../email/booking-templates";
import { mailText } from "../email/mail-language";
import type { EmailAttachment, RenderedEmail } from "../email/templates";
import type { Locale } from "../../shared/i18n/locales";

/**
 * The customer's e-mails about a booking as text (design.md §17): the template's facts, the manage
 * link and the `.ics`. Pure rendering, no SQL: the outbox renders them when it sends
 * (./stored-mail.ts), the reminders when they are due (./reminders.ts).
 */

export type BookingEvent = "created" | "rescheduled" | "cancelled";

/**
 * The business and the appointment every message about one booking names, times as UTC epoch ms:
 * the customer's e-mail, the notices and a confirmation's facts carry the same fields.
 */
export type BookingMailBasics = {
  slug: string;
  businessName: string;
  accent: string;
  /** The business's address on one line ("" = none). */
  location: string;
  timezone: string;
  serviceName: string;
  staffName: string;
  confirmationCode: string;
  startAt: number;
  endAt: number;
};

/** What the customer's e-mail about one booking change says. */
export type CustomerMailFacts = BookingMailBasics & {
  bookingId: string;
  /** The booking's iCalendar SEQUENCE after this change. */
  sequence: number;
  customer: { firstName: string; lastName: string; email: string } | null;
  /** A move: where the booking was. */
  previous?: { startAt: number; endAt: number };
  /** What the e-mail may quote as the cancellation reason (never a public cancel's text). */
  reason?: string | null;
  /** A cancellation: what happens to the money (design.md §21). */
  paymentLines?: string[];
  /** design.md §26, a visit: its items (listed in the e-mail and the event's description). */
  items?: MailItem[];
  /** design.md §26: the calendar event's id, the visit's (one event per visit); absent = the booking's. */
  calendarId?: string;
  /** design.md §30: the booking's language (absent = English). */
  locale?: Locale;
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

/** The business's part of a booking's facts (e-mails, texts, calendar files), from its tenant row. */
export function businessFacts(t: {
  slug: string;
  businessName: string;
  templateAccent: string;
  addressLine1: string;
  city: string;
  country: string;
  timezone: string;
}) {
  return { slug: t.slug, businessName: t.businessName, accent: t.templateAccent, location: locationOf(t), timezone: t.timezone };
}

export function customerName(c: { firstName: string; lastName: string; email: string }): string {
  return `${c.firstName} ${c.lastName}`.trim() || c.email;
}

export function mailFacts(f: CustomerMailFacts, settings: MailSettings): BookingMailFacts {
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
    locale: f.locale,
  };
}

/** The booking as a calendar event: REQUEST (confirmation, move, reminder) or CANCEL, same UID. */
export function bookingIcs(
  method: Exclude<IcsMethod, "PUBLISH">,
  f: CustomerMailFacts,
  settings: MailSettings,
  stamp: number,
): EmailAttachment {
  const m = mailFacts(f, settings);
  const t = mailText(f.locale);
  const text = icsCalendar({
    method,
    events: [
      {
        uid: bookingUid(f.calendarId ?? f.bookingId, settings.host),
        sequence: f.sequence,
        stamp,
        start: f.startAt,
        end: f.endAt,
        summary: t("ics.summary", { service: f.serviceName, staff: f.staffName, business: f.businessName }),
        description: [...itemLines(f), t("ics.code", { code: f.confirmationCode }), t("ics.manage", { url: m.manageUrl })].join("\n"),
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
function itemLines(f: CustomerMailFacts): string[] {
  const t = mailText(f.locale);
  return (f.items ?? []).map((i) =>
    t("ics.item", {
      time: whenText(f.timezone, i.startAt, i.endAt, f.locale).split(" (")[0] ?? "",
      service: i.serviceName,
      staff: i.staffName,
    }),
  );
}

/** The customer's e-mail about `event`, with its .ics stamped `now` (the change's instant). */
export function customerEmail(event: BookingEvent, f: CustomerMailFacts, settings: MailSettings, now: Date): RenderedEmail {
  const m = mailFacts(f, settings);
  const rendered =
    event === "created"
      ? bookingConfirmedEmail(m)
      : event === "rescheduled"
        ? bookingRescheduledEmail({ ...m, previous: f.previous })
        : bookingCancelledEmail({ ...m, reason: f.reason, paymentLines: f.paymentLines });
  return { ...rendered, attachments: [bookingIcs(event === "cancelled" ? "CANCEL" : "REQUEST", f, settings, now.getTime())] };
}
