import { sql } from "drizzle-orm";
import { schema } from "../../../src/db/client";
import { allWeek } from "../../helpers/bookable";
import { bookableSalon } from "../../helpers/booking";
import { testDb } from "../../helpers/db";
import { createResource, type TenantOverrides, uniq } from "../../helpers/factories";

// A salon for the visit tests (design.md §26). 2031-03-10 is a Monday (EDT since 2031-03-09); the
// pinned clock is a week earlier.
export const NOW = "2031-03-03T12:00:00Z";
export const DAY = "2031-03-10";

export async function salon(opts: { tenant?: TenantOverrides; hours?: [string, string] } = {}) {
  const [from, to] = opts.hours ?? ["09:00", "13:00"];
  const s = await bookableSalon({
    tenant: opts.tenant,
    tokensAt: NOW,
    hours: allWeek(from, to),
    staff: { kim: { displayName: "Kim", orderIndex: 1 }, lee: { displayName: "Lee", orderIndex: 2 } },
    services: {
      cut: { name: "Cut", durationMinutes: 30, price: 3000 },
      // Colour: 90 minutes, developing from 30 to 70 minutes after the start (the stylist is free then).
      colour: { name: "Colour", durationMinutes: 90, price: 8000, processingOffsetMinutes: 30, processingMinutes: 40 },
      dry: { name: "Blow-dry", durationMinutes: 30, price: 2500 },
    },
  });
  return { tenant: s.tenant, ...s.staff, ...s.services };
}

/** A spa: treatments that need a room, two rooms. */
export async function spaRooms(tenantId: string, names = ["Room A", "Room B"]) {
  const rooms = [];
  for (const name of names) rooms.push(await createResource(tenantId, { name, type: "room" }));
  return rooms;
}

export function visitBody(
  items: { serviceId: string; staffProfileId: string }[],
  startDatetime: string,
  extra: Record<string, unknown> = {},
) {
  return { items, startDatetime, customer: { firstName: "Vera", lastName: "Visit", email: `vera-${uniq()}@example.test` }, ...extra };
}

/** A visit's items all done by one staff member, in the order given. */
export const itemsBy = (staffProfileId: string, ...serviceIds: string[]) => serviceIds.map((serviceId) => ({ serviceId, staffProfileId }));

/**
 * The salon's visit of three services at 09:00 on DAY as a customer books it: Cut with Kim, Colour
 * with Lee, Blow-dry with Kim (the reports count it once, and each item for its own service).
 */
export function threeServiceVisit(s: Pick<Awaited<ReturnType<typeof salon>>, "kim" | "lee" | "cut" | "colour" | "dry">) {
  return visitBody(
    [
      { serviceId: s.cut.id, staffProfileId: s.kim.id },
      { serviceId: s.colour.id, staffProfileId: s.lee.id },
      { serviceId: s.dry.id, staffProfileId: s.kim.id },
    ],
    `${DAY}T09:00:00`,
  );
}

export const local = (s: string) => s.slice(11, 16);

export async function itemsOfVisit(visitId: string) {
  return testDb().select().from(schema.bookings).where(sql`visit_id = ${visitId}`).orderBy(schema.bookings.startAt);
}

export async function heldResources(bookingId: string) {
  return testDb().select().from(schema.bookingResources).where(sql`booking_id = ${bookingId}`);
}
