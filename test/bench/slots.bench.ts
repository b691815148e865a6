/**
 * Micro-benchmark of the slot engine (src/domain/slots.ts): run with `npx tsx test/bench/slots.bench.ts`.
 * Prints µs per call for the two shapes the brief names. The DayZone (the one Temporal step) is
 * cached per isolate, so steady-state calls measure pure integer work; the cold cost is printed too.
 */
import { computeSlots, slotLocalTimes, type StaffDay } from "../../src/domain/slots";
import { addDays, dayZone, type LocalDate, parseLocalDate, wallToInstant } from "../../src/domain/time";

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

function bench(label: string, iterations: number, fn: () => number) {
  for (let i = 0; i < Math.min(200, iterations); i++) fn(); // warm-up (JIT)
  let sink = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink += fn();
  const ns = Number(process.hrtime.bigint() - t0);
  console.log(`${label.padEnd(58)} ${(ns / iterations / 1000).toFixed(1).padStart(8)} µs/call  (${sink / iterations} slots)`);
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
