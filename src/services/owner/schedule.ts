import { and, asc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { MinuteInterval } from "../../domain/slots";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { type AfterCommit, batch } from "../batch";
import { closureTrigger, overrideTrigger } from "../waitlist/trigger";

/**
 * Date overrides of a staff member's hours and business closures (design.md §16). The slot engine
 * reads them through src/services/schedule-data.ts; this is the owner API's side. Every write is
 * one statement guarded by "this tenant's live staff member", so a foreign id changes nothing (404).
 */

const o = schema.staffDateOverrides;
const cl = schema.businessClosures;
const staffIsOwn = (tenantId: string, staffId: string) =>
  sql`EXISTS (SELECT 1 FROM staff_profiles WHERE id = ${staffId} AND tenant_id = ${tenantId} AND deleted_at IS NULL)`;

export type OverrideRow = { id: string; date: string; intervals: MinuteInterval[]; updatedAt: string };

/** The staff member's overrides between two local dates (inclusive, either optional), by date. One round trip. */
export async function listOverrides(db: Db, tenantId: string, staffId: string, range: { from?: string; to?: string }) {
  const [found, rows] = await db.batch([
    db.all<{ one: number }>(sql`SELECT 1 AS one WHERE ${staffIsOwn(tenantId, staffId)}`),
    db
      .select({ id: o.id, date: o.date, intervals: o.intervals, updatedAt: o.updatedAt })
      .from(o)
      .where(
        and(
          eq(o.staffId, staffId),
          eq(o.tenantId, tenantId),
          range.from ? gte(o.date, range.from) : undefined,
          range.to ? lte(o.date, range.to) : undefined,
        ),
      )
      .orderBy(asc(o.date)),
  ]);
  if (!found.length) throw ApiError.notFound("Staff member");
  return rows satisfies OverrideRow[];
}

/** Sets (creates or replaces) the hours of one local date: one upsert. */
export async function putOverride(
  db: Db,
  tenantId: string,
  staffId: string,
  date: string,
  intervals: MinuteInterval[],
  now: Date,
  after?: AfterCommit,
) {
  const t = now.toISOString();
  const b = batch(db);
  const upsert = db.all<{ id: string; date: string; intervals: string; updatedAt: string }>(sql`
    INSERT INTO staff_date_overrides (id, tenant_id, staff_id, date, intervals, created_at, updated_at)
    SELECT ${newId("ovr")}, ${tenantId}, ${staffId}, ${date}, ${JSON.stringify(intervals)}, ${t}, ${t}
    WHERE ${staffIsOwn(tenantId, staffId)}
    ON CONFLICT (staff_id, date) DO UPDATE SET intervals = excluded.intervals, updated_at = excluded.updated_at
    RETURNING id, date, intervals, updated_at AS updatedAt`);
  const written = b.add(upsert);
  // design.md §28: the date's new hours may free time someone waits for.
  b.add(overrideTrigger(db, { tenantId, staffId, date }, now, staffIsOwn(tenantId, staffId)));
  await b.run(after);
  const rows = written.result();
  if (!rows.length) throw ApiError.notFound("Staff member");
  const [r] = rows;
  return { id: r.id, date: r.date, intervals: JSON.parse(r.intervals) as MinuteInterval[], updatedAt: r.updatedAt } satisfies OverrideRow;
}

/** Back to the weekly hours on that date. 404 when the date had no override. */
export async function deleteOverride(db: Db, tenantId: string, staffId: string, date: string, now: Date, after?: AfterCommit) {
  const b = batch(db);
  const removed = b.add(
    db
      .delete(o)
      .where(and(eq(o.staffId, staffId), eq(o.tenantId, tenantId), eq(o.date, date), staffIsOwn(tenantId, staffId)))
      .returning({ id: o.id, date: o.date }),
  );
  // design.md §28: back to the weekly hours may free time; only when the override existed.
  b.add(overrideTrigger(db, { tenantId, staffId, date }, now, sql`changes() > 0`));
  await b.run(after);
  const rows = removed.result();
  if (!rows.length) throw ApiError.notFound("Override");
  return rows[0];
}

export type ClosureRow = typeof cl.$inferSelect;

/** The business's closures (those matching `also`, when given), earliest first. */
export function listClosures(db: Db, tenantId: string, also?: SQL) {
  return db
    .select()
    .from(cl)
    .where(and(eq(cl.tenantId, tenantId), also))
    .orderBy(asc(cl.startDate), asc(cl.endDate), asc(cl.id));
}

export async function addClosure(db: Db, tenantId: string, v: { startDate: string; endDate: string; reason?: string }, now: Date) {
  const [row] = await db
    .insert(cl)
    .values({
      id: newId("cls"),
      tenantId,
      startDate: v.startDate,
      endDate: v.endDate,
      reason: v.reason ?? "",
      createdAt: now.toISOString(),
    })
    .returning();
  return row;
}

export async function deleteClosure(db: Db, tenantId: string, id: string, now: Date, after?: AfterCommit) {
  const b = batch(db);
  // design.md §28: the dates it frees are offered to the waitlist (read before the delete).
  b.add(closureTrigger(db, { tenantId, closureId: id }, now));
  const removed = b.add(
    db
      .delete(cl)
      .where(and(eq(cl.id, id), eq(cl.tenantId, tenantId)))
      .returning({ id: cl.id }),
  );
  await b.run(after);
  const rows = removed.result();
  if (!rows.length) throw ApiError.notFound("Closure");
  return rows[0];
}
