import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { del, post, put } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createBookingRow } from "../../helpers/factories";
import { ALL_WEEK, book, cronAt, DAY, join, NOW, offerJobs, offerLinkOf, offersTo, type Salon, salon } from "./support";

// design.md §28, issue #39: whatever frees a time offers it to the waiting entries that fit
// (service, staff member if chosen, window, the time still free) and to no others. Each case
// builds the same waitlist around Sam's 10:00 on DAY, frees that hour in its own way, and runs the
// cron once at the pinned instant (the offer job is due then).

const TEN = `${DAY}T10:00:00`;
const THIRTEEN = `${DAY}T13:00:00`;
/** 10:00 New York (EDT from 2031-03-09) on DAY. */
const TEN_UTC = Date.parse("2031-03-10T14:00:00Z");

/**
 * Entries: `fits` (any staff, 10:00-11:00), `elsewhere` (13:00-14:00, where everyone is booked),
 * `withKim` (only Kim, who is booked at 10:00), `left` (10:00-11:00, left the waitlist), and
 * `otherService` (Colour, 10:00-11:00: the freed hour fits it too).
 */
async function waitlistAround(s: Salon) {
  await book(s, s.kim.id, TEN);
  await book(s, s.kim.id, THIRTEEN);
  await book(s, s.sam.id, THIRTEEN);
  const hour = [{ date: DAY, from: "10:00", to: "11:00" }];
  const fits = await join(s, hour);
  const elsewhere = await join(s, [{ date: DAY, from: "13:00", to: "14:00" }]);
  const withKim = await join(s, hour, { staffProfileId: s.kim.id });
  const left = await join(s, hour);
  await del(`/api/public/waitlist/${left.token}`, { now: NOW });
  const otherService = await join(s, hour, { serviceId: s.other.id });
  return { fits, elsewhere, withKim, left, otherService };
}

async function expectOfferedOnlyTo(s: Salon, w: Awaited<ReturnType<typeof waitlistAround>>) {
  await cronAt(NOW, s.tenant.id);
  for (const entry of [w.fits, w.otherService]) {
    const [offer, ...more] = await offersTo(entry.email);
    expect(more).toHaveLength(0);
    const link = offerLinkOf(offer);
    expect(link.pathname).toBe("/book");
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ slug: s.tenant.slug, staff: s.sam.id, date: DAY, time: "10:00" });
    expect(offer.subject).toContain("Mon 10 Mar 2031, 10:00");
  }
  expect(Object.fromEntries(offerLinkOf((await offersTo(w.otherService.email))[0]).searchParams).service).toBe(s.other.id);
  for (const entry of [w.elsewhere, w.withKim, w.left]) expect(await offersTo(entry.email)).toHaveLength(0);
  const offers = await testDb().select().from(schema.waitlistOffers).where(sql`tenant_id = ${s.tenant.id}`);
  expect(offers.map((o) => [o.staffId, o.startAt, o.via])).toEqual([
    [s.sam.id, TEN_UTC, "auto"],
    [s.sam.id, TEN_UTC, "auto"],
  ]);
}

