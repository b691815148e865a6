import { instantToHumanLocal, instantToLocalString } from "../../domain/time";
import { type MailBlock, renderLayout } from "./layout";
import type { RenderedEmail } from "./templates";

/**
 * The e-mails about a booking (design.md §17): to the customer (confirmed, moved, cancelled,
 * reminder; each with the manage link, the .ics travels beside them) and the notices to the
 * business and the staff member. Times are the business's wall time with its zone named; no
 * internal id appears anywhere (the confirmation code is the customer's own reference).
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
};

/** One service of a visit as the e-mails list it. */
export type MailItem = { serviceName: string; staffName: string; startAt: number; endAt: number };

/** A visit's items as detail rows ("Cut": "10:00–10:30 with Kim"); a single booking's service and staff member. */
function serviceRows(f: Pick<BookingMailFacts, "serviceName" | "staffName" | "timezone" | "items">): [string, string][] {
  if (!f.items?.length) {
    return [
      ["Service", f.serviceName],
      ["With", f.staffName],
    ];
  }
  return f.items.map((i): [string, string] => [
    i.serviceName,
    `${whenText(f.timezone, i.startAt, i.endAt).split(" (")[0]} with ${i.staffName}`,
  ]);
}

/** "Wed 10 Mar 2027, 10:00–11:00 (America/New_York time)"; an end on another day names that day. */
export function whenText(timezone: string, startAt: number, endAt: number): string {
  const start = instantToHumanLocal(timezone, startAt);
  const sameDay = instantToLocalString(timezone, startAt).slice(0, 10) === instantToLocalString(timezone, endAt).slice(0, 10);
  const end = sameDay ? instantToLocalString(timezone, endAt).slice(11, 16) : instantToHumanLocal(timezone, endAt);
  return `${start}\u2013${end} (${timezone} time)`;
}

function details(f: BookingMailFacts, extra: [string, string][] = []): MailBlock {
  const rows: [string, string][] = [...serviceRows(f), ["When", whenText(f.timezone, f.startAt, f.endAt)]];
  if (f.location) rows.push(["Where", f.location]);
  rows.push(...extra, ["Confirmation code", f.confirmationCode]);
  return { kind: "details", rows };
}

function customerMail(kind: string, subject: string, heading: string, f: BookingMailFacts, blocks: MailBlock[]): RenderedEmail {
  const { text, html } = renderLayout({
    brand: { name: f.businessName, accent: f.accent },
    heading,
    blocks,
    footer: `Sent on behalf of ${f.businessName}. Keep your confirmation code: you need it to change the booking.`,
  });
  return { kind, subject, text, html };
}

const CALENDAR_NOTE = "The attached calendar file (invite.ics) adds the appointment to your calendar or updates it there.";

export function bookingConfirmedEmail(f: BookingMailFacts): RenderedEmail {
  return customerMail("booking.confirmed", `Booking confirmed: ${f.serviceName} at ${f.businessName}`, "Your booking is confirmed", f, [
    { kind: "p", text: `Hi ${f.customerName}, your booking at ${f.businessName} is confirmed.` },
    details(f),
    { kind: "button", label: "Manage or cancel your booking", url: f.manageUrl },
    { kind: "p", text: CALENDAR_NOTE },
  ]);
}

export function bookingRescheduledEmail(f: BookingMailFacts & { previous?: { startAt: number; endAt: number } }): RenderedEmail {
  const was: [string, string][] = f.previous ? [["Was", whenText(f.timezone, f.previous.startAt, f.previous.endAt)]] : [];
  return customerMail("booking.rescheduled", `Booking moved: ${f.serviceName} at ${f.businessName}`, "Your booking has a new time", f, [
    { kind: "p", text: `Hi ${f.customerName}, your booking at ${f.businessName} has a new time.` },
    details(f, was),
    { kind: "button", label: "Manage your booking", url: f.manageUrl },
    { kind: "p", text: CALENDAR_NOTE },
  ]);
}

