import type { MailKey } from "../../shared/i18n/mail";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales";
import type { Translate } from "../../shared/i18n/messages";
import { type MailBlock, renderLayout } from "./layout";
import { clockIn, dayIn, humanDateTime, mailText } from "./mail-language";
import type { RenderedEmail } from "./templates";

/**
 * The e-mails about a booking (design.md §17): to the customer (confirmed, moved, cancelled,
 * reminder; each with the manage link, the .ics travels beside them) and the notices to the
 * business and the staff member. Times are the business's wall time with its zone named; no
 * internal id appears anywhere (the confirmation code is the customer's own reference).
 * Every word comes from the `mail` catalog in the e-mail's language (design.md §30): the
 * booking's for the customer, the recipient's for a notice; English when none is known.
 */

export type BookingMailFacts = {
  businessName: string;
  /** The business's page colour (validated again by the layout). */
  accent: string;
  customerName: string;
  serviceName: string;
  staffName: string;
  startAt: number;
  endAt: number;
  timezone: string;
  confirmationCode: string;
  manageUrl: string;
  location?: string;
  /** design.md §26: the items of a visit, each listed with its time and staff member. */
  items?: MailItem[];
  /** design.md §30: the language the e-mail is written in (absent = English). */
  locale?: Locale;
};

/** One service of a visit as the e-mails list it. */
export type MailItem = { serviceName: string; staffName: string; startAt: number; endAt: number };

type Words = { t: Translate<MailKey>; locale: Locale };
const wordsOf = (locale: Locale | undefined): Words => ({ t: mailText(locale ?? DEFAULT_LOCALE), locale: locale ?? DEFAULT_LOCALE });

/** "Wed 10 Mar 2027, 10:00–11:00"; an end on another day names that day. */
function rangeText(locale: Locale, timezone: string, startAt: number, endAt: number): string {
  const start = humanDateTime(locale, timezone, startAt);
  const end = dayIn(timezone, startAt) === dayIn(timezone, endAt) ? clockIn(timezone, endAt) : humanDateTime(locale, timezone, endAt);
  return `${start}\u2013${end}`;
}

/** "Wed 10 Mar 2027, 10:00–11:00 (America/New_York time)", in the e-mail's language. */
export function whenText(timezone: string, startAt: number, endAt: number, locale: Locale = DEFAULT_LOCALE): string {
  const range = rangeText(locale, timezone, startAt, endAt);
  const [start, end] = range.split("\u2013");
  return mailText(locale)("when.range", { start: start ?? range, end: end ?? "", timezone });
}

/** A visit's items as detail rows ("Cut": "10:00–10:30 with Kim"); a single booking's service and staff member. */
function serviceRows(w: Words, f: Pick<BookingMailFacts, "serviceName" | "staffName" | "timezone" | "items">): [string, string][] {
  if (!f.items?.length) {
    return [
      [w.t("row.service"), f.serviceName],
      [w.t("row.with"), f.staffName],
    ];
  }
  return f.items.map((i): [string, string] => [
    i.serviceName,
    w.t("item.when", { time: rangeText(w.locale, f.timezone, i.startAt, i.endAt), staff: i.staffName }),
  ]);
}

function details(w: Words, f: BookingMailFacts, extra: [string, string][] = []): MailBlock {
  const rows: [string, string][] = [...serviceRows(w, f), [w.t("row.when"), whenText(f.timezone, f.startAt, f.endAt, w.locale)]];
  if (f.location) rows.push([w.t("row.where"), f.location]);
  rows.push(...extra, [w.t("row.code"), f.confirmationCode]);
  return { kind: "details", rows };
}

function customerMail(w: Words, kind: string, subject: string, heading: string, f: BookingMailFacts, blocks: MailBlock[]): RenderedEmail {
  const { text, html } = renderLayout({
    brand: { name: f.businessName, accent: f.accent },
    heading,
    blocks,
    footer: w.t("footer.customer", { business: f.businessName }),
    language: w.locale,
    openLink: w.t("layout.openLink"),
  });
  return { kind, subject, text, html, language: w.locale };
}

const names = (f: BookingMailFacts) => ({ name: f.customerName, business: f.businessName, service: f.serviceName });

export function bookingConfirmedEmail(f: BookingMailFacts): RenderedEmail {
  const w = wordsOf(f.locale);
  return customerMail(w, "booking.confirmed", w.t("confirmed.subject", names(f)), w.t("confirmed.heading"), f, [
    { kind: "p", text: w.t("confirmed.intro", names(f)) },
    details(w, f),
    { kind: "button", label: w.t("confirmed.button"), url: f.manageUrl },
    { kind: "p", text: w.t("calendar.invite") },
  ]);
}

export function bookingRescheduledEmail(f: BookingMailFacts & { previous?: { startAt: number; endAt: number } }): RenderedEmail {
  const w = wordsOf(f.locale);
  const was: [string, string][] = f.previous
    ? [[w.t("row.was"), whenText(f.timezone, f.previous.startAt, f.previous.endAt, w.locale)]]
    : [];
  return customerMail(w, "booking.rescheduled", w.t("rescheduled.subject", names(f)), w.t("rescheduled.heading"), f, [
    { kind: "p", text: w.t("rescheduled.intro", names(f)) },
    details(w, f, was),
    { kind: "button", label: w.t("rescheduled.button"), url: f.manageUrl },
    { kind: "p", text: w.t("calendar.invite") },
  ]);
}

