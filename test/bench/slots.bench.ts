/**
 * Micro-benchmark of the slot engine (src/domain/slots.ts, src/domain/schedule.ts): run with
 * `npx tsx test/bench/slots.bench.ts`. Prints µs per call for one day and for the days range. The DayZone (the one Temporal step) is
 * cached per isolate, so steady-state calls measure pure integer work; the cold cost is printed too.
 */
import { bookingLimits, type DayRules, dayQueryFor, emptyPlan, type StaffPlan } from "../../src/domain/schedule";
import { computeSlots, mergeBusy, slotLocalTimes, type StaffDay, summarizeDay } from "../../src/domain/slots";
import { addDays, dayZone, formatLocalDate, type LocalDate, parseLocalDate, wallToInstant } from "../../src/domain/time";
import { computeVisitSlots, summarizeVisitDay, type VisitItemQuery, type VisitQuery } from "../../src/domain/visit-slots";

const TZ = "America/New_York";
const MIN = 60_000;

/**
 * Working 08:00-13:00 and 13:30-20:00; 40 of the day's 48 quarter-hours from 08:00 hold a 15-minute
 * booking (every sixth one, shifted by `seed`, stays free), so each staff member has a few slots left.
 */
function staffDay(date: LocalDate, count: number, seed: number): StaffDay {
  const zone = dayZone(TZ, date);
  const busy = [];
  for (let q = 0; q < 48 && busy.length < count; q++) {
    if ((q + seed) % 6 === 0) continue;
    const start = wallToInstant(zone, zone.wallStartMs + (480 + q * 15) * MIN, "clamp");
    busy.push({ startMs: start, endMs: start + 15 * MIN });
  }
  return {
    intervals: [
      { startMinute: 480, endMinute: 780 },
      { startMinute: 810, endMinute: 1200 },
    ],
    busy,
  };
}

/**
 * µs per call: wall clock, and CPU time of this process (user + system), which a busy machine
 * inflates far less than the wall clock (other processes' time slices are not counted).
 */
function bench(label: string, iterations: number, fn: () => number) {
  for (let i = 0; i < Math.min(200, iterations); i++) fn(); // warm-up (JIT)
  let sink = 0;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink += fn();
  const ns = Number(process.hrtime.bigint() - t0);
  const cpu = process.cpuUsage(cpu0);
  const cpuUs = (cpu.user + cpu.system) / iterations;
  console.log(
    `${label.padEnd(58)} ${(ns / iterations / 1000).toFixed(1).padStart(8)} µs/call  (cpu ${cpuUs.toFixed(1)} µs; ${sink / iterations} slots)`,
  );
}

const date = parseLocalDate("2026-03-10")!;
const coldStart = process.hrtime.bigint();
const zone = dayZone(TZ, date);
console.log(
  `${"DayZone for one date (cold, Temporal)".padEnd(58)} ${(Number(process.hrtime.bigint() - coldStart) / 1000).toFixed(1).padStart(8)} µs`,
);

const warmStart = process.hrtime.bigint();
dayZone(TZ, addDays(date, 100));
console.log(
  `${"DayZone for another date (Temporal already loaded)".padEnd(58)} ${(Number(process.hrtime.bigint() - warmStart) / 1000).toFixed(1).padStart(8)} µs`,
);

const yearStart = process.hrtime.bigint();
for (let i = 0; i < 365; i++) dayZone(TZ, addDays(parseLocalDate("2028-01-01")!, i));
console.log(
  `${"DayZone, mean over 365 uncached dates of 2028".padEnd(58)} ${(Number(process.hrtime.bigint() - yearStart) / 365 / 1000).toFixed(1).padStart(8)} µs`,
);

const fiftyStaff = Array.from({ length: 50 }, (_, i) => staffDay(date, 40, i));
const freeStaff = Array.from({ length: 50 }, () => ({ intervals: [{ startMinute: 480, endMinute: 1200 }], busy: [] }));
const nowMs = Date.parse("2026-03-01T00:00:00Z");

bench("50 staff x 1 day x 40 bookings (engine)", 5000, () => computeSlots({ zone, durationMinutes: 15, staff: fiftyStaff, nowMs }).length);
bench("50 staff x 1 day x 40 bookings (engine + local strings)", 5000, () => {
  const slots = computeSlots({ zone, durationMinutes: 15, staff: fiftyStaff, nowMs });
  for (const s of slots) slotLocalTimes(zone, s);
  return slots.length;
});
bench("50 staff x 1 day, no bookings (engine + local strings)", 2000, () => {
  const slots = computeSlots({ zone, durationMinutes: 15, staff: freeStaff, nowMs });
  for (const s of slots) slotLocalTimes(zone, s);
  return slots.length;
});

