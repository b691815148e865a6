import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { parseLocalDateTime } from "../../../src/domain/time";
import { rescheduleBooking } from "../../../src/services/bookings/reschedule";
import { countDbRequests, get, post } from "../../helpers/api";
import { changedBeforeSecondBatch, servicesFor, testDb } from "../../helpers/db";
import { createBookingRow, createStaff } from "../../helpers/factories";
import { bookableTenant, bookingBody, bookingRow, deliveriesFor, webhookEndpoint } from "../../helpers/booking";
import { outboxMails } from "../../helpers/mail";

const NOW = "2027-03-01T12:00:00Z";

/** A tenant with a booking made through the API on 2027-03-10 at `start` (local). */
async function booked(start = "10:00", opts: Parameters<typeof bookableTenant>[0] = {}) {
  const setup = await bookableTenant(opts);
  const body = bookingBody(setup.service.id, setup.staff.id, `2027-03-10T${start}:00`, {
    customer: { firstName: "Ada", lastName: "L", email: `ada-${crypto.randomUUID().slice(0, 8)}@example.test`, notes: "Be gentle" },
  });
  const res = await post(`/api/public/${setup.tenant.slug}/bookings`, body, { now: NOW });
  expect(res.status).toBe(201);
  return { ...setup, id: res.body.data.id as string, code: res.body.data.confirmationCode as string, email: body.customer.email as string };
}

const suspend = (tenantId: string) =>
  testDb().update(schema.tenants).set({ isSuspended: true, suspendedAt: new Date().toISOString() }).where(sql`id = ${tenantId}`);
const reschedule = (code: string, body: unknown, now = NOW) => post(`/api/public/booking/${code}/reschedule`, body, { now });
const cancel = (code: string, body: unknown = {}, now = NOW) => post(`/api/public/booking/${code}/cancel`, body, { now });

