import { describe, expect, it } from "vitest";
import {
  BOOKING_STATUSES,
  canCancel,
  canReschedule,
  canTransition,
  transitionError,
  type BookingStatus,
} from "../../../src/domain/booking-status";

const allowed: [BookingStatus, BookingStatus][] = [
  ["pending", "confirmed"],
  ["pending", "cancelled"],
  ["confirmed", "completed"],
  ["confirmed", "no_show"],
  ["confirmed", "cancelled"],
];

describe("booking status transitions", () => {
  it.each(allowed)("allows %s -> %s", (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(transitionError(from, to)).toBeNull();
  });

  it("refuses every other pair with invalid_transition, including a status to itself", () => {
    const refused = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.map((to) => [from, to] as const)).filter(
      ([from, to]) => !allowed.some(([a, b]) => a === from && b === to),
    );
    expect(refused).toHaveLength(25 - allowed.length);
    for (const [from, to] of refused) expect(transitionError(from, to)).toBe("invalid_transition");
    expect(transitionError("cancelled", "completed")).toBe("invalid_transition");
  });
});

describe("cancel and reschedule rules", () => {
  it.each([
    ["pending", "ok"],
    ["confirmed", "ok"],
    ["cancelled", "already_cancelled"],
    ["completed", "not_cancellable"],
    ["no_show", "not_cancellable"],
  ] as const)("cancel from %s -> %s", (status, answer) => expect(canCancel(status)).toBe(answer));

  it.each([
    ["pending", true],
    ["confirmed", true],
    ["cancelled", false],
    ["completed", false],
    ["no_show", false],
  ] as const)("reschedule from %s -> %s", (status, answer) => expect(canReschedule(status)).toBe(answer));
});