describe("a freed time is offered to the waiting entries that fit", () => {
  it("when a booking is cancelled", async () => {
    const s = await salon();
    const booking = await book(s, s.sam.id, TEN);
    const w = await waitlistAround(s);
    expect((await post(`/api/public/booking/${booking.code}/cancel`, {}, { now: NOW })).status).toBe(200);
    await expectOfferedOnlyTo(s, w);
  });

  it("when a booking is moved away", async () => {
    const s = await salon();
    const booking = await book(s, s.sam.id, TEN);
    const w = await waitlistAround(s);
    const moved = await post(`/api/public/booking/${booking.code}/reschedule`, { newStartDatetime: `${DAY}T15:00:00` }, { now: NOW });
    expect(moved.status).toBe(200);
    await expectOfferedOnlyTo(s, w);
  });

  it("when a payment hold is released", async () => {
    const s = await salon();
    await createBookingRow(s.tenant.id, s.service.id, s.sam.id, new Date(TEN_UTC), 60, {
      status: "pending",
      holdExpiresAt: Date.parse(NOW) - 60_000,
    });
    const w = await waitlistAround(s);
    // The cron releases the hold and, in the same run, performs the offer job it wrote.
    await expectOfferedOnlyTo(s, w);
  });

  it("when the staff member's weekly hours grow", async () => {
    const s = await salon({ samHours: ALL_WEEK("11:00", "17:00") });
    const w = await waitlistAround(s);
    const hours = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, start: "09:00", end: "17:00" }));
    expect((await put(`/api/staff/${s.sam.id}/hours`, hours, { token: s.tenant.token, now: NOW })).status).toBe(200);
    await expectOfferedOnlyTo(s, w);
  });

  it("when an override opens the date", async () => {
    const s = await salon({ samHours: ALL_WEEK("11:00", "17:00") });
    const w = await waitlistAround(s);
    const res = await put(
      `/api/staff/${s.sam.id}/overrides/${DAY}`,
      { intervals: [{ start: "09:00", end: "17:00" }] },
      { token: s.tenant.token, now: NOW },
    );
    expect(res.status).toBe(200);
    await expectOfferedOnlyTo(s, w);
  });

  it("when time off is removed", async () => {
    const s = await salon();
    const off = await post(
      `/api/staff/${s.sam.id}/time-off`,
      { start: "2031-03-10T14:00:00Z", end: "2031-03-10T15:00:00Z", reason: "Dentist" },
      { token: s.tenant.token, now: NOW },
    );
    expect(off.status).toBe(201);
    const w = await waitlistAround(s);
    expect((await del(`/api/staff/${s.sam.id}/time-off/${off.body.data.id}`, { token: s.tenant.token, now: NOW })).status).toBe(200);
    await expectOfferedOnlyTo(s, w);
  });

  it("when a closure is removed", async () => {
    const s = await salon();
    const w = await waitlistAround(s);
    const closure = await post(
      "/api/businesses/me/closures",
      { startDate: DAY, endDate: DAY, reason: "Inventory" },
      { token: s.tenant.token, now: NOW },
    );
    expect(closure.status).toBe(201);
    // Nothing is offered while the business is closed that day.
    await cronAt(NOW, s.tenant.id);
    expect(await offerJobs(s.tenant.id)).toHaveLength(0);
    const removed = await del(`/api/businesses/me/closures/${closure.body.data.id}`, { token: s.tenant.token, now: NOW });
    expect(removed.status).toBe(200);
    await expectOfferedOnlyTo(s, w);
  });

  it("when a closure is shortened (removed, then added again for fewer days): only the days it no longer covers", async () => {
    const s = await salon();
    const w = await waitlistAround(s);
    const nextDay = "2031-03-11";
    const stillClosed = await join(s, [{ date: nextDay, from: "10:00", to: "11:00" }]);
    const closures = "/api/businesses/me/closures";
    const twoDays = await post(closures, { startDate: DAY, endDate: nextDay }, { token: s.tenant.token, now: NOW });
    expect(twoDays.status).toBe(201);
    expect((await del(`${closures}/${twoDays.body.data.id}`, { token: s.tenant.token, now: NOW })).status).toBe(200);
    expect((await post(closures, { startDate: nextDay, endDate: nextDay }, { token: s.tenant.token, now: NOW })).status).toBe(201);
    await expectOfferedOnlyTo(s, w);
    expect(await offersTo(stillClosed.email)).toHaveLength(0);
  });

  it("writes no job where nobody waits, and none for a change that frees nothing anyone waits for", async () => {
    const s = await salon();
    const booking = await book(s, s.sam.id, TEN);
    expect((await post(`/api/public/booking/${booking.code}/cancel`, {}, { now: NOW })).status).toBe(200);
    await join(s, [{ date: "2031-03-12", from: "10:00", to: "11:00" }]);
    const other = await book(s, s.sam.id, `${DAY}T15:00:00`);
    expect((await post(`/api/public/booking/${other.code}/cancel`, {}, { now: NOW })).status).toBe(200);
    expect(await offerJobs(s.tenant.id)).toHaveLength(0);
  });

  it("a move that is refused (the new time is taken) offers nothing; the move that happens offers the time it left, once", async () => {
    const s = await salon();
    const booking = await book(s, s.sam.id, TEN);
    await join(s, [{ date: DAY, from: "10:00", to: "11:00" }]);
    await book(s, s.sam.id, `${DAY}T15:00:00`);
    const refused = await post(`/api/public/booking/${booking.code}/reschedule`, { newStartDatetime: `${DAY}T15:00:00` }, { now: NOW });
    expect(refused.status).toBe(409);
    expect(await offerJobs(s.tenant.id)).toHaveLength(0);
    const moved = await post(`/api/public/booking/${booking.code}/reschedule`, { newStartDatetime: `${DAY}T16:00:00` }, { now: NOW });
    expect(moved.status).toBe(200);
    const [job, ...more] = await offerJobs(s.tenant.id);
    expect(more).toHaveLength(0);
    expect(job.idempotencyKey).toBe(`move-0:${moved.body.data.id}`);
    expect(job.payload).toEqual({
      staffId: s.sam.id,
      fromMs: TEN_UTC,
      toMs: TEN_UTC + 3_600_000,
      triggerKey: `move-0:${moved.body.data.id}`,
      round: 1,
    });
  });
});
