import { describe, expect, it } from "vitest";
import { countDbRequests, get, post } from "../../helpers/api";
import { createMember, ownerToken } from "../../helpers/factories";
import { book, DAY, entryRow, join, NOW, offerLinkOf, offersTo, salon } from "./support";

// design.md §28, owner side: the waitlist of a day and offering a time by hand.

const hour = [{ date: DAY, from: "10:00", to: "11:00" }];

describe("the owner's waitlist", () => {
  it("lists the entries with a window on a day, oldest first, with status and offers; other days and businesses are not listed", async () => {
    const s = await salon();
    const first = await join(s, hour, { staffProfileId: s.sam.id });
    const second = await join(s, [
      { date: DAY, from: "14:00", to: "16:00" },
      { date: "2031-03-11", from: "09:00", to: "10:00" },
    ]);
    await join(s, [{ date: "2031-03-12", from: "10:00", to: "11:00" }]);
    const elsewhere = await salon();
    await join(elsewhere, hour);

    const res = await get(`/api/waitlist?date=${DAY}`, { token: s.tenant.token, now: NOW });
    expect(res.status).toBe(200);
    expect(res.body.data.date).toBe(DAY);
    expect(res.body.data.entries.map((e: { id: string }) => e.id)).toEqual([first.id, second.id]);
    expect(res.body.data.entries[0]).toMatchObject({
      status: "waiting",
      service: { id: s.service.id, name: "Cut" },
      staff: { id: s.sam.id, displayName: "Sam" },
      customer: { firstName: "Wendy", lastName: "Waits", email: first.email },
      windows: [{ start: `${DAY}T10:00:00`, end: `${DAY}T11:00:00` }],
      offers: [],
    });
    expect(res.body.data.entries[1].staff).toBeNull();
    expect(res.body.data.entries[1].windows).toHaveLength(2);
    // That evening, the entry whose only window was that day has ended; the other still waits for the next day.
    const evening = "2031-03-10T23:00:00Z";
    const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(evening));
    const later = await get(`/api/waitlist?date=${DAY}`, { token, now: evening });
    expect(later.body.data.entries.map((e: { status: string }) => e.status)).toEqual(["ended", "waiting"]);
    expect((await get("/api/waitlist?date=2031-02-30", { token: s.tenant.token })).status).toBe(400);
    expect((await get(`/api/waitlist?date=${DAY}`)).status).toBe(401);
  });

  it("offers a free time by hand: the customer gets the link, the offer is listed as the owner's, and booking it ends the entry", async () => {
    const s = await salon();
    const entry = await join(s, hour);
    const res = await post(
      `/api/waitlist/${entry.id}/offer`,
      { staffProfileId: s.kim.id, startDatetime: `${DAY}T15:00:00` },
      { token: s.tenant.token, now: NOW },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ entryId: entry.id, staffId: s.kim.id, start: `${DAY}T15:00:00`, end: `${DAY}T16:00:00` });
    const [offer] = await offersTo(entry.email);
    const link = offerLinkOf(offer);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ staff: s.kim.id, date: DAY, time: "15:00", service: s.service.id });
    const listed = await get(`/api/waitlist?date=${DAY}`, { token: s.tenant.token, now: NOW });
    expect(listed.body.data.entries[0].offers).toEqual([
      { staffId: s.kim.id, start: `${DAY}T15:00:00`, via: "owner", createdAt: expect.any(String) },
    ]);
    // Booking a time outside the entry's windows does not end it; booking the time offered by hand does.
    await book(s, s.sam.id, `${DAY}T16:00:00`, entry.email);
    expect((await entryRow(entry.id)).status).toBe("waiting");
    const booked = await book(s, s.kim.id, `${DAY}T15:00:00`, entry.email);
    expect(await entryRow(entry.id)).toMatchObject({ status: "booked", bookingId: booked.id });
  });

  it("refuses a time that is not free (409 slot_taken), an entry that no longer waits (409), another business's entry (404), and staff members (403)", async () => {
    const s = await salon();
    const entry = await join(s, hour);
    await book(s, s.sam.id, `${DAY}T15:00:00`);
    const body = { staffProfileId: s.sam.id, startDatetime: `${DAY}T15:00:00` };
    const taken = await post(`/api/waitlist/${entry.id}/offer`, body, { token: s.tenant.token, now: NOW });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("slot_taken");
    const outside = await post(
      `/api/waitlist/${entry.id}/offer`,
      { ...body, startDatetime: `${DAY}T20:00:00` },
      { token: s.tenant.token, now: NOW },
    );
    expect(outside.body.error.code).toBe("slot_taken");

    const other = await salon();
    const foreign = await post(
      `/api/waitlist/${entry.id}/offer`,
      { ...body, startDatetime: `${DAY}T11:00:00` },
      { token: other.tenant.token, now: NOW },
    );
    expect(foreign.status).toBe(404);
    const staff = await createMember(s.tenant.id, "staff");
    const staffToken = await ownerToken(staff.userId, s.tenant.id, "staff", new Date(NOW));
    expect(
      (await post(`/api/waitlist/${entry.id}/offer`, { ...body, startDatetime: `${DAY}T11:00:00` }, { token: staffToken, now: NOW }))
        .status,
    ).toBe(403);
    expect(await offersTo(entry.email)).toHaveLength(0);

    await book(s, s.sam.id, `${DAY}T10:00:00`, entry.email);
    const ended = await post(
      `/api/waitlist/${entry.id}/offer`,
      { ...body, startDatetime: `${DAY}T11:00:00` },
      { token: s.tenant.token, now: NOW },
    );
    expect(ended.status).toBe(409);
    expect(ended.body.error.code).toBe("conflict");
  });
});

describe("the waitlist page's view (GET /api/businesses/me/views/waitlist)", () => {
  it("answers the business, the viewer, the staff and the day's entries as /api/waitlist lists them, in one batch; today by default", async () => {
    const s = await salon();
    const entry = await join(s, hour);
    await join(s, [{ date: "2031-03-11", from: "09:00", to: "10:00" }]);
    const staffToken = await ownerToken((await createMember(s.tenant.id, "staff")).userId, s.tenant.id, "staff", new Date(NOW));
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      get(`/api/businesses/me/views/waitlist?date=${DAY}`, { token: staffToken, now: NOW, dbTag }),
    );
    expect(res.status).toBe(200);
    // The membership check, then the view's one batch.
    expect(dbRequests).toBe(2);
    const listed = await get(`/api/waitlist?date=${DAY}`, { token: s.tenant.token, now: NOW });
    expect(res.body.data).toMatchObject({
      date: DAY,
      viewer: { role: "staff" },
      business: { slug: s.tenant.slug },
      entries: listed.body.data.entries,
    });
    expect(res.body.data.entries.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    expect(res.body.data.staff.map((p: { displayName: string }) => p.displayName).sort()).toEqual(["Kim", "Sam"]);
    // Without a date: today in the business's zone (New York), where nobody waits.
    const today = await get("/api/businesses/me/views/waitlist", { token: s.tenant.token, now: NOW });
    expect(today.body.data).toMatchObject({ date: "2031-03-03", entries: [] });
    expect((await get("/api/businesses/me/views/waitlist?date=2031-13-01", { token: s.tenant.token })).status).toBe(400);
    expect((await get("/api/businesses/me/views/waitlist")).status).toBe(401);
  });
});