/**
 * `reason` is quoted only when the business wrote it (a public cancel's reason never reaches a mailbox).
 * `paymentLines`: what happens to the money (design.md §21: refunded, kept under the policy, a late
 * fee), in plain words, right after the booking's details.
 */
export function bookingCancelledEmail(f: BookingMailFacts & { reason?: string | null; paymentLines?: string[] }): RenderedEmail {
  const w = wordsOf(f.locale);
  const date = humanDateTime(w.locale, f.timezone, f.startAt);
  return customerMail(w, "booking.cancelled", w.t("cancelled.subject", names(f)), w.t("cancelled.heading"), f, [
    { kind: "p", text: w.t("cancelled.intro", { ...names(f), date, timezone: f.timezone }) },
    details(w, f, f.reason ? [[w.t("row.reason"), f.reason]] : []),
    ...(f.paymentLines ?? []).map((text): MailBlock => ({ kind: "p", text })),
    { kind: "button", label: w.t("cancelled.button"), url: f.manageUrl },
    { kind: "p", text: w.t("calendar.cancel") },
  ]);
}

/** "tomorrow", "in 2 days", "in 1 hour": the heading follows the reminder's offset. */
function reminderHeading(w: Words, hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? w.t("reminder.headingTomorrow") : w.t("reminder.headingDays", { days: hours / 24 });
  return w.t("reminder.headingHours", { hours });
}

/** `hours` is the reminder's offset: the wording ("tomorrow", "in 2 hours") follows it. */
export function bookingReminderEmail(f: BookingMailFacts & { hours: number }): RenderedEmail {
  const w = wordsOf(f.locale);
  const date = humanDateTime(w.locale, f.timezone, f.startAt);
  return customerMail(w, "booking.reminder", w.t("reminder.subject", { ...names(f), date }), reminderHeading(w, f.hours), f, [
    { kind: "p", text: w.t("reminder.intro", names(f)) },
    details(w, f),
    { kind: "button", label: w.t("reminder.button"), url: f.manageUrl },
    { kind: "p", text: w.t("reminder.cantMake") },
  ]);
}

// Notices to the business and the staff member (design.md §17).

/**
 * design.md §31: a notice goes to the business's address and to staff, who may only read; it never
 * carries the confirmation code (which cancels and moves the booking by code, as the customer).
 */
export type NoticeFacts = Omit<BookingMailFacts, "manageUrl" | "customerName" | "confirmationCode"> & {
  customer: { name: string; email: string; phone: string } | null;
  notes: string;
  previous?: { startAt: number; endAt: number; staffName: string };
  reason?: string | null;
  /** design.md §30: the recipients' language (the member's, else the business's; absent = English). */
  locale?: Locale;
};

export type NoticeEvent = "created" | "rescheduled" | "cancelled";

const NOTICE = {
  created: { kind: "notice.booking_created", subject: "notice.created.subject", heading: "notice.created.heading" },
  rescheduled: { kind: "notice.booking_rescheduled", subject: "notice.rescheduled.subject", heading: "notice.rescheduled.heading" },
  cancelled: { kind: "notice.booking_cancelled", subject: "notice.cancelled.subject", heading: "notice.cancelled.heading" },
} as const satisfies Record<NoticeEvent, { kind: string; subject: MailKey; heading: MailKey }>;

export function bookingNoticeEmail(event: NoticeEvent, f: NoticeFacts): RenderedEmail {
  const n = NOTICE[event];
  const w = wordsOf(f.locale);
  const rows: [string, string][] = [...serviceRows(w, f), [w.t("row.when"), whenText(f.timezone, f.startAt, f.endAt, w.locale)]];
  if (f.previous) {
    const when = whenText(f.timezone, f.previous.startAt, f.previous.endAt, w.locale);
    rows.push([w.t("row.was"), w.t("row.wasWith", { when, staff: f.previous.staffName })]);
  }
  if (f.customer) {
    rows.push([w.t("row.customer"), f.customer.name]);
    if (f.customer.email) rows.push([w.t("row.email"), f.customer.email]);
    if (f.customer.phone) rows.push([w.t("row.phone"), f.customer.phone]);
  }
  if (f.notes) rows.push([w.t("row.notes"), f.notes]);
  if (f.reason) rows.push([w.t("row.reason"), f.reason]);
  const { text, html } = renderLayout({
    brand: { name: f.businessName, accent: f.accent },
    heading: w.t(n.heading),
    blocks: [{ kind: "details", rows }],
    footer: w.t("footer.notice", { business: f.businessName }),
    language: w.locale,
    openLink: w.t("layout.openLink"),
  });
  const subject = w.t(n.subject, {
    hasCustomer: f.customer?.name ? "yes" : "no",
    customer: f.customer?.name ?? "",
    service: f.serviceName,
    date: humanDateTime(w.locale, f.timezone, f.startAt),
  });
  return { kind: n.kind, subject, text, html, language: w.locale };
}