const days = Array.from({ length: 31 }, (_, i) => addDays(date, i));
const month = days.map((d) => ({ zone: dayZone(TZ, d), staff: [staffDay(d, 40, 7)] }));
bench("1 staff x 31 days x 40 bookings/day (engine + strings)", 2000, () => {
  let n = 0;
  for (const d of month) {
    const slots = computeSlots({ zone: d.zone, durationMinutes: 15, staff: d.staff, nowMs });
    for (const s of slots) slotLocalTimes(d.zone, s);
    n += slots.length;
  }
  return n;
});

// ---- design.md §16: the days range (counts and first start per date), every rule in play ----
// 50 staff x 42 days: weekly hours with a lunch break, one date override per staff member, a
// closure of two dates, 40 bookings a day per staff member (15 minutes, 5 minutes after each
// as a stored buffer), a service of 30 minutes with 10 before and 5 after, 2 hours of notice.
// This is the CPU work of GET /availability/days after its one libSQL batch has answered.
{
  const from = parseLocalDate("2026-03-02")!;
  const dates = Array.from({ length: 42 }, (_, i) => addDays(from, i));
  const plans: StaffPlan[] = Array.from({ length: 50 }, (_, s) => {
    const plan = emptyPlan();
    for (let w = 0; w < 7; w++)
      plan.weekly[w] =
        w === 0
          ? []
          : [
              { startMinute: 420, endMinute: 780 },
              { startMinute: 810, endMinute: 1320 },
            ];
    plan.overrides.set(formatLocalDate(addDays(from, s % 42)), [{ startMinute: 600, endMinute: 1080 }]);
    for (const d of dates) {
      const zone = dayZone(TZ, d);
      for (let q = 0, n = 0; q < 56 && n < 40; q++) {
        if ((q + s) % 7 === 0) continue;
        const start = wallToInstant(zone, zone.wallStartMs + (420 + q * 15) * MIN, "clamp");
        plan.busy.push({ startMs: start, endMs: start + 20 * MIN });
        n++;
      }
    }
    return plan;
  });
  const rules: DayRules = {
    timeZone: TZ,
    service: { durationMinutes: 30, bufferBeforeMinutes: 10, bufferAfterMinutes: 5 },
    closures: [{ startDate: formatLocalDate(addDays(from, 20)), endDate: formatLocalDate(addDays(from, 21)) }],
    limits: bookingLimits(TZ, Date.parse("2026-03-02T14:00:00Z"), { minNoticeMinutes: 120, maxAdvanceDays: 365 }),
    nowMs: Date.parse("2026-03-02T14:00:00Z"),
  };
  // The month calendar's work for a set of staff: how many of the range's days have a free time.
  const openDays = (of: typeof plans) => () => {
    const staff = of.map((plan) => ({ plan, busy: mergeBusy(plan.busy) }));
    let open = 0;
    for (const d of dates) {
      const q = dayQueryFor(rules, staff, d);
      if (q && summarizeDay(q).count > 0) open++;
    }
    return open;
  };
  bench("days range: 50 staff x 42 days x 40 bookings/day, all rules", 300, openDays(plans));
  bench("days range: 10 staff x 42 days x 40 bookings/day, all rules", 1000, openDays(plans.slice(0, 10)));
}

// ---- design.md §26: a visit of 3 services, any staff, 10 staff, 2 resource types (target < 2 ms) ----
// Cut 30, colour 90 (developing 30-70, the stylist free then), massage 60 needing a room and a
// basin; 10 staff with 16 bookings a day each (a quarter hour each); 2 rooms and 2 basins, each busy a quarter of the day.
{
  const staff = Array.from({ length: 10 }, (_, i) => staffDay(date, 16, i));
  const resourceBusy = (seed: number) => {
    const spans = [];
    for (let h = 0; h < 12; h += 4) {
      const start = wallToInstant(zone, zone.wallStartMs + (480 + (h + seed) * 60) * MIN, "clamp");
      spans.push({ startMs: start, endMs: start + 60 * MIN });
    }
    return mergeBusy(spans);
  };
  const rooms = [resourceBusy(0), resourceBusy(1)];
  const basins = [resourceBusy(2), resourceBusy(3)];
  const all = staff.map((_, i) => i);
  const item = (durationMinutes: number, processing: VisitItemQuery["processing"], resources: VisitItemQuery["resources"]) => ({
    durationMinutes,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 5,
    processing,
    resources,
    staff: all,
  });
  const visit: VisitQuery = {
    zone,
    staff,
    items: [item(30, null, []), item(90, { offsetMinutes: 30, minutes: 40 }, []), item(60, null, [rooms, basins])],
    nowMs,
  };
  bench("visit of 3 services x 10 staff x 1 day, 2 resource types (engine)", 5000, () => computeVisitSlots(visit).length);
  bench("visit of 3 services x 10 staff, days summary of one date", 5000, () => summarizeVisitDay(visit).count);
}
