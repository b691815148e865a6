import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { inject } from "vitest";
import * as schema from "../../../src/db/schema";
import { bookableTenant, type TenantOverrides, uniq } from "../../helpers/bookable";

/**
 * Test data for browser tests, written straight into the e2e libSQL database (the same one
 * `wrangler dev` serves), so building a tenant costs no rate-limited API call.
 */
export const e2eClient = createClient({ url: inject("e2eLibsqlUrl") });
export const e2eDb = drizzle(e2eClient);

export { uniq };
export type { TenantOverrides };

/**
 * A tenant with an owner, one service and one staff member working 09:00-17:00 every day, built by
 * the shared builder (test/helpers/bookable.ts) with the e2e stack's defaults.
 */
export async function createBookableTenant(
  opts: {
    tenant?: TenantOverrides;
    serviceName?: string;
    durationMinutes?: number;
    price?: number;
    staffName?: string;
    /** Days of the week the staff member works 09:00-17:00 (0 = Sunday); every day unless given. */
    weekdays?: number[];
  } = {},
) {
  const tag = uniq();
  const { tenant, service, staff } = await bookableTenant(e2eDb, {
    ownerEmail: `owner-${tag}@e2e.test`,
    tenant: {
      slug: `e2e-${tag}`,
      businessName: `E2E Studio ${tag}`,
      email: `hello-${tag}@e2e.test`,
      // Tests book FAR_DATE-like dates years ahead; the booking window must not refuse them.
      maxAdvanceDays: 36_500,
      // The stack runs with Cloudflare for SaaS on (design.md §23): a domain given here is one
      // already verified, which is what these tests serve pages on.
      ...(opts.tenant?.customDomain ? { customDomainStatus: "active" as const } : {}),
      ...opts.tenant,
    },
    service: { name: opts.serviceName ?? "Haircut", durationMinutes: opts.durationMinutes ?? 60, price: opts.price ?? 4500 },
    staff: { displayName: opts.staffName ?? "Alex Rivera", title: "Stylist" },
    hours: (opts.weekdays ?? [0, 1, 2, 3, 4, 5, 6]).map((weekday) => ({ weekday, start: "09:00", end: "17:00" })),
  });
  return { ...tenant, serviceId: service.id, staffId: staff.id };
}

/** A connected Stripe account that can take charges (a fresh account id each call). */
export const connectedStripe = () => ({ stripeAccountId: `acct_e2e${uniq()}`, stripeChargesEnabled: true, stripeDetailsSubmitted: true });

/** A euro business that asks for payment at booking through its connected account, free to cancel until 24 h before. */
export const payingEuroTenant = (): TenantOverrides => ({
  requirePayment: true,
  ...connectedStripe(),
  currency: "EUR",
  cancellationHours: 24,
});

export async function bookingByCode(code: string) {
  const [row] = await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.confirmationCode, code));
  return row;
}

export async function auditRows(tenantId: string) {
  return e2eDb.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, tenantId));
}

/**
 * A far-future Tuesday for tests that book or list times: neither the real date nor the time of
 * day (nor TEST_NOW) changes what it offers. Tenants of createBookableTenant allow booking that far ahead.
 */
export const FAR_DATE = "2031-06-10";

/**
 * The date `days` after the suite's today in `timeZone` (YYYY-MM-DD), for pages whose choices are
 * tied to today (a payment a week ahead, a gift card's delivery range). The e2e process's clock is
 * the suite's (test/setup/clock.ts shifts it with wrangler's and Chromium's), so TEST_NOW moves it too.
 */
export function localDateAhead(timeZone: string, days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}
