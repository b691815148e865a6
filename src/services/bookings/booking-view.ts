import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import type { Aliased, LeftJoined } from "../../db/row-of";
import type { bookings, customers, services, staffProfiles, tenants } from "../../db/schema";
import { normalizeConfirmationCode } from "../../domain/confirmation-code";
import type { BookingSource, BookingStatus } from "../../shared/booking-values";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales";
import type { LookupVisit } from "./lookup-visit";
import type { BookingRef } from "./ref";

/** Everything the public and owner APIs show about a booking, times as UTC epoch ms. */
export type BookingView = {
  id: string;
  tenantId: string;
  serviceId: string;
  staffId: string;
  customerId: string | null;
  customerAccountId: string | null;
  startAt: number;
  endAt: number;
  status: BookingStatus;
  confirmationCode: string;
  source: BookingSource;
  totalAmount: number;
  currency: string;
  notes: string;
  /** iCalendar SEQUENCE of the booking's invitations (design.md §17). */
  sequence: number;
  /** design.md §26: the visit this booking is an item of (its code is the visit's), null = a single booking. */
  visitId: string | null;
  /** design.md §26: the processing window stored on the booking (0 = none). */
  processingOffsetMinutes: number;
  processingMinutes: number;
  /** design.md §26: the resources the booking holds. */
  resourceIds: string[];
  cancelReason: string | null;
  cancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
  tenant: {
    slug: string;
    businessName: string;
    timezone: string;
    isActive: boolean;
    isSuspended: boolean;
    /** For the e-mails about the booking: the business's colour and address. */
    templateAccent: string;
    addressLine1: string;
    city: string;
    country: string;
  };
  serviceName: string;
  /** The service's current duration (the booking's own length is endAt - startAt). */
  serviceDurationMinutes: number;
  staffName: string;
  customer: { firstName: string; lastName: string; email: string; phone: string } | null;
  /** design.md §26: the visit's items, where a use case read them (a move's answer). */
  visit?: LookupVisit;
  /** design.md §27: the customer agreed to texts about this booking; the number (E.164) they go to. */
  smsOptIn: boolean;
  smsPhone: string | null;
  /** design.md §30: the language of the booking's messages to the customer (the business's when not stored). */
  locale: Locale;
  /** design.md §30: the business's language, for its notices. */
  businessLocale: Locale;
};

/** The code a customer knows a booking by: its visit's (design.md §26: one code per visit), else its own. `b`: the bookings alias. */
export const visitCodeSql = (b: SQL) =>
  sql`COALESCE((SELECT v.confirmation_code FROM visits v WHERE v.id = ${b}.visit_id), ${b}.confirmation_code)`;

/** The resources a booking (its id column) holds, by id, as a mapped JSON array (design.md §26). */
export const resourceIdsOf = (bookingId: SQL | AnyColumn) =>
  sql<string>`(SELECT json_group_array(resource_id) FROM (SELECT resource_id FROM booking_resources WHERE booking_id = ${bookingId} ORDER BY resource_id))`.mapWith(
    (v: string) => JSON.parse(v) as string[],
  );

/**
 * The view's columns, flat, as viewSql names them: each typed from the schema column it reads
 * (src/db/row-of.ts), so a renamed or retyped column fails the typecheck. Flags 0/1; the customer's
 * columns NULL without a record.
 */
type ViewRow = Aliased<
  typeof bookings,
  {
    id: "id";
    tenantId: "tenant_id";
    serviceId: "service_id";
    staffId: "staff_id";
    customerId: "customer_id";
    customerAccountId: "customer_account_id";
    startAt: "start_at";
    endAt: "end_at";
    status: "status";
    confirmationCode: "confirmation_code";
    source: "source";
    totalAmount: "total_amount";
    currency: "currency";
    notes: "notes";
    sequence: "sequence";
    visitId: "visit_id";
    processingOffsetMinutes: "processing_offset_minutes";
    processingMinutes: "processing_minutes";
    cancelReason: "cancel_reason";
    cancelledAt: "cancelled_at";
    createdAt: "created_at";
    updatedAt: "updated_at";
    smsOptIn: "sms_opt_in";
    smsPhone: "sms_phone";
    locale: "locale";
  }
> &
  Aliased<
    typeof tenants,
    {
      slug: "slug";
      businessName: "business_name";
      timezone: "timezone";
      isActive: "is_active";
      isSuspended: "is_suspended";
      templateAccent: "template_accent";
      addressLine1: "address_line1";
      city: "city";
      country: "country";
      businessLocale: "locale";
    }
  > &
  Aliased<typeof services, { serviceName: "name"; serviceDurationMinutes: "duration_minutes" }> &
  Aliased<typeof staffProfiles, { staffName: "display_name" }> &
  LeftJoined<
    Aliased<typeof customers, { customerRecord: "id"; firstName: "first_name"; lastName: "last_name"; email: "email"; phone: "phone" }>
  > & {
    /** JSON array text (resourceIdsOf). */
    resourceIds: string;
  };

