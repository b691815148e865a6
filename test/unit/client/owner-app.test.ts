import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { APP_CATALOGS } from "../../../src/shared/i18n/app";
import { setWords } from "../../../src/client/app/shell/i18n";
import { addDays, isDate, localParts, localToIso, weekdayOf } from "../../../src/client/app/lib/zoned";
import { personName, toMajor, toMinor } from "../../../src/client/app/ui/format";
import { gate } from "../../../src/client/app/ui/permissions";
import { problemOf } from "../../../src/client/app/ui/problems";
import { isQuota, nextBackoff } from "../../../src/client/shared/http";
import { conversationToSend } from "../../../src/client/app/shell/conversation";

// The app's English words, as the page loads them (src/client/app/shell/i18n.ts).
setWords("en", APP_CATALOGS.en);

// The owner app's own logic (src/client/app): the business's zone in the browser, money fields,
// who may do what, plain-words errors, the contract's backoff, and the size of what it ships.

describe("times in the business's zone", () => {
  it("reads an instant as the business's local date and time, whatever the browser's zone", () => {
    expect(localParts("2031-05-06T14:00:00.000Z", "America/New_York")).toEqual({ date: "2031-05-06", time: "10:00", minutes: 600 });
    expect(localParts("2031-05-06T02:30:00.000Z", "America/New_York")).toEqual({ date: "2031-05-05", time: "22:30", minutes: 1350 });
    expect(localParts("2031-05-06T23:30:00.000Z", "Asia/Tokyo").date).toBe("2031-05-07");
  });

  it("turns a local wall time into the instant, across DST changes like the server does", () => {
    expect(localToIso("2031-05-06", "10:00", "America/New_York")).toBe("2031-05-06T14:00:00.000Z");
    expect(localToIso("2031-01-06", "10:00", "America/New_York")).toBe("2031-01-06T15:00:00.000Z");
    // Spring forward: 02:30 does not exist; the instant the clocks jump to.
    expect(localToIso("2031-03-09", "02:30", "America/New_York")).toBe("2031-03-09T07:00:00.000Z");
    // Fall back: 01:30 happens twice; the earlier one (EDT).
    expect(localToIso("2031-11-02", "01:30", "America/New_York")).toBe("2031-11-02T05:30:00.000Z");
    expect(localToIso("2031-03-30", "00:00", "Europe/Lisbon")).toBe("2031-03-30T00:00:00.000Z");
    expect(localToIso("2031-03-31", "00:00", "Europe/Lisbon")).toBe("2031-03-30T23:00:00.000Z");
  });

  it("does calendar arithmetic on dates", () => {
    expect(addDays("2031-02-28", 1)).toBe("2031-03-01");
    expect(addDays("2031-05-06", -7)).toBe("2031-04-29");
    expect(weekdayOf("2031-05-06")).toBe(2);
    expect([isDate("2031-02-29"), isDate("2031-02-28"), isDate("tomorrow"), isDate(null)]).toEqual([false, true, false, false]);
  });
});

describe("money fields", () => {
  it("shows minor units as the currency's decimals and reads typed amounts back", () => {
    expect(toMajor(4500, "USD")).toBe("45.00");
    expect(toMajor(500, "JPY")).toBe("500");
    expect(toMinor("45", "USD")).toBe(4500);
    expect(toMinor("45,5", "USD")).toBe(4550);
    expect(toMinor("0.05", "USD")).toBe(5);
    expect(toMinor("500", "JPY")).toBe(500);
    expect([toMinor("4.555", "USD"), toMinor("-3", "USD"), toMinor("ten", "USD"), toMinor("5.5", "JPY")]).toEqual([null, null, null, null]);
  });

  it("names a walk-in without a name by what is known", () => {
    expect(personName({ firstName: "Ada", lastName: "Lovelace" })).toBe("Ada Lovelace");
    expect(personName({ firstName: "", lastName: "", email: "", phone: "555" })).toBe("555");
    expect(personName(null)).toBe("Walk-in customer");
  });
});

describe("who may do what", () => {
  const owner = { role: "owner" as const, readOnly: false };
  const staff = { role: "staff" as const, readOnly: false };
  const operator = { role: "owner" as const, readOnly: true };
  it("lets staff book and change statuses only, and an impersonating operator nothing, each with the reason", () => {
    for (const a of ["book", "status", "cancel", "reschedule", "manage"] as const) expect(gate(owner, a).allowed).toBe(true);
    expect(gate(staff, "book").allowed).toBe(true);
    expect(gate(staff, "status").allowed).toBe(true);
    expect(gate(staff, "cancel")).toEqual({ allowed: false, reason: "Only owners and admins can cancel bookings." });
    expect(gate(staff, "manage")).toEqual({ allowed: false, reason: "Only owners and admins can change this." });
    for (const a of ["book", "status", "cancel", "reschedule", "manage"] as const) {
      expect(gate(operator, a)).toEqual({
        allowed: false,
        reason: "Read-only session: an operator's impersonation cannot change anything.",
      });
    }
  });
});

