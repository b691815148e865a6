import { sql } from "drizzle-orm";
import { DEFAULT_LOCALE, isLocale } from "../../shared/i18n/locales";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import type { StoredRow } from "../../db/row-of";
import type { tenants } from "../../db/schema";
import type { LocalDate } from "../../domain/time";
import { ApiError } from "../../errors";
import type { CheckoutTenant } from "../payments/checkout";
import { publicTenantSql } from "../public-tenant";
import { identityRecordSql, phoneTail, recordSince } from "../reliability/record";
import type { ReliabilityPolicy } from "../../shared/reliability";
import { decodeSchedule, type ScheduleRow, scheduleBounds, scheduleColumnsOf } from "../schedule-data";
import { type BookingScope, type ServiceRow, type StaffRow, serviceJsonSql, staffJsonSql } from "./scope";

/**
 * What a create reads before it decides (issue #42): the business, the service, the staff member,
 * that staff member's schedule rows for the date (and the resources the service needs, design.md
 * §26) and the caller's customer account, as ONE
 * statement answering one row (the service and staff member as JSON cells, the schedule as
 * availability reads it: ../schedule-data.ts). Each statement of a batch costs its encoding, its
 * run and its decoding, and the whole tenant row was 52 cells; the statement is prepared once per
 * isolate (src/db/prepared.ts): rendering these reads through Drizzle cost up to 0.8 ms a create.
 */

/**
 * The business as a create uses it: rules, e-mail facts, payments (flags as 0/1), typed from the
 * schema (issue #34 item 5). `countryCode` (design.md §27): the region phone numbers typed without +
 * are read in; `botProtection` (§31): public creates carry a Turnstile token; `reliabilityPolicy`
 * (§28): JSON text, null = off; `locale` (§30): a booking's language when neither the body nor the
 * page names one.
 */
export type TenantCells = Pick<
  StoredRow<typeof tenants>,
  | "id"
  | "slug"
  | "businessName"
  | "templateAccent"
  | "addressLine1"
  | "city"
  | "country"
  | "countryCode"
  | "timezone"
  | "currency"
  | "allowGuestBooking"
  | "botProtection"
  | "minNoticeMinutes"
  | "maxAdvanceDays"
  | "requirePayment"
  | "stripeAccountId"
  | "stripeChargesEnabled"
  | "noShowFeePercent"
  | "lateCancelFeePercent"
  | "cancellationHours"
  | "reliabilityPolicy"
  | "locale"
>;

/** TenantCells over `tenants t`, for a create's one read (a visit's too: src/services/visits/create.ts). */
export const tenantCellsSql = sql`t.id, t.slug, t.business_name AS businessName, t.template_accent AS templateAccent,
  t.address_line1 AS addressLine1, t.city, t.country, t.country_code AS countryCode, t.timezone, t.currency,
  t.allow_guest_booking AS allowGuestBooking, t.bot_protection AS botProtection,
  t.min_notice_minutes AS minNoticeMinutes, t.max_advance_days AS maxAdvanceDays, t.require_payment AS requirePayment,
  t.stripe_account_id AS stripeAccountId, t.stripe_charges_enabled AS stripeChargesEnabled,
  t.no_show_fee_percent AS noShowFeePercent, t.late_cancel_fee_percent AS lateCancelFeePercent,
  t.cancellation_hours AS cancellationHours, t.reliability_policy AS reliabilityPolicy, t.locale`;

type ReadRow = TenantCells &
  ScheduleRow & { service: string | null; staff: string | null; accountId: string | null; reliability: string | null };

export type CreateTenant = CheckoutTenant &
  Omit<TenantCells, "allowGuestBooking" | "botProtection" | "requirePayment" | "stripeChargesEnabled" | "reliabilityPolicy"> & {
    allowGuestBooking: boolean;
    botProtection: boolean;
    reliabilityPolicy: ReliabilityPolicy | null;
  };

type Values = {
  /** The public scope's slug, or the owner scope's tenant id. */
  tenant: string;
  serviceId: string;
  staffId: string;
  accountId: string | null;
  /** design.md §28 (public scope): the customer's e-mail, the last digits of the typed phone, 12 months back. */
  email: string;
  phoneTail: string;
  since: number;
} & { [K in keyof ReturnType<typeof scheduleBounds>]: unknown } & { weekday: number };

