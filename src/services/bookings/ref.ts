import { and, eq, type SQL, sql } from "drizzle-orm";
import { schema } from "../../db/client";
import { isConfirmationCode, normalizeConfirmationCode } from "../../domain/confirmation-code";
import type { Actor } from "../../auth-context";

/**
 * Which booking, and under which rules:
 * - public: by confirmation code (case-insensitive; anyone holding the code);
 * - owner: by id inside the token's tenant (another tenant's id is simply not found).
 */
export type BookingRef =
  | { kind: "public"; code: string }
  /** `actor`: who acts for the business (a member or an API key), named in the booking's history. */
  | { kind: "owner"; tenantId: string; bookingId: string; actor?: Actor };

/** The ref's condition on `bookings`, as a Drizzle condition (top-level queries). */
export function refWhere(ref: BookingRef): SQL {
  const b = schema.bookings;
  return ref.kind === "public"
    ? eq(b.confirmationCode, normalizeConfirmationCode(ref.code))
    : and(eq(b.id, ref.bookingId), eq(b.tenantId, ref.tenantId))!;
}

/** The ref's condition with bare column names, for subqueries `FROM bookings WHERE ...`. */
export function refSql(ref: BookingRef): SQL {
  return ref.kind === "public"
    ? sql`confirmation_code = ${normalizeConfirmationCode(ref.code)}`
    : sql`id = ${ref.bookingId} AND tenant_id = ${ref.tenantId}`;
}

/**
 * The booking a visit's money and reminders hang on (design.md §26): its first item; for a single
 * booking the booking itself. By the ref's condition, for a batch's subquery.
 */
export function anchorIdSql(ref: BookingRef): SQL {
  return sql`(SELECT COALESCE((SELECT a.id FROM bookings a WHERE a.visit_id = r.visit_id ORDER BY a.start_at, a.id LIMIT 1), r.id)
    FROM bookings r WHERE ${refSql(ref)})`;
}

/** A public ref that cannot name any booking (wrong shape) is answered without a database trip. */
export function refCanExist(ref: BookingRef): boolean {
  return ref.kind === "owner" || isConfirmationCode(normalizeConfirmationCode(ref.code));
}
