import { describe, expect, it } from "vitest";
import { countDbRequests, get, post } from "../../helpers/api";
import { createBookingRow, createService } from "../../helpers/factories";
import { outboxMails } from "../../helpers/mail";
import { parseIcs, reminderJobs } from "../notifications/support";
import { bookingBody, deliveriesFor, webhookEndpoint } from "../../helpers/booking";
import { DAY, heldResources, itemsOfVisit, NOW, salon, spaRooms, visitBody } from "./_setup";

// design.md §26: lookup, cancel and reschedule of a visit by its code.

async function bookedVisit(opts: { rooms?: boolean } = {}) {
  const s = await salon({ tenant: { reminderHours: [24] } });
  await webhookEndpoint(s.tenant.id);
  const rooms = opts.rooms ? await spaRooms(s.tenant.id) : [];
  const massage = await createService(s.tenant.id, { name: "Massage", durationMinutes: 60, resourceTypes: ["room"] });
  const second = opts.rooms ? massage : s.colour;
  const body = visitBody(
    [
      { serviceId: s.cut.id, staffProfileId: s.kim.id },
      { serviceId: second.id, staffProfileId: s.lee.id },
    ],
    `${DAY}T09:00:00`,
  );
  const res = await post(`/api/public/${s.tenant.slug}/bookings`, body, { now: NOW });
  expect(res.status).toBe(201);
  return { ...s, rooms, massage, second, email: body.customer.email, visit: res.body.data };
}

