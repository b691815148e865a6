import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { Env } from "../../config";
import { publicTenantWhere } from "../public-tenant";

/** What a booking use case needs from the request, without depending on Hono. */
export type BookingCtx = {
  db: Db;
  /** The request clock (c.var.now). */
  now: Date;
  env: Env;
  /** Work after the response (queue hand-off): c.executionCtx.waitUntil. */
  waitUntil: (p: Promise<unknown>) => void;
};

/**
 * Who is acting on which tenant, and therefore which catalog rules apply.
 * - public: the tenant by slug; it must be active and not suspended; only online-bookable
 *   services and bookable staff; guests need allow_guest_booking.
 * - owner: the token's tenant by id, whatever its suspension state (design.md §13: the owner API
 *   keeps working); any active service and any staff member that is not deleted.
 */
export type BookingScope = { kind: "public"; slug: string } | { kind: "owner"; tenantId: string };

/** The tenant id as an SQL expression, so one batch can key every query by slug without a read first. */
export function tenantIdSql(scope: BookingScope): SQL {
  return scope.kind === "public"
    ? sql`(SELECT id FROM tenants WHERE slug = ${scope.slug} AND is_active = 1 AND is_suspended = 0)`
    : sql`${scope.tenantId}`;
}

const tenantWhere = (scope: BookingScope) =>
  scope.kind === "public" ? publicTenantWhere(scope.slug) : eq(schema.tenants.id, scope.tenantId);

/** The whole tenant row (create: payments, guests, e-mails). */
export function tenantQuery(db: Db, scope: BookingScope) {
  return db.select().from(schema.tenants).where(tenantWhere(scope)).limit(1);
}

/**
 * What a slot read needs of the tenant: its zone and the public booking rules. Reads select only
 * what they use: every column is built, sent, decoded and mapped per request (docs/benchmarks.md).
 */
export function tenantRulesQuery(db: Db, scope: BookingScope) {
  const t = schema.tenants;
  return db
    .select({ id: t.id, timezone: t.timezone, minNoticeMinutes: t.minNoticeMinutes, maxAdvanceDays: t.maxAdvanceDays })
    .from(t)
    .where(tenantWhere(scope))
    .limit(1);
}

/** The tenant's id only: the business must be visible, nothing of its row is used. */
export function tenantIdQuery(db: Db, scope: BookingScope) {
  return db.select({ id: schema.tenants.id }).from(schema.tenants).where(tenantWhere(scope)).limit(1);
}

export function serviceQuery(db: Db, scope: BookingScope, serviceId: string) {
  const s = schema.services;
  return db
    .select({
      id: s.id,
      name: s.name,
      durationMinutes: s.durationMinutes,
      price: s.price,
      depositPercent: s.depositPercent,
      bufferBeforeMinutes: s.bufferBeforeMinutes,
      bufferAfterMinutes: s.bufferAfterMinutes,
      staffIds: s.staffIds,
    })
    .from(s)
    .where(
      and(
        eq(s.id, serviceId),
        eq(s.tenantId, tenantIdSql(scope)),
        eq(s.isActive, true),
        isNull(s.deletedAt),
        scope.kind === "public" ? eq(s.isOnlineBookable, true) : undefined,
      ),
    )
    .limit(1);
}

/** Staff who can take bookings, in display order (order_index, then name, then id for stability). */
export function staffQuery(db: Db, rules: BookingScope["kind"], tenantId: SQL, staffId?: SQL) {
  const p = schema.staffProfiles;
  return db
    .select({ id: p.id, displayName: p.displayName })
    .from(p)
    .where(
      and(
        eq(p.tenantId, tenantId),
        isNull(p.deletedAt),
        rules === "public" ? eq(p.isBookable, true) : undefined,
        staffId ? eq(p.id, staffId) : undefined,
      ),
    )
    .orderBy(p.orderIndex, p.displayName, p.id);
}
