import { describe, expect, it } from "vitest";
import { countDbRequests, get, patch, post } from "../../helpers/api";
import {
  ALL_WEEK_9_TO_5,
  createBookingRow,
  createMember,
  createService,
  createStaff,
  createTenant,
  ownerToken,
} from "../../helpers/factories";
import { outboxMails } from "../../helpers/mail";
import { activeBookingsOf, deliveriesFor, webhookEndpoint } from "../../helpers/booking";
import { DAY, itemsBy, itemsOfVisit, NOW, salon, spaRooms, visitBody } from "./_setup";

// design.md §26: the owner API over visits: create with items, each item listed as a booking with its
// visitId, and status changes, cancels and moves of any item acting on the whole visit.

async function ownerVisit() {
  const s = await salon();
  await webhookEndpoint(s.tenant.id);
  const rooms = await spaRooms(s.tenant.id);
  const massage = await createService(s.tenant.id, { name: "Massage", durationMinutes: 60, resourceTypes: ["room"] });
  const body = visitBody(
    [
      { serviceId: s.colour.id, staffProfileId: s.kim.id },
      { serviceId: massage.id, staffProfileId: s.lee.id },
    ],
    `${DAY}T09:00:00`,
    { source: "phone" },
  );
  const res = await post("/api/bookings", body, { token: s.tenant.token, now: NOW });
  expect(res.status).toBe(201);
  return { ...s, rooms, massage, email: body.customer.email, visit: res.body.data };
}

