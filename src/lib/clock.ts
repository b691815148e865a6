/**
 * The Worker's wall clock. Everything that asks "what time is it" outside a request (queue
 * consumer, cron) uses this, and the services middleware seeds the request clock (`c.var.services.now`)
 * from it.
 *
 * TEST_NOW (an ISO instant; refused in production by src/env.ts) pins it for a test stack: the
 * clock reads TEST_NOW at the real instant TEST_NOW_AT (epoch ms) and runs on in real time from
 * there, so `wrangler dev` under `TEST_NOW=... npm test` behaves as if it were that instant (the
 * booking page's `data-today`, slot lists, outbox due times and the consumer that performs them
 * agree) and reads exactly what the test processes read. Without TEST_NOW_AT the anchor is the
 * moment this isolate first asks, which lags the suite's clock by the stack's start-up time: rows
 * the stack writes would then look older than rows a test wrote just before.
 */
let anchor: { testNow: string; pinnedMs: number; realMs: number } | undefined;

export function wallClock(testNow: string | undefined, testNowAtMs?: number): Date {
  if (!testNow) return new Date();
  if (testNowAtMs !== undefined) return new Date(Date.parse(testNow) + (Date.now() - testNowAtMs));
  if (anchor?.testNow !== testNow) anchor = { testNow, pinnedMs: Date.parse(testNow), realMs: Date.now() };
  return new Date(anchor.pinnedMs + (Date.now() - anchor.realMs));
}
