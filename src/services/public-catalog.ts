import { and, asc, eq, isNull } from "drizzle-orm";
import { schema, type Db } from "../db/client";
import { ApiError } from "../errors";
import { tenantIdSql, tenantQuery } from "./bookings/scope";

/**
 * The public catalog of a tenant, one libSQL round trip each: the tenant row and the list in one
 * batch, the list keyed by the slug subquery (no tenant read first). Unknown, inactive or
 * suspended tenant: 404 not_found.
 */

export type PublicServiceRow = typeof schema.services.$inferSelect;
export type PublicStaffRow = typeof schema.staffProfiles.$inferSelect;

export async function listPublicServices(db: Db, slug: string): Promise<PublicServiceRow[]> {
  const scope = { kind: "public", slug } as const;
  const s = schema.services;
  const [tenant, rows] = await db.batch([
    tenantQuery(db, scope),
    db
      .select()
      .from(s)
      .where(and(eq(s.tenantId, tenantIdSql(scope)), eq(s.isActive, true), eq(s.isOnlineBookable, true), isNull(s.deletedAt)))
      .orderBy(asc(s.orderIndex), asc(s.name), asc(s.id)),
  ]);
  if (!tenant[0]) throw ApiError.notFound("Business");
  return rows;
}

export async function listPublicStaff(db: Db, slug: string): Promise<PublicStaffRow[]> {
  const scope = { kind: "public", slug } as const;
  const p = schema.staffProfiles;
  const [tenant, rows] = await db.batch([
    tenantQuery(db, scope),
    db
      .select()
      .from(p)
      .where(and(eq(p.tenantId, tenantIdSql(scope)), eq(p.isBookable, true), isNull(p.deletedAt)))
      .orderBy(asc(p.orderIndex), asc(p.displayName), asc(p.id)),
  ]);
  if (!tenant[0]) throw ApiError.notFound("Business");
  return rows;
}