/**
 * `reason` is quoted only when the business wrote it (a public cancel's reason never reaches a mailbox).
 * `paymentLines`: what happens to the money (design.md §21: refunded, kept under the policy, a late
 * fee), in plain words, right after the booking's details.
 */
export function bookingCancelledEmail(f: BookingMailFacts & { reason?: string | null; paymentLines?: string[] }): RenderedEmail {
  return customerMail("booking.cancelled", `Booking cancelled: ${f.serviceName} at ${f.businessName}`, "Your booking is cancelled", f, [
    {
      kind: "p",
      text: `Hi ${f.customerName}, your booking at ${f.businessName} for ${f.serviceName} on ${instantToHumanLocal(f.timezone, f.startAt)} (${f.timezone} time) has been cancelled.`,
    },
    details(f, f.reason ? [["Reason", f.reason]] : []),
    ...(f.paymentLines ?? []).map((text): MailBlock => ({ kind: "p", text })),
    { kind: "button", label: "View your booking", url: f.manageUrl },
    { kind: "p", text: "The attached calendar file (cancel.ics) removes the appointment from your calendar." },
  ]);
}

function inHours(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? "tomorrow" : `in ${hours / 24} days`;
  return hours === 1 ? "in 1 hour" : `in ${hours} hours`;
}

/** `hours` is the reminder's offset: the wording ("tomorrow", "in 2 hours") follows it. */
export function bookingReminderEmail(f: BookingMailFacts & { hours: number }): RenderedEmail {
  return customerMail(
    "booking.reminder",
    `Reminder: ${f.serviceName} at ${f.businessName}, ${instantToHumanLocal(f.timezone, f.startAt)}`,
    `Your appointment is ${inHours(f.hours)}`,
    f,
    [
      { kind: "p", text: `Hi ${f.customerName}, this is a reminder of your appointment at ${f.businessName}.` },
      details(f),
      { kind: "button", label: "Move or cancel your booking", url: f.manageUrl },
      { kind: "p", text: "Can't make it? Please move or cancel the booking so someone else can have the time." },
    ],
  );
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
};

export type NoticeEvent = "created" | "rescheduled" | "cancelled";

const NOTICE = {
  created: { kind: "notice.booking_created", subject: "New booking", heading: "New booking" },
  rescheduled: { kind: "notice.booking_rescheduled", subject: "Booking moved", heading: "A booking was moved" },
  cancelled: { kind: "notice.booking_cancelled", subject: "Booking cancelled", heading: "A booking was cancelled" },
} as const;

export function bookingNoticeEmail(event: NoticeEvent, f: NoticeFacts): RenderedEmail {
  const n = NOTICE[event];
  const rows: [string, string][] = [...serviceRows(f), ["When", whenText(f.timezone, f.startAt, f.endAt)]];
  if (f.previous) {
    rows.push(["Was", `${whenText(f.timezone, f.previous.startAt, f.previous.endAt)} with ${f.previous.staffName}`]);
  }
  if (f.customer) {
    rows.push(["Customer", f.customer.name]);
    if (f.customer.email) rows.push(["E-mail", f.customer.email]);
    if (f.customer.phone) rows.push(["Phone", f.customer.phone]);
  }
  if (f.notes) rows.push(["Notes", f.notes]);
  if (f.reason) rows.push(["Reason", f.reason]);
  const who = f.customer?.name ? `${f.customer.name}, ` : "";
  const { text, html } = renderLayout({
    brand: { name: f.businessName, accent: f.accent },
    heading: n.heading,
    blocks: [{ kind: "details", rows }],
    footer: `You get this e-mail as the notification address of ${f.businessName} or as the staff member booked.`,
  });
  return { kind: n.kind, subject: `${n.subject}: ${who}${f.serviceName}, ${instantToHumanLocal(f.timezone, f.startAt)}`, text, html };
}
