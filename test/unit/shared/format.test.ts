import { describe, expect, it } from "vitest";
import {
  clockTime,
  formatDuration,
  formatMoney,
  formatMoneyOrDash,
  humanDate,
  isoDay,
  plural,
  timeRange,
  utcDateTime,
} from "../../../src/shared/format";

describe("formatMoney", () => {
  it("reads minor units in the currency's own number of decimals", () => {
    expect(formatMoney(3550, "EUR")).toBe("€35.50");
    expect(formatMoney(4500, "USD")).toBe("$45.00");
    expect(formatMoney(500, "JPY")).toBe("¥500");
    expect(formatMoney(12345, "KWD")).toContain("12.345");
    expect(formatMoney(0, "GBP")).toBe("£0.00");
  });

  it("still shows the amount for a currency code Intl does not accept", () => {
    expect(formatMoney(1999, "not-a-code")).toBe("19.99 not-a-code");
  });

  it("shows a dash for a missing amount and USD for a missing currency", () => {
    expect(formatMoneyOrDash(undefined, "EUR")).toBe("\u2014");
    expect(formatMoneyOrDash(null, "EUR")).toBe("\u2014");
    expect(formatMoneyOrDash(250, null)).toBe("$2.50");
  });
});

describe("formatDuration", () => {
  it.each([
    [5, "5 min"],
    [45, "45 min"],
    [60, "1 h"],
    [90, "1 h 30 min"],
    [1440, "24 h"],
  ])("%i minutes read %s", (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe("dates and times as they arrive from the API (tenant-local, no offset)", () => {
  it("names the calendar date without shifting it into the reader's zone", () => {
    // 23:30 local stays on the 8th even where the reader's zone is far ahead or behind.
    expect(humanDate("2026-03-08T23:30:00", "en-US")).toBe("Sun, Mar 8, 2026");
    expect(humanDate("2026-03-08", "en-GB")).toMatch(/^Sun,? 8 Mar 2026$/);
  });

  it("falls back to the date text when it is not a date", () => {
    expect(humanDate("not-a-date", "en-US")).toBe("not-a-date");
  });

  it("cuts the clock time and builds a range with the zone named", () => {
    expect(clockTime("2026-11-24T09:05:00")).toBe("09:05");
    expect(timeRange("2026-11-24T10:00:00", "2026-11-24T11:00:00", "America/New_York", "en-US")).toBe(
      "Tue, Nov 24, 2026, 10:00\u201311:00 (America/New_York time)",
    );
  });

  it("shows operators instants in UTC and dashes for missing ones", () => {
    expect(utcDateTime("2026-11-24T15:04:05.000Z")).toBe("2026-11-24 15:04 UTC");
    expect(utcDateTime("2026-11-24T10:04:05-05:00")).toBe("2026-11-24 15:04 UTC");
    expect(utcDateTime(null)).toBe("\u2014");
    expect(utcDateTime("garbage")).toBe("garbage");
    expect(isoDay("2026-11-24T15:04:05.000Z")).toBe("2026-11-24");
    expect(isoDay(undefined)).toBe("\u2014");
  });

  it("counts in words", () => {
    expect(plural(1, "booking")).toBe("1 booking");
    expect(plural(0, "booking")).toBe("0 bookings");
    expect(plural(2, "AI action")).toBe("2 AI actions");
  });
});
