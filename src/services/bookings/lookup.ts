import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales";
import { schema, type Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import type { Aliased, StoredRow } from "../../db/row-of";
import type { BookingSource, BookingStatus } from "../../shared/booking-values";
import { isConfirmationCode, normalizeConfirmationCode } from "../../domain/confirmation-code";
import { ApiError } from "../../errors";
import type { Actor } from "../../auth-context";
import type { BookingCtx } from "./scope";

/**
 * Which booking, and under which rules:
 * - public: by confirmation code (case-insensitive; anyone holding the code);
 * - owner: by id inside the token's tenant (another tenant's id is simply not found).
 */
export type BookingRef =
  | { kind: "public"; code: string }
  /** `actor`: who acts for the business (a member or an API key), named in the booking's history. */
  | { kind: "owner"; tenantId: string; bookingId: string; actor?: Actor };

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

/** The ref's condition on `bookings`, as a Drizzle condition (top-level queries). */
export function refWhere(ref: BookingRef): SQL {
  const b = schema.bookings;
  return ref.kind === "public"
    ? eq(b.confirmationCode, normalizeConfirmationCode(ref.code))
    : and(eq(b.id, ref.bookingId), eq(b.tenantId, ref.tenantId))!;
}

/** The ref's condition with bare column names, for subqueries `FROM bookings WHERE ...`. */
export function refSql(ref: BookingRef): SQL {
  return ref.kind === "public"
    ? sql`confirmation_code = ${normalizeConfirmationCode(ref.code)}`
    : sql`id = ${ref.bookingId} AND tenant_id = ${ref.tenantId}`;
}

/**
 * The booking a visit's money and reminders hang on (design.md §26): its first item; for a single
 * booking the booking itself. By the ref's condition, for a batch's subquery.
 */
export function anchorIdSql(ref: BookingRef): SQL {
  return sql`(SELECT COALESCE((SELECT a.id FROM bookings a WHERE a.visit_id = r.visit_id ORDER BY a.start_at, a.id LIMIT 1), r.id)
    FROM bookings r WHERE ${refSql(ref)})`;
}

/** A public ref that cannot name any booking (wrong shape) is answered without a database trip. */
export function refCanExist(ref: BookingRef): boolean {
  return ref.kind === "owner" || isConfirmationCode(normalizeConfirmationCode(ref.code));
}

/** The code a customer knows a booking by: its visit's (design.md §26: one code per visit), else its own. `b`: the bookings alias. */
export const visitCodeSql = (b: SQL) =>
  sql`COALESCE((SELECT v.confirmation_code FROM visits v WHERE v.id = ${b}.visit_id), ${b}.confirmation_code)`;

/** The resources a booking (its id column) holds, by id, as a mapped JSON array (design.md §26). */
export const resourceIdsOf = (bookingId: SQL | AnyColumn) =>
  sql<string>`(SELECT json_group_array(resource_id) FROM (SELECT resource_id FROM booking_resources WHERE booking_id = ${bookingId} ORDER BY resource_id))`.mapWith(
    (v: string) => JSON.parse(v) as string[],
  );

/**
 * The view's columns, flat, typed from the schema (issue #34 item 5: a renamed column or a changed
 * type fails the typecheck): flags 0/1, the customer's columns NULL without a record.
 */
type ViewRow = Pick<
  StoredRow<typeof schema.bookings>,
  | "id"
  | "tenantId"
  | "serviceId"
  | "staffId"
  | "customerId"
  | "customerAccountId"
  | "startAt"
  | "endAt"
  | "status"
  | "confirmationCode"
  | "source"
  | "totalAmount"
  | "currency"
  | "notes"
  | "sequence"
  | "visitId"
  | "processingOffsetMinutes"
  | "processingMinutes"
  | "cancelReason"
  | "cancelledAt"
  | "createdAt"
  | "updatedAt"
  | "smsOptIn"
  | "smsPhone"
  | "locale"
> &
  Pick<
    StoredRow<typeof schema.tenants>,
    "slug" | "businessName" | "timezone" | "isActive" | "isSuspended" | "templateAccent" | "addressLine1" | "city" | "country"
  > &
  Aliased<typeof schema.tenants, { businessLocale: "locale" }> &
  Aliased<typeof schema.services, { serviceName: "name"; serviceDurationMinutes: "duration_minutes" }> &
  Aliased<typeof schema.staffProfiles, { staffName: "display_name" }> &
  OrNull<
    Aliased<
      typeof schema.customers,
      { customerRecord: "id"; firstName: "first_name"; lastName: "last_name"; email: "email"; phone: "phone" }
    >
  > & {
    /** JSON array text (resourceIdsOf). */
    resourceIds: string;
  };

/** Columns of a LEFT JOIN's table: NULL when it matched no row. */
type OrNull<T> = { [K in keyof T]: T[K] | null };

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

type StateRow = Pick<StoredRow<typeof schema.bookings>, "status"> & Pick<StoredRow<typeof schema.tenants>, "isActive" | "isSuspended">;

export function bookingStateQuery(db: Db, bookingId: string) {
  return stateById.all(db, { id: bookingId }, (r: StateRow) => ({
    status: r.status,
    isActive: r.isActive === 1,
    isSuspended: r.isSuspended === 1,
  }));
}

/** One service of a visit as the lookup lists it (design.md §26). */
export type LookupItem = {
  id: string;
  serviceId: string;
  serviceName: string;
  staffId: string;
  staffName: string;
  startAt: number;
  endAt: number;
};

/** A visit's id and items, in order (absent for a single booking). */
export type LookupVisit = { id: string; items: LookupItem[] };

/** What the public lookup shows (interface.md + design.md §5); a full BookingView is one too. */
export type LookupView = Pick<
  BookingView,
  "id" | "tenantId" | "startAt" | "endAt" | "status" | "confirmationCode" | "notes" | "serviceName" | "staffName"
> & { tenant: Pick<BookingView["tenant"], "slug" | "businessName" | "timezone">; visit?: LookupVisit };

/**
 * A visit's items as ONE JSON cell over the booking `b` (design.md §26), NULL for a single booking
 * (the subquery is not run then): [[id, serviceId, serviceName, staffId, staffName, startAt, endAt], ...].
 */
export const visitItemsJsonSql = sql`CASE WHEN b.visit_id IS NULL THEN NULL ELSE (
    SELECT json_group_array(json_array(i.id, i.service_id, si.name, i.staff_id, pi.display_name, i.start_at, i.end_at) ORDER BY i.start_at, i.id)
    FROM bookings i JOIN services si ON si.id = i.service_id JOIN staff_profiles pi ON pi.id = i.staff_id
    WHERE i.visit_id = b.visit_id) END`;

/** The JSON cell of visitItemsJsonSql as the visit (null/undefined for a single booking). */
export function parseLookupVisit(visitId: string | null, json: string | null): LookupVisit | undefined {
  if (!visitId || !json) return undefined;
  const rows = JSON.parse(json) as [string, string, string, string, string, number, number][];
  return {
    id: visitId,
    items: rows.map(([id, serviceId, serviceName, staffId, staffName, startAt, endAt]) => ({
      id,
      serviceId,
      serviceName,
      staffId,
      staffName,
      startAt: Number(startAt),
      endAt: Number(endAt),
    })),
  };
}

export type LookupRow = Omit<LookupView, "tenant"> & { slug: string; businessName: string; timezone: string };

/**
 * The lookup's columns and joins as SQL fragments, for ONE statement that may add columns of its
 * own (the public lookup adds the payment summary's: design.md §21). An SQL template, not Drizzle's
 * select builder: every selected column is built, sent, decoded and mapped per request, and the
 * builder spent 0.1-0.2 ms on a join like this one (docs/benchmarks.md). Rows go through lookupView.
 */
export const lookupColumns = sql`b.id, b.tenant_id AS tenantId, b.start_at AS startAt, b.end_at AS endAt, b.status,
  b.confirmation_code AS confirmationCode, b.notes, t.slug, t.business_name AS businessName, t.timezone,
  s.name AS serviceName, p.display_name AS staffName`;

/** `FROM` the ref's booking (alias b) with its tenant (t), service (s) and staff member (p). */
export const lookupFrom = (ref: BookingRef) => sql`(SELECT * FROM bookings WHERE ${refSql(ref)}) b
  JOIN tenants t ON t.id = b.tenant_id
  JOIN services s ON s.id = b.service_id
  JOIN staff_profiles p ON p.id = b.staff_id`;

export function lookupView({ slug, businessName, timezone, ...booking }: LookupRow): LookupView {
  return { ...booking, tenant: { slug, businessName, timezone } };
}

/**
 * The booking or 404 not_found. One round trip. Works whatever the tenant's state: customers of a
 * suspended business can still read (and cancel) what they booked.
 */
export async function lookupBooking(ctx: Pick<BookingCtx, "db">, ref: BookingRef): Promise<BookingView> {
  if (!refCanExist(ref)) throw ApiError.notFound("Booking");
  const [row] = await bookingViewQuery(ctx.db, ref);
  if (!row) throw ApiError.notFound("Booking");
  return row;
}
