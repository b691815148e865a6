/**
 * Reminder rules (design.md §17), pure.
 *
 * "N hours before" means N elapsed hours (N × 3 600 000 ms before the start instant), not the same
 * wall time N/24 days earlier: a reminder 24 hours before a 09:00 appointment on the morning after
 * a spring-forward night goes out at 08:00 local time the day before (23 wall-clock hours earlier
 * on the calendar, 24 real ones). Offsets such as 2 or 3 hours can only mean elapsed time, and one
 * rule for every offset keeps "24" and "2" consistent; the e-mail names the appointment's local
 * time, so the customer never has to do the arithmetic.
 */

export const HOUR_MS = 3_600_000;
export const MAX_REMINDER_HOURS = 168;

export type ReminderPayload = { bookingId: string; hours: number; startAt: number };

/** When the reminder `hours` before `startAt` is due. */
export function reminderRunAt(startAt: number, hours: number): number {
  return startAt - hours * HOUR_MS;
}

/**
 * A booking made inside a reminder's window does not get that reminder: it is written only when
 * it falls due strictly after the change that schedules it.
 */
export function reminderWanted(startAt: number, hours: number, nowMs: number): boolean {
  return Number.isInteger(hours) && hours >= 1 && hours <= MAX_REMINDER_HOURS && reminderRunAt(startAt, hours) > nowMs;
}

/**
 * One job per booking, start instant and offset. A move to a new start is a new key (the old one
 * is cancelled); moving back to a start whose reminder was cancelled revives that same job, and a
 * start whose reminder already went out never gets a second one.
 */
export function reminderKey(bookingId: string, startAt: number, hours: number): string {
  return `${bookingId}:${startAt}:${hours}h`;
}

/** The key range of one booking's reminders: [prefix, end). */
export function reminderKeyRange(bookingId: string): [string, string] {
  return [`${bookingId}:`, `${bookingId};`];
}

export type ReminderState = {
  status: string;
  startAt: number;
  reminderHours: unknown;
  customerEmail: string | null;
};

/** A reminder job's booking as read, with the business's stored `reminder_hours` JSON parsed (reminderDecision checks its shape). */
export type WithReminderHours<R extends { reminderHours: string }> = Omit<R, "reminderHours"> & { reminderHours: unknown };

export function parseReminderHours<R extends { reminderHours: string }>(row: R): WithReminderHours<R> {
  let reminderHours: unknown;
  try {
    reminderHours = JSON.parse(row.reminderHours);
  } catch {
    reminderHours = [];
  }
  return { ...row, reminderHours };
}

export type ReminderDecision =
  | { send: true }
  | { send: false; skipped: "booking_gone" | "not_confirmed" | "moved" | "started" | "turned_off" | "no_recipient" };

/**
 * Checked at send time against the booking as it is now: only a booking still confirmed, still at
 * the start the reminder was scheduled for, not yet begun (a backlog after an outage never reminds
 * of a past appointment), at a business that still sends this offset, with someone to send to.
 */
export function reminderDecision(job: ReminderPayload, booking: ReminderState | undefined, nowMs: number): ReminderDecision {
  if (!booking) return { send: false, skipped: "booking_gone" };
  if (booking.status !== "confirmed") return { send: false, skipped: "not_confirmed" };
  if (booking.startAt !== job.startAt) return { send: false, skipped: "moved" };
  if (nowMs >= booking.startAt) return { send: false, skipped: "started" };
  const hours = Array.isArray(booking.reminderHours) ? booking.reminderHours : [];
  if (!hours.includes(job.hours)) return { send: false, skipped: "turned_off" };
  if (!booking.customerEmail) return { send: false, skipped: "no_recipient" };
  return { send: true };
}
