import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { countDbRequests, get } from "../../helpers/api";
import { reportTotals } from "../reports/support";
import { testDb } from "../../helpers/db";
import {
  createAdmin,
  createBookingRow,
  createCustomer,
  createCustomerAccount,
  createMember,
  createService,
  createStaff,
  createTenant,
} from "../../helpers/factories";

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function payment(
  tenantId: string,
  amount: number,
  status: "pending" | "succeeded" | "failed" | "refunded",
  createdAt: string,
  currency = "USD",
) {
  await testDb()
    .insert(schema.payments)
    .values({ id: newId("pay"), tenantId, amount, currency, status, createdAt, updatedAt: createdAt });
}

/** The report's totals of a business with nothing in the last 30 days. */
const quiet = (currency: string) => ({
  currency,
  totals: { bookings: 0, completed: 0, noShows: 0, cancelled: 0, revenue: 0, refunded: 0, net: 0, newCustomers: 0, returningCustomers: 0 },
  noShowRate: null,
  cancellationRate: null,
});

async function audit(targetId: string, action: string, createdAt: string, targetType = "tenant") {
  await testDb()
    .insert(schema.auditLog)
    .values({ id: newId("aud"), action, actorType: "system", actorId: "sys", targetType, targetId, createdAt });
}

describe("GET /api/admin/tenants/:id/activity", () => {
  it("derives owner, payments, AI activity and recent services and staff for the console", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant({ currency: "EUR" });
    const other = await createTenant();
    await testDb().update(schema.users).set({ lastLoginAt: "2026-01-02T03:04:05.000Z" }).where(eq(schema.users.id, tenant.ownerId));
    // A later owner and an admin do not displace the oldest active owner.
    await createMember(tenant.id, "owner");
    await createMember(tenant.id, "admin");

    await payment(tenant.id, 1000, "succeeded", ago(2 * DAY), "EUR");
    await payment(tenant.id, 2500, "succeeded", ago(29 * DAY), "eur");
    await payment(tenant.id, 4000, "succeeded", ago(31 * DAY), "EUR"); // counted, outside the 30 days
    await payment(tenant.id, 9999, "pending", ago(DAY), "EUR");
    await payment(tenant.id, 7777, "failed", ago(DAY), "EUR");
    await payment(tenant.id, 500, "succeeded", ago(DAY), "USD"); // counted, another currency
    await payment(other.id, 123456, "succeeded", ago(DAY));

    await audit(tenant.id, "ai.booking_suggested", ago(DAY));
    await audit(tenant.id, "ai.reply_drafted", ago(6 * DAY));
    await audit(tenant.id, "ai.reply_drafted", ago(8 * DAY)); // too old
    await audit(tenant.id, "tenant.suspended", ago(DAY)); // not AI
    await audit(other.id, "ai.booking_suggested", ago(DAY)); // another tenant

    const services = [];
    for (let i = 0; i < 6; i++) {
      services.push(
        await createService(tenant.id, { name: `Svc ${i}`, price: 1000 + i, durationMinutes: 30 + i, createdAt: ago((10 - i) * 60_000) }),
      );
    }
    await createService(tenant.id, { name: "Deleted", deletedAt: ago(0), createdAt: ago(0) });
    const staff = await createStaff(tenant.id, { displayName: "Rita", isBookable: false });

    const res = await get(`/api/admin/tenants/${tenant.id}/activity`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        owner: {
          id: tenant.ownerId,
          email: tenant.ownerEmail,
          firstName: "Olive",
          lastName: "Owner",
          lastLoginAt: "2026-01-02T03:04:05.000Z",
        },
        payments: { count: 4, last30DaysTotal: 3500, currency: "EUR" },
        aiActivity: { last7Days: 2 },
        services: services
          .slice(1)
          .reverse()
          .map((s) => ({ id: s.id, name: s.name, price: s.price, durationMinutes: s.durationMinutes, isActive: true })),
        staff: [{ id: staff.id, displayName: "Rita", isBookable: false }],
        deletion: null,
        // Money of no booking, taken in the last 30 days in the tenant's currency.
        last30Days: { ...quiet("EUR"), totals: { ...quiet("EUR").totals, revenue: 3500, net: 3500 } },
      },
    });
  });

  it("reports no owner when no active owner membership exists, and zeros for a quiet tenant", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant();
    await testDb().update(schema.tenantMembers).set({ isActive: false }).where(eq(schema.tenantMembers.tenantId, tenant.id));
    const res = await get(`/api/admin/tenants/${tenant.id}/activity`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      owner: null,
      payments: { count: 0, last30DaysTotal: 0, currency: "USD" },
      aiActivity: { last7Days: 0 },
      services: [],
      staff: [],
      deletion: null,
      last30Days: quiet("USD"),
    });
  });

  it("adds the report's totals (design.md §29) of the bookings starting in the last 30 days", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant();
    const service = await createService(tenant.id);
    const staff = await createStaff(tenant.id);
    const c1 = await createCustomer(tenant.id);
    const c2 = await createCustomer(tenant.id);
    type Spec = {
      daysAgo: number;
      status: "completed" | "no_show" | "cancelled" | "pending" | "confirmed";
      customer?: string;
      paid?: [string, number, number];
    };
    const specs: Spec[] = [
      { daysAgo: 2, status: "completed", customer: c1.id, paid: ["full", 5000, 1000] },
      { daysAgo: 5, status: "no_show", customer: c2.id, paid: ["no_show_fee", 1500, 0] },
      { daysAgo: 10, status: "cancelled", customer: c2.id },
      { daysAgo: 12, status: "confirmed", customer: c2.id },
      { daysAgo: 1, status: "pending", customer: c1.id, paid: ["deposit", 900, 0] },
      { daysAgo: 40, status: "completed", customer: c2.id, paid: ["full", 7000, 0] },
    ];
    for (const [i, b] of specs.entries()) {
      const row = await createBookingRow(tenant.id, service.id, staff.id, new Date(Date.now() - b.daysAgo * DAY + i * 60_000), 60, {
        status: b.status,
        customerId: b.customer ?? null,
      });
      if (b.paid) {
        const t = ago(b.daysAgo * DAY);
        await testDb()
          .insert(schema.payments)
          .values({
            id: newId("pay"),
            tenantId: tenant.id,
            bookingId: row.id,
            amount: b.paid[1],
            refundedAmount: b.paid[2],
            currency: "USD",
            kind: b.paid[0] as "full",
            status: b.paid[2] ? "partially_refunded" : b.status === "pending" ? "pending" : "succeeded",
            createdAt: t,
            updatedAt: t,
          });
      }
    }
    const noise = await createTenant();
    const noiseService = await createService(noise.id);
    const noiseStaff = await createStaff(noise.id);
    await createBookingRow(noise.id, noiseService.id, noiseStaff.id, new Date(Date.now() - 3 * DAY), 60, { status: "completed" });

    const counted = specs.filter((b) => b.daysAgo < 30 && b.status !== "pending");
    const revenue = counted.reduce((n, b) => n + (b.paid?.[1] ?? 0), 0);
    const refunded = counted.reduce((n, b) => n + (b.paid?.[2] ?? 0), 0);
    const res = await get(`/api/admin/tenants/${tenant.id}/activity`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.last30Days).toEqual({
      currency: "USD",
      // c1 visited for the first time; c2 came 40 days ago and again 12 days ago.
      ...reportTotals(counted, { revenue, refunded }, { newCustomers: 1, returningCustomers: 1 }),
    });
  });

  it("answers in one round trip", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant();
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      get(`/api/admin/tenants/${tenant.id}/activity`, { token: admin.token, dbTag }),
    );
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(1);
  });

  it("is 404 not_found for an unknown tenant and 401 for anyone but an operator", async () => {
    const admin = await createAdmin();
    const missing = await get(`/api/admin/tenants/tnt_missing/activity`, { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");

    const tenant = await createTenant();
    const customer = await createCustomerAccount();
    for (const token of [undefined, tenant.token, customer.token]) {
      const res = await get(`/api/admin/tenants/${tenant.id}/activity`, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized" });
    }
  });
});
