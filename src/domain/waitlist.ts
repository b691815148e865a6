import { type BookingLimits, beyondHorizon } from "./schedule";
import { dayZone, formatLocalDate, type LocalDate, MINUTE_MS, wallToInstant } from "./time";

/**
 * The waitlist's rules without I/O (design.md §28): windows of tenant-local time as instants, which
 * windows a join may ask for, and which waiting entries a freed time is offered to.
 */

/** At most this many entries are offered a freed time at once; the next ones 15 minutes later. */
export const OFFER_BATCH = 5;
export const OFFER_ROUND_MINUTES = 15;
export const MAX_WINDOWS = 5;

export type WindowInput = { date: LocalDate; fromMinute: number; toMinute: number };
export type WindowInstants = { date: string; startAt: number; endAt: number };

/**
 * A window's instants in the business's zone. A bound inside a spring-forward gap means "when the
 * clock jumps" (clamped), as working hours do.
 */
export function windowInstants(timeZone: string, w: WindowInput): WindowInstants {
  const zone = dayZone(timeZone, w.date);
  return {
    date: formatLocalDate(w.date),
    startAt: wallToInstant(zone, zone.wallStartMs + w.fromMinute * MINUTE_MS, "clamp"),
    endAt: wallToInstant(zone, zone.wallStartMs + w.toMinute * MINUTE_MS, "clamp"),
  };
}

/**
 * Why a window cannot be waited for (a message for its field), or null. A window must end after
 * it starts, lie on a date the public may book (not past the horizon) and not be over already.
 */
export function windowProblem(w: WindowInstants, limits: BookingLimits, nowMs: number): string | null {
  if (!(w.endAt > w.startAt)) return "The window must end after it starts";
  if (beyondHorizon(w.date, limits)) return "This date is beyond how far ahead the business takes bookings";
  if (w.endAt <= nowMs) return "This window is already over";
  return null;
}

/** A time a waiting customer could book: staff member and instants. */
export type FreeTime = { staffId: string; startAt: number; endAt: number };

export type WaitingEntry = {
  id: string;
  serviceId: string;
  /** null = anyone who performs the service. */
  staffId: string | null;
  windows: { startAt: number; endAt: number }[];
};

/** The appointment lies wholly inside one of the windows and with the staff member asked for. */
export function fitsEntry(entry: WaitingEntry, time: FreeTime): boolean {
  if (entry.staffId !== null && entry.staffId !== time.staffId) return false;
  return entry.windows.some((w) => time.startAt >= w.startAt && time.endAt <= w.endAt);
}

/**
 * Which entries a freed time goes to now: oldest first (`entries` come in that order), each the
 * earliest free time of its service that fits it, skipping entries already offered under this
 * trigger; at most OFFER_BATCH. `more` says whether further entries would fit (the next round).
 */
export function chooseOffers(
  entries: WaitingEntry[],
  freeTimes: (serviceId: string) => FreeTime[],
  alreadyOffered: ReadonlySet<string>,
  limit = OFFER_BATCH,
): { offers: { entryId: string; time: FreeTime }[]; more: boolean } {
  const offers: { entryId: string; time: FreeTime }[] = [];
  for (const entry of entries) {
    if (alreadyOffered.has(entry.id)) continue;
    const time = freeTimes(entry.serviceId)
      .filter((t) => fitsEntry(entry, t))
      .sort((a, b) => a.startAt - b.startAt || (a.staffId < b.staffId ? -1 : 1))[0];
    if (!time) continue;
    if (offers.length === limit) return { offers, more: true };
    offers.push({ entryId: entry.id, time });
  }
  return { offers, more: false };
}
