import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";

/**
 * Resources of a business (design.md §26): rooms, chairs, basins, each with a type that services
 * ask for, and time off like staff. Soft delete: bookings keep the resource they held, it simply
 * stops being assigned (so does an inactive one). Every statement is keyed by the tenant, so
 * another business's ids are unknown (404).
 */

export type ResourceRow = typeof schema.resources.$inferSelect;
export type ResourceFields = { name?: string; type?: string; isActive?: boolean };

const r = schema.resources;
const off = schema.resourceTimeOff;
const own = (tenantId: string, id: string) => and(eq(r.id, id), eq(r.tenantId, tenantId), isNull(r.deletedAt));
const resourceIsOwn = (tenantId: string, id: string) =>
  sql`EXISTS (SELECT 1 FROM resources WHERE id = ${id} AND tenant_id = ${tenantId} AND deleted_at IS NULL)`;

/** The business's resources by type, then name (inactive ones included). */
export function listResources(db: Db, tenantId: string) {
  return db
    .select()
    .from(r)
    .where(and(eq(r.tenantId, tenantId), isNull(r.deletedAt)))
    .orderBy(asc(r.type), asc(r.name), asc(r.id));
}

export async function getResource(db: Db, tenantId: string, id: string): Promise<ResourceRow> {
  const [row] = await db.select().from(r).where(own(tenantId, id));
  if (!row) throw ApiError.notFound("Resource");
  return row;
}

export async function createResource(db: Db, tenantId: string, f: { name: string; type: string; isActive?: boolean }, now: Date) {
  const t = now.toISOString();
  const [row] = await db
    .insert(r)
    .values({ id: newId("res"), tenantId, name: f.name, type: f.type, isActive: f.isActive ?? true, createdAt: t, updatedAt: t })
    .returning();
  return row;
}

export async function updateResource(db: Db, tenantId: string, id: string, f: ResourceFields, now: Date) {
  const [row] = await db
    .update(r)
    .set({ ...f, updatedAt: now.toISOString() })
    .where(own(tenantId, id))
    .returning();
  if (!row) throw ApiError.notFound("Resource");
  return row;
}

export async function deleteResource(db: Db, tenantId: string, id: string, now: Date) {
  const t = now.toISOString();
  const [row] = await db.update(r).set({ deletedAt: t, isActive: false, updatedAt: t }).where(own(tenantId, id)).returning({ id: r.id });
  if (!row) throw ApiError.notFound("Resource");
  return row;
}

/** The resource's time off, earliest first; one batch with the ownership check. */
export async function listResourceTimeOff(db: Db, tenantId: string, resourceId: string) {
  const [found, rows] = await db.batch([
    db.select({ id: r.id }).from(r).where(own(tenantId, resourceId)),
    db
      .select()
      .from(off)
      .where(and(eq(off.resourceId, resourceId), eq(off.tenantId, tenantId)))
      .orderBy(asc(off.startAt), asc(off.id)),
  ]);
  if (!found.length) throw ApiError.notFound("Resource");
  return rows;
}

export async function addResourceTimeOff(
  db: Db,
  tenantId: string,
  resourceId: string,
  v: { start: Date; end: Date; reason?: string },
  now: Date,
) {
  const id = newId("rof");
  const rows = await db.all<{ id: string; start_at: number; end_at: number; reason: string }>(sql`
    INSERT INTO resource_time_off (id, tenant_id, resource_id, start_at, end_at, reason, created_at)
    SELECT ${id}, ${tenantId}, ${resourceId}, ${v.start.getTime()}, ${v.end.getTime()}, ${v.reason ?? ""}, ${now.toISOString()}
    WHERE ${resourceIsOwn(tenantId, resourceId)} RETURNING id, start_at, end_at, reason`);
  if (!rows.length) throw ApiError.notFound("Resource");
  const [x] = rows;
  return { id: x.id, startAt: Number(x.start_at), endAt: Number(x.end_at), reason: x.reason };
}

export async function deleteResourceTimeOff(db: Db, tenantId: string, resourceId: string, timeOffId: string) {
  const rows = await db.all<{ id: string }>(sql`
    DELETE FROM resource_time_off WHERE id = ${timeOffId} AND resource_id = ${resourceId} AND tenant_id = ${tenantId}
      AND ${resourceIsOwn(tenantId, resourceId)} RETURNING id`);
  if (!rows.length) throw ApiError.notFound("Time off");
  return rows[0];
}
