import { sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { post, put } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { bookableSalon } from "../../helpers/booking";
import { createBookingRow, createCustomer, uniq } from "../../helpers/factories";

// A salon with known bookings and money in March 2031 (New York; clocks go forward on Sunday
// 9 March at 02:00), and what every report figure must be, computed here from what it wrote.

export const ZONE = "America/New_York";
export const FROM = "2031-03-01";
export const TO = "2031-03-31";

/** A local wall time of the salon as a Date (a repeated time: its earlier instant). */
export const local = (wall: string, zone = ZONE) =>
  new Date(Temporal.PlainDateTime.from(wall).toZonedDateTime(zone, { disambiguation: "earlier" }).epochMilliseconds);

/** Real minutes between two local wall times (a DST change between them counts). */
const realMinutes = (from: string, to: string) => (local(to).getTime() - local(from).getTime()) / 60_000;

export const dateOf = (d: Date, zone = ZONE) =>
  Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(zone).toPlainDate().toString();

export const datesBetween = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = Temporal.PlainDate.from(from); Temporal.PlainDate.compare(d, Temporal.PlainDate.from(to)) <= 0; d = d.add({ days: 1 }))
    out.push(d.toString());
  return out;
};

type Pay = { kind: string; amount: number; status: string; refunded?: number };
type Spec = {
  staff: "ana" | "ben";
  service: "cut" | "colour";
  start: string;
  minutes: number;
  status: "pending" | "confirmed" | "completed" | "no_show" | "cancelled";
  customer?: "c1" | "c2" | "c3";
  /** A hold released unpaid (cancelled with its hold end still set). */
  releasedHold?: boolean;
  pay?: Pay[];
};

const BOOKINGS: Spec[] = [
  {
    staff: "ana",
    service: "cut",
    start: "2031-03-03T10:00",
    minutes: 60,
    status: "completed",
    customer: "c1",
    pay: [
      { kind: "full", amount: 5000, status: "succeeded" },
      { kind: "full", amount: 5000, status: "failed" },
    ],
  },
  {
    staff: "ana",
    service: "colour",
    start: "2031-03-05T11:00",
    minutes: 30,
    status: "no_show",
    customer: "c2",
    pay: [
      { kind: "deposit", amount: 1000, status: "succeeded" },
      { kind: "no_show_fee", amount: 1500, status: "succeeded" },
    ],
  },
  // Across the spring-forward change: 01:30 EST to 03:30 EDT is one real hour.
  { staff: "ben", service: "cut", start: "2031-03-09T01:30", minutes: 60, status: "confirmed", customer: "c3" },
  {
    staff: "ana",
    service: "colour",
    start: "2031-03-12T14:00",
    minutes: 45,
    status: "cancelled",
    customer: "c1",
    pay: [{ kind: "deposit", amount: 2000, status: "partially_refunded", refunded: 800 }],
  },
  {
    staff: "ben",
    service: "colour",
    start: "2031-03-14T10:00",
    minutes: 60,
    status: "pending",
    customer: "c2",
    pay: [{ kind: "deposit", amount: 900, status: "pending" }],
  },
  {
    staff: "ana",
    service: "cut",
    start: "2031-03-15T10:00",
    minutes: 60,
    status: "cancelled",
    releasedHold: true,
    pay: [{ kind: "deposit", amount: 700, status: "cancelled" }],
  },
  {
    staff: "ben",
    service: "colour",
    start: "2031-03-17T11:00",
    minutes: 90,
    status: "completed",
    customer: "c2",
    pay: [{ kind: "full", amount: 8000, status: "refunded", refunded: 8000 }],
  },
  // The last evening of the range (already 1 April in UTC) is in; the dates around the range are out.
  {
    staff: "ana",
    service: "cut",
    start: "2031-03-31T23:30",
    minutes: 30,
    status: "completed",
    customer: "c1",
    pay: [{ kind: "full", amount: 4000, status: "succeeded" }],
  },
  {
    staff: "ana",
    service: "cut",
    start: "2031-04-01T00:30",
    minutes: 30,
    status: "completed",
    customer: "c3",
    pay: [{ kind: "full", amount: 4000, status: "succeeded" }],
  },
  { staff: "ben", service: "cut", start: "2031-02-28T23:30", minutes: 30, status: "no_show", customer: "c1" },
  // c3's earlier visit: c3 is returning; c1's only earlier booking was a no-show, so c1 is new.
  { staff: "ben", service: "cut", start: "2031-02-10T10:00", minutes: 30, status: "completed", customer: "c3" },
];

