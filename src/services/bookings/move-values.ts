import type { Placeholders } from "../../db/prepared";
import { normalizeConfirmationCode } from "../../domain/confirmation-code";
import type { LocalDate } from "../../domain/time";
import { type ScheduleBounds, scheduleBounds } from "../schedule-data";
import type { BookingRef } from "./lookup";

/**
 * What the prepared reads of a move bind (issue #42), a booking's (./move-read.ts) and a visit's
 * (src/services/visits/move-read.ts) alike: the booking's ref and the new date's schedule bounds,
 * its one weekday as one value (a prepared statement's text may not change with the date).
 */
export type MoveValues = {
  /** Public: the normalised code; owner: the booking id. */
  ref: string;
  /** Owner: the token's tenant (public: unused). */
  tenantId: string;
  lo: number;
  hi: number;
  busyFrom: number;
  busyTo: number;
  fromKey: string;
  toKey: string;
  weekday: number;
};

export function moveValues(ref: BookingRef, date: LocalDate): MoveValues {
  const bounds = scheduleBounds(date, date);
  return {
    ref: ref.kind === "public" ? normalizeConfirmationCode(ref.code) : ref.bookingId,
    tenantId: ref.kind === "owner" ? ref.tenantId : "",
    lo: bounds.lo,
    hi: bounds.hi,
    busyFrom: bounds.busyFrom,
    busyTo: bounds.busyTo,
    fromKey: bounds.fromKey,
    toKey: bounds.toKey,
    weekday: (bounds.weekdays ?? [])[0],
  };
}

/** The schedule's bounds as placeholders of a move statement (p is a proxy: named one by one, never spread). */
export const moveBounds = (p: Placeholders<MoveValues>): ScheduleBounds => ({
  lo: p.lo,
  hi: p.hi,
  busyFrom: p.busyFrom,
  busyTo: p.busyTo,
  fromKey: p.fromKey,
  toKey: p.toKey,
  weekdays: [p.weekday],
});
