import { describe, expect, it } from "vitest";
import { get, post } from "../../helpers/api";
import { createService, createStaff, createTenant, uniq } from "../../helpers/factories";

// The whole path a customer takes: register, book with the token on the public API, see the
// booking under /api/me/bookings. The request clock is pinned so the slot is in the future.
const NOW = "2027-03-01T12:00:00Z";

async function registerCustomer(firstName: string) {
  const res = await post(
    "/api/customer-auth/register",
    { email: `${firstName.toLowerCase()}-${uniq()}@example.test`, password: "long enough", firstName },
    { now: NOW },
  );
  expect(res.status).toBe(201);
  return res.body.data as { token: string; customer: { id: string; email: string } };
}

describe("bookings made with a customer token", () => {
  it("appear in that customer's /api/me/bookings and in no other customer's", async () => {
    const tenant = await createTenant({ businessName: "Link Salon", timezone: "America/New_York" });
    const service = await createService(tenant.id, { name: "Colour", durationMinutes: 60 });
    const staff = await createStaff(tenant.id, { displayName: "Sam" });
    const alice = await registerCustomer("Alice");
    const bob = await registerCustomer("Bob");

    const booking = (startDatetime: string, email: string, token?: string) =>
      post(
        `/api/public/${tenant.slug}/bookings`,
        { serviceId: service.id, staffProfileId: staff.id, startDatetime, customer: { firstName: "A", email } },
        { token, now: NOW },
      );
    const mine = await booking("2027-03-10T10:00", alice.customer.email, alice.token);
    expect(mine.status).toBe(201);
    expect(mine.body.data.customerUserId).toBe(alice.customer.id);
    // The same person booking as a guest: not linked to any account.
    const guest = await booking("2027-03-10T12:00", alice.customer.email);
    expect(guest.status).toBe(201);

    const list = await get("/api/me/bookings", { token: alice.token, now: NOW });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: mine.body.data.id,
        confirmationCode: mine.body.data.confirmationCode,
        status: mine.body.data.status,
        tenantId: tenant.id,
        businessSlug: tenant.slug,
        businessName: "Link Salon",
        serviceName: "Colour",
        staffName: "Sam",
        startDatetime: "2027-03-10T10:00:00",
        endDatetime: "2027-03-10T11:00:00",
        timezone: "America/New_York",
      }),
    ]);

    const bobs = await get("/api/me/bookings", { token: bob.token, now: NOW });
    expect(bobs.status).toBe(200);
    expect(bobs.body.data).toEqual([]);
  });
});
