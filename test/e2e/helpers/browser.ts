import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Clock,
  type FrameLocator,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, type TestContext } from "vitest";
import { withRealDate } from "../../setup/clock";

/**
 * Real Chromium (Debian's /usr/bin/chromium) for page tests. Every *.example.test host resolves
 * to 127.0.0.1, so a tenant's custom domain reaches the local `wrangler dev` on its port.
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--host-resolver-rules=MAP *.example.test 127.0.0.1",
];

export const ARTIFACTS = join(process.cwd(), "test", "artifacts");

export function randomIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/**
 * One browser per test file; each test opens its own context (fresh storage, its own client IP
 * so rate-limit buckets never couple tests). When a test fails, every page still open in its
 * contexts is saved as a screenshot under test/artifacts/ (git-ignored).
 */
export function useBrowser() {
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(() => {
    contexts = [];
  });
  afterEach(async (ctx: TestContext) => {
    // The failure is recorded before afterEach hooks run, while the pages are still open.
    if (ctx.task.result?.state === "fail") {
      mkdirSync(ARTIFACTS, { recursive: true });
      const name = ctx.task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
      let i = 0;
      for (const context of contexts) {
        for (const page of context.pages()) {
          await page.screenshot({ path: join(ARTIFACTS, `failed-${name}-${i++}.png`), fullPage: true }).catch(() => undefined);
        }
      }
    }
    for (const context of contexts) await context.close().catch(() => undefined);
  });
  return {
    /** A new context (375 px wide unless told) and a page in it; dialogs are answered with OK. */
    async newPage(
      opts: {
        width?: number;
        height?: number;
        ip?: string;
        now?: string;
        storageState?: BrowserContextOptions["storageState"];
        /** The browser's clock this far off the suite's (a visitor's computer whose clock is wrong). */
        clockSkewMs?: number;
      } = {},
    ): Promise<{ page: Page; context: BrowserContext; ip: string }> {
      const ip = opts.ip ?? randomIp();
      // `now` pins the server's clock for every request of the page (TEST_HOOKS is on in the e2e
      // stack): the page's "today" and the API's "now" are then that instant.
      const headers: Record<string, string> = { "CF-Connecting-IP": ip };
      if (opts.now) headers["x-test-now"] = opts.now;
      const context = await browser.newContext({
        viewport: { width: opts.width ?? 375, height: opts.height ?? 800 },
        extraHTTPHeaders: headers,
        storageState: opts.storageState,
      });
      contexts.push(context);
      stampOnRealTime(context.clock);
      // `TEST_NOW=... npm test`: the browser's clock runs from the suite's instant too (test/setup/test-clock.ts).
      if (typeof inject("testClockOffsetMs") === "number" || opts.clockSkewMs)
        await context.clock.install({ time: Date.now() + (opts.clockSkewMs ?? 0) });
      const page = await context.newPage();
      page.on("dialog", (d) => void d.accept());
      return { page, context, ip };
    },
  };
}

/**
 * Playwright's clock runs in this process and stamps each clock call with `Date.now()`; every page
 * then replays those stamps against the browser's real clock (and never backwards). Under TEST_NOW
 * this process's Date is the suite's shifted clock (test/setup/clock.ts), which would put pages at
 * real time (an earlier TEST_NOW) or freeze each new page at the install instant (a later one). So
 * every clock call of a context (`page.clock` is the same object) stamps real time, and an install
 * without a time starts at the suite's now. "the browser's clock in these tests"
 * (app-session-clock.test.ts) checks it.
 */
function stampOnRealTime(clock: Clock): void {
  const calls = ["fastForward", "pauseAt", "resume", "runFor", "setFixedTime", "setSystemTime"] as const;
  for (const name of calls) {
    const call = clock[name].bind(clock) as (...args: unknown[]) => Promise<void>;
    Object.assign(clock, { [name]: (...args: unknown[]) => withRealDate(() => call(...args)) });
  }
  const install = clock.install.bind(clock);
  Object.assign(clock, {
    install: (o: Parameters<Clock["install"]>[0] = {}) => {
      const time = o.time ?? Date.now();
      return withRealDate(() => install({ ...o, time }));
    },
  });
}

/** The page's console errors and failed requests, collected for assertions. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * Chooses a date in the booking page's month calendar (`cal` for booking, `rcal` for moving),
 * paging forward month by month until the date is shown (at most a year ahead).
 */
export async function pickCalendarDate(page: Page | FrameLocator, date: string, calendar = "cal"): Promise<void> {
  const day = page.locator(`#${calendar}-days button[data-date="${date}"]`);
  for (let months = 0; months < 12 && (await day.count()) === 0; months++) {
    const title = page.locator(`#${calendar}-title`);
    const shown = await title.textContent();
    await page.locator(`#${calendar}-next`).click();
    await expect.poll(() => title.textContent()).not.toBe(shown);
  }
  await day.click();
}
