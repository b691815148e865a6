import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { StoredInterval } from "../../domain/working-hours";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { type AfterCommit, batch, group } from "../batch";
import { hoursTrigger, timeOffTrigger } from "../waitlist/trigger";

export type StaffRow = typeof schema.staffProfiles.$inferSelect;
export type StaffFields = Partial<Pick<StaffRow, "displayName" | "title" | "avatarUrl" | "color" | "isBookable" | "orderIndex" | "userId">>;
export type StaffWithHours = StaffRow & { hours: StoredInterval[] };

const p = schema.staffProfiles;
const h = schema.staffHours;
const off = schema.staffTimeOff;
const own = (tenantId: string, id: string) => and(eq(p.id, id), eq(p.tenantId, tenantId), isNull(p.deletedAt));
/** Guards child writes inside a batch: the staff member is this tenant's and live. */
const staffIsOwn = (tenantId: string, id: string) =>
  sql`EXISTS (SELECT 1 FROM staff_profiles WHERE id = ${id} AND tenant_id = ${tenantId} AND deleted_at IS NULL)`;

const hoursOf = (db: Db, tenantId: string, staffId: string) =>
  db
    .select()
    .from(h)
    .where(and(eq(h.staffId, staffId), eq(h.tenantId, tenantId)));

function hourRows(tenantId: string, staffId: string, hours: StoredInterval[]) {
  return hours.map((x) => ({ id: newId("hrs"), tenantId, staffId, ...x }));
}

/**
 * A staff profile may be linked to a user account of the business (design.md §17: that user gets
 * the notices of the staff member's bookings); only an active member of this business qualifies.
 * One read, only when a link is set.
 */
export async function assertLinkableUser(db: Db, tenantId: string, userId: string | null | undefined) {
  if (!userId) return;
  const m = schema.tenantMembers;
  const [row] = await db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.tenantId, tenantId), eq(m.userId, userId), eq(m.isActive, true)));
  if (!row) throw ApiError.field("userId", "Not an active member of this business");
}

export async function listStaff(db: Db, tenantId: string): Promise<StaffWithHours[]> {
  const [staff, hours] = await db.batch([
    db
      .select()
      .from(p)
      .where(and(eq(p.tenantId, tenantId), isNull(p.deletedAt)))
      .orderBy(asc(p.orderIndex), asc(p.displayName), asc(p.id)),
    db.select().from(h).where(eq(h.tenantId, tenantId)),
  ]);
  return staff.map((s) => ({ ...s, hours: hours.filter((x) => x.staffId === s.id) }));
}

export async function getStaff(db: Db, tenantId: string, id: string): Promise<StaffWithHours> {
  const [[row], hours] = await db.batch([db.select().from(p).where(own(tenantId, id)), hoursOf(db, tenantId, id)]);
  if (!row) throw ApiError.notFound("Staff member");
  return { ...row, hours };
}

/** Profile and weekly hours in one batch; the answer is built from what was written (one round trip). */
export async function createStaff(
  db: Db,
  tenantId: string,
  fields: StaffFields & { displayName: string },
  hours: StoredInterval[],
  now: Date,
) {
  await assertLinkableUser(db, tenantId, fields.userId);
  const t = now.toISOString();
  const id = newId("stf");
  const insert = db
    .insert(p)
    .values({ id, tenantId, ...fields, createdAt: t, updatedAt: t })
    .returning();
  const rows = hourRows(tenantId, id, hours);
  const [[row]] = rows.length ? await db.batch([insert, db.insert(h).values(rows)]) : [await insert];
  return { ...row, hours: rows } satisfies StaffWithHours;
}

/** Profile fields and (when given) the whole week of hours, with the result read back: one batch. */
export async function updateStaff(
  db: Db,
  tenantId: string,
  id: string,
  fields: StaffFields,
  hours: StoredInterval[] | undefined,
  now: Date,
  after?: AfterCommit,
) {
  await assertLinkableUser(db, tenantId, fields.userId);
  const update = db
    .update(p)
    .set({ ...fields, updatedAt: now.toISOString() })
    .where(own(tenantId, id))
    .returning();
  const b = batch(db);
  const updated = b.add(update);
  if (hours) b.add(hoursReplacement(db, tenantId, id, hours));
  // design.md §28: new hours may free time someone waits for.
  if (hours) b.add(hoursTrigger(db, { tenantId, staffId: id }, now, staffIsOwn(tenantId, id)));
  const hoursNow = b.add(hoursOf(db, tenantId, id));
  await b.run(after);
  const [row] = updated.result();
  if (!row) throw ApiError.notFound("Staff member");
  return { ...row, hours: hoursNow.result() } satisfies StaffWithHours;
}