function toView(r: ViewRow): BookingView {
  return {
    id: r.id,
    tenantId: r.tenantId,
    serviceId: r.serviceId,
    staffId: r.staffId,
    customerId: r.customerId,
    customerAccountId: r.customerAccountId,
    startAt: r.startAt,
    endAt: r.endAt,
    status: r.status,
    confirmationCode: r.confirmationCode,
    source: r.source,
    totalAmount: r.totalAmount,
    currency: r.currency,
    notes: r.notes,
    sequence: r.sequence,
    visitId: r.visitId,
    processingOffsetMinutes: r.processingOffsetMinutes,
    processingMinutes: r.processingMinutes,
    resourceIds: JSON.parse(r.resourceIds) as string[],
    cancelReason: r.cancelReason,
    cancelledAt: r.cancelledAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    tenant: {
      slug: r.slug,
      businessName: r.businessName,
      timezone: r.timezone,
      isActive: r.isActive === 1,
      isSuspended: r.isSuspended === 1,
      templateAccent: r.templateAccent,
      addressLine1: r.addressLine1,
      city: r.city,
      country: r.country,
    },
    serviceName: r.serviceName,
    serviceDurationMinutes: r.serviceDurationMinutes,
    staffName: r.staffName,
    customer:
      r.customerRecord === null
        ? null
        : { firstName: r.firstName ?? "", lastName: r.lastName ?? "", email: r.email ?? "", phone: r.phone ?? "" },
    smsOptIn: r.smsOptIn === 1,
    smsPhone: r.smsPhone,
    ...viewLocales(r.locale, r.businessLocale),
  };
}

/** A stored locale this release no longer knows (or none) falls back to the business's, then English. */
function viewLocales(booking: string | null, business: string): { locale: Locale; businessLocale: Locale } {
  const businessLocale = isLocale(business) ? business : DEFAULT_LOCALE;
  return { locale: isLocale(booking) ? booking : businessLocale, businessLocale };
}

const viewSql = (where: SQL) => sql`
  SELECT b.id, b.tenant_id AS tenantId, b.service_id AS serviceId, b.staff_id AS staffId, b.customer_id AS customerId,
         b.customer_account_id AS customerAccountId, b.start_at AS startAt, b.end_at AS endAt, b.status,
         ${visitCodeSql(sql`b`)} AS confirmationCode, b.source, b.total_amount AS totalAmount, b.currency, b.notes, b.sequence,
         b.visit_id AS visitId, b.processing_offset_minutes AS processingOffsetMinutes, b.processing_minutes AS processingMinutes,
         ${resourceIdsOf(sql`b.id`)} AS resourceIds,
         b.cancel_reason AS cancelReason, b.cancelled_at AS cancelledAt, b.created_at AS createdAt, b.updated_at AS updatedAt,
         t.slug, t.business_name AS businessName, t.timezone, t.is_active AS isActive, t.is_suspended AS isSuspended,
         t.template_accent AS templateAccent, t.address_line1 AS addressLine1, t.city, t.country,
         s.name AS serviceName, s.duration_minutes AS serviceDurationMinutes, p.display_name AS staffName,
         c.id AS customerRecord, c.first_name AS firstName, c.last_name AS lastName, c.email, c.phone,
         b.sms_opt_in AS smsOptIn, b.sms_phone AS smsPhone, b.locale, t.locale AS businessLocale
  FROM bookings b
  JOIN tenants t ON t.id = b.tenant_id
  JOIN services s ON s.id = b.service_id
  JOIN staff_profiles p ON p.id = b.staff_id
  LEFT JOIN customers c ON c.id = b.customer_id
  WHERE ${where} LIMIT 1`;

// Prepared once per isolate (src/db/prepared.ts): a cancel, a move and a status change each read
// this view twice (before and after), and Drizzle's select builder spent 0.2-0.3 ms a time on it
// (issue #42, docs/benchmarks.md).
const viewByCode = prepared<{ code: string }>((p) => viewSql(sql`b.confirmation_code = ${p.code}`));
const viewById = prepared<{ id: string; tenantId: string }>((p) => viewSql(sql`b.id = ${p.id} AND b.tenant_id = ${p.tenantId}`));

/**
 * One query: the booking with its tenant, service, staff and customer. An item of a visit shows
 * the visit's confirmation code (design.md §26: one code per visit).
 */
export function bookingViewQuery(db: Db, ref: BookingRef) {
  return ref.kind === "public"
    ? viewByCode.all(db, { code: normalizeConfirmationCode(ref.code) }, toView)
    : viewById.all(db, { id: ref.bookingId, tenantId: ref.tenantId }, toView);
}

const stateById = prepared<{ id: string }>(
  (p) => sql`SELECT b.status, t.is_active AS isActive, t.is_suspended AS isSuspended
    FROM bookings b JOIN tenants t ON t.id = b.tenant_id WHERE b.id = ${p.id}`,
);

/** A booking's status and its business's state after a change, for the change's own batch (no view to decode again). */
export type BookingState = { status: BookingStatus; isActive: boolean; isSuspended: boolean };

type StateRow = Aliased<typeof bookings, { status: "status" }> &
  Aliased<typeof tenants, { isActive: "is_active"; isSuspended: "is_suspended" }>;

export function bookingStateQuery(db: Db, bookingId: string) {
  return stateById.all(db, { id: bookingId }, (r: StateRow) => ({
    status: r.status,
    isActive: r.isActive === 1,
    isSuspended: r.isSuspended === 1,
  }));
}
