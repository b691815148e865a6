import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { Actor } from "../../auth-context";
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
export type BookingScope =
  | { kind: "public"; slug: string }
  /** `actor`: who books for the business (a member or an API key), named in the booking's history. */
  | { kind: "owner"; tenantId: string; actor?: Actor };

/** The tenant id as an SQL expression, so one batch can key every query by slug without a read first. */
export function tenantIdSql(scope: BookingScope): SQL {
  return scope.kind === "public"
    ? sql`(SELECT id FROM tenants WHERE slug = ${scope.slug} AND is_active = 1 AND is_suspended = 0)`
    : sql`${scope.tenantId}`;
}

export function tenantQuery(db: Db, scope: BookingScope) {
  return db
    .select()
    .from(schema.tenants)
    .where(scope.kind === "public" ? publicTenantWhere(scope.slug) : eq(schema.tenants.id, scope.tenantId))
    .limit(1);
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
