import { desc, eq } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { ApiError } from "../../errors";
import type { CustomerRow } from "./customer";

const { customerAccounts, bookings, tenants, services, staffProfiles } = schema;

/** The token's subject no longer names an account: the token is no good (401, like any bad token). */
const gone = () => new ApiError("unauthorized");

export async function getCustomerProfile(db: Db, customerId: string): Promise<CustomerRow> {
  const [row] = await db.select().from(customerAccounts).where(eq(customerAccounts.id, customerId)).limit(1);
  if (!row) throw gone();
  return row;
}

export type CustomerProfilePatch = Partial<Pick<CustomerRow, "firstName" | "lastName" | "phone" | "defaultTimezone" | "marketingOptIn">>;

/** One round trip: UPDATE ... RETURNING gives the profile after the change. */
export async function updateCustomerProfile(db: Db, customerId: string, patch: CustomerProfilePatch, now: Date): Promise<CustomerRow> {
  const [row] = await db
    .update(customerAccounts)
    .set({ ...patch, updatedAt: now.toISOString() })
    .where(eq(customerAccounts.id, customerId))
    .returning();
  if (!row) throw gone();
  return row;
}

export type CustomerBookingRow = {
  id: string;
  tenantId: string;
  businessSlug: string;
  businessName: string;
  timezone: string;
  serviceName: string;
  staffName: string;
  status: string;
  confirmationCode: string;
  startAt: number;
  endAt: number;
  totalAmount: number;
  currency: string;
  createdAt: string;
};

/**
 * The caller's bookings across every tenant, newest appointment first, in one round trip. Scoped
 * by bookings.customer_account_id alone: a customer account is global, not tenant-bound.
 */
export function listCustomerBookings(db: Db, customerId: string, limit: number): Promise<CustomerBookingRow[]> {
  return db
    .select({
      id: bookings.id,
      tenantId: bookings.tenantId,
      businessSlug: tenants.slug,
      businessName: tenants.businessName,
      timezone: tenants.timezone,
      serviceName: services.name,
      staffName: staffProfiles.displayName,
      status: bookings.status,
      confirmationCode: bookings.confirmationCode,
      startAt: bookings.startAt,
      endAt: bookings.endAt,
      totalAmount: bookings.totalAmount,
      currency: bookings.currency,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(tenants, eq(tenants.id, bookings.tenantId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(staffProfiles, eq(staffProfiles.id, bookings.staffId))
    .where(eq(bookings.customerAccountId, customerId))
    .orderBy(desc(bookings.startAt), desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
}
