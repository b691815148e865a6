import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { countDbRequests, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createResource, createService, ownerToken } from "../../helpers/factories";
import { DAY, NOW, salon, spaRooms, visitBody } from "./_setup";

// design.md §26 in the owner app's page views (§15: one call per page, one batch behind it): the
// calendar's blocks carry the visit, the processing window and the resources held, and list the
// resources for the resources view; /app/resources reads its own view.

const ms = (iso: string) => new Date(iso).getTime();

describe("the calendar view with a visit", () => {
  it("shows each item with its visit and the visit's code, the processing window and the room it holds, and the resources", async () => {
    const s = await salon();
    const rooms = await spaRooms(s.tenant.id);
    const offId = newId("rto");
    await testDb()
      .insert(schema.resourceTimeOff)
      .values({
        id: offId,
        tenantId: s.tenant.id,
        resourceId: rooms[1].id,
        startAt: ms("2031-03-10T16:00:00Z"),
        endAt: ms("2031-03-10T18:00:00Z"),
        reason: "Repainting",
        createdAt: NOW,
      });
    const massage = await createService(s.tenant.id, { name: "Massage", durationMinutes: 60, resourceTypes: ["room"] });
    const made = await post(
      "/api/bookings",
      visitBody(
        [
          { serviceId: s.colour.id, staffProfileId: s.kim.id },
          { serviceId: massage.id, staffProfileId: s.lee.id },
        ],
        `${DAY}T09:00:00`,
      ),
      { token: s.tenant.token, now: NOW },
    );
    expect(made.status).toBe(201);
    const visit = made.body.data;

    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      get(`/api/businesses/me/views/calendar?date=${DAY}`, { token: s.tenant.token, now: NOW, dbTag }),
    );
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(2);
    const d = res.body.data;
    expect(d.bookings).toHaveLength(2);
    expect(d.bookings[0]).toMatchObject({
      id: visit.items[0].id,
      staffId: s.kim.id,
      visitId: visit.id,
      confirmationCode: visit.confirmationCode,
      processing: { startDatetime: "2031-03-10T13:30:00.000Z", endDatetime: "2031-03-10T14:10:00.000Z" },
    });
    expect("resourceIds" in d.bookings[0]).toBe(false);
    // The second item stores `<code>-2` only to keep codes unique: the view shows the visit's code.
    expect(d.bookings[1]).toMatchObject({
      id: visit.items[1].id,
      staffId: s.lee.id,
      visitId: visit.id,
      confirmationCode: visit.confirmationCode,
      resourceIds: [rooms[0].id],
    });
    expect("processing" in d.bookings[1]).toBe(false);
    expect(d.resources).toEqual(rooms.map((r) => ({ id: r.id, name: r.name, type: "room", isActive: true })));
    expect(d.resourceTimeOff).toEqual([
      { id: offId, resourceId: rooms[1].id, start: "2031-03-10T16:00:00.000Z", end: "2031-03-10T18:00:00.000Z", reason: "Repainting" },
    ]);

    // A staff member sees the same blocks without the code (design.md §31).
    const member = await createMember(s.tenant.id, "staff");
    const staffToken = await ownerToken(member.userId, s.tenant.id, "staff", new Date(NOW));
    const staffSees = await get(`/api/businesses/me/views/calendar?date=${DAY}`, { token: staffToken, now: NOW });
    expect(
      staffSees.body.data.bookings.map((b: { confirmationCode: string | null; visitId: string }) => [b.confirmationCode, b.visitId]),
    ).toEqual([
      [null, visit.id],
      [null, visit.id],
    ]);
  });
});

describe("GET /api/businesses/me/views/resources", () => {
  it("lists the resources by type then name with their time off not over yet, to every role, in one batch", async () => {
    const s = await salon();
    const basin = await createResource(s.tenant.id, { name: "Basin 1", type: "basin", isActive: false });
    const [roomA, roomB] = await spaRooms(s.tenant.id);
    await createResource(s.tenant.id, { name: "Gone", type: "room", deletedAt: NOW });
    const past = newId("rto");
    const coming = newId("rto");
    await testDb()
      .insert(schema.resourceTimeOff)
      .values([
        {
          id: past,
          tenantId: s.tenant.id,
          resourceId: roomA.id,
          startAt: ms("2031-03-01T00:00:00Z"),
          endAt: ms("2031-03-02T00:00:00Z"),
          createdAt: NOW,
        },
        {
          id: coming,
          tenantId: s.tenant.id,
          resourceId: roomA.id,
          startAt: ms("2031-03-20T00:00:00Z"),
          endAt: ms("2031-03-21T00:00:00Z"),
          reason: "Deep clean",
          createdAt: NOW,
        },
      ]);
    // Another business's resources never show.
    const other = await salon();
    await spaRooms(other.tenant.id, ["Elsewhere"]);

    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      get("/api/businesses/me/views/resources", { token: s.tenant.token, now: NOW, dbTag }),
    );
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(2);
    expect(res.body.data.business.id).toBe(s.tenant.id);
    expect(res.body.data.resources).toEqual([
      { id: basin.id, name: "Basin 1", type: "basin", isActive: false },
      { id: roomA.id, name: roomA.name, type: "room", isActive: true },
      { id: roomB.id, name: roomB.name, type: "room", isActive: true },
    ]);
    expect(res.body.data.timeOff).toEqual([
      { id: coming, resourceId: roomA.id, start: "2031-03-20T00:00:00.000Z", end: "2031-03-21T00:00:00.000Z", reason: "Deep clean" },
    ]);

    const member = await createMember(s.tenant.id, "staff");
    const staffSees = await get("/api/businesses/me/views/resources", {
      token: await ownerToken(member.userId, s.tenant.id, "staff", new Date(NOW)),
      now: NOW,
    });
    expect(staffSees.status).toBe(200);
    expect(staffSees.body.data.viewer).toMatchObject({ role: "staff", readOnly: false });
    expect(staffSees.body.data.resources).toHaveLength(3);
    expect((await get("/api/businesses/me/views/resources", { now: NOW })).status).toBe(401);
  });
});