describe("GET /api/public/booking/:code", () => {
  it("returns exactly the lookup fields, times tenant-local, for the code in any case", async () => {
    const b = await booked("10:00");
    for (const code of [b.code, b.code.toLowerCase()]) {
      const res = await get(`/api/public/booking/${code}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.body).toEqual({
        data: {
          id: b.id,
          tenant_id: b.tenant.id,
          start_datetime: "2027-03-10T10:00:00",
          end_datetime: "2027-03-10T11:00:00",
          status: "confirmed",
          confirmation_code: b.code,
          notes: "Be gentle",
          business_slug: b.tenant.slug,
          business_name: `Business ${b.tenant.slug}`,
          service_name: "Cut",
          staff_name: "Sam",
          timezone: "America/New_York",
        },
      });
    }
  });

  it("answers 404 not_found for an unknown or malformed code", async () => {
    for (const code of ["BK-ZZZZZZ", "nope", "BK-ABC"]) {
      const res = await get(`/api/public/booking/${code}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });

  it("costs one libSQL request", async () => {
    const b = await booked();
    const { result, dbRequests } = await countDbRequests((dbTag) => get(`/api/public/booking/${b.code}`, { dbTag }));
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(1);
  });
});

describe("POST /api/public/booking/:code/reschedule", () => {
  it("moves the booking, answers the lookup result, and writes the e-mail and booking.rescheduled webhook", async () => {
    const b = await booked("10:00");
    await webhookEndpoint(b.tenant.id);
    const res = await reschedule(b.code, { newStartDatetime: "2027-03-11T14:15:00" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.body.data).toMatchObject({
      id: b.id,
      status: "confirmed",
      start_datetime: "2027-03-11T14:15:00",
      end_datetime: "2027-03-11T15:15:00",
      staff_name: "Sam",
    });
    expect(Object.keys(res.body.data)).toHaveLength(12);
    expect(await bookingRow(b.id)).toMatchObject({ startAt: Date.parse("2027-03-11T19:15:00Z"), staffId: b.staff.id });
    expect((await outboxMails(b.email)).map((e) => e.kind).sort()).toEqual(["booking.confirmed", "booking.rescheduled"]);
    const deliveries = await deliveriesFor(b.tenant.id);
    expect(deliveries.map((d) => d.eventType)).toEqual(["booking.rescheduled"]);
  });

  it("may overlap the booking's own old time, and may change the staff member", async () => {
    const b = await booked("10:00");
    const moved = await reschedule(b.code, { newStartDatetime: "2027-03-10T10:30" });
    expect(moved.status).toBe(200);
    expect(moved.body.data.start_datetime).toBe("2027-03-10T10:30:00");
    const kim = await createStaff(b.tenant.id, { displayName: "Kim" });
    const toKim = await reschedule(b.code, { newStartDatetime: "2027-03-10T10:30", staffProfileId: kim.id });
    expect(toKim.status).toBe(200);
    expect(toKim.body.data.staff_name).toBe("Kim");
    expect((await bookingRow(b.id)).staffId).toBe(kim.id);
  });

  it("answers 409 slot_taken when the new time is taken or outside working hours, and changes nothing", async () => {
    const b = await booked("10:00");
    await createBookingRow(b.tenant.id, b.service.id, b.staff.id, new Date("2027-03-10T19:00:00Z"), 60); // 14:00 local
    for (const start of ["2027-03-10T13:30", "2027-03-10T14:00", "2027-03-10T18:00", "2027-03-14T02:30"]) {
      const res = await reschedule(b.code, { newStartDatetime: start });
      expect(res.status, start).toBe(409);
      expect(res.body.error.code).toBe("slot_taken");
    }
    expect((await bookingRow(b.id)).startAt).toBe(Date.parse("2027-03-10T15:00:00Z"));
  });

  it.each(["cancelled", "completed", "no_show"] as const)("answers 409 not_reschedulable for a %s booking", async (status) => {
    const { tenant, service, staff } = await bookableTenant();
    const row = await createBookingRow(tenant.id, service.id, staff.id, new Date("2027-03-10T15:00:00Z"), 60, { status });
    const res = await reschedule(row.confirmationCode, { newStartDatetime: "2027-03-10T12:00" });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("not_reschedulable");
  });

  it("validates the body and answers 404 for unknown codes and staff", async () => {
    const b = await booked();
    const missing = await reschedule(b.code, {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.details.fieldErrors)).toEqual(["newStartDatetime"]);
    const bad = await reschedule(b.code, { newStartDatetime: "2027-02-30T10:00", staffProfileId: 7 });
    expect(Object.keys(bad.body.error.details.fieldErrors).sort()).toEqual(["newStartDatetime", "staffProfileId"]);
    expect((await reschedule("BK-ZZZZZZ", { newStartDatetime: "2027-03-10T12:00" })).status).toBe(404);
    const hidden = await createStaff(b.tenant.id, { isBookable: false });
    const other = await bookableTenant();
    for (const staffProfileId of ["stf_nope", hidden.id, other.staff.id]) {
      const res = await reschedule(b.code, { newStartDatetime: "2027-03-10T12:00", staffProfileId });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });

  it("costs two libSQL requests", async () => {
    const b = await booked();
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post(`/api/public/booking/${b.code}/reschedule`, { newStartDatetime: "2027-03-10T12:00" }, { dbTag, now: NOW }),
    );
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(2);
  });

  it("two concurrent moves of one booking to two free times: one applies, the other gets 409 slot_taken", async () => {
    const b = await booked("09:00");
    // Both moves read the booking at 09:00; the one to 13:00 lands between the other's read and its
    // write (the race test hook), so the move to 15:00 writes on a stale read and must not apply.
    let first: Awaited<ReturnType<typeof reschedule>> | undefined;
    const db = changedBeforeSecondBatch(async () => {
      first = await reschedule(b.code, { newStartDatetime: "2027-03-10T13:00" });
    });
    const second = rescheduleBooking(
      servicesFor(db, new Date(NOW)),
      { kind: "public", code: b.code },
      { start: parseLocalDateTime("2027-03-10T15:00:00")! },
    );
    await expect(second).rejects.toMatchObject({ code: "slot_taken", status: 409 });
    expect(first?.status).toBe(200);
    expect(first?.body.data.start_datetime).toBe("2027-03-10T13:00:00");
    // The booking is where the move that applied put it; exactly one move was announced.
    expect((await bookingRow(b.id)).startAt).toBe(Date.parse("2027-03-10T18:00:00Z"));
    expect((await outboxMails(b.email)).map((e) => e.kind).sort()).toEqual(["booking.confirmed", "booking.rescheduled"]);
  });

  it("two bookings racing into one slot: one moves, the other gets 409 slot_taken", async () => {
    const a = await booked("09:00");
    const second = await post(`/api/public/${a.tenant.slug}/bookings`, bookingBody(a.service.id, a.staff.id, "2027-03-10T11:00"), {
      now: NOW,
    });
    const results = await Promise.all([
      reschedule(a.code, { newStartDatetime: "2027-03-10T14:00" }),
      reschedule(second.body.data.confirmationCode, { newStartDatetime: "2027-03-10T14:30" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const active = await testDb().select().from(schema.bookings).where(sql`staff_id = ${a.staff.id} AND status <> 'cancelled'`);
    const starts = active.map((r) => r.startAt).sort();
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(60 * 60_000);
  });
});

describe("POST /api/public/booking/:code/cancel", () => {
  it("cancels with a reason, then answers alreadyCancelled on repeat without a second e-mail", async () => {
    const b = await booked();
    await webhookEndpoint(b.tenant.id);
    const res = await cancel(b.code, { reason: "Feeling ill" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    // design.md §21: `refund` says what the cancellation gives back (nothing was paid here).
    expect(res.body).toEqual({ data: { id: b.id, status: "cancelled", confirmation_code: b.code, refund: null } });
    expect(await bookingRow(b.id)).toMatchObject({
      status: "cancelled",
      cancelReason: "Feeling ill",
      cancelledAt: new Date(NOW).toISOString(),
    });

    const again = await cancel(b.code.toLowerCase());
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      data: { id: b.id, status: "cancelled", confirmation_code: b.code, refund: null, alreadyCancelled: true },
    });
    expect((await outboxMails(b.email)).map((e) => e.kind).sort()).toEqual(["booking.cancelled", "booking.confirmed"]);
    expect((await deliveriesFor(b.tenant.id)).map((d) => d.eventType)).toEqual(["booking.cancelled"]);
    // Stored and given to the business, but never quoted to the customer (design.md §18).
    const email = (await outboxMails(b.email)).find((e) => e.kind === "booking.cancelled")!;
    expect(email.textBody).not.toContain("Feeling ill");
    expect(email.htmlBody).not.toContain("Feeling ill");
  });

  it("never copies a public cancel's free-text reason into the e-mail: a code holder cannot mail the customer a message", async () => {
    const b = await booked();
    const lure = "Your card was declined, pay again at https://evil.example/pay";
    expect((await cancel(b.code, { reason: lure })).status).toBe(200);
    expect((await bookingRow(b.id)).cancelReason).toBe(lure);
    const email = (await outboxMails(b.email)).find((e) => e.kind === "booking.cancelled")!;
    expect(email.textBody).toContain("has been cancelled");
    for (const body of [email.subject, email.textBody, email.htmlBody]) {
      expect(body).not.toContain("evil.example");
      expect(body).not.toContain("declined");
    }
  });

  it("accepts a request without a body", async () => {
    const b = await booked();
    const res = await post(`/api/public/booking/${b.code}/cancel`, undefined, { now: NOW });
    expect(res.status).toBe(200);
    expect((await bookingRow(b.id)).cancelReason).toBeNull();
  });

  it.each(["completed", "no_show"] as const)("answers 409 not_cancellable for a %s booking", async (status) => {
    const { tenant, service, staff } = await bookableTenant();
    const row = await createBookingRow(tenant.id, service.id, staff.id, new Date("2027-03-10T15:00:00Z"), 60, { status });
    const res = await cancel(row.confirmationCode);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("not_cancellable");
    expect((await bookingRow(row.id)).status).toBe(status);
  });

  it("refuses a reason over 500 characters and changes nothing; 404 for an unknown code", async () => {
    const b = await booked();
    const res = await cancel(b.code, { reason: "r".repeat(501) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors)).toEqual(["reason"]);
    expect((await bookingRow(b.id)).status).toBe("confirmed");
    expect((await cancel(b.code, { reason: "r".repeat(500) })).status).toBe(200);
    expect((await cancel("BK-ZZZZZZ")).status).toBe(404);
  });

  it("10 concurrent cancels: all 200, exactly one does the change and sends one e-mail", async () => {
    const b = await booked();
    const results = await Promise.all(Array.from({ length: 10 }, () => cancel(b.code)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.body.data.alreadyCancelled !== true)).toHaveLength(1);
    expect((await outboxMails(b.email)).filter((e) => e.kind === "booking.cancelled")).toHaveLength(1);
  });
});

describe("a suspended tenant's existing bookings", () => {
  it("can still be looked up and cancelled, but not moved, and the tenant takes no new bookings", async () => {
    const b = await booked();
    await suspend(b.tenant.id);
    expect((await get(`/api/public/booking/${b.code}`)).status).toBe(200);
    const moved = await reschedule(b.code, { newStartDatetime: "2027-03-10T12:00" });
    expect(moved.status).toBe(404);
    expect(moved.body.error.code).toBe("not_found");
    const fresh = await post(`/api/public/${b.tenant.slug}/bookings`, bookingBody(b.service.id, b.staff.id, "2027-03-10T13:00"), {
      now: NOW,
    });
    expect(fresh.status).toBe(404);
    const cancelled = await cancel(b.code);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe("cancelled");
  });
});
