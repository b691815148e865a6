/**
 * The suite's clock (`TEST_NOW=<ISO instant> npm test`), decided once in the main vitest process:
 * the offset from real time that makes "now" read TEST_NOW when the run starts. Every part of the
 * stack runs on real time plus this offset, so they agree with each other:
 * - test code in every project: `test/setup/clock.ts` (vitest fake Date, setupFiles);
 * - the Worker under test in the workers pool: it shares the test file's isolate, so the same fake Date;
 * - `wrangler dev` in the e2e stack: the TEST_NOW var (src/lib/clock.ts), set by test/setup/e2e-global.ts;
 * - Chromium: `useBrowser()` installs the page clock at the suite's instant.
 * Without TEST_NOW the offset is null and nothing is faked.
 */
export function testClockOffsetMs(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env.TEST_NOW?.trim();
  if (!raw) return null;
  const pinned = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) || Number.isNaN(pinned)) {
    throw new Error(`TEST_NOW must be an ISO-8601 instant with a zone, e.g. 2027-03-14T03:30:00Z (got ${raw})`);
  }
  // Child processes re-reading the config keep the first process's anchor.
  env.TEST_NOW_ANCHOR ??= String(Date.now());
  return pinned - Number(env.TEST_NOW_ANCHOR);
}
