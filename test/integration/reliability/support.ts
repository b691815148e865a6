import { eq } from "drizzle-orm";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import type { ReliabilityPolicy } from "../../../src/shared/reliability";
import { testDb } from "../../helpers/db";
import { createBookingRow, createService, createStaff, createTenant, type TenantOverrides, uniq } from "../../helpers/factories";

// design.md §28: a business with a reliability policy, and a customer's past bookings written as
// rows (what earlier visits left behind), so each test sets the record at the edge it checks.

export const NOW = "2031-05-01T12:00:00.000Z";
export const START = "2031-05-14T10:00:00";

export const policy = (p: Partial<ReliabilityPolicy>): ReliabilityPolicy => ({
  cardAfter: null,
  depositAfter: null,
  depositPercent: null,
  blockAfter: null,
  ...p,
});

/** A business in the US with one 60-minute service (40.00, no deposit of its own) and one staff member 09:00-17:00 every day. */
export async function reliableTenant(opts: { tenant?: TenantOverrides; depositPercent?: number } = {}) {
  const account = `acct_${uniq()}${uniq()}`;
  const tenant = await createTenant({
    countryCode: "US",
    stripeAccountId: account,
    stripeChargesEnabled: true,
    stripeDetailsSubmitted: true,
    currency: "EUR",
    maxAdvanceDays: 36_500,
    ...opts.tenant,
  });
  const service = await createService(tenant.id, {
    name: "Colour",
    durationMinutes: 60,
    price: 4000,
    depositPercent: opts.depositPercent ?? 0,
  });
  const staff = await createStaff(tenant.id, { displayName: "Sam" });
  return { tenant, service, staff, account };
}

export type PastBooking = {
  status: "no_show" | "completed" | "cancelled" | "confirmed";
  /** The booking's start (UTC ISO). */
  at: string;
  /** A cancellation inside the window: when the customer cancelled (UTC ISO). */
  lateCancelledAt?: string;
  /** The E.164 number the booking was made with. */
  smsPhone?: string;
  accountId?: string;
};

/** A customer record and its past bookings at the business; answers the record's id. */
export async function pastBookings(
  at: { tenant: { id: string }; service: { id: string } },
  email: string,
  bookings: PastBooking[],
  record: { phone?: string } = {},
) {
  const db = testDb();
  const id = newId("cst");
  const t = { tenantId: at.tenant.id, serviceId: at.service.id };
  await db.insert(schema.customers).values({
    id,
    tenantId: t.tenantId,
    email,
    emailNormalized: email.toLowerCase(),
    firstName: "Rita",
    lastName: "Record",
    phone: record.phone ?? "",
    createdAt: NOW,
    updatedAt: NOW,
  });
  // A staff member of its own: past bookings of several customers may share a time.
  const past = await createStaff(t.tenantId, { displayName: "Past" });
  for (const b of bookings) {
    await createBookingRow(t.tenantId, t.serviceId, past.id, new Date(b.at), 60, {
      customerId: id,
      status: b.status,
      currency: "EUR",
      lateCancelledAt: b.lateCancelledAt ? Date.parse(b.lateCancelledAt) : null,
      smsPhone: b.smsPhone ?? null,
      customerAccountId: b.accountId ?? null,
    });
  }
  return id;
}

export async function customerRow(id: string) {
  const [row] = await testDb().select().from(schema.customers).where(eq(schema.customers.id, id));
  return row;
}

export async function bookingsOfTenant(tenantId: string) {
  return testDb().select().from(schema.bookings).where(eq(schema.bookings.tenantId, tenantId));
}
