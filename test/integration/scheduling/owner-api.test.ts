import { describe, expect, it } from "vitest";
import { del, get, patch, post, put } from "../../helpers/api";
import { createMember, createService, createStaff, createTenant } from "../../helpers/factories";

// The owner API of design.md §16: service buffers and staff, the business's booking rules and
// notice settings, staff date overrides and business closures.

const fieldErrors = (res: { body: any }) => res.body.error.details.fieldErrors;

describe("services: bufferBeforeMinutes, bufferAfterMinutes, staffIds", () => {
  it("accepts and returns them; defaults are 0, 0 and null (everybody)", async () => {
    const tenant = await createTenant();
    const kim = await createStaff(tenant.id, { displayName: "Kim" });
    const lee = await createStaff(tenant.id, { displayName: "Lee" });
    const plain = await post("/api/services", { name: "Cut", durationMinutes: 30 }, { token: tenant.token });
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({ bufferBeforeMinutes: 0, bufferAfterMinutes: 0, staffIds: null });

    const colour = await post(
      "/api/services",
      { name: "Colour", durationMinutes: 90, bufferBeforeMinutes: 10, bufferAfterMinutes: 240, staffIds: [lee.id, kim.id] },
      { token: tenant.token },
    );
    expect(colour.status).toBe(201);
    expect(colour.body.data).toMatchObject({ bufferBeforeMinutes: 10, bufferAfterMinutes: 240, staffIds: [lee.id, kim.id] });
    const id = colour.body.data.id;
    const narrowed = await patch(`/api/services/${id}`, { staffIds: [kim.id], bufferAfterMinutes: 15 }, { token: tenant.token });
    expect(narrowed.status).toBe(200);
    expect((await get(`/api/services/${id}`, { token: tenant.token })).body.data).toMatchObject({
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 15,
      staffIds: [kim.id],
    });
    expect((await patch(`/api/services/${id}`, { staffIds: [] }, { token: tenant.token })).body.data.staffIds).toEqual([]);
    expect((await patch(`/api/services/${id}`, { staffIds: null }, { token: tenant.token })).body.data.staffIds).toBeNull();
    const listed = (await get("/api/services", { token: tenant.token })).body.data.find((s: { id: string }) => s.id === id);
    expect(listed).toMatchObject({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15, staffIds: null });
  });

  it("names the field of every bad value: buffers off the 5-minute grid or out of range", async () => {
    const tenant = await createTenant();
    const res = await post(
      "/api/services",
      { name: "Cut", durationMinutes: 30, bufferBeforeMinutes: 7, bufferAfterMinutes: 245 },
      { token: tenant.token },
    );
    expect(res.status).toBe(400);
    expect(fieldErrors(res).bufferBeforeMinutes).toEqual(["Use a multiple of 5 minutes"]);
    expect(fieldErrors(res).bufferAfterMinutes).toEqual(["At most 240 minutes"]);
    const negative = await post("/api/services", { name: "Cut", durationMinutes: 30, bufferBeforeMinutes: -5 }, { token: tenant.token });
    expect(fieldErrors(negative).bufferBeforeMinutes).toEqual(["At least 0 minutes"]);
    expect((await get("/api/services", { token: tenant.token })).body.data).toEqual([]);
  });

  it("refuses a staff id of another business, an unknown or deleted one, or one listed twice, naming its index", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const kim = await createStaff(tenant.id);
    const gone = await createStaff(tenant.id, { deletedAt: new Date().toISOString() });
    const foreign = await createStaff(other.id);
    const res = await post(
      "/api/services",
      { name: "Cut", durationMinutes: 30, staffIds: [kim.id, foreign.id, "stf_nope", gone.id, kim.id] },
      { token: tenant.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(fieldErrors(res)).toEqual({
      "staffIds.1": ["No staff member of this business has this id"],
      "staffIds.2": ["No staff member of this business has this id"],
      "staffIds.3": ["No staff member of this business has this id"],
      "staffIds.4": ["This staff member is listed twice"],
    });
    expect((await get("/api/services", { token: tenant.token })).body.data).toEqual([]);
    const service = await createService(tenant.id);
    const patched = await patch(`/api/services/${service.id}`, { staffIds: [foreign.id] }, { token: tenant.token });
    expect(patched.status).toBe(400);
    expect(Object.keys(fieldErrors(patched))).toEqual(["staffIds.0"]);
    expect((await get(`/api/services/${service.id}`, { token: tenant.token })).body.data.staffIds).toBeNull();
    const notAList = await patch(`/api/services/${service.id}`, { staffIds: kim.id }, { token: tenant.token });
    expect(Object.keys(fieldErrors(notAList))).toEqual(["staffIds"]);
  });

  it("deleting a staff member takes them off every service that lists them", async () => {
    const tenant = await createTenant();
    const kim = await createStaff(tenant.id);
    const lee = await createStaff(tenant.id);
    const both = await createService(tenant.id, { staffIds: [kim.id, lee.id] });
    const kimOnly = await createService(tenant.id, { staffIds: [kim.id] });
    const everybody = await createService(tenant.id);
    expect((await del(`/api/staff/${kim.id}`, { token: tenant.token })).status).toBe(200);
    const byId = new Map((await get("/api/services", { token: tenant.token })).body.data.map((s: any) => [s.id, s.staffIds]));
    expect(byId.get(both.id)).toEqual([lee.id]);
    expect(byId.get(kimOnly.id)).toEqual([]);
    expect(byId.get(everybody.id)).toBeNull();
  });
});

describe("business settings: minNoticeMinutes, maxAdvanceDays, reminderHours, notificationEmail", () => {
  it("returns the defaults and accepts changes, reminders earliest first", async () => {
    const tenant = await createTenant();
    const before = await get("/api/businesses/me", { token: tenant.token });
    expect(before.body.data).toMatchObject({ minNoticeMinutes: 0, maxAdvanceDays: 365, reminderHours: [24], notificationEmail: "" });
    const res = await patch(
      "/api/businesses/me",
      { minNoticeMinutes: 120, maxAdvanceDays: 730, reminderHours: [2, 48, 24], notificationEmail: "Desk@Salon.Example" },
      { token: tenant.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      minNoticeMinutes: 120,
      maxAdvanceDays: 730,
      reminderHours: [48, 24, 2],
      notificationEmail: "desk@salon.example",
    });
    const cleared = await patch("/api/businesses/me", { reminderHours: [], notificationEmail: "" }, { token: tenant.token });
    expect(cleared.body.data).toMatchObject({ reminderHours: [], notificationEmail: "" });
    expect((await get("/api/businesses/me", { token: tenant.token })).body.data).toMatchObject({
      minNoticeMinutes: 120,
      reminderHours: [],
    });
  });

  it("names each bad value and changes nothing", async () => {
    const tenant = await createTenant();
    const res = await patch(
      "/api/businesses/me",
      { minNoticeMinutes: 43201, maxAdvanceDays: 0, reminderHours: [24, 0, 24], notificationEmail: "not-an-email" },
      { token: tenant.token },
    );
    expect(res.status).toBe(400);
    const errors = fieldErrors(res);
    expect(errors.minNoticeMinutes).toEqual(["At most 43200 minutes (30 days)"]);
    expect(errors.maxAdvanceDays).toEqual(["At least 1 day"]);
    expect(errors["reminderHours.1"]).toEqual(["At least 1 hour"]);
    expect(errors.notificationEmail).toBeDefined();
    const dup = await patch("/api/businesses/me", { reminderHours: [24, 2, 24] }, { token: tenant.token });
    expect(fieldErrors(dup)).toEqual({ "reminderHours.2": ["24 hours is listed twice"] });
    const many = await patch("/api/businesses/me", { reminderHours: [1, 2, 3, 4] }, { token: tenant.token });
    expect(fieldErrors(many).reminderHours).toEqual(["At most 3 reminders"]);
    const tooLate = await patch(
      "/api/businesses/me",
      { reminderHours: [169], maxAdvanceDays: 731, minNoticeMinutes: 1.5 },
      { token: tenant.token },
    );
    expect(Object.keys(fieldErrors(tooLate)).sort()).toEqual(["maxAdvanceDays", "minNoticeMinutes", "reminderHours.0"]);
    expect((await get("/api/businesses/me", { token: tenant.token })).body.data).toMatchObject({
      minNoticeMinutes: 0,
      maxAdvanceDays: 365,
      reminderHours: [24],
      notificationEmail: "",
    });
  });
});

describe("staff date overrides", () => {
  it("puts, lists by range, replaces and deletes the hours of one date", async () => {
    const tenant = await createTenant();
    const kim = await createStaff(tenant.id);
    const base = `/api/staff/${kim.id}/overrides`;
    const first = await put(
      `${base}/2031-12-24`,
      {
        intervals: [
          { start: "13:00", end: "16:00" },
          { start: "09:00", end: "12:00" },
        ],
      },
      { token: tenant.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      date: "2031-12-24",
      intervals: [
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "16:00" },
      ],
    });
    expect((await put(`${base}/2031-12-25`, { intervals: [] }, { token: tenant.token })).body.data.intervals).toEqual([]);
    expect((await put(`${base}/2032-01-02`, { intervals: [{ start: "18:00", end: "24:00" }] }, { token: tenant.token })).status).toBe(200);
    const replaced = await put(`${base}/2031-12-24`, { intervals: [{ start: "10:00", end: "14:00" }] }, { token: tenant.token });
    expect(replaced.body.data.intervals).toEqual([{ start: "10:00", end: "14:00" }]);

    const all = await get(base, { token: tenant.token });
    expect(all.body.data.map((o: { date: string }) => o.date)).toEqual(["2031-12-24", "2031-12-25", "2032-01-02"]);
    const december = await get(`${base}?from=2031-12-01&to=2031-12-31`, { token: tenant.token });
    expect(december.body.data.map((o: { date: string }) => o.date)).toEqual(["2031-12-24", "2031-12-25"]);
    // Staff members may read.
    const member = await createMember(tenant.id, "staff");
    expect((await get(base, { token: member.token })).status).toBe(200);
    expect((await put(`${base}/2031-12-26`, { intervals: [] }, { token: member.token })).status).toBe(403);

    const removed = await del(`${base}/2031-12-25`, { token: tenant.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ date: "2031-12-25" });
    expect((await del(`${base}/2031-12-25`, { token: tenant.token })).status).toBe(404);
    expect((await get(base, { token: tenant.token })).body.data).toHaveLength(2);
  });

  it("validates the date, the range and each interval by index", async () => {
    const tenant = await createTenant();
    const kim = await createStaff(tenant.id);
    const base = `/api/staff/${kim.id}/overrides`;
    const badDate = await put(`${base}/2031-02-30`, { intervals: [] }, { token: tenant.token });
    expect(badDate.status).toBe(400);
    expect(Object.keys(fieldErrors(badDate))).toEqual(["date"]);
    const bad = await put(
      `${base}/2031-12-24`,
      {
        intervals: [
          { start: "09:00", end: "12:00" },
          { start: "11:00", end: "13:00" },
          { start: "15:00", end: "14:00" },
          { start: "25:00", end: "26:00" },
        ],
      },
      { token: tenant.token },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldErrors(bad)).sort()).toEqual(["intervals.1", "intervals.2", "intervals.3"]);
    expect((await put(`${base}/2031-12-24`, {}, { token: tenant.token })).status).toBe(400);
    const inverted = await get(`${base}?from=2031-12-31&to=2031-12-01`, { token: tenant.token });
    expect(Object.keys(fieldErrors(inverted))).toEqual(["to"]);
    expect((await get(base, { token: tenant.token })).body.data).toEqual([]);
  });

  it("answers another business's staff member with 404 and changes nothing", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const theirs = await createStaff(other.id);
    await put(`/api/staff/${theirs.id}/overrides/2031-12-24`, { intervals: [] }, { token: other.token });
    const base = `/api/staff/${theirs.id}/overrides`;
    expect((await get(base, { token: tenant.token })).status).toBe(404);
    expect((await put(`${base}/2031-12-25`, { intervals: [] }, { token: tenant.token })).status).toBe(404);
    expect((await del(`${base}/2031-12-24`, { token: tenant.token })).status).toBe(404);
    expect((await get(base, { token: other.token })).body.data.map((o: { date: string }) => o.date)).toEqual(["2031-12-24"]);
  });
});

