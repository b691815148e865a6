import { eq, sql } from "drizzle-orm";
import { schema, runBatch } from "../../db/client";
import { newConfirmationCode } from "../../domain/confirmation-code";
import type { LocalDateTime } from "../../domain/time";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { uniqueViolation } from "../auth/constraints";
import { limitsFor, requestedSlot } from "../availability";
import { scheduleQueries } from "../schedule-data";
import { bookingEffects, iso, staffFreeSql, tenantOpenSql } from "./effects";
import { type BookingCtx, type BookingScope, serviceQuery, staffQuery, tenantIdSql, tenantQuery } from "./scope";

export type BookingSource = "online" | "widget" | "walk_in" | "phone" | "admin";

export type CustomerInput = { firstName: string; lastName?: string; email: string; phone?: string; notes?: string };

export type CreateBookingInput = {
  serviceId: string;
  staffProfileId: string;
  /** Tenant-local wall time (parseLocalDateTime of startDatetime). */
  start: LocalDateTime;
  customer: CustomerInput;
  source: BookingSource;
  /** A verified customer token's account id links the booking; null/undefined = guest (public scope). */
  customerAccountId?: string | null;
};

export type CreatedBooking = {
  id: string;
  tenantId: string;
  confirmationCode: string;
  status: "confirmed";
  customerUserId: string | null;
  customerId: string;
  serviceId: string;
  staffId: string;
  startAt: number;
  endAt: number;
  totalAmount: number;
  currency: string;
  source: BookingSource;
  notes: string;
};

const CODE_ATTEMPTS = 4;

/**
 * Creates a confirmed booking. Two libSQL round trips: one read batch (tenant, service, staff,
 * the staff member's schedule rows for the date: hours, override, closures, buffered bookings,
 * time off) and one write batch (customer upsert, conditional booking insert that stores the
 * service's buffers, outbox e-mail, webhook deliveries, read-back).
 *
 * Errors: 404 not_found (tenant/service/staff), 403 guest_disabled, 409 slot_taken (not an offered
 * slot, or lost the race: the insert's own NOT EXISTS guard, then the partial unique index).
 */