describe("owner visits", () => {
  it("the front desk books several services as one visit; each item shows its staff member, processing window and room", async () => {
    const { tenant, kim, lee, colour, massage, rooms, visit } = await ownerVisit();
    expect(visit).toMatchObject({
      confirmationCode: expect.stringMatching(/^BK-[A-Z0-9]+$/),
      status: "confirmed",
      startDatetime: "2031-03-10T13:00:00.000Z",
      endDatetime: "2031-03-10T15:30:00.000Z",
      totalAmount: 8000 + massage.price,
    });
    expect(visit.id).toMatch(/^vis_/);
    expect(visit.items).toHaveLength(2);
    expect(visit.items[0]).toMatchObject({
      serviceId: colour.id,
      staffId: kim.id,
      visitId: visit.id,
      confirmationCode: visit.confirmationCode,
      source: "phone",
      startDatetime: "2031-03-10T13:00:00.000Z",
      endDatetime: "2031-03-10T14:30:00.000Z",
      processing: { startDatetime: "2031-03-10T13:30:00.000Z", endDatetime: "2031-03-10T14:10:00.000Z" },
    });
    // Fields that carry nothing are left out (a booking without processing or resources answers as before visits).
    expect(visit.items[0].resourceIds).toBeUndefined();
    expect(visit.items[1]).toMatchObject({
      serviceId: massage.id,
      staffId: lee.id,
      visitId: visit.id,
      resourceIds: [rooms[0].id],
    });
    expect("processing" in visit.items[1]).toBe(false);

    // The list shows the same items, with the visit's code; a single booking has no visit.
    const single = await post(
      "/api/bookings",
      {
        serviceId: colour.id,
        staffProfileId: lee.id,
        startDatetime: `${DAY}T09:00:00`,
        customer: { firstName: "Solo", email: "solo@example.test" },
      },
      { token: tenant.token, now: NOW },
    );
    expect(single.status).toBe(201);
    expect(single.body.data).toMatchObject({ processing: { startDatetime: "2031-03-10T13:30:00.000Z" } });
    expect("visitId" in single.body.data || "resourceIds" in single.body.data).toBe(false);
    const list = await get(`/api/bookings?from=2031-03-10T00:00:00Z&to=2031-03-11T00:00:00Z`, { token: tenant.token, now: NOW });
    expect(list.status).toBe(200);
    const listed = Object.fromEntries(list.body.data.map((b: any) => [b.id, b]));
    expect(listed[visit.items[1].id]).toEqual(visit.items[1]);
    expect(listed[visit.items[0].id]).toEqual(visit.items[0]);
    expect(listed[single.body.data.id]).toEqual(single.body.data);
  });

  it("refuses a visit whose items cannot all be booked, and writes nothing", async () => {
    const { tenant, kim, lee, cut, massage, rooms } = await ownerVisit();
    // Room A is held 10:30-11:30 by the first visit; Kim's massage takes Room B 11:00-12:00.
    const other = await post("/api/bookings", visitBody(itemsBy(kim.id, cut.id, massage.id), `${DAY}T10:30:00`), {
      token: tenant.token,
      now: NOW,
    });
    expect(other.status).toBe(201);
    expect(other.body.data.items[1].resourceIds).toEqual([rooms[1].id]);
    // Ana is free, but no room is for a massage at 11:00: the whole visit is refused, her cut too.
    const ana = await createStaff(tenant.id, { displayName: "Ana" }, ALL_WEEK_9_TO_5);
    const third = await post("/api/bookings", visitBody(itemsBy(ana.id, cut.id, massage.id), `${DAY}T10:30:00`), {
      token: tenant.token,
      now: NOW,
    });
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe("slot_taken");
    expect(await activeBookingsOf(ana.id)).toHaveLength(0);
    const bad = await post(
      "/api/bookings",
      { ...visitBody([{ serviceId: cut.id, staffProfileId: lee.id }], `${DAY}T10:30:00`) },
      { token: tenant.token, now: NOW },
    );
    expect(bad.status).toBe(400);
  });

  it("a status change of any item changes the whole visit; no_show waits for the first start; one webhook", async () => {
    const { tenant, visit } = await ownerVisit();
    const early = await patch(`/api/bookings/${visit.items[1].id}/status`, { status: "no_show" }, { token: tenant.token, now: NOW });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("invalid_transition");
    expect((await itemsOfVisit(visit.id)).map((r) => r.status)).toEqual(["confirmed", "confirmed"]);

    // 09:45 local: the colour has started, the massage has not; the whole visit is a no-show.
    const at = "2031-03-10T13:45:00Z";
    const token = await ownerToken(tenant.ownerId, tenant.id, "owner", new Date(at));
    const late = await patch(`/api/bookings/${visit.items[1].id}/status`, { status: "no_show" }, { token, now: at });
    expect(late.status).toBe(200);
    expect(late.body.data).toMatchObject({ id: visit.items[1].id, status: "no_show", visitId: visit.id });
    expect((await itemsOfVisit(visit.id)).map((r) => r.status)).toEqual(["no_show", "no_show"]);
    const hooks = (await deliveriesFor(tenant.id)).filter((d) => d.eventType === "booking.status_changed");
    expect(hooks).toHaveLength(1);
  });

  it("moving a visit's item costs the owner as many libSQL round trips as moving a single booking", async () => {
    const { tenant, kim, cut, visit } = await ownerVisit();
    const single = await createBookingRow(tenant.id, cut.id, kim.id, new Date("2031-03-11T14:00:00Z"), 30);
    const moveOf = (id: string, to: string) =>
      countDbRequests((dbTag) =>
        post(`/api/bookings/${id}/reschedule`, { newStartDatetime: to }, { token: tenant.token, now: NOW, dbTag }),
      );
    const one = await moveOf(single.id, "2031-03-11T11:00:00");
    const whole = await moveOf(visit.items[1].id, `${DAY}T10:00:00`);
    expect([one.result.status, whole.result.status]).toEqual([200, 200]);
    expect(whole.dbRequests).toBe(one.dbRequests);
  });

  it("cancelling or moving any item acts on the whole visit; staff read it, other businesses get 404", async () => {
    const { tenant, kim, lee, visit, email } = await ownerVisit();
    const moved = await post(
      `/api/bookings/${visit.items[1].id}/reschedule`,
      { newStartDatetime: `${DAY}T10:00:00` },
      { token: tenant.token, now: NOW },
    );
    expect(moved.status).toBe(200);
    expect((await itemsOfVisit(visit.id)).map((r) => [r.staffId, r.startAt])).toEqual([
      [kim.id, Date.parse("2031-03-10T14:00:00Z")],
      [lee.id, Date.parse("2031-03-10T15:30:00Z")],
    ]);

    const staff = await createMember(tenant.id, "staff");
    const staffToken = await ownerToken(staff.userId, tenant.id, "staff", new Date(NOW));
    const seen = await get(`/api/bookings/${visit.items[0].id}`, { token: staffToken, now: NOW });
    expect(seen.status).toBe(200);
    expect(seen.body.data.visitId).toBe(visit.id);
    const stranger = await createTenant();
    const strangerToken = await ownerToken(stranger.ownerId, stranger.id, "owner", new Date(NOW));
    expect((await post(`/api/bookings/${visit.items[0].id}/cancel`, {}, { token: strangerToken, now: NOW })).status).toBe(404);

    const cancelled = await post(`/api/bookings/${visit.items[0].id}/cancel`, { reason: "Ill" }, { token: tenant.token, now: NOW });
    expect(cancelled.status).toBe(200);
    expect((await itemsOfVisit(visit.id)).map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    expect((await outboxMails(email)).filter((m) => m.kind === "booking.cancelled")).toHaveLength(1);
  });
});
