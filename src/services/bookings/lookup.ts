import { sql } from "drizzle-orm";
import type { Aliased } from "../../db/row-of";
import type { bookings, services, staffProfiles, tenants } from "../../db/schema";
import { ApiError } from "../../errors";
import { type BookingView, bookingViewQuery } from "./booking-view";
import type { LookupVisit } from "./lookup-visit";
import { type BookingRef, refCanExist, refSql } from "./ref";
import type { BookingCtx } from "./scope";

// The booking read of every booking use case is split by what it does: the ref (./ref.ts), the full
// view (./booking-view.ts), a visit's items (./lookup-visit.ts); callers import them from here.
export { anchorIdSql, type BookingRef, refCanExist, refSql, refWhere } from "./ref";
export {
  type BookingState,
  type BookingView,
  bookingStateQuery,
  bookingViewQuery,
  resourceIdsOf,
  visitCodeSql,
} from "./booking-view";
export { type LookupItem, type LookupVisit, parseLookupVisit, visitItemsJsonSql } from "./lookup-visit";

/** What the public lookup shows (interface.md + design.md §5); a full BookingView is one too. */
export type LookupView = Pick<
  BookingView,
  "id" | "tenantId" | "startAt" | "endAt" | "status" | "confirmationCode" | "notes" | "serviceName" | "staffName"
> & { tenant: Pick<BookingView["tenant"], "slug" | "businessName" | "timezone">; visit?: LookupVisit };

/** lookupColumns' row, each column typed from the schema column it reads (src/db/row-of.ts). */
export type LookupRow = Aliased<
  typeof bookings,
  {
    id: "id";
    tenantId: "tenant_id";
    startAt: "start_at";
    endAt: "end_at";
    status: "status";
    confirmationCode: "confirmation_code";
    notes: "notes";
  }
> &
  Aliased<typeof tenants, { slug: "slug"; businessName: "business_name"; timezone: "timezone" }> &
  Aliased<typeof services, { serviceName: "name" }> &
  Aliased<typeof staffProfiles, { staffName: "display_name" }> & { visit?: LookupVisit };

/**
 * The lookup's columns and joins as SQL fragments, for ONE statement that may add columns of its
 * own (the public lookup adds the payment summary's: design.md §21). An SQL template, not Drizzle's
 * select builder: every selected column is built, sent, decoded and mapped per request, and the
 * builder spent 0.1-0.2 ms on a join like this one (docs/benchmarks.md). Rows go through lookupView.
 */
export const lookupColumns = sql`b.id, b.tenant_id AS tenantId, b.start_at AS startAt, b.end_at AS endAt, b.status,
  b.confirmation_code AS confirmationCode, b.notes, t.slug, t.business_name AS businessName, t.timezone,
  s.name AS serviceName, p.display_name AS staffName`;

/** `FROM` the ref's booking (alias b) with its tenant (t), service (s) and staff member (p). */
export const lookupFrom = (ref: BookingRef) => sql`(SELECT * FROM bookings WHERE ${refSql(ref)}) b
  JOIN tenants t ON t.id = b.tenant_id
  JOIN services s ON s.id = b.service_id
  JOIN staff_profiles p ON p.id = b.staff_id`;

export function lookupView({ slug, businessName, timezone, ...booking }: LookupRow): LookupView {
  return { ...booking, tenant: { slug, businessName, timezone } };
}

/**
 * The booking or 404 not_found. One round trip. Works whatever the tenant's state: customers of a
 * suspended business can still read (and cancel) what they booked.
 */
export async function lookupBooking(ctx: Pick<BookingCtx, "db">, ref: BookingRef): Promise<BookingView> {
  if (!refCanExist(ref)) throw ApiError.notFound("Booking");
  const [row] = await bookingViewQuery(ctx.db, ref);
  if (!row) throw ApiError.notFound("Booking");
  return row;
}
