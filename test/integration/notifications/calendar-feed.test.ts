import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "../../../src/db/client";
import { countDbRequests, del, get, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createBookingRow, createCustomer, createMember, createService, createStaff, createTenant } from "../../helpers/factories";

// Staff calendar feeds (design.md §17): a secret URL per staff member, rotated by the owner.

const NOW = new Date("2031-09-15T12:00:00Z");
const day = (n: number, hour = 14) => new Date(Date.UTC(2031, 8, 15 + n, hour));

async function feedUrl(token: string, staffId: string) {
  const res = await post(`/api/staff/${staffId}/calendar-feed`, undefined, { token });
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  const url = res.body.data.url as string;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(url).pathname;
}

function events(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return {
    cal,
    events: cal.getAllSubcomponents("vevent").map((e) => ({
      uid: e.getFirstPropertyValue("uid") as string,
      summary: e.getFirstPropertyValue("summary") as string,
      description: e.getFirstPropertyValue("description") as string,
      start: (e.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().getTime(),
      sequence: e.getFirstPropertyValue("sequence") as unknown as number,
    })),
  };
}

describe("staff calendar feed", () => {
  it("lists the staff member's confirmed bookings from 7 days ago to 90 days ahead, in one round trip", async () => {
    const tenant = await createTenant();
    const service = await createService(tenant.id, { name: "Colour" });
    const staff = await createStaff(tenant.id, { displayName: "Sam" });
    const other = await createStaff(tenant.id);
    const client = await createCustomer(tenant.id, { firstName: "Ada", lastName: "Lovelace", phone: "+1 555 0100" });
    const row = (start: Date, extra: Parameters<typeof createBookingRow>[5] = {}) =>
      createBookingRow(tenant.id, service.id, staff.id, start, 60, { customerId: client.id, ...extra });
    const inWindow = [await row(day(-6)), await row(day(0)), await row(day(89, 9))];
    await row(day(-8)); // too old
    await row(day(91)); // too far ahead
    await row(day(3), { status: "cancelled" });
    await row(day(4), { status: "pending" });
    await createBookingRow(tenant.id, service.id, other.id, day(2), 60);

    const path = await feedUrl(tenant.token, staff.id);
    const { result: res, dbRequests } = await countDbRequests((dbTag) => get(path, { now: NOW, dbTag }));
    expect(dbRequests).toBe(1);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=900");
    const { cal, events: list } = events(res.text);
    expect(cal.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe(`Sam \u2013 Business ${tenant.slug}`);
    expect(list.map((e) => e.start)).toEqual(inWindow.map((b) => b.startAt));
    expect(list[0]).toMatchObject({ summary: "Colour \u2013 Ada Lovelace", sequence: 0, uid: `${inWindow[0].id}@127.0.0.1` });
    expect(list[0].description).toBe("Customer: Ada Lovelace");
    // design.md §31: a feed travels to phones and shared calendars: no phone number, no confirmation code.
    expect(res.text).not.toContain("555 0100");
    for (const b of inWindow) expect(res.text).not.toContain(b.confirmationCode);
    expect(res.text).toMatch(/\r\n$/);
  });

  it("a new URL replaces the previous one; unknown or malformed tokens are 404", async () => {
    const tenant = await createTenant();
    const staff = await createStaff(tenant.id);
    const first = await feedUrl(tenant.token, staff.id);
    expect((await get(first)).status).toBe(200);
    const second = await feedUrl(tenant.token, staff.id);
    expect(second).not.toBe(first);
    const gone = await get(first);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("Cache-Control")).toBe("no-store");
    expect((await get(second)).status).toBe(200);
    const { dbRequests } = await countDbRequests((dbTag) => get("/calendar/not-a-token.ics", { dbTag }));
    expect(dbRequests).toBe(0);
    expect((await get("/calendar/not-a-token.ics")).status).toBe(404);
    expect((await get(`${second.slice(0, -4)}`)).status).toBe(404);
  });

  it("only owners and admins rotate; another business's staff is 404; a deleted staff member's feed stops", async () => {
    const tenant = await createTenant();
    const staff = await createStaff(tenant.id);
    const member = await createMember(tenant.id, "staff");
    const admin = await createMember(tenant.id, "admin");
    const stranger = await createTenant();
    expect((await post(`/api/staff/${staff.id}/calendar-feed`, undefined, { token: member.token })).status).toBe(403);
    expect((await post(`/api/staff/${staff.id}/calendar-feed`, undefined, { token: stranger.token })).status).toBe(404);
    const path = await feedUrl(admin.token, staff.id);
    expect((await get(path)).status).toBe(200);
    expect((await del(`/api/staff/${staff.id}`, { token: tenant.token })).status).toBe(200);
    expect((await get(path)).status).toBe(404);
  });
});

describe("calendar feeds of members who leave (design.md §31)", () => {
  it("the feed of a staff profile linked to a member stops when the member is deactivated or removed, and stays stopped", async () => {
    const tenant = await createTenant();
    const service = await createService(tenant.id, { name: "Colour" });
    const member = await createMember(tenant.id, "staff");
    const staff = await createStaff(tenant.id, { displayName: "Sam", userId: member.userId });
    const client = await createCustomer(tenant.id, { firstName: "Ada", phone: "+1 555 0199" });
    await createBookingRow(tenant.id, service.id, staff.id, day(1), 60, { customerId: client.id });
    const path = await feedUrl(tenant.token, staff.id);

    // The abuse path: an employee subscribed their calendar; while they work here it serves them.
    const working = await get(path, { now: NOW });
    expect(working.status).toBe(200);
    expect(events(working.text).events).toHaveLength(1);

    // Removed (deactivated): the URL they took with them answers 404 at once.
    expect((await del(`/api/businesses/me/members/${member.userId}`, { token: tenant.token })).status).toBe(200);
    const removed = await get(path, { now: NOW });
    expect(removed.status).toBe(404);
    expect(removed.text).not.toContain("Ada");

    // Taken back on: the old URL stays dead; only a new link made by an owner works.
    expect((await patch(`/api/businesses/me/members/${member.userId}`, { isActive: true }, { token: tenant.token })).status).toBe(200);
    expect((await get(path, { now: NOW })).status).toBe(404);
    const fresh = await feedUrl(tenant.token, staff.id);
    expect((await get(fresh, { now: NOW })).status).toBe(200);
  });

  it("a membership deactivated by any path (not only the members route) stops the feed on the next read", async () => {
    const tenant = await createTenant();
    const member = await createMember(tenant.id, "staff");
    const staff = await createStaff(tenant.id, { userId: member.userId });
    const path = await feedUrl(tenant.token, staff.id);
    expect((await get(path)).status).toBe(200);
    await testDb()
      .update(schema.tenantMembers)
      .set({ isActive: false })
      .where(and(eq(schema.tenantMembers.tenantId, tenant.id), eq(schema.tenantMembers.userId, member.userId)));
    expect((await get(path)).status).toBe(404);
  });
});