const ANA_HOURS = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));
const BEN_HOURS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "10:00", end: "14:00" }));
const BEN_OVERRIDE = { date: "2031-03-09", start: "00:00", end: "06:00" }; // a Sunday, the night clocks change
const CLOSURE = { startDate: "2031-03-20", endDate: "2031-03-21" };
const ANA_TIME_OFF = { start: "2031-03-25T12:00", end: "2031-03-25T14:00" };

/** Writes the salon: staff (Ben linked to a staff member's login), hours, override, closure, time off, bookings, payments. */
export async function reportSalon() {
  const {
    tenant,
    staff: { ana, ben },
    services: { cut, colour },
    members: { ben: benMember },
  } = await bookableSalon({
    tenant: { timezone: ZONE, currency: "USD" },
    members: { ben: { role: "staff" } },
    staff: {
      ana: { displayName: `Ana ${uniq()}`, orderIndex: 0, hours: ANA_HOURS },
      ben: { displayName: `Ben ${uniq()}`, orderIndex: 1, hours: BEN_HOURS, member: "ben" },
    },
    services: {
      cut: { name: `Cut ${uniq()}`, durationMinutes: 60, price: 5000 },
      colour: { name: `Colour ${uniq()}`, durationMinutes: 60, price: 8000 },
    },
  });
  const db = testDb();
  const customers = {
    c1: await createCustomer(tenant.id, { firstName: "Cleo" }),
    c2: await createCustomer(tenant.id, { firstName: "Dora" }),
    c3: await createCustomer(tenant.id, { firstName: "Eve" }),
  };
  const staffIds = { ana: ana.id, ben: ben.id };
  const serviceIds = { cut: cut.id, colour: colour.id };
  const rows = [];
  const t = new Date().toISOString();
  for (const b of BOOKINGS) {
    const row = await createBookingRow(tenant.id, serviceIds[b.service], staffIds[b.staff], local(b.start), b.minutes, {
      status: b.status,
      customerId: b.customer ? customers[b.customer].id : null,
      holdExpiresAt: b.releasedHold || b.status === "pending" ? local(b.start).getTime() - 86_400_000 : null,
    });
    rows.push({ ...b, id: row.id, startAt: row.startAt, endAt: row.endAt });
    for (const p of b.pay ?? []) {
      await db.insert(schema.payments).values({
        id: newId("pay"),
        tenantId: tenant.id,
        bookingId: row.id,
        amount: p.amount,
        currency: "USD",
        kind: p.kind as "full",
        status: p.status as "succeeded",
        refundedAmount: p.refunded ?? 0,
        createdAt: t,
        updatedAt: t,
      });
    }
  }
  // Money of no booking (design.md §32's kinds): a gift card sold in the range counts on its day,
  // a redemption never (it spends money counted when the card was sold), a sale outside the range not.
  const loose = [
    { kind: "gift_card_sale", amount: 3000, at: local("2031-03-10T12:00"), counted: true },
    { kind: "gift_card_redemption", amount: 2500, at: local("2031-03-10T13:00"), counted: false },
    { kind: "gift_card_sale", amount: 6000, at: local("2031-04-02T12:00"), counted: false },
  ];
  for (const l of loose) {
    await db.run(sql`INSERT INTO payments (id, tenant_id, booking_id, amount, currency, kind, status, refunded_amount, created_at, updated_at)
      VALUES (${newId("pay")}, ${tenant.id}, NULL, ${l.amount}, 'USD', ${l.kind}, 'succeeded', 0, ${l.at.toISOString()}, ${t})`);
  }
  const auth = { token: tenant.token };
  const o = await put(
    `/api/staff/${ben.id}/overrides/${BEN_OVERRIDE.date}`,
    { intervals: [{ start: BEN_OVERRIDE.start, end: BEN_OVERRIDE.end }] },
    auth,
  );
  if (o.status !== 200) throw new Error(`override: ${o.status} ${o.text}`);
  const c = await post("/api/businesses/me/closures", CLOSURE, auth);
  if (c.status !== 201) throw new Error(`closure: ${c.status} ${c.text}`);
  const off = await post(
    `/api/staff/${ana.id}/time-off`,
    { start: local(ANA_TIME_OFF.start).toISOString(), end: local(ANA_TIME_OFF.end).toISOString() },
    auth,
  );
  if (off.status !== 201) throw new Error(`time off: ${off.status} ${off.text}`);
  return { tenant, ana, ben, benMember, cut, colour, customers, rows, loose, serviceIds, staffIds };
}

export type Salon = Awaited<ReturnType<typeof reportSalon>>;

const TAKEN = new Set(["succeeded", "partially_refunded", "refunded"]);

