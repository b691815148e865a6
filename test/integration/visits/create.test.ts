import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createBookingRow, createService } from "../../helpers/factories";
import { outboxMails } from "../../helpers/mail";
import { cronAt, parseIcs, reminderJobs, reminders } from "../notifications/support";
import { bookingBody, deliveriesFor, webhookEndpoint } from "../../helpers/booking";
import { DAY, heldResources, itemsBy, itemsOfVisit, NOW, salon, spaRooms, visitBody } from "./_setup";

// design.md §26: POST /api/public/:slug/bookings with `items`.

const book = (slug: string, body: unknown, now = NOW) => post(`/api/public/${slug}/bookings`, body, { now });

describe("public visit create", () => {
  it("books the services back to back in one atomic write with one code, one e-mail with one calendar event, one webhook", async () => {
    const { tenant, kim, lee, cut, colour, dry } = await salon({ tenant: { reminderHours: [24] } });
    await webhookEndpoint(tenant.id);
    const body = visitBody(
      [
        { serviceId: cut.id, staffProfileId: kim.id },
        { serviceId: colour.id, staffProfileId: kim.id },
        { serviceId: dry.id, staffProfileId: lee.id },
      ],
      `${DAY}T09:00:00`,
    );
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      post(`/api/public/${tenant.slug}/bookings`, body, { now: NOW, dbTag }),
    );
    expect(res.status).toBe(201);
    expect(dbRequests).toBe(2);
    const data = res.body.data;
    expect(data.id).toMatch(/^vis_/);
    expect(data.confirmationCode).toMatch(/^BK-[A-Z0-9]{6}$/);
    expect(data.status).toBe("confirmed");
    expect(data.customerUserId).toBeNull();
    expect(data.items).toEqual([
      { id: data.items[0].id, serviceId: cut.id, staffProfileId: kim.id, startDatetime: `${DAY}T09:00:00`, endDatetime: `${DAY}T09:30:00` },
      {
        id: data.items[1].id,
        serviceId: colour.id,
        staffProfileId: kim.id,
        startDatetime: `${DAY}T09:30:00`,
        endDatetime: `${DAY}T11:00:00`,
      },
      { id: data.items[2].id, serviceId: dry.id, staffProfileId: lee.id, startDatetime: `${DAY}T11:00:00`, endDatetime: `${DAY}T11:30:00` },
    ]);

    const rows = await itemsOfVisit(data.id);
    expect(rows.map((r) => [r.id, r.status, r.totalAmount, r.processingOffsetMinutes, r.processingMinutes])).toEqual([
      [data.items[0].id, "confirmed", 3000, 0, 0],
      [data.items[1].id, "confirmed", 8000, 30, 40],
      [data.items[2].id, "confirmed", 2500, 0, 0],
    ]);
    const [visit] = await testDb().select().from(schema.visits).where(sql`id = ${data.id}`);
    expect(visit.confirmationCode).toBe(data.confirmationCode);

    const mails = await outboxMails(body.customer.email);
    expect(mails.map((m) => m.kind)).toEqual(["booking.confirmed"]);
    // Stored as facts until sent (issue #42): version 2, a visit's, carries the items and the visit's calendar event.
    expect(mails[0].raw.textBody).toBe("");
    const stored = JSON.parse(mails[0].raw.facts ?? "{}");
    expect(stored).toMatchObject({ v: 2, template: "booking.confirmed", facts: { calendarId: data.id } });
    expect(stored.facts.items.map((i: { serviceName: string }) => i.serviceName)).toEqual(["Cut", "Colour", "Blow-dry"]);
    expect(mails[0].textBody).toContain("Cut");
    expect(mails[0].textBody).toContain("Colour");
    expect(mails[0].textBody).toContain("Blow-dry");
    const ics = parseIcs((mails[0].attachments as { content: string }[])[0].content);
    expect(ics.uid.startsWith(`${data.id}@`)).toBe(true);
    expect(ics.start).toBe(Date.parse("2031-03-10T13:00:00Z"));
    expect(ics.end).toBe(Date.parse("2031-03-10T15:30:00Z"));
    // One reminder for the visit, on its first item.
    expect((await reminderJobs(data.items[0].id)).length).toBe(1);
    expect((await reminderJobs(data.items[1].id)).length).toBe(0);
    // It is sent 24 hours before the first item, listing the items and updating the visit's one calendar event.
    await cronAt("2031-03-09T13:00:00Z", tenant.id);
    const sent = await reminders(body.customer.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain("Blow-dry");
    const reminderIcs = parseIcs(sent[0].attachments![0].content);
    expect(reminderIcs.uid).toBe(ics.uid);
    expect(reminderIcs.end).toBe(Date.parse("2031-03-10T15:30:00Z"));

    const created = (await deliveriesFor(tenant.id)).filter((d) => d.eventType === "booking.created");
    expect(created).toHaveLength(1);
    const payload = JSON.parse(created[0].payload) as { data: { booking: { id: string; items: { id: string }[]; totalAmount: number } } };
    expect(payload.data.booking.id).toBe(data.id);
    expect(payload.data.booking.totalAmount).toBe(13500);
    expect(payload.data.booking.items.map((i) => i.id)).toEqual(data.items.map((i: { id: string }) => i.id));

    // The colour's processing window leaves Kim free for a short service in it.
    const during = await get(`/api/public/${tenant.slug}/availability?serviceId=${cut.id}&date=${DAY}&staffId=${kim.id}`, { now: NOW });
    expect(during.body.data.slots.map((s: { startTime: string }) => s.startTime.slice(11, 16))).toContain("10:00");
  });

  it("writes nothing when one item is taken: 409 slot_taken, and an answer for a single service stays as it was", async () => {
    const { tenant, kim, lee, cut, dry } = await salon();
    await createBookingRow(tenant.id, dry.id, lee.id, new Date("2031-03-10T13:30:00Z"), 30); // Lee busy 09:30-10:00
    const refused = await book(
      tenant.slug,
      visitBody(
        [
          { serviceId: cut.id, staffProfileId: kim.id },
          { serviceId: dry.id, staffProfileId: lee.id },
        ],
        `${DAY}T09:00:00`,
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("slot_taken");
    const kimRows = await testDb().select().from(schema.bookings).where(sql`staff_id = ${kim.id}`);
    expect(kimRows).toEqual([]);
    expect(await testDb().select().from(schema.visits).where(sql`tenant_id = ${tenant.id}`)).toEqual([]);

    const single = await book(tenant.slug, bookingBody(cut.id, kim.id, `${DAY}T09:00:00`));
    expect(single.status).toBe(201);
    expect(Object.keys(single.body.data).sort()).toEqual(["confirmationCode", "customerUserId", "id", "status"]);
  });

  it("assigns the first free room by name to each item that needs one, and refuses a visit when no room is free", async () => {
    const { tenant, kim, lee, cut } = await salon();
    const [roomA, roomB] = await spaRooms(tenant.id, ["Room B", "Room A"]).then((r) => [r[1], r[0]]);
    const massage = await createService(tenant.id, {
      name: "Massage",
      durationMinutes: 60,
      resourceTypes: ["room"],
      bufferAfterMinutes: 10,
    });
    const first = await book(tenant.slug, visitBody(itemsBy(kim.id, cut.id, massage.id), `${DAY}T09:00:00`));
    expect(first.status).toBe(201);
    expect((await heldResources(first.body.data.items[1].id)).map((r) => r.resourceId)).toEqual([roomA.id]);
    expect(await heldResources(first.body.data.items[0].id)).toEqual([]);
    const second = await book(tenant.slug, visitBody(itemsBy(lee.id, cut.id, massage.id), `${DAY}T09:00:00`));
    expect(second.status).toBe(201);
    expect((await heldResources(second.body.data.items[1].id)).map((r) => r.resourceId)).toEqual([roomB.id]);
    // Both rooms are taken 09:30-10:40: a third massage at 09:30 has no room.
    const third = await book(tenant.slug, bookingBody(massage.id, kim.id, `${DAY}T10:30:00`));
    expect(third.status).toBe(409);
  });

  it("validates the body: items or one service, 2 to 5 items, unknown ids 404", async () => {
    const { tenant, kim, cut, dry } = await salon();
    const both = await book(tenant.slug, {
      ...visitBody(itemsBy(kim.id, cut.id, dry.id), `${DAY}T09:00:00`),
      serviceId: cut.id,
    });
    expect(both.status).toBe(400);
    expect(both.body.error.details.fieldErrors.serviceId).toEqual(["Send either serviceId and staffProfileId, or items"]);
    const one = await book(tenant.slug, visitBody([{ serviceId: cut.id, staffProfileId: kim.id }], `${DAY}T09:00:00`));
    expect(one.status).toBe(400);
    expect(one.body.error.details.fieldErrors.items).toBeDefined();
    const unknown = await book(
      tenant.slug,
      visitBody(
        [
          { serviceId: cut.id, staffProfileId: kim.id },
          { serviceId: "svc_nope", staffProfileId: kim.id },
        ],
        `${DAY}T09:00:00`,
      ),
    );
    expect(unknown.status).toBe(404);
    const nobody = await book(
      tenant.slug,
      visitBody(
        [
          { serviceId: cut.id, staffProfileId: kim.id },
          { serviceId: dry.id, staffProfileId: "stf_nope" },
        ],
        `${DAY}T09:00:00`,
      ),
    );
    expect(nobody.status).toBe(404);
    expect(await testDb().select().from(schema.visits).where(sql`tenant_id = ${tenant.id}`)).toEqual([]);
  });
});
