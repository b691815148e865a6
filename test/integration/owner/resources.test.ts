import { newApiKey } from "../../helpers/api-keys";
import { describe, expect, it } from "vitest";
import { del, get, patch, post } from "../../helpers/api";
import { createMember, createService, createTenant } from "../../helpers/factories";

// design.md §26: /api/resources (rooms, chairs, basins) and their time off, like §7's owner groups:
// owner token or API key by its scope, owners and admins write, staff read, another business's ids 404.
// And the services' processing time and resource types.

describe("/api/resources", () => {
  it("owners create, list by type then name, change and remove resources; bad fields are 400 and change nothing", async () => {
    const t = await createTenant();
    const b = await post("/api/resources", { name: "Room B", type: "Room" }, { token: t.token });
    expect(b.status).toBe(201);
    expect(b.body.data).toMatchObject({ name: "Room B", type: "room", isActive: true });
    const a = await post("/api/resources", { name: "Room A", type: "room" }, { token: t.token });
    const chair = await post("/api/resources", { name: "Chair 1", type: "chair", isActive: false }, { token: t.token });
    expect(chair.body.data.isActive).toBe(false);

    const list = await get("/api/resources", { token: t.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(["Chair 1", "Room A", "Room B"]);

    for (const bad of [{ name: "", type: "room" }, { name: "X", type: "room!" }, { name: "X" }, { name: "X", type: "room", extra: 1 }]) {
      const res = await post("/api/resources", bad, { token: t.token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
    expect((await patch(`/api/resources/${a.body.data.id}`, {}, { token: t.token })).status).toBe(400);

    const renamed = await patch(`/api/resources/${a.body.data.id}`, { name: "Room A1", isActive: false }, { token: t.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: a.body.data.id, name: "Room A1", type: "room", isActive: false });
    expect((await get(`/api/resources/${a.body.data.id}`, { token: t.token })).body.data.name).toBe("Room A1");

    expect((await del(`/api/resources/${b.body.data.id}`, { token: t.token })).status).toBe(200);
    expect((await get(`/api/resources/${b.body.data.id}`, { token: t.token })).status).toBe(404);
    expect((await get("/api/resources", { token: t.token })).body.data).toHaveLength(2);
  });

  it("time off: added between two instants, listed earliest first, removed; an end before the start is 400", async () => {
    const t = await createTenant();
    const room = (await post("/api/resources", { name: "Room", type: "room" }, { token: t.token })).body.data;
    const late = await post(
      `/api/resources/${room.id}/time-off`,
      { start: "2031-03-12T14:00:00Z", end: "2031-03-12T16:00:00Z", reason: "Paint" },
      { token: t.token },
    );
    expect(late.status).toBe(201);
    expect(late.body.data).toMatchObject({ start: "2031-03-12T14:00:00.000Z", end: "2031-03-12T16:00:00.000Z", reason: "Paint" });
    const early = await post(
      `/api/resources/${room.id}/time-off`,
      { start: "2031-03-11T14:00:00Z", end: "2031-03-11T15:00:00Z" },
      { token: t.token },
    );
    expect(early.status).toBe(201);
    const backwards = await post(
      `/api/resources/${room.id}/time-off`,
      { start: "2031-03-11T15:00:00Z", end: "2031-03-11T14:00:00Z" },
      { token: t.token },
    );
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.error.details.fieldErrors)).toEqual(["end"]);

    const offs = await get(`/api/resources/${room.id}/time-off`, { token: t.token });
    expect(offs.body.data.map((o: { id: string }) => o.id)).toEqual([early.body.data.id, late.body.data.id]);
    expect((await del(`/api/resources/${room.id}/time-off/${early.body.data.id}`, { token: t.token })).status).toBe(200);
    expect((await get(`/api/resources/${room.id}/time-off`, { token: t.token })).body.data).toHaveLength(1);
    expect((await del(`/api/resources/${room.id}/time-off/${early.body.data.id}`, { token: t.token })).status).toBe(404);
  });

  it("staff and read keys read, only owners, admins and write keys write; another business's ids are 404", async () => {
    const t = await createTenant();
    const room = (await post("/api/resources", { name: "Room", type: "room" }, { token: t.token })).body.data;
    const staff = await createMember(t.id, "staff");
    const admin = await createMember(t.id, "admin");
    expect((await get("/api/resources", { token: staff.token })).status).toBe(200);
    expect((await get(`/api/resources/${room.id}/time-off`, { token: staff.token })).status).toBe(200);
    const refused = await post("/api/resources", { name: "Chair", type: "chair" }, { token: staff.token });
    expect(refused.status).toBe(403);
    expect((await patch(`/api/resources/${room.id}`, { name: "Mine" }, { token: staff.token })).status).toBe(403);
    expect((await post("/api/resources", { name: "Chair", type: "chair" }, { token: admin.token })).status).toBe(201);

    const readKey = (await newApiKey(t.token, "read")).key;
    const writeKey = (await newApiKey(t.token, "write")).key;
    expect((await get("/api/resources", { token: readKey })).body.data).toHaveLength(2);
    expect((await post("/api/resources", { name: "Basin", type: "basin" }, { token: readKey })).status).toBe(403);
    expect((await post("/api/resources", { name: "Basin", type: "basin" }, { token: writeKey })).status).toBe(201);

    const other = await createTenant();
    expect((await get(`/api/resources/${room.id}`, { token: other.token })).status).toBe(404);
    expect((await patch(`/api/resources/${room.id}`, { name: "Taken" }, { token: other.token })).status).toBe(404);
    expect((await del(`/api/resources/${room.id}`, { token: other.token })).status).toBe(404);
    expect((await get(`/api/resources/${room.id}/time-off`, { token: other.token })).status).toBe(404);
    const foreignOff = await post(
      `/api/resources/${room.id}/time-off`,
      { start: "2031-03-11T14:00:00Z", end: "2031-03-11T15:00:00Z" },
      { token: other.token },
    );
    expect(foreignOff.status).toBe(404);
    expect((await get(`/api/resources/${room.id}`, { token: t.token })).body.data.name).toBe("Room");
    expect((await get("/api/resources")).status).toBe(401);
  });
});

describe("services: processing time and resource types (design.md §26)", () => {
  it("takes a processing window inside the duration and up to 3 resource types; anything else is 400", async () => {
    const t = await createTenant();
    const made = await post(
      "/api/services",
      { name: "Colour", durationMinutes: 90, processingOffsetMinutes: 30, processingMinutes: 40, resourceTypes: ["Basin"] },
      { token: t.token },
    );
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ processingOffsetMinutes: 30, processingMinutes: 40, resourceTypes: ["basin"] });
    const plain = await createService(t.id, { durationMinutes: 30 });
    const read = await get(`/api/services/${plain.id}`, { token: t.token });
    expect(read.body.data).toMatchObject({ processingOffsetMinutes: null, processingMinutes: null, resourceTypes: [] });

    const bad: Record<string, unknown>[] = [
      { processingMinutes: null }, // the offset without a length
      { processingOffsetMinutes: 30, processingMinutes: 60 }, // ends with the service
      { processingOffsetMinutes: 0, processingMinutes: 40 },
      { processingOffsetMinutes: 32, processingMinutes: 40 },
      { resourceTypes: ["room", "chair", "basin", "bed"] },
      { resourceTypes: ["room", "room"] },
    ];
    for (const body of bad) {
      const res = await patch(`/api/services/${made.body.data.id}`, body, { token: t.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unchanged = await get(`/api/services/${made.body.data.id}`, { token: t.token });
    expect(unchanged.body.data).toMatchObject({ processingOffsetMinutes: 30, processingMinutes: 40, resourceTypes: ["basin"] });

    const cleared = await patch(
      `/api/services/${made.body.data.id}`,
      { processingOffsetMinutes: null, processingMinutes: null, resourceTypes: [] },
      { token: t.token },
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ processingOffsetMinutes: null, processingMinutes: null, resourceTypes: [] });
  });
});