export async function createBooking(ctx: BookingCtx, scope: BookingScope, input: CreateBookingInput): Promise<CreatedBooking> {
  const { db, now } = ctx;
  const tenantId = tenantIdSql(scope);
  const staffId = sql`${input.staffProfileId}`;
  const schedule = scheduleQueries(db, { tenantId, staffId, from: input.start.date, to: input.start.date });
  const tokenAccountId = scope.kind === "public" ? (input.customerAccountId ?? null) : null;
  const [tenantRows, serviceRows, staffRows, weekly, overrides, closures, busy, accountRows] = await db.batch([
    tenantQuery(db, scope),
    serviceQuery(db, scope, input.serviceId),
    staffQuery(db, scope.kind, tenantId, staffId),
    schedule.weekly,
    schedule.overrides,
    schedule.closures,
    schedule.busy,
    // A token outlives a deleted account: such a caller is a guest (same request, no extra trip).
    db
      .select({ id: schema.customerAccounts.id })
      .from(schema.customerAccounts)
      .where(eq(schema.customerAccounts.id, tokenAccountId ?? "")),
  ]);
  const tenant = tenantRows[0];
  if (!tenant) throw ApiError.notFound("Business");
  const service = serviceRows[0];
  if (!service) throw ApiError.notFound("Service");
  const staff = staffRows[0];
  if (!staff) throw ApiError.notFound("Staff member");
  const accountId = accountRows[0]?.id ?? null;
  if (scope.kind === "public" && !accountId && !tenant.allowGuestBooking) {
    throw new ApiError("guest_disabled", "This business only takes bookings from signed-in customers");
  }

  // Public callers are held to minimum notice and the horizon; owners are not (design.md §16).
  const found = requestedSlot(
    {
      timeZone: tenant.timezone,
      service,
      staffIds: service.staffIds ?? null,
      limits: limitsFor(scope.kind, tenant, now),
      nowMs: now.getTime(),
    },
    staff.id,
    schedule.decode(weekly, overrides, closures, busy),
    input.start,
  );
  if (!found) throw slotTaken();
  const { slot } = found;
  const buffers = { bufferBeforeMinutes: service.bufferBeforeMinutes, bufferAfterMinutes: service.bufferAfterMinutes };

  const email = input.customer.email.toLowerCase();
  const c = input.customer;
  const t = now.toISOString();
  const free = sql`${staffFreeSql({ staffId: staff.id, startMs: slot.startMs, endMs: slot.endMs, ...buffers })}
    ${scope.kind === "public" ? sql`AND ${tenantOpenSql(tenant.id)}` : sql``}`;

  for (let attempt = 1; ; attempt++) {
    const id = newId("bkg");
    const code = newConfirmationCode();
    const customerId = newId("cst");
    // Re-checked inside the write: an account deleted meanwhile leaves an unlinked booking, not a FK error.
    const account = sql`(SELECT id FROM customer_accounts WHERE id = ${accountId})`;
    // The customer record is written only when the booking will be (same condition, same batch).
    const upsertCustomer = db.run(sql`
      INSERT INTO customers (id, tenant_id, customer_account_id, email, email_normalized, first_name, last_name, phone, created_at, updated_at)
      SELECT ${customerId}, ${tenant.id}, ${account}, ${email}, ${email}, ${c.firstName}, ${c.lastName ?? ""}, ${c.phone ?? ""}, ${t}, ${t}
      WHERE ${free}
      ON CONFLICT (tenant_id, email_normalized) DO UPDATE SET
        first_name = excluded.first_name,
        last_name = CASE WHEN excluded.last_name <> '' THEN excluded.last_name ELSE customers.last_name END,
        phone = CASE WHEN excluded.phone <> '' THEN excluded.phone ELSE customers.phone END,
        customer_account_id = COALESCE(customers.customer_account_id, excluded.customer_account_id),
        updated_at = excluded.updated_at`);
    const insertBooking = db.run(sql`
      INSERT INTO bookings (id, tenant_id, service_id, staff_id, customer_id, customer_account_id, start_at, end_at, status,
                            confirmation_code, source, total_amount, currency, notes, buffer_before_minutes, buffer_after_minutes,
                            created_at, updated_at)
      SELECT ${id}, ${tenant.id}, ${service.id}, ${staff.id},
             (SELECT id FROM customers WHERE tenant_id = ${tenant.id} AND email_normalized = ${email}), ${account},
             ${slot.startMs}, ${slot.endMs}, 'confirmed', ${code}, ${input.source}, ${service.price}, ${tenant.currency},
             ${c.notes ?? ""}, ${buffers.bufferBeforeMinutes}, ${buffers.bufferAfterMinutes}, ${t}, ${t}
      WHERE ${free}`);
    const effects = bookingEffects(
      db,
      now,
      "created",
      {
        tenantId: tenant.id,
        timezone: tenant.timezone,
        businessName: tenant.businessName,
        serviceName: service.name,
        staffName: staff.displayName,
        confirmationCode: code,
        startAt: slot.startMs,
        customer: { firstName: c.firstName, lastName: c.lastName ?? "", email },
        webhook: {
          booking: {
            id,
            confirmationCode: code,
            status: "confirmed",
            serviceId: service.id,
            serviceName: service.name,
            staffProfileId: staff.id,
            staffName: staff.displayName,
            startDatetime: iso(slot.startMs),
            endDatetime: iso(slot.endMs),
            timezone: tenant.timezone,
            source: input.source,
            totalAmount: service.price,
            currency: tenant.currency,
            customer: { firstName: c.firstName, lastName: c.lastName ?? "", email, phone: c.phone ?? "" },
          },
        },
      },
      sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${id})`,
    );
    const readBack = db.all<{ customerId: string; customerAccountId: string | null }>(
      sql`SELECT customer_id AS customerId, customer_account_id AS customerAccountId FROM bookings WHERE id = ${id}`,
    );

    let results: unknown[];
    try {
      results = await runBatch(db, [upsertCustomer, insertBooking, ...effects.statements, readBack]);
    } catch (err) {
      const columns = uniqueViolation(err);
      if (columns?.includes("bookings.confirmation_code") && attempt < CODE_ATTEMPTS) continue;
      if (columns?.includes("bookings.staff_id")) throw slotTaken();
      throw err;
    }
    const [row] = results[results.length - 1] as { customerId: string; customerAccountId: string | null }[];
    if (!row) throw slotTaken();
    effects.afterCommit(ctx, results.slice(2));
    return {
      id,
      tenantId: tenant.id,
      confirmationCode: code,
      status: "confirmed",
      customerUserId: row.customerAccountId,
      customerId: row.customerId,
      serviceId: service.id,
      staffId: staff.id,
      startAt: slot.startMs,
      endAt: slot.endMs,
      totalAmount: service.price,
      currency: tenant.currency,
      source: input.source,
      notes: c.notes ?? "",
    };
  }
}

export const slotTaken = () => new ApiError("slot_taken", "This time is no longer available; please pick another slot");
