import { humanDate } from "../../shared/format";
import { followingDates } from "../../shared/local-date";
import type { Slot } from "../shared/api-types";
import type { SlotsResult } from "./slots";

/**
 * How many later dates the page tries when the chosen one has no free time left. A week covers
 * every weekly schedule; with the chosen date that is at most 8 availability requests, well within
 * the public limit of 30 per minute (the month calendar of the scheduling issue replaces this).
 */
export const LOOKAHEAD_DAYS = 7;

export type DayTimes =
  /** The chosen date has times. */
  | { kind: "times"; date: string; slots: Slot[] }
  /** It has none; `date` is the nearest later date that has. */
  | { kind: "next"; chosen: string; date: string; slots: Slot[] }
  /** Neither it nor the LOOKAHEAD_DAYS after it have any. */
  | { kind: "none"; chosen: string }
  | { kind: "error"; error: NonNullable<SlotsResult["error"]> }
  /** A newer choice superseded this search: show nothing. */
  | { kind: "superseded" };

/**
 * The times of the chosen date, or of the next date that has any: one request per date tried,
 * nearest first, stopping at the first date with times (or when `current()` says the customer
 * has moved on).
 */
export async function timesFromDate(
  chosen: string,
  fetchDay: (date: string) => Promise<SlotsResult>,
  current: () => boolean,
): Promise<DayTimes> {
  for (const date of [chosen, ...followingDates(chosen, LOOKAHEAD_DAYS)]) {
    const got = await fetchDay(date);
    if (!current()) return { kind: "superseded" };
    if (got.error) return { kind: "error", error: got.error };
    if (got.slots.length === 0) continue;
    return date === chosen ? { kind: "times", date, slots: got.slots } : { kind: "next", chosen, date, slots: got.slots };
  }
  return { kind: "none", chosen };
}

/** The status line for a result with times, or with none, in plain words. */
export function timesMessage(result: Extract<DayTimes, { kind: "times" | "next" | "none" }>, lead = ""): string {
  const prefix = lead ? `${lead} ` : "";
  if (result.kind === "none") {
    return `${prefix}No free times on ${humanDate(result.chosen)} or in the ${LOOKAHEAD_DAYS} days after it. Please choose a later date.`;
  }
  const n = `${result.slots.length} ${result.slots.length === 1 ? "time" : "times"} available`;
  if (result.kind === "times") return `${prefix}${n} on ${humanDate(result.date)}.`;
  return `${prefix}No free times left on ${humanDate(result.chosen)}. Showing the next date with free times: ${humanDate(result.date)} (${n}).`;
}
