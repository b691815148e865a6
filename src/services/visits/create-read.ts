import { sql } from "drizzle-orm";
import { ApiError } from "../../errors";
import { batch } from "../batch";
import { decodeTenant, type TenantCells, tenantCellsSql } from "../bookings/create-read";
import { liveHoldsQuery } from "../bookings/hold-caps";
import { prepaidReads } from "../bookings/prepaid-at-create";
import { type BookingCtx, type BookingScope, servicesJsonSql, tenantIdSql } from "../bookings/scope";
import { publicTenantSql } from "../public-tenant";
import { identityRecordSql, phoneTail, recordSince } from "../reliability/record";
import { type ScheduleRow, scheduleColumns } from "../schedule-data";
import { servicesInOrder, unionTypesSql } from "./availability";
import type { CreateVisitInput } from "./create-types";

/** The visit's one read: the business's create cells, the services and staff as JSON, the schedule. */
type VisitReadRow = TenantCells &
  ScheduleRow & { services: string | null; staff: string; accountId: string | null; reliability: string | null };

/**
 * The read of a visit's create (./create.ts): ONE round trip, as a booking's create
 * (../bookings/create-read.ts, issue #42). One statement: the business, the services, the named
 * staff, their schedule of the date with the resources the services need, and the caller's
 * account; beside it the business's unpaid holds for the hold caps (design.md §31) and the prepaid
 * codes' rows (design.md §32: gift card, promo code, package; their HMACs computed first, no I/O).
 * Not a prepared statement: its shape follows the number of services and staff members.
 *
 * Errors: 404 not_found (business, a service, a staff member), 403 guest_disabled.
 */
export async function readVisit(ctx: BookingCtx, scope: BookingScope, input: CreateVisitInput) {
  const { db, now } = ctx;
  const serviceIds = input.items.map((i) => i.serviceId);
  const named = [...new Set(input.items.map((i) => i.staffProfileId))];
  const tokenAccountId = scope.kind === "public" ? (input.customerAccountId ?? null) : null;
  const tid = sql`t.id`;
  const reads = batch(db);
  const found = reads.add(
    db.all<VisitReadRow>(sql`
      SELECT ${tenantCellsSql},
             ${servicesJsonSql(scope, serviceIds, tid)} AS services,
             (SELECT json_group_array(json_array(id, display_name)) FROM staff_profiles
              WHERE tenant_id = t.id AND deleted_at IS NULL ${scope.kind === "public" ? sql`AND is_bookable = 1` : sql``}
                AND id IN (${sql.join(
                  named.map((id) => sql`${id}`),
                  sql`, `,
                )})) AS staff,
             -- A token outlives a deleted account: such a caller is a guest.
             (SELECT id FROM customer_accounts WHERE id = ${tokenAccountId ?? ""}) AS accountId,
             -- design.md §28: the customer's reliability record, as a booking's create reads it.
             ${
               scope.kind === "public"
                 ? identityRecordSql({
                     tenantId: tid,
                     policy: sql`t.reliability_policy`,
                     email: sql`${(input.customer.email ?? "").toLowerCase()}`,
                     accountId: sql`${tokenAccountId ?? ""}`,
                     tail: sql`${phoneTail(input.customer.phone)}`,
                     since: sql`${recordSince(now.getTime())}`,
                   })
                 : sql`NULL`
             } AS reliability,
             ${scheduleColumns({ tenantId: tid, staffIdList: named, from: input.start.date, to: input.start.date, resourceTypes: unionTypesSql(serviceIds, tid) })}
      FROM tenants t WHERE ${scope.kind === "public" ? publicTenantSql(scope.slug) : sql`t.id = ${scope.tenantId}`} LIMIT 1`),
  );
  const holds = reads.add(liveHoldsQuery(db, scope.kind === "public" ? tenantIdSql(scope) : sql`NULL`, now.getTime()));
  const codes = {
    giftCardCode: input.giftCardCode,
    promoCode: input.promoCode,
    packageCode: input.packageCode,
    usePackage: input.usePackage,
  };
  const anyCode = Object.values(codes).some((v) => v !== undefined && v !== false);
  const prepaid =
    scope.kind === "public" && anyCode
      ? await prepaidReads(ctx.env, db, reads, tenantIdSql(scope), codes, {
          email: (input.customer.email ?? "").toLowerCase(),
          accountId: tokenAccountId,
          serviceIds,
          now,
        })
      : null;
  await reads.run();
  const [row] = found.result();
  if (!row) throw ApiError.notFound("Business");
  const tenant = decodeTenant(row);
  const services = servicesInOrder(row.services, serviceIds);
  const staffNames = new Map(JSON.parse(row.staff) as [string, string][]);
  if (named.some((id) => !staffNames.has(id))) throw ApiError.notFound("Staff member");
  if (scope.kind === "public" && !row.accountId && !tenant.allowGuestBooking) {
    throw new ApiError("guest_disabled", "This business only takes bookings from signed-in customers");
  }
  return { row, tenant, services, staffNames, accountId: row.accountId, liveHolds: holds.result(), prepaid };
}