/** The summary's totals and rates (design.md §29) from the counted (not pending) bookings, their money and customers. */
export function reportTotals(
  counted: { status: string }[],
  money: { revenue: number; refunded: number },
  customers: { newCustomers: number; returningCustomers: number },
) {
  const completed = counted.filter((r) => r.status === "completed").length;
  const noShows = counted.filter((r) => r.status === "no_show").length;
  const cancelled = counted.filter((r) => r.status === "cancelled").length;
  return {
    totals: { bookings: counted.length, completed, noShows, cancelled, ...money, net: money.revenue - money.refunded, ...customers },
    noShowRate: completed + noShows ? noShows / (completed + noShows) : null,
    cancellationRate: counted.length ? cancelled / counted.length : null,
  };
}

/** Every figure of the summary over [from, to], from the salon's own rows (optionally one staff member's). */
export function expectedSummary(s: Salon, from: string, to: string, staff?: "ana" | "ben") {
  const inRange = (d: Date) => dateOf(d) >= from && dateOf(d) <= to;
  const mine = s.rows.filter((r) => !staff || r.staff === staff);
  const counted = mine.filter((r) => inRange(new Date(r.startAt)) && r.status !== "pending" && !r.releasedHold);
  const money = (r: Spec) => (r.pay ?? []).filter((p) => TAKEN.has(p.status));
  const taken = (r: Spec) => money(r).reduce((n, p) => n + p.amount, 0);
  const refunded = (r: Spec) => money(r).reduce((n, p) => n + (p.refunded ?? 0), 0);
  const loose = staff ? [] : s.loose.filter((l) => l.counted && inRange(l.at));
  const revenue = counted.reduce((n, r) => n + taken(r), 0) + loose.reduce((n, l) => n + l.amount, 0);
  const refund = counted.reduce((n, r) => n + refunded(r), 0);
  const visitors = new Set(counted.filter((r) => r.customer && ["confirmed", "completed"].includes(r.status)).map((r) => r.customer!));
  const firstVisit = (c: string) =>
    Math.min(...s.rows.filter((r) => r.customer === c && ["confirmed", "completed"].includes(r.status)).map((r) => r.startAt));
  const fromMs = local(`${from}T00:00`).getTime();
  const newCustomers = [...visitors].filter((c) => firstVisit(c) >= fromMs).length;

  const closed = datesBetween(CLOSURE.startDate, CLOSURE.endDate);
  const available = (who: "ana" | "ben") =>
    datesBetween(from, to).reduce((n, date) => {
      if (closed.includes(date)) return n;
      if (who === "ben" && date === BEN_OVERRIDE.date)
        return n + realMinutes(`${date}T${BEN_OVERRIDE.start}`, `${date}T${BEN_OVERRIDE.end}`);
      const weekday = Temporal.PlainDate.from(date).dayOfWeek % 7; // 0 = Sunday
      const hours = (who === "ana" ? ANA_HOURS : BEN_HOURS).filter((h) => h.weekday === weekday);
      let minutes = hours.reduce((m, h) => m + realMinutes(`${date}T${h.start}`, `${date}T${h.end}`), 0);
      if (who === "ana" && date === ANA_TIME_OFF.start.slice(0, 10)) minutes -= realMinutes(ANA_TIME_OFF.start, ANA_TIME_OFF.end);
      return n + minutes;
    }, 0);
  const booked = (who: "ana" | "ben") =>
    counted.filter((r) => r.staff === who && r.status !== "cancelled").reduce((n, r) => n + (r.endAt - r.startAt) / 60_000, 0);
  const who = staff ? [staff] : (["ana", "ben"] as const);
  const utilization = who.map((w) => ({
    staffId: s.staffIds[w],
    bookedMinutes: booked(w),
    availableMinutes: available(w),
    ratio: available(w) ? booked(w) / available(w) : null,
  }));
  const services = (["cut", "colour"] as const)
    .map((k) => {
      const of = counted.filter((r) => r.service === k);
      return { serviceId: s.serviceIds[k], bookings: of.length, revenue: of.reduce((n, r) => n + taken(r) - refunded(r), 0) };
    })
    .filter((x) => x.bookings > 0)
    .sort((a, b) => b.revenue - a.revenue || b.bookings - a.bookings);
  return {
    ...reportTotals(counted, { revenue, refunded: refund }, { newCustomers, returningCustomers: visitors.size - newCustomers }),
    utilization,
    services,
    /** Per local date: bookings, net revenue and no-shows. */
    byDate: (date: string) => {
      const of = counted.filter((r) => dateOf(new Date(r.startAt)) === date);
      const l = loose.filter((x) => dateOf(x.at) === date);
      return {
        bookings: of.length,
        revenue: of.reduce((n, r) => n + taken(r) - refunded(r), 0) + l.reduce((n, x) => n + x.amount, 0),
        noShows: of.filter((r) => r.status === "no_show").length,
      };
    },
  };
}
