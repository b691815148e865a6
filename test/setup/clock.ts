import { inject } from "vitest";

/**
 * setupFiles of every project: under `TEST_NOW=<ISO instant> npm test` the test's `Date` (and
 * Temporal.Now, which reads it) runs on the suite's clock: real time plus the offset decided at the
 * run's start (test/setup/test-clock.ts), exactly, at every call, so it agrees with the other
 * processes of the stack (wrangler dev, Chromium) and keeps real time's millisecond resolution.
 * Only `Date` changes: timers, timeouts and polling stay real. In the workers pool the Worker under
 * test shares this isolate, so its request clock (`c.var.services.now` without x-test-now) is the same clock.
 *
 * Why not vi.useFakeTimers: its Date stands still between ticks (`shouldAdvanceTime` adds a fixed
 * step per interval and falls behind a busy event loop), so two rows written a few milliseconds
 * apart get the same timestamp far more often than in real time, and any order by `created_at`
 * turns into a coin toss. A test may still use vi.useFakeTimers/vi.setSystemTime on top of this;
 * vi.useRealTimers brings this clock back.
 */
const offset = inject("testClockOffsetMs");
const REAL = Symbol.for("booking.test.realDate");
type Global = typeof globalThis & { [REAL]?: DateConstructor };
const g = globalThis as Global;
if (typeof offset === "number" && !g[REAL]) {
  const RealDate = Date;
  g[REAL] = RealDate;
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    // `Date()` called as a function: the current time as a string.
    apply: () => new RealDate(now()).toString(),
    get: (target, prop, receiver) => (prop === "now" ? now : Reflect.get(target, prop, receiver)),
  });
}

/** Real time, whatever the suite's clock says (for tests of the clock itself). */
export function realNow(): number {
  return (g[REAL] ?? Date).now();
}

/**
 * Runs `fn` with the real `Date` in place, the suite's clock back afterwards. For code that must
 * stamp real time while it runs in this process: Playwright's clock (test/e2e/helpers/browser.ts).
 * Nothing else of a test runs meanwhile (it awaits `fn`).
 */
export async function withRealDate<T>(fn: () => Promise<T>): Promise<T> {
  const real = g[REAL];
  if (!real || globalThis.Date === real) return fn();
  const suite = globalThis.Date;
  globalThis.Date = real;
  try {
    return await fn();
  } finally {
    globalThis.Date = suite;
  }
}
