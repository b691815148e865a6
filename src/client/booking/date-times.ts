import { setText } from "../shared/dom";
import { t } from "./i18n";
import type { ApiAnswer } from "../shared/http";
import { genericError } from "./api";
import { MonthCalendar } from "./calendar";
import { dayMessage, searchFrom } from "./calendar-model";
import { page } from "./page";
import { fetchDays, fetchSlots, renderSlots, type TimeSlot, type TimesQuery } from "./slots";

/**
 * A month calendar and the times of the chosen date, for booking and for moving a booking alike.
 * Choosing a date lists its times (one availability request); a date without times shows the
 * next date that has some instead, said in plain words; "First available" finds the first date
 * with times from today. Months are asked through the days endpoint, one request per month shown.
 * A search moves the calendar only while the customer has not paged it since the search started
 * (calendar.ts `mark`): its answer still chooses the date and lists the times, in plain words that
 * name the date, but the month the customer turned to stays on screen.
 */

export type DateTimesOptions = {
  /** Id prefix of the calendar skeleton; `<prefix>-first` is its "First available" button. */
  prefix: string;
  status: HTMLElement;
  slots: HTMLElement;
  /** The services (one, or a visit's 2-5) and staff member ("" = anyone) asked about; null while no service is chosen. */
  context: () => TimesQuery | null;
  onSlot: (slot: TimeSlot) => void;
  /** Times were cleared (a new search started): forget a picked slot. */
  onClear: () => void;
  /** Shown while no service is chosen. */
  idleMessage: string;
  onError?: (message: string) => void;
  /** The chosen date's times are shown: whether it has any (the waitlist is offered for a date without). */
  onDay?: (date: string, hasTimes: boolean) => void;
};

export type DateTimes = {
  /** Asks again for the shown month and the chosen date (another service/staff, or a time just taken). */
  refresh: (lead?: string) => Promise<void>;
  /**
   * After a new service or staff member chosen without the form's change event (the Ask panel,
   * issue #21): asks afresh and picks `date` through the calendar as a click on its day does
   * (null, or a date the calendar does not offer: the chosen date or today, as `refresh`).
   * Resolves with the date whose times are shown once they (or why there are none) are.
   */
  pick: (date: string | null) => Promise<string | null>;
};

export function dateTimes(o: DateTimesOptions): DateTimes {
  let seq = 0;
  const calendar = new MonthCalendar<ApiAnswer<unknown>>({
    prefix: o.prefix,
    today: page.today,
    weekStart: page.weekStart,
    loadDays: (from, to) => {
      const ctx = o.context();
      return ctx ? fetchDays(ctx, from, to) : null;
    },
    onPick: (date) => choose(date),
  });

  function clear(message: string) {
    o.onDay?.("", true);
    setText(o.slots, "");
    setText(o.status, message);
    o.onClear();
  }

  function failed(error: ApiAnswer<unknown>) {
    clear("");
    const message = genericError(error);
    if (o.onError) o.onError(message);
    else setText(o.status, message);
  }

  /** Loads (and, while the customer has not paged since `mark`, shows) the months a search reads. */
  const monthLoader = (mark: number) => async (month: string) => (await calendar.show(month, mark)) ?? { days: [] };

  /** The times of `date` (or of the next date with times when it has none). */
  async function choose(date: string, lead?: string): Promise<void> {
    const ctx = o.context();
    const mine = ++seq;
    const current = () => mine === seq;
    const mark = calendar.mark;
    if (!ctx) {
      await calendar.select(date, mark);
      return clear(o.idleMessage);
    }
    clear(t("slots.loading"));
    let from = date;
    let inclusive = true;
    for (let attempt = 0; attempt < 3; attempt++) {
      const found = await searchFrom(from, inclusive, monthLoader(mark), current);
      if (found.kind === "superseded") return;
      if (found.kind === "error") return failed(found.error);
      if (found.kind === "none") {
        await calendar.select(date, mark);
        // Showing the chosen month again may wait for its answer: a date picked meanwhile wins.
        if (!current()) return;
        clear(dayMessage({ kind: "none", chosen: date, through: found.through }, lead, ctx.serviceIds.length));
        return o.onDay?.(date, false);
      }
      const day = found.day.date;
      await calendar.select(day, mark);
      const got = await fetchSlots(ctx, day);
      if (!current()) return;
      if (got.error) return failed(got.error);
      if (got.slots.length > 0) {
        const count = got.slots.length;
        setText(
          o.status,
          dayMessage(
            day === date ? { kind: "times", date, count } : { kind: "next", chosen: date, date: day, count },
            lead,
            ctx.serviceIds.length,
          ),
        );
        renderSlots(o.slots, got.slots, o.onSlot);
        return o.onDay?.(date, day === date);
      }
      // Taken since the month was asked: look on from the following date.
      from = day;
      inclusive = false;
    }
    clear(dayMessage({ kind: "none", chosen: date, through: from }, lead, ctx.serviceIds.length));
    o.onDay?.(date, false);
  }

  async function first(): Promise<void> {
    const ctx = o.context();
    if (!ctx) return clear(o.idleMessage);
    const mine = ++seq;
    const mark = calendar.mark;
    clear(t("slots.searching"));
    const found = await searchFrom(page.today, true, monthLoader(mark), () => mine === seq);
    if (found.kind === "superseded") return;
    if (found.kind === "error") return failed(found.error);
    if (found.kind === "none") {
      return clear(dayMessage({ kind: "none", chosen: page.today, through: found.through }, "", ctx.serviceIds.length));
    }
    await calendar.select(found.day.date, mark);
    const got = await fetchSlots(ctx, found.day.date);
    if (mine !== seq) return;
    if (got.error) return failed(got.error);
    if (got.slots.length === 0) return choose(found.day.date);
    setText(o.status, dayMessage({ kind: "first", date: found.day.date, count: got.slots.length }));
    renderSlots(o.slots, got.slots, o.onSlot);
  }

  document.getElementById(`${o.prefix}-first`)?.addEventListener("click", () => void first());

  return {
    refresh: (lead) => {
      calendar.reset();
      return choose(calendar.selectedDate ?? page.today, lead);
    },
    pick: async (date) => {
      calendar.forget();
      if (!date || !(await calendar.pick(date))) await choose(calendar.selectedDate ?? page.today);
      return calendar.selectedDate;
    },
  };
}
