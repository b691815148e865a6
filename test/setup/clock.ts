import { afterAll, beforeEach, inject, vi } from "vitest";

/**
 * setupFiles of every project: under `TEST_NOW=<ISO instant> npm test` the test's Date (and
 * Temporal.Now, which reads it) reads the suite's clock: real time plus the offset decided at the
 * run's start (test/setup/test-clock.ts), re-set every few milliseconds from the real clock so it
 * never drifts from the other processes of the stack (wrangler dev, Chromium). Only Date is faked:
 * timers, and so timeouts and polling, stay real. In the workers pool the Worker shares this
 * isolate, so its request clock (`c.var.now` without x-test-now) agrees with the test's.
 *
 * A test may still take the clock over (`vi.useFakeTimers`, `vi.setSystemTime`): the sync leaves a
 * clock it did not set alone, and the next test starts on the suite's clock again.
 */
const offset = inject("testClockOffsetMs");
if (typeof offset === "number") {
  let lastSet = 0;
  const pin = () => {
    lastSet = vi.getRealSystemTime() + offset;
    vi.useFakeTimers({ toFake: ["Date"], now: lastSet });
  };
  pin();
  const sync = setInterval(() => {
    if (vi.getMockedSystemTime()?.getTime() !== lastSet) return;
    lastSet = vi.getRealSystemTime() + offset;
    vi.setSystemTime(lastSet);
  }, 4);
  (sync as { unref?: () => void }).unref?.();
  beforeEach(pin);
  afterAll(() => {
    clearInterval(sync);
    vi.useRealTimers();
  });
}
