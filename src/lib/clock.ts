/**
 * The Worker's wall clock. Everything that asks "what time is it" outside a request (queue
 * consumer, cron) uses this, and the services middleware seeds the request clock (`c.var.now`)
 * from it.
 *
 * TEST_NOW (an ISO instant; refused in production by src/env.ts) pins it for a test stack: the
 * clock reads TEST_NOW when this isolate first asks and runs on in real time from there, so
 * `wrangler dev` under `TEST_NOW=... npm test` behaves as if it were that instant (the booking
 * page's `data-today`, slot lists, outbox due times and the consumer that performs them agree).
 */
let anchor: { testNow: string; pinnedMs: number; realMs: number } | undefined;

export function wallClock(testNow: string | undefined): Date {
  if (!testNow) return new Date();
  if (anchor?.testNow !== testNow) anchor = { testNow, pinnedMs: Date.parse(testNow), realMs: Date.now() };
  return new Date(anchor.pinnedMs + (Date.now() - anchor.realMs));
}
