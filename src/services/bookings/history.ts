import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newId } from "../../lib/ids";

/**
 * A booking's history (the owner app's booking detail): audit rows targeting the booking, written
 * in the same batch as the change and gated on it, so a refused or lost change leaves no entry.
 * The creation itself is read from the booking (createdAt, source); owner-made bookings also get
 * a `booking.created` row naming who made them.
 */
export type HistoryAction = "booking.created" | "booking.status_changed" | "booking.cancelled" | "booking.rescheduled";

/** Who changed it: a member of the business, or the customer holding the code (public routes). */
export type HistoryActor = { type: "user"; id: string } | { type: "customer"; id: string };

export function bookingHistoryInsert(
  db: Db,
  p: { bookingId: string; action: HistoryAction; actor: HistoryActor; reason?: string | null; metadata: Record<string, unknown> },
  now: Date,
  gate: SQL,
) {
  return db.run(sql`
    INSERT INTO audit_log (id, action, actor_type, actor_id, target_type, target_id, reason, diff, metadata, created_at, seq)
    SELECT ${newId("aud")}, ${p.action}, ${p.actor.type}, ${p.actor.id}, 'booking', ${p.bookingId}, ${p.reason ?? null}, NULL,
           ${JSON.stringify(p.metadata)}, ${now.toISOString()}, 0
    WHERE ${gate}`);
}

/** The actor of a change made through a booking ref (owner: the member; public: the booking's customer). */
export function actorOf(ref: { kind: "owner"; userId: string } | { kind: "public" }, customerId: string | null): HistoryActor {
  return ref.kind === "owner" ? { type: "user", id: ref.userId } : { type: "customer", id: customerId ?? "guest" };
}