describe("a visit by its code", () => {
  it("the lookup shows the visit: its id, the first start and the last end, the services and the items", async () => {
    const { tenant, kim, lee, cut, colour, visit } = await bookedVisit();
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      get(`/api/public/booking/${visit.confirmationCode.toLowerCase()}`, { dbTag }),
    );
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(1);
    expect(res.body.data).toMatchObject({
      id: visit.id,
      tenant_id: tenant.id,
      start_datetime: `${DAY}T09:00:00`,
      end_datetime: `${DAY}T11:00:00`,
      status: "confirmed",
      confirmation_code: visit.confirmationCode,
      service_name: "Cut + Colour",
      staff_name: "Kim, Lee",
      business_slug: tenant.slug,
    });
    expect(res.body.data.items).toEqual([
      {
        id: visit.items[0].id,
        service_id: cut.id,
        service_name: "Cut",
        staff_profile_id: kim.id,
        staff_name: "Kim",
        start_datetime: `${DAY}T09:00:00`,
        end_datetime: `${DAY}T09:30:00`,
      },
      {
        id: visit.items[1].id,
        service_id: colour.id,
        service_name: "Colour",
        staff_profile_id: lee.id,
        staff_name: "Lee",
        start_datetime: `${DAY}T09:30:00`,
        end_datetime: `${DAY}T11:00:00`,
      },
    ]);
    // An item's own stored code is not a code anyone can look up.
    expect((await get(`/api/public/booking/${visit.confirmationCode}-2`)).status).toBe(404);
  });

  it("cancel acts on the whole visit at once, frees its rooms, tells the customer once, and is idempotent", async () => {
    const { tenant, kim, massage, visit, email, rooms } = await bookedVisit({ rooms: true });
    expect((await heldResources(visit.items[1].id)).map((r) => r.resourceId)).toEqual([rooms[0].id]);
    const res = await post(`/api/public/booking/${visit.confirmationCode}/cancel`, { reason: "ill" }, { now: NOW });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: visit.id, status: "cancelled", confirmation_code: visit.confirmationCode, refund: null });
    expect((await itemsOfVisit(visit.id)).map((r) => [r.status, r.cancelReason])).toEqual([
      ["cancelled", "ill"],
      ["cancelled", "ill"],
    ]);
    const cancelled = (await outboxMails(email)).filter((m) => m.kind === "booking.cancelled");
    expect(cancelled).toHaveLength(1);
    const ics = parseIcs((cancelled[0].attachments as { content: string }[])[0].content);
    expect(ics.method).toBe("CANCEL");
    expect(ics.uid.startsWith(`${visit.id}@`)).toBe(true);
    expect((await reminderJobs(visit.items[0].id)).map((j) => j.status)).toEqual(["cancelled"]);
    const hooks = (await deliveriesFor(tenant.id)).filter((d) => d.eventType === "booking.cancelled");
    expect(hooks).toHaveLength(1);
    // The room the visit held is free again (a resource freed by a cancellation).
    const again = await post(`/api/public/${tenant.slug}/bookings`, bookingBody(massage.id, kim.id, `${DAY}T09:30:00`), { now: NOW });
    expect(again.status).toBe(201);
    expect((await heldResources(again.body.data.id)).map((r) => r.resourceId)).toEqual([rooms[0].id]);
    const repeat = await post(`/api/public/booking/${visit.confirmationCode}/cancel`, {}, { now: NOW });
    expect(repeat.body.data.alreadyCancelled).toBe(true);
    expect(repeat.body.data.id).toBe(visit.id);
  });

  it("reschedule moves the whole visit back to back, each item keeping its staff member unless named; one e-mail", async () => {
    const { tenant, kim, lee, visit, email } = await bookedVisit();
    const moved = await post(
      `/api/public/booking/${visit.confirmationCode}/reschedule`,
      { newStartDatetime: `${DAY}T10:00:00` },
      { now: NOW },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: visit.id, start_datetime: `${DAY}T10:00:00`, end_datetime: `${DAY}T12:00:00` });
    expect(moved.body.data.items.map((i: any) => [i.staff_profile_id, i.start_datetime.slice(11, 16)])).toEqual([
      [kim.id, "10:00"],
      [lee.id, "10:30"],
    ]);
    expect((await outboxMails(email)).filter((m) => m.kind === "booking.rescheduled")).toHaveLength(1);
    expect((await deliveriesFor(tenant.id)).filter((d) => d.eventType === "booking.rescheduled")).toHaveLength(1);
    // The contract's staffProfileId is the first item's; `items` names each.
    const leeFirst = await post(
      `/api/public/booking/${visit.confirmationCode}/reschedule`,
      { newStartDatetime: `${DAY}T09:00:00`, staffProfileId: lee.id },
      { now: NOW },
    );
    expect(leeFirst.status).toBe(200);
    expect(leeFirst.body.data.items.map((i: any) => i.staff_profile_id)).toEqual([lee.id, lee.id]);
    const each = await post(
      `/api/public/booking/${visit.confirmationCode}/reschedule`,
      { newStartDatetime: `${DAY}T11:00:00`, items: [{ staffProfileId: kim.id }, { staffProfileId: kim.id }] },
      { now: NOW },
    );
    expect(each.status).toBe(200);
    expect(each.body.data.items.map((i: any) => i.staff_profile_id)).toEqual([kim.id, kim.id]);
    const wrongCount = await post(
      `/api/public/booking/${visit.confirmationCode}/reschedule`,
      { newStartDatetime: `${DAY}T11:00:00`, items: [{ staffProfileId: kim.id }] },
      { now: NOW },
    );
    expect(wrongCount.status).toBe(400);
  });

  it("a move costs two libSQL requests, as a single booking's: one read, one write", async () => {
    const { visit } = await bookedVisit({ rooms: true });
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      post(`/api/public/booking/${visit.confirmationCode}/reschedule`, { newStartDatetime: `${DAY}T10:00:00` }, { now: NOW, dbTag }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ start_datetime: `${DAY}T10:00:00`, end_datetime: `${DAY}T11:30:00` });
    expect(dbRequests).toBe(2);
    expect((await itemsOfVisit(visit.id)).map((r) => r.startAt)).toEqual([
      Date.parse("2031-03-10T14:00:00Z"),
      Date.parse("2031-03-10T14:30:00Z"),
    ]);
  });

  it("a move onto a taken time moves nothing (409 slot_taken), and a move to where the visit was is fine", async () => {
    const { tenant, lee, cut, visit } = await bookedVisit();
    // Lee is busy 11:15-11:45: a visit at 10:30 (Lee colours 11:00-12:30, working 11:00-11:30) cannot go there,
    // while one at 10:15 can: the colour (10:45-12:15) develops 11:15-11:55, when Lee sees the other client.
    await createBookingRow(tenant.id, cut.id, lee.id, new Date("2031-03-10T15:15:00Z"), 30);
    const refused = await post(
      `/api/public/booking/${visit.confirmationCode}/reschedule`,
      { newStartDatetime: `${DAY}T10:30:00` },
      { now: NOW },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("slot_taken");
    expect((await itemsOfVisit(visit.id)).map((r) => r.startAt)).toEqual([
      Date.parse("2031-03-10T13:00:00Z"),
      Date.parse("2031-03-10T13:30:00Z"),
    ]);
    const around = await post(
      `/api/public/booking/${visit.confirmationCode}/reschedule`,
      { newStartDatetime: `${DAY}T10:15:00` },
      { now: NOW },
    );
    expect(around.status).toBe(200);
    // Its own place does not block it: 09:15 overlaps where it is now.
    const near = await post(
      `/api/public/booking/${visit.confirmationCode}/reschedule`,
      { newStartDatetime: `${DAY}T09:15:00` },
      { now: NOW },
    );
    expect(near.status).toBe(200);
  });
});
