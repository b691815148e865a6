import { and, asc, eq, isNull } from "drizzle-orm";
import { schema, type Db } from "../db/client";
import { ApiError } from "../errors";
import { tenantIdQuery, tenantIdSql } from "./bookings/scope";

/**
 * The public catalog of a tenant, one libSQL round trip each: the tenant row and the list in one
 * batch, the list keyed by the slug subquery (no tenant read first). Unknown, inactive or
 * suspended tenant: 404 not_found.
 */

const s = schema.services;
const p = schema.staffProfiles;
// What the public catalog shows (interface.md), and nothing else (docs/benchmarks.md).
const serviceColumns = {
  id: s.id,
  name: s.name,
  description: s.description,
  durationMinutes: s.durationMinutes,
  price: s.price,
  depositPercent: s.depositPercent,
  imageUrl: s.imageUrl,
  isOnlineBookable: s.isOnlineBookable,
  orderIndex: s.orderIndex,
};
const staffColumns = { id: p.id, displayName: p.displayName, title: p.title, avatarUrl: p.avatarUrl, color: p.color };

export type PublicServiceRow = Pick<typeof s.$inferSelect, keyof typeof serviceColumns>;
export type PublicStaffRow = Pick<typeof p.$inferSelect, keyof typeof staffColumns>;

export async function listPublicServices(db: Db, slug: string): Promise<PublicServiceRow[]> {
  const scope = { kind: "public", slug } as const;
  const [tenant, rows] = await db.batch([
    tenantIdQuery(db, scope),
    db
      .select(serviceColumns)
      .from(s)
      .where(and(eq(s.tenantId, tenantIdSql(scope)), eq(s.isActive, true), eq(s.isOnlineBookable, true), isNull(s.deletedAt)))
      .orderBy(asc(s.orderIndex), asc(s.name), asc(s.id)),
  ]);
  if (!tenant[0]) throw ApiError.notFound("Business");
  return rows;
}

export async function listPublicStaff(db: Db, slug: string): Promise<PublicStaffRow[]> {
  const scope = { kind: "public", slug } as const;
  const [tenant, rows] = await db.batch([
    tenantIdQuery(db, scope),
    db
      .select(staffColumns)
      .from(p)
      .where(and(eq(p.tenantId, tenantIdSql(scope)), eq(p.isBookable, true), isNull(p.deletedAt)))
      .orderBy(asc(p.orderIndex), asc(p.displayName), asc(p.id)),
  ]);
  if (!tenant[0]) throw ApiError.notFound("Business");
  return rows;
}
