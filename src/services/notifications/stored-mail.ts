import { z } from "zod";
import { SUPPORTED_LOCALES } from "../../shared/i18n/locales";
import { renderAccountMail } from "../email/account-mail";
import { bookingNoticeEmail, type NoticeEvent, type NoticeFacts } from "../email/booking-templates";
import { type DeferredEmail, deferredEmail, type StoredEmail, StoredEmailError, type StoredRenderer } from "../email/stored";
import type { RenderedEmail } from "../email/templates";
import { type BookingEvent, type CustomerMailFacts, customerEmail, type MailSettings } from "./booking-render";

/**
 * The booking e-mails the outbox renders when it sends them (issue #42, src/services/email/stored.ts):
 * the customer's confirmation, move and cancellation (with the `.ics`) and the notices to the
 * business and the staff. The request stores each one's facts, picked field by field so nothing
 * else of the booking lands in the row; the e-mail kind renders them with the same template
 * functions the request used to call, so the e-mail is the same.
 *
 * Version 1 of the facts is below. Version 2 (design.md §26, issue #37) is version 1 plus a
 * visit's `items` (and, for the customer's e-mail, `calendarId`: the visit's calendar event): it
 * is written only for a visit, so a single booking's e-mails stay version 1, and a release that
 * does not know visits fails a visit's row with the reason instead of sending it without its
 * items. Both versions render here.
 */

const CUSTOMER_TEMPLATE = { created: "booking.confirmed", rescheduled: "booking.rescheduled", cancelled: "booking.cancelled" } as const;
const NOTICE_TEMPLATE = {
  created: "notice.booking_created",
  rescheduled: "notice.booking_rescheduled",
  cancelled: "notice.booking_cancelled",
} as const;

/** The customer's e-mail: what it says, and the instant of the change (the `.ics` DTSTAMP). */
export type CustomerFactsV1 = CustomerMailFacts & { stamp: number };

const when = { startAt: z.number(), endAt: z.number() };

const customerShapeV1 = {
  bookingId: z.string(),
  slug: z.string(),
  businessName: z.string(),
  accent: z.string(),
  location: z.string(),
  timezone: z.string(),
  serviceName: z.string(),
  staffName: z.string(),
  confirmationCode: z.string(),
  ...when,
  sequence: z.number(),
  customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  previous: z.object(when).optional(),
  reason: z.string().nullable().optional(),
  paymentLines: z.array(z.string()).optional(),
  stamp: z.number(),
  // design.md §30: the booking's language; rows written before it render in English.
  locale: z.enum(SUPPORTED_LOCALES).optional(),
};

const noticeShapeV1 = {
  businessName: z.string(),
  accent: z.string(),
  serviceName: z.string(),
  staffName: z.string(),
  ...when,
  timezone: z.string(),
  // design.md §31: no confirmation code in a notice; a v1 row that still has one renders without it.
  location: z.string().optional(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  notes: z.string(),
  previous: z.object({ ...when, staffName: z.string() }).optional(),
  reason: z.string().nullable().optional(),
  // design.md §30: the recipients' language; rows written before it render in English.
  locale: z.enum(SUPPORTED_LOCALES).optional(),
};

/** Version 2: a visit's items (design.md §26). */
const items = z.array(z.object({ serviceName: z.string(), staffName: z.string(), ...when })).min(1);

const FACTS: Record<number, { customer: z.ZodType<CustomerFactsV1>; notice: z.ZodType<NoticeFacts> }> = {
  1: { customer: z.object(customerShapeV1), notice: z.object(noticeShapeV1) },
  2: {
    customer: z.object({ ...customerShapeV1, items, calendarId: z.string() }),
    notice: z.object({ ...noticeShapeV1, items }),
  },
};

/** The version a booking e-mail's facts are written in: 2 for a visit's (they carry items), else 1. */
const versionOf = (facts: { items?: unknown[] }) => (facts.items?.length ? 2 : 1);

/** The customer's e-mail about `event`, as facts: only what the template shows (no tenant, staff or customer ids, phone, notes). */
export function customerMail(event: BookingEvent, f: CustomerMailFacts, now: Date): DeferredEmail {
  const facts: CustomerFactsV1 = {
    bookingId: f.bookingId,
    slug: f.slug,
    businessName: f.businessName,
    accent: f.accent,
    location: f.location,
    timezone: f.timezone,
    serviceName: f.serviceName,
    staffName: f.staffName,
    confirmationCode: f.confirmationCode,
    startAt: f.startAt,
    endAt: f.endAt,
    sequence: f.sequence,
    customer: f.customer && { firstName: f.customer.firstName, lastName: f.customer.lastName, email: f.customer.email },
    stamp: now.getTime(),
    ...(f.locale ? { locale: f.locale } : {}),
  };
  if (f.items?.length) {
    facts.items = f.items.map((i) => ({ serviceName: i.serviceName, staffName: i.staffName, startAt: i.startAt, endAt: i.endAt }));
    facts.calendarId = f.calendarId ?? f.bookingId;
  }
  if (event === "rescheduled" && f.previous) facts.previous = { startAt: f.previous.startAt, endAt: f.previous.endAt };
  if (event === "cancelled") {
    facts.reason = f.reason ?? null;
    if (f.paymentLines?.length) facts.paymentLines = f.paymentLines;
  }
  return deferredEmail(CUSTOMER_TEMPLATE[event], facts, { v: versionOf(facts) });
}

/** The notice about `event` to the business and the staff, as facts (the template's own input). */
export function noticeMail(event: NoticeEvent, facts: NoticeFacts): DeferredEmail {
  return deferredEmail(NOTICE_TEMPLATE[event], facts, { v: versionOf(facts) });
}

const eventOf = <E extends string>(templates: Record<E, string>, template: string) =>
  (Object.keys(templates) as E[]).find((event) => templates[event] === template);

function factsOf<T>(schema: z.ZodType<T>, stored: StoredEmail): T {
  const parsed = schema.safeParse(stored.facts);
  if (!parsed.success) throw new StoredEmailError(`stored facts of ${stored.template} v${stored.v} do not match the template`);
  return parsed.data;
}

/** The renderer of every stored booking e-mail, for the e-mail kind (src/services/outbox/kinds.ts). */
export function storedMailRenderer(settings: MailSettings): StoredRenderer {
  return (stored): RenderedEmail => {
    const schemas = FACTS[stored.v];
    if (!schemas) throw new StoredEmailError(`stored e-mail version ${stored.v} of ${stored.template} is unknown to this release`);
    const customer = eventOf(CUSTOMER_TEMPLATE, stored.template);
    if (customer) {
      const f = factsOf(schemas.customer, stored);
      return customerEmail(customer, f, settings, new Date(f.stamp));
    }
    const notice = eventOf(NOTICE_TEMPLATE, stored.template);
    if (notice) return bookingNoticeEmail(notice, factsOf(schemas.notice, stored));
    const account = renderAccountMail(stored);
    if (account) return account;
    throw new StoredEmailError(`unknown stored e-mail template ${stored.template}`);
  };
}
