import { describe, expect, it } from "vitest";
import { post } from "../../helpers/api";
import { cronAt, DAY, entryRow, join, NOW, offerJobs, offerLinkOf, offersTo, type Salon, salon } from "../waitlist/support";
import { itemsBy, visitBody } from "./_setup";

// design.md §26 + §28: a visit frees time like a booking does. Cancelled or moved away, each of its
// services' times is offered to the waiting entries that fit it, as a single booking's would be.

/** Sam does Cut 10:00-11:00 then Colour 11:00-12:00 on DAY as one visit; one entry waits for each hour with Sam. */
async function visitWithWaiters(s: Salon) {
  const body = visitBody(itemsBy(s.sam.id, s.service.id, s.other.id), `${DAY}T10:00:00`);
  const res = await post(`/api/public/${s.tenant.slug}/bookings`, body, { now: NOW });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const forCut = await join(s, [{ date: DAY, from: "10:00", to: "11:00" }], { staffProfileId: s.sam.id });
  const forColour = await join(s, [{ date: DAY, from: "11:00", to: "12:00" }], { staffProfileId: s.sam.id, serviceId: s.other.id });
  return { code: res.body.data.confirmationCode as string, forCut, forColour };
}

async function expectEachItemOffered(s: Salon, v: Awaited<ReturnType<typeof visitWithWaiters>>) {
  await cronAt(NOW, s.tenant.id);
  const offered = async (email: string) => {
    const [offer, ...more] = await offersTo(email);
    expect(more).toHaveLength(0);
    return Object.fromEntries(offerLinkOf(offer).searchParams);
  };
  expect(await offered(v.forCut.email)).toMatchObject({ staff: s.sam.id, service: s.service.id, date: DAY, time: "10:00" });
  expect(await offered(v.forColour.email)).toMatchObject({ staff: s.sam.id, service: s.other.id, date: DAY, time: "11:00" });
}

describe("a visit's freed time goes to the waitlist", () => {
  it("when the visit is cancelled: each service's hour is offered to the entry waiting for it", async () => {
    const s = await salon();
    const v = await visitWithWaiters(s);
    expect((await post(`/api/public/booking/${v.code}/cancel`, {}, { now: NOW })).status).toBe(200);
    expect(await offerJobs(s.tenant.id)).toHaveLength(2);
    await expectEachItemOffered(s, v);
  });

  it("when the visit is moved away: the hours it leaves are offered", async () => {
    const s = await salon();
    const v = await visitWithWaiters(s);
    const moved = await post(`/api/public/booking/${v.code}/reschedule`, { newStartDatetime: `${DAY}T14:00:00` }, { now: NOW });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await offerJobs(s.tenant.id)).toHaveLength(2);
    await expectEachItemOffered(s, v);
  });

  it("a visit that could not be moved offers nothing", async () => {
    const s = await salon();
    const v = await visitWithWaiters(s);
    // Sam is taken at 14:00, so the move fails and frees nothing.
    const taken = await post(
      `/api/public/${s.tenant.slug}/bookings`,
      {
        serviceId: s.service.id,
        staffProfileId: s.sam.id,
        startDatetime: `${DAY}T14:00:00`,
        customer: { firstName: "Bo", lastName: "B", email: "bo@example.test" },
      },
      { now: NOW },
    );
    expect(taken.status).toBe(201);
    const moved = await post(`/api/public/booking/${v.code}/reschedule`, { newStartDatetime: `${DAY}T14:00:00` }, { now: NOW });
    expect(moved.status).toBe(409);
    expect(await offerJobs(s.tenant.id)).toHaveLength(0);
  });
});

describe("a visit ends its customer's waiting entries (docs/decisions.md, Visits)", () => {
  it("an entry for one of the visit's services whose window holds that service's time ends booked, linked to that item", async () => {
    const s = await salon();
    const email = `vera-${crypto.randomUUID().slice(0, 8)}@example.test`;
    // The customer waits for a Colour with Sam 11:00-12:00 and for a Cut in the afternoon; someone else
    // waits for a Colour with Kim in the morning.
    const colour = await join(s, [{ date: DAY, from: "11:00", to: "12:00" }], { serviceId: s.other.id, staffProfileId: s.sam.id, email });
    const cutLater = await join(s, [{ date: DAY, from: "14:00", to: "17:00" }], { email });
    const otherStaff = await join(s, [{ date: DAY, from: "10:00", to: "13:00" }], {
      serviceId: s.other.id,
      staffProfileId: s.kim.id,
      email: `x-${email}`,
    });
    const body = visitBody(itemsBy(s.sam.id, s.service.id, s.other.id), `${DAY}T10:00:00`);
    const res = await post(`/api/public/${s.tenant.slug}/bookings`, { ...body, customer: { ...body.customer, email } }, { now: NOW });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The Colour 11:00-12:00 with Sam is what the entry waited for: it ends, pointing at that item.
    expect(await entryRow(colour.id)).toMatchObject({ status: "booked", bookingId: res.body.data.items[1].id });
    // The Cut at 10:00 is not inside the afternoon window; another customer's entry is not this customer's.
    expect(await entryRow(cutLater.id)).toMatchObject({ status: "waiting", bookingId: null });
    expect(await entryRow(otherStaff.id)).toMatchObject({ status: "waiting", bookingId: null });
  });

  it("a visit that is refused (409) ends nothing", async () => {
    const s = await salon();
    const email = `vera-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const entry = await join(s, [{ date: DAY, from: "10:00", to: "12:00" }], { staffProfileId: s.sam.id, email });
    const taken = await post(
      `/api/public/${s.tenant.slug}/bookings`,
      {
        serviceId: s.other.id,
        staffProfileId: s.sam.id,
        startDatetime: `${DAY}T11:00:00`,
        customer: { firstName: "Bo", email: "bo@example.test" },
      },
      { now: NOW },
    );
    expect(taken.status).toBe(201);
    const body = visitBody(itemsBy(s.sam.id, s.service.id, s.other.id), `${DAY}T10:00:00`);
    const res = await post(`/api/public/${s.tenant.slug}/bookings`, { ...body, customer: { ...body.customer, email } }, { now: NOW });
    expect(res.status).toBe(409);
    expect(await entryRow(entry.id)).toMatchObject({ status: "waiting", bookingId: null });
  });
});
