import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instantToLocalString } from "../../domain/time";
import { ApiError } from "../../errors";
import { sha256Hex } from "../auth/password-reset";

/**
 * The customer's side of an entry, by the manage link's secret (design.md §28): read it, leave.
 * An unknown secret is 404 like an unknown confirmation code; the secret is compared by its hash.
 */

export type EntryStatus = "waiting" | "booked" | "left" | "ended";

type EntryRow = {
  id: string;
  status: "waiting" | "booked" | "left";
  lastWindowEndAt: number;
  slug: string;
  businessName: string;
  timezone: string;
  serviceName: string;
  staffName: string | null;
  windows: string;
};

export type ManagedEntry = {
  id: string;
  status: EntryStatus;
  slug: string;
  businessName: string;
  serviceName: string;
  staffName: string | null;
  windows: { start: string; end: string }[];
};

/** A waiting entry whose last window has passed has ended by itself. */
export const entryStatus = (status: EntryRow["status"], lastWindowEndAt: number, nowMs: number): EntryStatus =>
  status === "waiting" && lastWindowEndAt <= nowMs ? "ended" : status;

const entryByHash = (db: Db, hash: string) =>
  db.all<EntryRow>(sql`
    SELECT e.id, e.status, e.last_window_end_at AS lastWindowEndAt, t.slug, t.business_name AS businessName, t.timezone,
           s.name AS serviceName, p.display_name AS staffName,
           (SELECT json_group_array(json_array(w.start_at, w.end_at)) FROM (
              SELECT start_at, end_at FROM waitlist_windows WHERE entry_id = e.id ORDER BY start_at) w) AS windows
    FROM waitlist_entries e
    JOIN tenants t ON t.id = e.tenant_id
    JOIN services s ON s.id = e.service_id
    LEFT JOIN staff_profiles p ON p.id = e.staff_id
    WHERE e.manage_token_hash = ${hash}`);

function toManaged(row: EntryRow, nowMs: number): ManagedEntry {
  const windows = JSON.parse(row.windows) as [number, number][];
  return {
    id: row.id,
    status: entryStatus(row.status, row.lastWindowEndAt, nowMs),
    slug: row.slug,
    businessName: row.businessName,
    serviceName: row.serviceName,
    staffName: row.staffName,
    windows: windows.map(([s, e]) => ({ start: instantToLocalString(row.timezone, s), end: instantToLocalString(row.timezone, e) })),
  };
}

export async function getWaitlistEntry(db: Db, token: string, now: Date): Promise<ManagedEntry> {
  const [row] = await entryByHash(db, await sha256Hex(token));
  if (!row) throw ApiError.notFound("Waitlist entry");
  return toManaged(row, now.getTime());
}

/** Leaves the waitlist: one batch (the change, then the entry read back). Idempotent: an entry that ended stays as it ended. */
export async function leaveWaitlist(db: Db, token: string, now: Date): Promise<ManagedEntry> {
  const hash = await sha256Hex(token);
  const t = now.toISOString();
  const [, rows] = await db.batch([
    db.run(sql`UPDATE waitlist_entries SET status = 'left', ended_at = ${t}, updated_at = ${t}
      WHERE manage_token_hash = ${hash} AND status = 'waiting'`),
    entryByHash(db, hash),
  ]);
  const row = rows[0];
  if (!row) throw ApiError.notFound("Waitlist entry");
  return toManaged(row, now.getTime());
}
