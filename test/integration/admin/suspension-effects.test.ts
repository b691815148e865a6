import { describe, expect, it } from "vitest";
import { get, patch, post } from "../../helpers/api";
import { createAdmin, createBookingRow } from "../../helpers/factories";
import { bookableTenant, bookingBody, bookingRow } from "../../helpers/booking";

const NOW = "2027-03-01T12:00:00Z";

describe("effects of suspending a tenant through the admin API", () => {
  it("hides the public page and refuses new bookings at once, keeps existing bookings and sign-in, and restore brings it back", async () => {
    const admin = await createAdmin();
    const { tenant, service, staff } = await bookableTenant();
    const existing = await createBookingRow(tenant.id, service.id, staff.id, new Date("2027-03-10T15:00:00Z"), 60);
    expect((await get(`/api/public/${tenant.slug}`, { now: NOW })).status).toBe(200);

    const suspend = await patch(
      `/api/admin/tenants/${tenant.id}`,
      { isSuspended: true, suspendedReason: "Chargebacks", reason: "risk review" },
      { token: admin.token },
    );
    expect(suspend.status).toBe(200);

    expect((await get(`/api/public/${tenant.slug}`, { now: NOW })).status).toBe(404);
    const create = await post(`/api/public/${tenant.slug}/bookings`, bookingBody(service.id, staff.id, "2027-03-11T10:00:00"), {
      now: NOW,
    });
    expect(create.status).toBe(404);

    const lookup = await get(`/api/public/booking/${existing.confirmationCode}`, { now: NOW });
    expect(lookup.status).toBe(200);
    expect(lookup.body.data.status).toBe("confirmed");
    expect((await bookingRow(existing.id)).status).toBe("confirmed");

    const refresh = await post(`/api/auth/refresh`, undefined, { token: tenant.token });
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);

    const cancel = await post(`/api/public/booking/${existing.confirmationCode}/cancel`, {}, { now: NOW });
    expect(cancel.status).toBe(200);
    expect((await bookingRow(existing.id)).status).toBe("cancelled");

    const restore = await patch(`/api/admin/tenants/${tenant.id}`, { isSuspended: false, reason: "resolved" }, { token: admin.token });
    expect(restore.status).toBe(200);
    expect((await get(`/api/public/${tenant.slug}`, { now: NOW })).status).toBe(200);
  });
});
