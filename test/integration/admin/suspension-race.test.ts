import { describe, expect, it } from "vitest";
import type { Db } from "../../../src/db/client";
import { parseLocalDateTime } from "../../../src/domain/time";
import { createBooking } from "../../../src/services/bookings/create";
import { rescheduleBooking } from "../../../src/services/bookings/reschedule";
import { type ApiResponse, get, patch, post } from "../../helpers/api";
import { changedBeforeSecondBatch, servicesFor } from "../../helpers/db";
import { createAdmin, createBookingRow } from "../../helpers/factories";
import { bookableTenant, bookingBody, bookingRow } from "../../helpers/booking";

// design.md §5: a suspended business answers 404 to public booking writes. A write whose atomic
// guard refused it because the suspension landed while it was in flight must say the same, never
// 409 slot_taken (which tells the customer to pick another time when there is none to pick).

const NOW = "2031-03-01T12:00:00Z";
const DATE = "2031-03-11";
/** 09:00, 09:15, ... : `n` distinct 15-minute starts, so no two creates compete for a slot. */
const starts = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${DATE}T${String(9 + Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}:00`,
  );

const suspend = (tenantId: string, token: string) =>
  patch(`/api/admin/tenants/${tenantId}`, { isSuspended: true, suspendedReason: "Chargebacks", reason: "risk review" }, { token });
const restore = (tenantId: string, token: string) =>
  patch(`/api/admin/tenants/${tenantId}`, { isSuspended: false, reason: "resolved" }, { token });

const ctxWith = (db: Db) => servicesFor(db, new Date(NOW));

function refusalsOf(responses: ApiResponse[]) {
  return responses.filter((r) => r.status !== 201 && r.status !== 200);
}

/** The race's outcome: the suspension succeeded, and every write it refused said 404 not_found (never slot_taken). */
async function raceSettled(writes: Promise<ApiResponse>[], suspension: Promise<ApiResponse>) {
  const responses = await Promise.all(writes);
  expect((await suspension).status).toBe(200);
  for (const r of refusalsOf(responses)) {
    expect(r.status, JSON.stringify(r.body)).toBe(404);
    expect(r.body.error.code).toBe("not_found");
  }
  return responses;
}

describe("a public booking write racing a suspension", () => {
  it("create: the insert refused because the business was suspended meanwhile is 404 not_found, and books nothing", async () => {
    const admin = await createAdmin();
    const { tenant, service, staff } = await bookableTenant();
    const db = changedBeforeSecondBatch(async () => expect((await suspend(tenant.id, admin.token)).status).toBe(200));
    const input = {
      serviceId: service.id,
      staffProfileId: staff.id,
      start: parseLocalDateTime(`${DATE}T10:00:00`)!,
      customer: { firstName: "Ada", email: "ada-race@example.test" },
      source: "online" as const,
    };
    await expect(createBooking(ctxWith(db), { kind: "public", slug: tenant.slug }, input)).rejects.toMatchObject({
      code: "not_found",
      status: 404,
    });
    // After restore the time is free, as the customer would find it.
    expect((await restore(tenant.id, admin.token)).status).toBe(200);
    const avail = await get(`/api/public/${tenant.slug}/availability?serviceId=${service.id}&date=${DATE}`, { now: NOW });
    expect(avail.body.data.slots.map((s: { startTime: string }) => s.startTime.slice(0, 19))).toContain(`${DATE}T10:00:00`);
  });

  it("reschedule: the move refused because the business was suspended meanwhile is 404 not_found, and moves nothing", async () => {
    const admin = await createAdmin();
    const { tenant, service, staff } = await bookableTenant();
    const booking = await createBookingRow(tenant.id, service.id, staff.id, new Date(`${DATE}T14:00:00Z`), 60);
    const db = changedBeforeSecondBatch(async () => expect((await suspend(tenant.id, admin.token)).status).toBe(200));
    await expect(
      rescheduleBooking(
        ctxWith(db),
        { kind: "public", code: booking.confirmationCode },
        { start: parseLocalDateTime(`${DATE}T15:00:00`)! },
      ),
    ).rejects.toMatchObject({ code: "not_found", status: 404 });
    expect((await bookingRow(booking.id)).startAt).toBe(booking.startAt);
  });

  it("30 creates racing an operator's suspension through the admin API: each is 201 or 404 not_found, never slot_taken", async () => {
    const admin = await createAdmin();
    const { tenant, service, staff } = await bookableTenant({ service: { durationMinutes: 15 } });
    const times = starts(30);
    const creates = times.map((t, i) =>
      // The suspension goes out among them, so some are in flight on either side of it.
      (i === 10 ? suspend(tenant.id, admin.token) : Promise.resolve()).then(() =>
        post(`/api/public/${tenant.slug}/bookings`, bookingBody(service.id, staff.id, t), { now: NOW }),
      ),
    );
    const responses = await raceSettled(creates, suspend(tenant.id, admin.token));
    // The refused times were free: after restore they are offered again.
    expect((await restore(tenant.id, admin.token)).status).toBe(200);
    const avail = await get(`/api/public/${tenant.slug}/availability?serviceId=${service.id}&date=${DATE}`, { now: NOW });
    const offered = new Set(avail.body.data.slots.map((s: { startTime: string }) => s.startTime.slice(0, 19)));
    responses.forEach((r, i) => {
      expect(offered.has(times[i]), `${times[i]} (${r.status})`).toBe(r.status !== 201);
    });
  });

  it("30 reschedules racing a suspension: each is 200 or 404 not_found, never slot_taken", async () => {
    const admin = await createAdmin();
    const { tenant, service, staff } = await bookableTenant({ service: { durationMinutes: 15 } });
    const times = starts(30);
    // Each booking sits on the next day and moves to its own free time on DATE.
    const bookings = await Promise.all(
      times.map((t) => createBookingRow(tenant.id, service.id, staff.id, new Date(`2031-03-12T${t.slice(11)}Z`), 15)),
    );
    const moves = bookings.map((b, i) =>
      post(`/api/public/booking/${b.confirmationCode}/reschedule`, { newStartDatetime: times[i] }, { now: NOW }),
    );
    await raceSettled(moves, suspend(tenant.id, admin.token));
  });
});
