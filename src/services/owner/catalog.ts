import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { batch } from "../batch";
import type { ServiceSlotFields } from "../bookings/scope";

export type ServiceRow = typeof schema.services.$inferSelect;
export type ServiceFields = Partial<
  Pick<
    ServiceRow,
    | "name"
    | "description"
    | "durationMinutes"
    | "price"
    | "depositPercent"
    | "imageUrl"
    | "isActive"
    | "isOnlineBookable"
    | "orderIndex"
    | ServiceSlotFields
  >
>;

const s = schema.services;
/** A live (not soft-deleted) service of this tenant. */
const own = (tenantId: string, id: string) => and(eq(s.id, id), eq(s.tenantId, tenantId), isNull(s.deletedAt));

export function listServices(db: Db, tenantId: string) {
  return db
    .select()
    .from(s)
    .where(and(eq(s.tenantId, tenantId), isNull(s.deletedAt)))
    .orderBy(asc(s.orderIndex), asc(s.name), asc(s.id));
}

export async function getService(db: Db, tenantId: string, id: string): Promise<ServiceRow> {
  const [row] = await db.select().from(s).where(own(tenantId, id));
  if (!row) throw ApiError.notFound("Service");
  return row;
}

/**
 * design.md §16: `staffIds` may name only this business's live staff members, each once. Errors
 * name the index (`staffIds.1`); another business's id reads as unknown. One read, only when the
 * list is not empty. A staff member deleted right after this check leaves a harmless id behind:
 * readers only ever offer live, bookable staff.
 */
async function checkStaffIds(db: Db, tenantId: string, staffIds: string[] | null | undefined) {
  if (!staffIds?.length) return;
  const p = schema.staffProfiles;
  const live = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.tenantId, tenantId), isNull(p.deletedAt), inArray(p.id, [...new Set(staffIds)])));
  const known = new Set(live.map((r) => r.id));
  const seen = new Set<string>();
  const errors: [string, string[]][] = [];
  staffIds.forEach((id, i) => {
    if (!known.has(id)) errors.push([`staffIds.${i}`, ["No staff member of this business has this id"]]);
    else if (seen.has(id)) errors.push([`staffIds.${i}`, ["This staff member is listed twice"]]);
    seen.add(id);
  });
  if (errors.length) throw ApiError.validation({ formErrors: [], fieldErrors: Object.fromEntries(errors) });
}

type Timing = { durationMinutes: number; processingOffsetMinutes?: number | null; processingMinutes?: number | null };

/**
 * design.md §26: a processing window is both numbers or neither, and ends before the service
 * does (offset + processing < duration; the offset is at least 5 by the field rules). Checked on
 * the service as it will be (a PATCH of the duration alone is checked against the stored window).
 */
function checkProcessing(t: Timing) {
  const offset = t.processingOffsetMinutes ?? null;
  const length = t.processingMinutes ?? null;
  if ((offset === null) !== (length === null)) {
    const field = offset === null ? "processingOffsetMinutes" : "processingMinutes";
    throw ApiError.field(field, "Give both processingOffsetMinutes and processingMinutes, or neither (null removes the processing time)");
  }
  if (offset !== null && length !== null && offset + length >= t.durationMinutes) {
    throw ApiError.field("processingMinutes", "The processing time must end before the service does (offset + processing < duration)");
  }
}

const touchesTiming = (f: ServiceFields) =>
  f.durationMinutes !== undefined || f.processingOffsetMinutes !== undefined || f.processingMinutes !== undefined;

export async function createService(
  db: Db,
  tenantId: string,
  fields: ServiceFields & { name: string; durationMinutes: number },
  now: Date,
) {
  checkProcessing(fields);
  await checkStaffIds(db, tenantId, fields.staffIds);
  const t = now.toISOString();
  const [row] = await db
    .insert(s)
    .values({ id: newId("svc"), tenantId, ...fields, createdAt: t, updatedAt: t })
    .returning();
  return row;
}

export async function updateService(db: Db, tenantId: string, id: string, fields: ServiceFields, now: Date) {
  if (touchesTiming(fields)) {
    // One read, only when the length or the window changes: the rule holds for the service as it will be.
    const stored = await getService(db, tenantId, id);
    checkProcessing({
      durationMinutes: fields.durationMinutes ?? stored.durationMinutes,
      processingOffsetMinutes:
        fields.processingOffsetMinutes !== undefined ? fields.processingOffsetMinutes : stored.processingOffsetMinutes,
      processingMinutes: fields.processingMinutes !== undefined ? fields.processingMinutes : stored.processingMinutes,
    });
  }
  await checkStaffIds(db, tenantId, fields.staffIds);
  const [row] = await db
    .update(s)
    .set({ ...fields, updatedAt: now.toISOString() })
    .where(own(tenantId, id))
    .returning();
  if (!row) throw ApiError.notFound("Service");
  return row;
}

/** Soft delete: the service leaves lists and the public catalog; its bookings keep pointing at it. */
export async function deleteService(db: Db, tenantId: string, id: string, now: Date) {
  const t = now.toISOString();
  const [row] = await db.update(s).set({ deletedAt: t, updatedAt: t }).where(own(tenantId, id)).returning({ id: s.id });
  if (!row) throw ApiError.notFound("Service");
  return row;
}

/**
 * The booking page's order: `ids` (every listed service of this tenant, each once) get order
 * indexes 0, 10, 20, ... in one atomic batch that also reads the list back. Each UPDATE is guarded
 * by "all ids are this tenant's live services", so a foreign or unknown id changes nothing (404).
 */
export async function reorderServices(db: Db, tenantId: string, ids: string[], now: Date) {
  const t = now.toISOString();
  const allOwn = sql`(SELECT count(*) FROM services WHERE tenant_id = ${tenantId} AND deleted_at IS NULL AND id IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})) = ${ids.length}`;
  const updates = ids.map((id, i) =>
    db.run(sql`UPDATE services SET order_index = ${i * 10}, updated_at = ${t} WHERE id = ${id} AND tenant_id = ${tenantId} AND ${allOwn}`),
  );
  const b = batch(db);
  const updated = updates.map((update) => b.add(update));
  const list = b.add(listServices(db, tenantId));
  await b.run();
  // Every UPDATE carries the same guard: the first one says whether the order was applied.
  if (updated[0]?.result().rowsAffected !== 1) throw ApiError.notFound("Service");
  return list.result();
}
