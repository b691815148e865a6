import type { SQL } from "drizzle-orm";
import type { Actor } from "../../auth-context";
import type { Db } from "../../db/client";
import { auditInsert } from "../audit";

/**
 * A booking's history (the owner app's booking detail): audit rows targeting the booking, written
 * in the same batch as the change and gated on it, so a refused or lost change leaves no entry.
 * The creation itself is read from the booking (createdAt, source); owner-made bookings also get
 * a `booking.created` row naming who made them.
 */
export type HistoryAction = "booking.created" | "booking.status_changed" | "booking.cancelled" | "booking.rescheduled";

/**
 * Who changed it: a member of the business or one of its API keys (owner routes), the customer
 * holding the code (public routes), or the platform itself when no caller is named.
 */
export type HistoryActor = Actor | { type: "customer"; id: string } | { type: "system"; id: string };

export function bookingHistoryInsert(
  db: Db,
  p: { bookingId: string; action: HistoryAction; actor: HistoryActor; reason?: string | null; metadata: Record<string, unknown> },
  now: Date,
  gate: SQL,
) {
  return auditInsert(
    db,
    {
      action: p.action,
      actorType: p.actor.type,
      actorId: p.actor.id,
      targetType: "booking",
      targetId: p.bookingId,
      reason: p.reason ?? null,
      metadata: p.metadata,
    },
    now,
    gate,
  );
}

/** The actor of a change made through a booking ref or scope (owner: the caller; public: the booking's customer). */
export function actorOf(ref: { kind: "owner"; actor?: Actor } | { kind: "public" }, customerId: string | null): HistoryActor {
  if (ref.kind === "public") return { type: "customer", id: customerId ?? "guest" };
  return ref.actor ?? { type: "system", id: "system" };
}