function readStatement(kind: BookingScope["kind"]) {
  return prepared<Values>((p) => {
    const scope: BookingScope = kind === "public" ? { kind, slug: "" } : { kind, tenantId: "" };
    const tenantId = sql`t.id`;
    const staffId = sql`${p.staffId}`;
    // (p is a proxy of placeholders: named one by one, never spread.)
    const schedule = scheduleColumnsOf(
      // design.md §26: the resources of the types the service needs, read with the schedule.
      { tenantId, staffId, resourceTypes: sql`(SELECT resource_types FROM services WHERE id = ${p.serviceId} AND tenant_id = t.id)` },
      { lo: p.lo, hi: p.hi, busyFrom: p.busyFrom, busyTo: p.busyTo, fromKey: p.fromKey, toKey: p.toKey, weekdays: [p.weekday] },
    );
    return sql`
      SELECT ${tenantCellsSql},
             ${serviceJsonSql(scope, p.serviceId, tenantId)} AS service,
             ${staffJsonSql(kind, tenantId, staffId)} AS staff,
             -- A token outlives a deleted account: such a caller is a guest.
             (SELECT id FROM customer_accounts WHERE id = ${p.accountId}) AS accountId,
             ${
               kind === "public"
                 ? identityRecordSql({
                     tenantId,
                     policy: sql`t.reliability_policy`,
                     email: sql`${p.email}`,
                     accountId: sql`${p.accountId}`,
                     tail: sql`${p.phoneTail}`,
                     since: sql`${p.since}`,
                   })
                 : sql`NULL`
             } AS reliability,
             ${schedule}
      FROM tenants t WHERE ${kind === "public" ? publicTenantSql(p.tenant) : sql`t.id = ${p.tenant}`} LIMIT 1`;
  });
}

const statements = { public: readStatement("public"), owner: readStatement("owner") };

/** The read for the batch of the create's first round trip; `decode` checks what it found (404s). */
export function createRead(
  db: Db,
  scope: BookingScope,
  input: {
    serviceId: string;
    staffProfileId: string;
    date: LocalDate;
    accountId: string | null;
    /** The customer's e-mail (lower-cased) and typed phone, to recognise them (design.md §28). */
    email: string;
    phone: string | undefined;
    nowMs: number;
  },
) {
  const bounds = scheduleBounds(input.date, input.date);
  const statement = statements[scope.kind].all<ReadRow>(db, {
    tenant: scope.kind === "public" ? scope.slug : scope.tenantId,
    serviceId: input.serviceId,
    staffId: input.staffProfileId,
    accountId: input.accountId ?? "",
    email: input.email,
    phoneTail: phoneTail(input.phone),
    since: recordSince(input.nowMs),
    ...bounds,
    weekday: (bounds.weekdays ?? [])[0],
  });
  return { statement, decode: (rows: ReadRow[]) => decodeRead(rows[0], input.date) };
}

function decodeRead(row: ReadRow | undefined, date: LocalDate) {
  if (!row) throw ApiError.notFound("Business");
  if (row.service === null) throw ApiError.notFound("Service");
  const [staff] = JSON.parse(row.staff ?? "[]") as StaffRow[];
  if (!staff) throw ApiError.notFound("Staff member");
  const tenant = decodeTenant(row);
  return {
    tenant,
    service: JSON.parse(row.service) as ServiceRow,
    staff,
    accountId: row.accountId,
    reliability: row.reliability,
    rows: decodeSchedule(row, date),
  };
}

/** The tenant's cells of a create's read (flags 0/1) as the create uses them. */
export function decodeTenant(row: TenantCells): CreateTenant {
  return {
    id: row.id,
    slug: row.slug,
    businessName: row.businessName,
    templateAccent: row.templateAccent,
    addressLine1: row.addressLine1,
    city: row.city,
    country: row.country,
    countryCode: row.countryCode,
    timezone: row.timezone,
    currency: row.currency,
    allowGuestBooking: row.allowGuestBooking === 1,
    botProtection: row.botProtection === 1,
    minNoticeMinutes: row.minNoticeMinutes,
    maxAdvanceDays: row.maxAdvanceDays,
    requirePayment: row.requirePayment === 1,
    stripeAccountId: row.stripeAccountId,
    stripeChargesEnabled: row.stripeChargesEnabled === 1,
    noShowFeePercent: row.noShowFeePercent,
    lateCancelFeePercent: row.lateCancelFeePercent,
    cancellationHours: row.cancellationHours,
    reliabilityPolicy: row.reliabilityPolicy ? (JSON.parse(row.reliabilityPolicy) as ReliabilityPolicy) : null,
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
  };
}