describe("business closures", () => {
  it("adds, lists earliest first and deletes closures; staff may read only", async () => {
    const tenant = await createTenant();
    const base = "/api/businesses/me/closures";
    const summer = await post(base, { startDate: "2031-08-01", endDate: "2031-08-14", reason: "Summer holiday" }, { token: tenant.token });
    expect(summer.status).toBe(201);
    expect(summer.body.data).toMatchObject({ startDate: "2031-08-01", endDate: "2031-08-14", reason: "Summer holiday" });
    const xmas = await post(base, { startDate: "2031-12-25", endDate: "2031-12-25" }, { token: tenant.token });
    const spring = await post(base, { startDate: "2031-04-18", endDate: "2031-04-21" }, { token: tenant.token });
    expect((await get(base, { token: tenant.token })).body.data.map((c: { id: string }) => c.id)).toEqual([
      spring.body.data.id,
      summer.body.data.id,
      xmas.body.data.id,
    ]);
    const member = await createMember(tenant.id, "staff");
    expect((await get(base, { token: member.token })).body.data).toHaveLength(3);
    expect((await post(base, { startDate: "2031-05-01", endDate: "2031-05-01" }, { token: member.token })).status).toBe(403);
    expect((await del(`${base}/${xmas.body.data.id}`, { token: member.token })).status).toBe(403);

    const removed = await del(`${base}/${xmas.body.data.id}`, { token: tenant.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ id: xmas.body.data.id });
    expect((await del(`${base}/${xmas.body.data.id}`, { token: tenant.token })).status).toBe(404);
    const other = await createTenant();
    expect((await del(`${base}/${summer.body.data.id}`, { token: other.token })).status).toBe(404);
    expect((await get(base, { token: other.token })).body.data).toEqual([]);
    expect((await get(base, { token: tenant.token })).body.data).toHaveLength(2);
  });

  it("refuses inverted ranges, more than 366 days, malformed dates and unknown fields", async () => {
    const tenant = await createTenant();
    const base = "/api/businesses/me/closures";
    const inverted = await post(base, { startDate: "2031-08-14", endDate: "2031-08-01" }, { token: tenant.token });
    expect(fieldErrors(inverted).endDate).toEqual(["endDate must not be before startDate"]);
    const long = await post(base, { startDate: "2031-01-01", endDate: "2032-01-02" }, { token: tenant.token }); // 367 dates
    expect(fieldErrors(long).endDate).toEqual(["A closure lasts at most 366 days"]);
    expect((await post(base, { startDate: "2031-01-01", endDate: "2032-01-01" }, { token: tenant.token })).status).toBe(201); // 366
    const malformed = await post(base, { startDate: "01/08/2031", endDate: "2031-08-01", color: "red" }, { token: tenant.token });
    expect(malformed.status).toBe(400);
    expect(Object.keys(fieldErrors(malformed)).sort()).toEqual(["color", "startDate"].sort());
    expect((await get(base, { token: tenant.token })).body.data).toHaveLength(1);
  });
});
