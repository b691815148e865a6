import { describe, expect, it } from "vitest";
import { reminderDecision, reminderKey, reminderKeyRange, reminderRunAt, reminderWanted } from "../../../src/domain/reminders";

const H = 3_600_000;
const start = Date.parse("2031-03-30T07:00:00Z"); // 09:00 Berlin, the morning after spring-forward

describe("reminder rules", () => {
  it("N hours before is N elapsed hours, whatever the clocks did", () => {
    expect(new Date(reminderRunAt(start, 24)).toISOString()).toBe("2031-03-29T07:00:00.000Z"); // 08:00 CET
    // Fall-back night (Berlin, 26 Oct 2031): 09:00 CET = 08:00Z; 24 h before is 09:00Z = 11:00 CEST.
    expect(new Date(reminderRunAt(Date.parse("2031-10-26T08:00:00Z"), 24)).toISOString()).toBe("2031-10-25T08:00:00.000Z");
  });

  it("is wanted only when it falls due strictly after now, for offsets 1..168", () => {
    expect(reminderWanted(start, 24, start - 25 * H)).toBe(true);
    expect(reminderWanted(start, 24, start - 24 * H)).toBe(false);
    expect(reminderWanted(start, 24, start - 23 * H)).toBe(false);
    expect(reminderWanted(start, 0, 0)).toBe(false);
    expect(reminderWanted(start, 169, 0)).toBe(false);
    expect(reminderWanted(start, 1.5, 0)).toBe(false);
  });

  it("keys are per booking, start and offset, and a booking's keys share one range", () => {
    const key = reminderKey("bkg_1", start, 24);
    const [from, to] = reminderKeyRange("bkg_1");
    expect(key >= from && key < to).toBe(true);
    const other = reminderKey("bkg_10", start, 24);
    expect(other >= from && other < to).toBe(false);
  });

  it("sends only for a confirmed booking still at that start, not begun, offset still configured, with a recipient", () => {
    const job = { bookingId: "bkg_1", hours: 24, startAt: start };
    const ok = { status: "confirmed", startAt: start, reminderHours: [24], customerEmail: "a@b.c" };
    const now = start - 24 * H;
    expect(reminderDecision(job, ok, now)).toEqual({ send: true });
    expect(reminderDecision(job, undefined, now)).toEqual({ send: false, skipped: "booking_gone" });
    expect(reminderDecision(job, { ...ok, status: "cancelled" }, now)).toEqual({ send: false, skipped: "not_confirmed" });
    expect(reminderDecision(job, { ...ok, startAt: start + H }, now)).toEqual({ send: false, skipped: "moved" });
    expect(reminderDecision(job, ok, start)).toEqual({ send: false, skipped: "started" });
    expect(reminderDecision(job, { ...ok, reminderHours: [2] }, now)).toEqual({ send: false, skipped: "turned_off" });
    expect(reminderDecision(job, { ...ok, customerEmail: null }, now)).toEqual({ send: false, skipped: "no_recipient" });
  });
});
