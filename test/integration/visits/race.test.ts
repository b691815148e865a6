import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type ApiResponse, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createService, createStaff } from "../../helpers/factories";
import { bookingBody } from "../../helpers/booking";
import { DAY, itemsBy, NOW, salon, spaRooms, visitBody } from "./_setup";

// design.md §26: racing creates never book a staff member's active time or a resource twice; every
// answer is 201 or 409 slot_taken. Checked in the database afterwards.

type Span = [number, number];
const MIN = 60_000;

/** A staff member's active parts of their active bookings (a processing window is not active). */
async function activeParts(staffId: string): Promise<Span[]> {
  const rows = await testDb().all<{ s: number; e: number; o: number; p: number }>(
    sql`SELECT start_at AS s, end_at AS e, processing_offset_minutes AS o, processing_minutes AS p
        FROM bookings WHERE staff_id = ${staffId} AND status <> 'cancelled'`,
  );
  return rows.flatMap((r): Span[] =>
    r.p > 0
      ? [
          [r.s, r.s + r.o * MIN],
          [r.s + (r.o + r.p) * MIN, r.e],
        ]
      : [[r.s, r.e]],
  );
}

function overlaps(spans: Span[]): Span[][] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: Span[][] = [];
  for (let i = 1; i < sorted.length; i++) if (sorted[i][0] < sorted[i - 1][1]) out.push([sorted[i - 1], sorted[i]]);
  return out;
}

function expectOnlyCreatedOrTaken(results: ApiResponse[]) {
  for (const r of results) {
    expect([201, 409]).toContain(r.status);
    if (r.status === 409) expect(r.body.error.code).toBe("slot_taken");
  }
}

describe("racing creates", () => {
  it("100 visit creates and 100 single creates for the same staff member and times: no active minute of hers booked twice", async () => {
    const { tenant, kim, cut, colour } = await salon();
    // The visit: Kim colours 09:00-10:30 (free 09:30-10:10 while it develops), then cuts 10:30-11:00.
    // The single cuts aim at 09:00 (taken by the visit), 09:30 (inside the processing window: fits),
    // 09:40 (ends 10:10: fits exactly) and 10:00 (overlaps her active colour finish).
    const singleStarts = ["09:00", "09:30", "09:40", "10:00"];
    const requests = [
      ...Array.from({ length: 100 }, () =>
        post(`/api/public/${tenant.slug}/bookings`, visitBody(itemsBy(kim.id, colour.id, cut.id), `${DAY}T09:00:00`), { now: NOW }),
      ),
      ...Array.from({ length: 100 }, (_, i) =>
        post(`/api/public/${tenant.slug}/bookings`, bookingBody(cut.id, kim.id, `${DAY}T${singleStarts[i % 4]}:00`), { now: NOW }),
      ),
    ];
    const results = await Promise.all(requests);
    expectOnlyCreatedOrTaken(results);
    expect(results.filter((r) => r.status === 201).length).toBeGreaterThan(0);
    const parts = await activeParts(kim.id);
    expect(parts.length).toBeGreaterThan(0);
    expect(overlaps(parts)).toEqual([]);
    // A visit written is written whole: no visit has a lone item.
    const lone = await testDb().all(
      sql`SELECT visit_id FROM bookings WHERE tenant_id = ${tenant.id} AND visit_id IS NOT NULL GROUP BY visit_id HAVING COUNT(*) <> 2`,
    );
    expect(lone).toEqual([]);
    // 200 creates at once through one workerd: on a 2-core machine shared with a second test file it
    // can pass the 30 s default; the deadline is for a hung request, not a measure of speed.
  }, 90_000);

  it("50 creates for 5 staff members and one room: the room is booked once", async () => {
    const { tenant, kim, lee } = await salon();
    const [room] = await spaRooms(tenant.id, ["Room A"]);
    const massage = await createService(tenant.id, { name: "Massage", durationMinutes: 60, resourceTypes: ["room"] });
    const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "09:00", end: "13:00" }));
    const others = [];
    for (const name of ["Ana", "Ben", "Cy"]) others.push(await createStaff(tenant.id, { displayName: name }, hours));
    const staff = [kim, lee, ...others];
    const starts = ["09:00", "09:30"];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(`/api/public/${tenant.slug}/bookings`, bookingBody(massage.id, staff[i % 5].id, `${DAY}T${starts[i % 2]}:00`), {
          now: NOW,
        }),
      ),
    );
    expectOnlyCreatedOrTaken(results);
    // 09:00-10:00 and 09:30-10:30 overlap: one booking holds the room.
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const held = await testDb().all<{ s: number; e: number }>(
      sql`SELECT br.start_at AS s, br.end_at AS e FROM booking_resources br JOIN bookings b ON b.id = br.booking_id
          WHERE br.resource_id = ${room.id} AND b.status <> 'cancelled'`,
    );
    expect(held).toHaveLength(1);
    const booked = await testDb().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM bookings WHERE tenant_id = ${tenant.id} AND service_id = ${massage.id} AND status <> 'cancelled'`,
    );
    expect(booked[0].n).toBe(1);
  });
});