/** Two statements whatever the number of intervals: the delete, and one INSERT over a JSON array. */
function hoursReplacement(db: Db, tenantId: string, staffId: string, hours: StoredInterval[]) {
  const del = db.delete(h).where(and(eq(h.staffId, staffId), eq(h.tenantId, tenantId), staffIsOwn(tenantId, staffId)));
  const rows = JSON.stringify(hourRows(tenantId, staffId, hours));
  const insert = db.run(sql`INSERT INTO staff_hours (id, tenant_id, staff_id, weekday, start_minute, end_minute)
    SELECT json_extract(j.value, '$.id'), ${tenantId}, ${staffId}, json_extract(j.value, '$.weekday'),
           json_extract(j.value, '$.startMinute'), json_extract(j.value, '$.endMinute')
    FROM json_each(${rows}) j WHERE ${staffIsOwn(tenantId, staffId)}`);
  return group([del, insert]);
}

/**
 * Replaces all weekly intervals in one atomic batch, which also reads the result back: one round
 * trip. Every write in it is guarded by "this tenant's live staff member", so an unknown or
 * foreign id changes nothing and is 404.
 */
export async function replaceHours(
  db: Db,
  tenantId: string,
  staffId: string,
  hours: StoredInterval[],
  now: Date,
  after?: AfterCommit,
): Promise<StaffWithHours> {
  const b = batch(db);
  b.add(hoursReplacement(db, tenantId, staffId, hours));
  // design.md §28: new hours may free time someone waits for.
  b.add(hoursTrigger(db, { tenantId, staffId }, now, staffIsOwn(tenantId, staffId)));
  const profile = b.add(db.select().from(p).where(own(tenantId, staffId)));
  const hoursNow = b.add(hoursOf(db, tenantId, staffId));
  await b.run(after);
  const [row] = profile.result();
  if (!row) throw ApiError.notFound("Staff member");
  return { ...row, hours: hoursNow.result() };
}

/**
 * Soft delete: gone from lists and public routes; existing bookings stay intact. The same batch
 * takes the id out of every service's `staffIds` (design.md §16), gated on the delete.
 */
export async function deleteStaff(db: Db, tenantId: string, id: string, now: Date) {
  const t = now.toISOString();
  const [rows] = await db.batch([
    db.update(p).set({ deletedAt: t, isBookable: false, updatedAt: t }).where(own(tenantId, id)).returning({ id: p.id }),
    db.run(sql`
      UPDATE services SET staff_ids = (SELECT json_group_array(value) FROM json_each(services.staff_ids) WHERE value <> ${id}), updated_at = ${t}
      WHERE tenant_id = ${tenantId} AND staff_ids IS NOT NULL
        AND EXISTS (SELECT 1 FROM json_each(services.staff_ids) WHERE value = ${id})
        AND EXISTS (SELECT 1 FROM staff_profiles WHERE id = ${id} AND tenant_id = ${tenantId} AND deleted_at = ${t})`),
  ]);
  if (!rows.length) throw ApiError.notFound("Staff member");
  return rows[0];
}

/** The staff member's time off, oldest first; one batch with the ownership check. */
export async function listTimeOff(db: Db, tenantId: string, staffId: string) {
  const [found, rows] = await db.batch([
    db.select({ id: p.id }).from(p).where(own(tenantId, staffId)),
    db
      .select()
      .from(off)
      .where(and(eq(off.staffId, staffId), eq(off.tenantId, tenantId)))
      .orderBy(asc(off.startAt), asc(off.id)),
  ]);
  if (!found.length) throw ApiError.notFound("Staff member");
  return rows;
}

export async function addTimeOff(db: Db, tenantId: string, staffId: string, v: { start: Date; end: Date; reason?: string }, now: Date) {
  const id = newId("off");
  const rows = await db.all<{ id: string; start_at: number; end_at: number; reason: string }>(sql`
    INSERT INTO staff_time_off (id, tenant_id, staff_id, start_at, end_at, reason, created_at)
    SELECT ${id}, ${tenantId}, ${staffId}, ${v.start.getTime()}, ${v.end.getTime()}, ${v.reason ?? ""}, ${now.toISOString()}
    WHERE ${staffIsOwn(tenantId, staffId)} RETURNING id, start_at, end_at, reason`);
  if (!rows.length) throw ApiError.notFound("Staff member");
  const [r] = rows;
  return { id: r.id, startAt: Number(r.start_at), endAt: Number(r.end_at), reason: r.reason };
}

export async function deleteTimeOff(db: Db, tenantId: string, staffId: string, timeOffId: string, now: Date, after?: AfterCommit) {
  const b = batch(db);
  // design.md §28: the span it frees is offered to the waitlist (read before the delete, which decides).
  b.add(timeOffTrigger(db, { tenantId, staffId, timeOffId }, now));
  const deleted = db
    .delete(off)
    .where(
      and(
        eq(off.id, timeOffId),
        eq(off.staffId, staffId),
        eq(off.tenantId, tenantId),
        inArray(off.staffId, db.select({ id: p.id }).from(p).where(own(tenantId, staffId))),
      ),
    )
    .returning({ id: off.id });
  const removed = b.add(deleted);
  await b.run(after);
  const rows = removed.result();
  if (!rows.length) throw ApiError.notFound("Time off");
  return rows[0];
}