describe("errors in plain words", () => {
  const answer = (status: number, error?: unknown) => ({ status, body: error === undefined ? null : { error }, headers: null }) as never;
  it("explains network failures, field errors, role and conflict codes, and offers a retry where it may help", () => {
    expect(problemOf(answer(0))).toEqual({
      message: "We could not reach the server. Check your connection, then try again.",
      fields: {},
      retry: true,
    });
    const invalid = problemOf(
      answer(400, {
        code: "invalid_request",
        message: "x",
        details: { formErrors: [], fieldErrors: { "customer.firstName": ["First name is required"] } },
      }),
    );
    expect(invalid).toEqual({
      message: "Please correct the fields marked below.",
      fields: { "customer.firstName": "First name is required" },
      retry: false,
    });
    expect(problemOf(answer(403, { code: "forbidden", message: "x" })).message).toBe("Your role in this business does not allow this.");
    expect(problemOf(answer(409, { code: "slot_taken", message: "x" }), { slot_taken: "Alex is busy then." }).message).toBe(
      "Alex is busy then.",
    );
    expect(problemOf(answer(429, "rate_limited")).retry).toBe(true);
    expect(problemOf(answer(500, { code: "internal_error", message: "x" }))).toMatchObject({ retry: true });
    expect(problemOf(answer(502, { code: "payment_provider_error", message: "x" })).message).toBe(
      "Stripe did not answer or refused. Nothing was changed; try again in a moment.",
    );
    expect(problemOf(answer(409, { code: "refund_exceeds_payment", message: "x" })).message).toBe(
      "That is more than what is left to refund on this payment.",
    );
  });

  it("waits as the contract says after a 429: Retry-After (60 s if absent), doubling, at most 5 minutes", () => {
    expect(nextBackoff(0, "7")).toBe(7);
    expect(nextBackoff(0, null)).toBe(60);
    expect(nextBackoff(7, "7")).toBe(14);
    expect(nextBackoff(14, "30")).toBe(30);
    expect(nextBackoff(240, "1")).toBe(300);
  });

  it("does not wait out a 429 that asks for longer than the backoff ever waits (a daily quota, design.md §31)", () => {
    const answer = (status: number, retryAfter: string | null) => ({
      status,
      headers: new Headers(retryAfter ? { "Retry-After": retryAfter } : {}),
    });
    expect(isQuota(answer(429, String(7 * 3600)))).toBe(true);
    expect(isQuota(answer(429, "300"))).toBe(false);
    expect(isQuota(answer(429, null))).toBe(false);
    expect(isQuota(answer(503, "90000"))).toBe(false);
  });
});

describe("what the owner app ships", () => {
  const manifestPath = join(process.cwd(), "dist", "client-manifest.json");
  it.skipIf(!existsSync(manifestPath))(
    "is under 96 KB gzipped in total: every page's module, every chunk (those loaded on demand too) counted once; the reports page's chart library apart",
    () => {
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, string> & { preload: Record<string, string[]> };
      const assets = join(process.cwd(), "dist", "client", "assets");
      // Every owner module the build wrote (a build removes the files of earlier ones).
      const files = readdirSync(assets).filter((f) => f.startsWith("owner-") && f.endsWith(".js"));
      for (const [key, url] of Object.entries(manifest))
        if (typeof url === "string" && key.startsWith("owner-") && key.endsWith(".js"))
          expect(files).toContain(url.slice("/assets/".length));
      const gz = (f: string) => gzipSync(readFileSync(join(assets, f)), { level: 9 }).length;
      // The reports page's module carries its chart library (uPlot, issue #40), loaded on that page
      // only: it has a budget of its own and stays out of what every other page may grow into.
      const reports = manifest["owner-reports.js"].slice("/assets/".length);
      const total = files.filter((f) => f !== reports).reduce((sum, f) => sum + gz(f), 0);
      expect(files.length).toBeGreaterThan(9);
      // 80 KB until issue #43's Packages and Promo codes pages (two page modules, about 5 KB) took it to 85:
      // each page still loads only its own module and the chunks it shares (docs/benchmarks.md).
      expect(total).toBeLessThan(96 * 1024);
      expect(gz(reports)).toBeLessThan(32 * 1024);
    },
  );
});

describe("the assistant's conversation", () => {
  const turns = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ role: i % 2 === 0 ? ("user" as const) : ("assistant" as const), content: `m${i}` }));
  it("sends the newest messages that fit the route's limit of 20, starting with the person's and ending with the question", () => {
    expect(conversationToSend([], "Hi")).toEqual([{ role: "user", content: "Hi" }]);
    const long = conversationToSend(turns(30), "Next?");
    expect(long.length).toBeLessThanOrEqual(20);
    expect(long[0].role).toBe("user");
    expect(long.at(-1)).toEqual({ role: "user", content: "Next?" });
    expect(long.at(-2)).toEqual({ role: "assistant", content: "m29" });
  });
});
