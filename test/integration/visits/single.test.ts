import { describe, expect, it } from "vitest";
import { countDbRequests, post } from "../../helpers/api";
import { createService, createStaff } from "../../helpers/factories";
import { DAY, heldResources, NOW, salon, spaRooms } from "./_setup";

// design.md §26 on the one-service write path (issue #42's prepared reads): a booking of a service
// that needs a room holds the first free one by name, a move picks again at its new time and lets
// the old one go, and a processing window lets another booking in, all in the same round trips.

const customer = (name: string) => ({ firstName: name, email: `${name.toLowerCase()}@example.test` });

describe("one service with a room or a processing window", () => {
  it("create holds the first free room by name (one read, one write), refuses when no room is free, and a move takes a room at the new time", async () => {
    const { tenant, kim, lee } = await salon();
    const max = await createStaff(tenant.id, { displayName: "Max", orderIndex: 3 });
    const rooms = await spaRooms(tenant.id);
    const massage = await createService(tenant.id, { name: "Massage", durationMinutes: 60, price: 5000, resourceTypes: ["room"] });
    const book = (staffProfileId: string, start: string, name: string) =>
      post(
        "/api/bookings",
        { serviceId: massage.id, staffProfileId, startDatetime: `${DAY}T${start}:00`, customer: customer(name) },
        { token: tenant.token, now: NOW },
      );

    const { result: first, dbRequests } = await countDbRequests((dbTag) =>
      post(
        "/api/bookings",
        { serviceId: massage.id, staffProfileId: kim.id, startDatetime: `${DAY}T09:00:00`, customer: customer("Ana") },
        { token: tenant.token, now: NOW, dbTag },
      ),
    );
    expect(first.status).toBe(201);
    // The create's one read (the token's member check rides in it) and one write, as for any service.
    expect(dbRequests).toBe(2);
    expect(first.body.data.resourceIds).toEqual([rooms[0].id]);
    const second = await book(lee.id, "09:00", "Ben");
    expect(second.status).toBe(201);
    expect(second.body.data.resourceIds).toEqual([rooms[1].id]);
    // Both rooms are taken at 09:30: a free third staff member's booking then is refused.
    const third = await book(max.id, "09:30", "Cas");
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe("slot_taken");

    // Ana's massage moves to 11:00: Room A is free then, and Room A is let go at 09:00.
    const moved = await post(
      `/api/bookings/${first.body.data.id}/reschedule`,
      { newStartDatetime: `${DAY}T11:00:00` },
      { token: tenant.token, now: NOW },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data.startDatetime).toBe("2031-03-10T15:00:00.000Z");
    expect(moved.body.data.resourceIds).toEqual([rooms[0].id]);
    const held = await heldResources(first.body.data.id);
    expect(held.map((h) => [h.resourceId, h.startAt])).toEqual([[rooms[0].id, Date.parse("2031-03-10T15:00:00Z")]]);
    // Room A is free at 09:30 again, so Kim can take another massage there.
    const again = await book(kim.id, "09:30", "Dee");
    expect(again.status).toBe(201);
    expect(again.body.data.resourceIds).toEqual([rooms[0].id]);

    // Ben's massage moves to 11:00 too: Room B is free then.
    const benMoved = await post(
      `/api/bookings/${second.body.data.id}/reschedule`,
      { newStartDatetime: `${DAY}T11:00:00` },
      { token: tenant.token, now: NOW },
    );
    expect(benMoved.status).toBe(200);
    expect(benMoved.body.data.resourceIds).toEqual([rooms[1].id]);
    // Now both rooms are held at 11:00: a move of Dee's massage there, to free Max, is refused and changes nothing.
    const refused = await post(
      `/api/bookings/${again.body.data.id}/reschedule`,
      { newStartDatetime: `${DAY}T11:00:00`, staffProfileId: max.id },
      { token: tenant.token, now: NOW },
    );
    expect(refused.status).toBe(409);
    expect((await heldResources(again.body.data.id)).map((h) => h.startAt)).toEqual([Date.parse("2031-03-10T13:30:00Z")]);
  });

  it("a colour's processing window lets a cut in with the same stylist, on create and on a move", async () => {
    const { tenant, kim, cut, colour } = await salon();
    const book = (serviceId: string, start: string, name: string) =>
      post(
        `/api/public/${tenant.slug}/bookings`,
        { serviceId, staffProfileId: kim.id, startDatetime: `${DAY}T${start}:00`, customer: customer(name) },
        { now: NOW },
      );
    // Colour 09:00-10:30, developing 09:30-10:10: Kim is free for a 30-minute cut at 09:30.
    expect((await book(colour.id, "09:00", "Eva")).status).toBe(201);
    const inside = await book(cut.id, "09:30", "Fay");
    expect(inside.status).toBe(201);
    // 10:00 would run into the colour's rinse (10:10-10:30).
    expect((await book(cut.id, "10:00", "Gus")).status).toBe(409);

    // A cut at 11:00 cannot move into the window while Fay's cut is there; once that is cancelled, it can.
    const later = await book(cut.id, "11:00", "Hal");
    expect(later.status).toBe(201);
    const blocked = await post(
      `/api/public/booking/${later.body.data.confirmationCode}/reschedule`,
      { newStartDatetime: `${DAY}T09:30:00` },
      { now: NOW },
    );
    expect(blocked.status).toBe(409);
    expect((await post(`/api/public/booking/${inside.body.data.confirmationCode}/cancel`, {}, { now: NOW })).status).toBe(200);
    const moved = await post(
      `/api/public/booking/${later.body.data.confirmationCode}/reschedule`,
      { newStartDatetime: `${DAY}T09:30:00` },
      { now: NOW },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data.start_datetime).toBe(`${DAY}T09:30:00`);
  });
});
