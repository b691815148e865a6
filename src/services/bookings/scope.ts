import { eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { StoredRow } from "../../db/row-of";
import type { services, staffProfiles } from "../../db/schema/catalog";
import type { Actor } from "../../auth-context";
import type { Services } from "../context";
import { publicTenantSql, publicTenantWhere } from "../public-tenant";

/** What a booking use case needs of the services context (a handler passes `c.var.services`). */
export type BookingCtx = Pick<Services, "db" | "now" | "env" | "queue" | "waitUntil">;

/**
 * Who is acting on which tenant, and therefore which catalog rules apply.
 * - public: the tenant by slug; it must be active and not suspended; only online-bookable
 *   services and bookable staff; guests need allow_guest_booking.
 * - owner: the token's tenant by id, whatever its suspension state (design.md §13: the owner API
 *   keeps working); any active service and any staff member that is not deleted.
 */
export type BookingScope =
  | { kind: "public"; slug: string }
  /** `actor`: who books for the business (a member or an API key), named in the booking's history. */
  | { kind: "owner"; tenantId: string; actor?: Actor };

/** The tenant id as an SQL expression, so one batch can key every query by slug without a read first. */
export function tenantIdSql(scope: BookingScope): SQL {
  return scope.kind === "public" ? sql`(SELECT id FROM tenants WHERE ${publicTenantSql(scope.slug)})` : sql`${scope.tenantId}`;
}

const tenantWhere = (scope: BookingScope) =>
  scope.kind === "public" ? publicTenantWhere(scope.slug) : eq(schema.tenants.id, scope.tenantId);
/** The whole tenant row (create: payments, guests, e-mails). */
export function tenantQuery(db: Db, scope: BookingScope) {
  return db.select().from(schema.tenants).where(tenantWhere(scope)).limit(1);
}

// The reads below are on every public availability request and booking; they are SQL templates
// with their columns named, like the schedule statement: Drizzle's select builder spent 50-200 µs
// building each of them per request, a template about 5 µs (docs/benchmarks.md). Flags come back
// as 0/1, JSON columns as text (parseStaffIds).

/** What a slot read needs of the tenant: its zone and the public booking rules. */
export type TenantRules = { id: string; timezone: string; minNoticeMinutes: number; maxAdvanceDays: number };

/** TenantRules' columns over `tenants` (a caller may alias the table and add columns). */
export const tenantRulesColumns = sql`id, timezone, min_notice_minutes AS minNoticeMinutes, max_advance_days AS maxAdvanceDays`;

/** The scope's tenant row condition over `tenants`, bare column names. */
export const tenantWhereSql = (scope: BookingScope) =>
  scope.kind === "public" ? publicTenantSql(scope.slug) : sql`id = ${scope.tenantId}`;

/**
 * The service a booking or slot read is for, as the statements below alias it: typed from the schema
 * (src/db/row-of.ts), so a renamed or retyped column fails the typecheck. `staffIds` is JSON text of
 * the staff ids who perform it, null = everybody (parseStaffIds); design.md §26: its processing window
 * (both null = none) and the resource types it needs (JSON text).
 */
/** A service's fields that decide where its bookings fit: buffers, performers, processing window, resources needed. */
export type ServiceSlotFields =
  | "bufferBeforeMinutes"
  | "bufferAfterMinutes"
  | "staffIds"
  | "processingOffsetMinutes"
  | "processingMinutes"
  | "resourceTypes";

export type ServiceRow = Pick<
  StoredRow<typeof services>,
  "id" | "name" | "durationMinutes" | "price" | "depositPercent" | ServiceSlotFields
>;

/** The service a booking or a slot read is for: active, not deleted, and for the public online-bookable. */
const serviceWhere = (scope: BookingScope, serviceId: string | SQLWrapper, tenantId: SQL) =>
  sql`id = ${serviceId} AND tenant_id = ${tenantId} AND is_active = 1 AND deleted_at IS NULL
      ${scope.kind === "public" ? sql`AND is_online_bookable = 1` : sql``}`;

export function serviceQuery(db: Db, scope: BookingScope, serviceId: string) {
  return db.all<ServiceRow>(sql`
    SELECT id, name, duration_minutes AS durationMinutes, price, deposit_percent AS depositPercent,
           buffer_before_minutes AS bufferBeforeMinutes, buffer_after_minutes AS bufferAfterMinutes, staff_ids AS staffIds,
           processing_offset_minutes AS processingOffsetMinutes, processing_minutes AS processingMinutes, resource_types AS resourceTypes
    FROM services WHERE ${serviceWhere(scope, serviceId, tenantIdSql(scope))} LIMIT 1`);
}

/** ServiceRow's fields as a JSON object over `services` (a caller's single statement). */
const serviceJsonObject = sql`json_object('id', id, 'name', name, 'durationMinutes', duration_minutes, 'price', price,
      'depositPercent', deposit_percent, 'bufferBeforeMinutes', buffer_before_minutes,
      'bufferAfterMinutes', buffer_after_minutes, 'staffIds', staff_ids,
      'processingOffsetMinutes', processing_offset_minutes, 'processingMinutes', processing_minutes, 'resourceTypes', resource_types)`;

/** The same ServiceRow as ONE JSON cell, for a column of a caller's single statement; NULL = none. */
export function serviceJsonSql(scope: BookingScope, serviceId: string | SQLWrapper, tenantId: SQL): SQL {
  return sql`(SELECT ${serviceJsonObject} FROM services WHERE ${serviceWhere(scope, serviceId, tenantId)} LIMIT 1)`;
}

/**
 * Several services (a visit, design.md §26) as ONE JSON array cell of ServiceRow objects, each id
 * at most once, in no particular order (callers put them in the visit's order); missing ones are
 * simply absent.
 */
export function servicesJsonSql(scope: BookingScope, serviceIds: readonly string[], tenantId: SQL): SQL {
  const ids = sql.join(
    [...new Set(serviceIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(SELECT json_group_array(${serviceJsonObject}) FROM services
    WHERE id IN (${ids}) AND tenant_id = ${tenantId} AND is_active = 1 AND deleted_at IS NULL
      ${scope.kind === "public" ? sql`AND is_online_bookable = 1` : sql``})`;
}

/** A service's `staff_ids` column: the ids of who performs it, or null (everybody). */
export function parseStaffIds(json: string | null): string[] | null {
  if (json === null) return null;
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : null;
}

export type StaffRow = Pick<StoredRow<typeof staffProfiles>, "id" | "displayName">;

/** Staff who can take bookings (one when `staffId` is given). */
const staffWhere = (rules: BookingScope["kind"], tenantId: SQL, staffId?: SQL) =>
  sql`tenant_id = ${tenantId} AND deleted_at IS NULL
      ${rules === "public" ? sql`AND is_bookable = 1` : sql``} ${staffId ? sql`AND id = ${staffId}` : sql``}`;

/** Staff who can take bookings, in display order (order_index, then name, then id for stability). */
export function staffQuery(db: Db, rules: BookingScope["kind"], tenantId: SQL, staffId?: SQL) {
  return db.all<StaffRow>(sql`
    SELECT id, display_name AS displayName FROM staff_profiles WHERE ${staffWhere(rules, tenantId, staffId)}
    ORDER BY order_index, display_name, id`);
}

/** The same StaffRows, in the same order, as ONE JSON array cell for a caller's single statement. */
export function staffJsonSql(rules: BookingScope["kind"], tenantId: SQL, staffId?: SQL): SQL {
  return sql`(SELECT json_group_array(json_object('id', id, 'displayName', display_name) ORDER BY order_index, display_name, id)
    FROM staff_profiles WHERE ${staffWhere(rules, tenantId, staffId)})`;
}
