import { describe, expect, it } from "vitest";
import { countDbRequests, del, get, patch, post, put } from "../../helpers/api";
import { createBookingRow, createMember, createService, createStaff, createTenant } from "../../helpers/factories";

const DAY = "2031-03-11"; // a Tuesday

describe("owner services", () => {
  it("creates, reads, lists in order, updates and soft-deletes a service", async () => {
    const tenant = await createTenant();
    const created = await post(
      "/api/services",
      { name: "Beard trim", durationMinutes: 20, price: 1500, orderIndex: 2 },
      { token: tenant.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "Beard trim",
      durationMinutes: 20,
      price: 1500,
      depositPercent: 0,
      isActive: true,
      isOnlineBookable: true,
      imageUrl: null,
    });
    await post("/api/services", { name: "Anchor", durationMinutes: 30, orderIndex: 1 }, { token: tenant.token });
    const list = await get("/api/services", { token: tenant.token });
    expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(["Anchor", "Beard trim"]);

    const id = created.body.data.id;
    const updated = await patch(`/api/services/${id}`, { price: 1800, isOnlineBookable: false }, { token: tenant.token });
    expect(updated.body.data).toMatchObject({ price: 1800, isOnlineBookable: false, name: "Beard trim" });
    expect((await get(`/api/services/${id}`, { token: tenant.token })).body.data.price).toBe(1800);

    const removed = await del(`/api/services/${id}`, { token: tenant.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { id } });
    expect((await get(`/api/services/${id}`, { token: tenant.token })).status).toBe(404);
    expect((await get("/api/services", { token: tenant.token })).body.data).toHaveLength(1);
  });

  it("rejects bad fields per field, unknown fields and an empty PATCH", async () => {
    const tenant = await createTenant();
    const res = await post(
      "/api/services",
      { name: "", durationMinutes: 7, price: -1, depositPercent: 101, colour: "red" },
      { token: tenant.token },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors).sort()).toEqual([
      "colour",
      "depositPercent",
      "durationMinutes",
      "name",
      "price",
    ]);
    const svc = await createService(tenant.id);
    expect((await patch(`/api/services/${svc.id}`, {}, { token: tenant.token })).status).toBe(400);
    expect((await patch(`/api/services/${svc.id}`, { tenantId: "x" }, { token: tenant.token })).status).toBe(400);
  });

  it("keeps bookings of a deleted service readable, and hides the service from the public catalog", async () => {
    const tenant = await createTenant();
    const svc = await createService(tenant.id);
    const staff = await createStaff(tenant.id);
    const booking = await createBookingRow(tenant.id, svc.id, staff.id, new Date(`${DAY}T14:00:00Z`), 30);
    await del(`/api/services/${svc.id}`, { token: tenant.token });
    expect((await get(`/api/public/${tenant.slug}/services`)).body.data).toEqual([]);
    const lookup = await get(`/api/public/booking/${booking.confirmationCode}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body.data.service_name).toBe(svc.name);
  });
});

describe("owner staff", () => {
  it("creates a staff member with hours, replaces hours, and soft-deletes", async () => {
    const tenant = await createTenant();
    const created = await post(
      "/api/staff",
      {
        displayName: "Rae",
        color: "#ff0066",
        workingHours: [
          { dayOfWeek: 2, start: "13:00", end: "17:00" },
          { dayOfWeek: 2, start: "09:00", end: "12:00" },
        ],
      },
      { token: tenant.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.data.workingHours).toEqual([
      { dayOfWeek: 2, start: "09:00", end: "12:00" },
      { dayOfWeek: 2, start: "13:00", end: "17:00" },
    ]);
    const id = created.body.data.id;
    const replaced = await put(`/api/staff/${id}/hours`, [{ dayOfWeek: 5, start: "10:00", end: "14:00" }], { token: tenant.token });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.workingHours).toEqual([{ dayOfWeek: 5, start: "10:00", end: "14:00" }]);
    const renamed = await patch(`/api/staff/${id}`, { displayName: "Rae L.", isBookable: false }, { token: tenant.token });
    expect(renamed.body.data).toMatchObject({
      displayName: "Rae L.",
      isBookable: false,
      workingHours: [{ dayOfWeek: 5, start: "10:00", end: "14:00" }],
    });
    expect((await del(`/api/staff/${id}`, { token: tenant.token })).body).toEqual({ data: { id } });
    expect((await get(`/api/staff/${id}`, { token: tenant.token })).status).toBe(404);
  });

  it("reports inverted and overlapping intervals per field", async () => {
    const tenant = await createTenant();
    const res = await post(
      "/api/staff",
      {
        displayName: "Kit",
        workingHours: [
          { dayOfWeek: 1, start: "09:00", end: "12:00" },
          { dayOfWeek: 1, start: "11:00", end: "13:00" },
          { dayOfWeek: 2, start: "15:00", end: "10:00" },
        ],
      },
      { token: tenant.token },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors).sort()).toEqual(["workingHours.1", "workingHours.2"]);
    const staff = await createStaff(tenant.id);
    const put400 = await put(`/api/staff/${staff.id}/hours`, [{ dayOfWeek: 3, start: "25:00", end: "26:00" }], { token: tenant.token });
    expect(put400.status).toBe(400);
    expect(Object.keys(put400.body.error.details.fieldErrors)).toEqual(["0"]);
  });

  it("time off removes availability and can be listed and deleted", async () => {
    const tenant = await createTenant();
    const svc = await createService(tenant.id, { durationMinutes: 60 });
    const staff = await createStaff(tenant.id);
    const slots = async () =>
      // The public is held to the booking horizon (design.md §16): ask as of a week before DAY.
      (
        await get(`/api/public/${tenant.slug}/availability?serviceId=${svc.id}&date=${DAY}&staffId=${staff.id}`, {
          now: "2031-03-04T12:00:00Z",
        })
      ).body.data.slots.map((s: { startTime: string }) => s.startTime);
    expect(await slots()).toContain(`${DAY}T10:00:00`);
    // 10:00-12:00 New York time (EDT, UTC-4) on that day.
    const added = await post(
      `/api/staff/${staff.id}/time-off`,
      { start: `${DAY}T14:00:00Z`, end: `${DAY}T16:00:00Z`, reason: "dentist" },
      { token: tenant.token },
    );
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ start: `${DAY}T14:00:00.000Z`, end: `${DAY}T16:00:00.000Z`, reason: "dentist" });
    const during = await slots();
    expect(during).not.toContain(`${DAY}T10:00:00`);
    expect(during).not.toContain(`${DAY}T11:00:00`);
    expect(during).toContain(`${DAY}T12:00:00`);
    expect((await get(`/api/staff/${staff.id}/time-off`, { token: tenant.token })).body.data).toHaveLength(1);
    expect((await del(`/api/staff/${staff.id}/time-off/${added.body.data.id}`, { token: tenant.token })).status).toBe(200);
    expect(await slots()).toContain(`${DAY}T10:00:00`);
    const inverted = await post(
      `/api/staff/${staff.id}/time-off`,
      { start: `${DAY}T16:00:00Z`, end: `${DAY}T14:00:00Z` },
      { token: tenant.token },
    );
    expect(inverted.status).toBe(400);
    expect(inverted.body.error.details.fieldErrors.end).toBeDefined();
  });
});

describe("owner catalog: roles and isolation", () => {
  it("lets staff read but refuses every write with 403 forbidden", async () => {
    const tenant = await createTenant();
    const member = await createMember(tenant.id, "staff");
    const svc = await createService(tenant.id);
    const staff = await createStaff(tenant.id);
    expect((await get("/api/services", { token: member.token })).status).toBe(200);
    expect((await get(`/api/staff/${staff.id}`, { token: member.token })).status).toBe(200);
    for (const res of [
      await post("/api/services", { name: "X", durationMinutes: 30 }, { token: member.token }),
      await patch(`/api/services/${svc.id}`, { price: 1 }, { token: member.token }),
      await del(`/api/services/${svc.id}`, { token: member.token }),
      await post("/api/staff", { displayName: "X" }, { token: member.token }),
      await put(`/api/staff/${staff.id}/hours`, [], { token: member.token }),
      await post(`/api/staff/${staff.id}/time-off`, { start: `${DAY}T14:00:00Z`, end: `${DAY}T15:00:00Z` }, { token: member.token }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
  });

  it("answers another tenant's service, staff and time-off ids with 404 and changes nothing", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const svc = await createService(a.id, { price: 4200 });
    const staff = await createStaff(a.id, { displayName: "Only A" });
    const off = await post(`/api/staff/${staff.id}/time-off`, { start: `${DAY}T14:00:00Z`, end: `${DAY}T15:00:00Z` }, { token: a.token });
    const responses = [
      await get(`/api/services/${svc.id}`, { token: b.token }),
      await patch(`/api/services/${svc.id}`, { price: 1 }, { token: b.token }),
      await del(`/api/services/${svc.id}`, { token: b.token }),
      await get(`/api/staff/${staff.id}`, { token: b.token }),
      await patch(`/api/staff/${staff.id}`, { displayName: "Stolen" }, { token: b.token }),
      await put(`/api/staff/${staff.id}/hours`, [], { token: b.token }),
      await del(`/api/staff/${staff.id}`, { token: b.token }),
      await get(`/api/staff/${staff.id}/time-off`, { token: b.token }),
      await post(`/api/staff/${staff.id}/time-off`, { start: `${DAY}T16:00:00Z`, end: `${DAY}T17:00:00Z` }, { token: b.token }),
      await del(`/api/staff/${staff.id}/time-off/${off.body.data.id}`, { token: b.token }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await get(`/api/services/${svc.id}`, { token: a.token })).body.data.price).toBe(4200);
    const staffA = (await get(`/api/staff/${staff.id}`, { token: a.token })).body.data;
    expect(staffA.displayName).toBe("Only A");
    expect(staffA.workingHours).toHaveLength(7);
    expect((await get(`/api/staff/${staff.id}/time-off`, { token: a.token })).body.data).toHaveLength(1);
  });
});

describe("owner catalog: round trips and more validation", () => {
  it("answers every write in one database round trip after the membership check", async () => {
    const tenant = await createTenant();
    const rt = async (fn: (dbTag: string) => Promise<{ status: number }>) => {
      const { result, dbRequests } = await countDbRequests(fn);
      expect(result.status).toBeLessThan(300);
      return dbRequests;
    };
    const hours = [
      { dayOfWeek: 1, start: "09:00", end: "12:00" },
      { dayOfWeek: 1, start: "13:00", end: "17:00" },
    ];
    let staffId = "";
    expect(
      await rt(async (dbTag) => {
        const res = await post("/api/staff", { displayName: "Ana", workingHours: hours }, { token: tenant.token, dbTag });
        staffId = res.body.data.id;
        expect(res.body.data.workingHours).toEqual(hours);
        return res;
      }),
    ).toBe(2);
    expect(
      await rt((dbTag) => patch(`/api/staff/${staffId}`, { title: "Senior", workingHours: [hours[0]] }, { token: tenant.token, dbTag })),
    ).toBe(2);
    expect(await rt((dbTag) => put(`/api/staff/${staffId}/hours`, hours, { token: tenant.token, dbTag }))).toBe(2);
    expect(await rt((dbTag) => get(`/api/staff/${staffId}`, { token: tenant.token, dbTag }))).toBe(2);
    expect(await rt((dbTag) => get(`/api/staff/${staffId}/time-off`, { token: tenant.token, dbTag }))).toBe(2);
    expect(await rt((dbTag) => get("/api/staff", { token: tenant.token, dbTag }))).toBe(2);
    let serviceId = "";
    expect(
      await rt(async (dbTag) => {
        const res = await post("/api/services", { name: "Wash", durationMinutes: 15 }, { token: tenant.token, dbTag });
        serviceId = res.body.data.id;
        return res;
      }),
    ).toBe(2);
    expect(await rt((dbTag) => patch(`/api/services/${serviceId}`, { price: 900 }, { token: tenant.token, dbTag }))).toBe(2);
    expect(await rt((dbTag) => del(`/api/services/${serviceId}`, { token: tenant.token, dbTag }))).toBe(2);
    const final = (await get(`/api/staff/${staffId}`, { token: tenant.token })).body.data;
    expect(final).toMatchObject({ displayName: "Ana", title: "Senior", workingHours: hours });
  });

  it("reports overlapping hours on a PATCH per field and keeps the old week", async () => {
    const tenant = await createTenant();
    const staff = await createStaff(tenant.id);
    const res = await patch(
      `/api/staff/${staff.id}`,
      {
        displayName: "Changed",
        workingHours: [
          { dayOfWeek: 4, start: "09:00", end: "17:00" },
          { dayOfWeek: 4, start: "10:00", end: "11:00" },
          { dayOfWeek: 4, start: "12:00", end: "13:00" },
          { dayOfWeek: 8, start: "12:00", end: "13:00" },
        ],
      },
      { token: tenant.token },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors).sort()).toEqual(["workingHours.1", "workingHours.2", "workingHours.3"]);
    const after = (await get(`/api/staff/${staff.id}`, { token: tenant.token })).body.data;
    expect(after.displayName).toBe(staff.displayName);
    expect(after.workingHours).toHaveLength(7);
  });

  it("refuses non-http image URLs and malformed colours", async () => {
    const tenant = await createTenant();
    const svc = await post("/api/services", { name: "X", durationMinutes: 30, imageUrl: "javascript:alert(1)" }, { token: tenant.token });
    expect(svc.status).toBe(400);
    expect(Object.keys(svc.body.error.details.fieldErrors)).toEqual(["imageUrl"]);
    const staff = await post(
      "/api/staff",
      { displayName: "X", avatarUrl: "data:image/png;base64,AAAA", color: "blue" },
      { token: tenant.token },
    );
    expect(staff.status).toBe(400);
    expect(Object.keys(staff.body.error.details.fieldErrors).sort()).toEqual(["avatarUrl", "color"]);
    const ok = await post(
      "/api/staff",
      { displayName: "Y", avatarUrl: "https://cdn.example.test/y.png", color: "#ABC" },
      { token: tenant.token },
    );
    expect(ok.body.data).toMatchObject({ avatarUrl: "https://cdn.example.test/y.png", color: "#abc" });
  });

  it("a deleted staff member leaves the public staff list and cannot be booked, by the public or the owner", async () => {
    const tenant = await createTenant();
    const svc = await createService(tenant.id, { durationMinutes: 60 });
    const staff = await createStaff(tenant.id);
    const keep = await createStaff(tenant.id);
    await del(`/api/staff/${staff.id}`, { token: tenant.token });
    const listed = (await get(`/api/public/${tenant.slug}/staff`)).body.data.map((s: { id: string }) => s.id);
    expect(listed).toEqual([keep.id]);
    expect((await get("/api/staff", { token: tenant.token })).body.data.map((s: { id: string }) => s.id)).toEqual([keep.id]);
    const body = {
      serviceId: svc.id,
      staffProfileId: staff.id,
      startDatetime: `${DAY}T10:00:00`,
      customer: { firstName: "A", email: "a@example.test" },
    };
    expect((await post("/api/bookings", body, { token: tenant.token })).status).toBe(404);
    expect((await post(`/api/public/${tenant.slug}/bookings`, body)).status).toBe(404);
    expect((await del(`/api/staff/${staff.id}`, { token: tenant.token })).status).toBe(404);
  });
});
