import { byId, el, setText } from "../shared/dom";
import { t } from "./i18n";
import {
  addMonths,
  type DayInfo,
  dayLabel,
  keyTarget,
  MAX_MONTHS_AHEAD,
  monthGrid,
  monthLabel,
  monthOf,
  monthRange,
  monthsBetween,
} from "./calendar-model";

/**
 * The month calendar of the booking page (design.md §16): a grid of day buttons under a month
 * title with previous/next buttons, server-rendered as a skeleton (src/routes/pages/booking-calendar.tsx,
 * ids `<prefix>-title`, `-prev`, `-next`, `-days`, `-status`) and filled here. Days with free
 * times are marked from the days endpoint, asked once per month shown (answers are kept until
 * `reset`). Keyboard: one tab stop (roving tabindex), arrows by day and week, Home/End, Page
 * Up/Down by month; Enter or Space picks. Picking is the owner's business (`onPick`).
 *
 * The month shown belongs to the customer: a search for free times (date-times.ts) moves the
 * calendar only while the customer has not paged since the search started (`mark`). Otherwise an
 * answer arriving late (a slow network, a busy tab) pulled the calendar back to the month the
 * search began in, under the customer's pointer, and the day they were about to click was gone.
 * An answer for the month shown updates its day buttons in place (the grid is rebuilt only when
 * another month is shown), so a click or the keyboard focus is never lost to a re-render.
 */

export type MonthAnswer<E> = { days: DayInfo[] } | { error: E };

export type CalendarOptions<E> = {
  prefix: string;
  /** Today in the business's zone. */
  today: string;
  /** 0 = weeks start on Sunday, 1 = on Monday (the header the server rendered). */
  weekStart: number;
  /** The days endpoint for [from, to]; null when there is nothing to ask yet (no service chosen). */
  loadDays: (from: string, to: string) => Promise<MonthAnswer<E>> | null;
  /** A day was picked (a click, a key, or `pick`); resolves once the owner has dealt with it. */
  onPick: (date: string) => void | Promise<void>;
};

export class MonthCalendar<E> {
  private month: string;
  private selected: string | null = null;
  private focusDate: string;
  private answers = new Map<string, Promise<MonthAnswer<E>>>();
  private known = new Map<string, DayInfo>();
  /** Raised each time the customer pages to another month (buttons or keys). */
  private paged = 0;
  private readonly body: HTMLElement;
  private readonly status: HTMLElement;

  constructor(private readonly o: CalendarOptions<E>) {
    this.month = monthOf(o.today);
    this.focusDate = o.today;
    this.body = byId(`${o.prefix}-days`);
    this.status = byId(`${o.prefix}-status`);
    byId(`${o.prefix}-prev`).addEventListener("click", () => void this.page(addMonths(this.month, -1)));
    byId(`${o.prefix}-next`).addEventListener("click", () => void this.page(addMonths(this.month, 1)));
    this.body.addEventListener("click", (e) => {
      const button = (e.target as Element | null)?.closest<HTMLButtonElement>("button[data-date]");
      if (!button || button.getAttribute("aria-disabled") === "true") return;
      this.focusDate = button.dataset.date ?? this.focusDate;
      void o.onPick(this.focusDate);
    });
    this.body.addEventListener("keydown", (e) => void this.onKey(e));
    this.render();
  }

  /** Forget every answer (another service or staff member) and ask again for the month shown. */
  reset(): void {
    this.forget();
    void this.show(this.month);
  }

  /** Forget every answer without asking again: the next month shown is asked afresh. */
  forget(): void {
    this.answers.clear();
    this.known.clear();
  }

  /**
   * Picks a date as the customer's click on its day does, paging to its month first (the Ask
   * panel's suggestions, issue #21); resolves once `onPick` has. false, and nothing picked, for a
   * date the calendar does not offer (before today, or beyond the months it pages to). It counts
   * as the customer paging, so a search started before it cannot move the calendar away.
   */
  async pick(date: string): Promise<boolean> {
    const month = monthOf(date);
    if (date < this.o.today || this.clampMonth(month) !== month) return false;
    this.focusDate = date;
    await this.page(month);
    await this.o.onPick(date);
    return true;
  }

  /** The days endpoint's answer for a date already asked about. */
  info(date: string): DayInfo | undefined {
    return this.known.get(date);
  }

  get selectedDate(): string | null {
    return this.selected;
  }

  /**
   * What a search takes when it starts: while `mark` is still current (the customer has not paged
   * since), `show` and `select` may move the calendar to the month they name.
   */
  get mark(): number {
    return this.paged;
  }

  /** Marks the chosen date, and shows its month unless the customer paged since `mark`. */
  async select(date: string | null, mark = this.paged): Promise<void> {
    this.selected = date;
    const moves = mark === this.paged;
    if (date && moves) this.focusDate = date;
    if (date && moves && monthOf(date) !== this.month) await this.show(monthOf(date), mark);
    else this.render();
  }

  /**
   * Asks about a month (once) and shows it, unless the customer paged since `mark`: then the
   * answer is only kept (a search still reads it) and the month the customer chose stays.
   */
  async show(month: string, mark = this.paged): Promise<MonthAnswer<E> | null> {
    const clamped = this.clampMonth(month);
    if (mark === this.paged && clamped !== this.month) {
      this.month = clamped;
      if (monthOf(this.focusDate) !== clamped) this.focusDate = clamped === monthOf(this.o.today) ? this.o.today : `${clamped}-01`;
    }
    const shown = () => this.month === clamped;
    if (shown()) this.render();
    const answer = this.ask(clamped);
    if (!answer) return null;
    if (shown()) setText(this.status, t("calendar.loadingDays"));
    const got = await answer;
    if (shown()) {
      setText(this.status, "error" in got ? t("calendar.daysError") : "");
      this.render();
    }
    return got;
  }

  /** The customer pages to another month: from now on no search in progress moves the calendar. */
  private page(month: string): Promise<MonthAnswer<E> | null> {
    this.paged++;
    return this.show(month);
  }

  private ask(month: string): Promise<MonthAnswer<E>> | null {
    const cached = this.answers.get(month);
    if (cached) return cached;
    const range = monthRange(month, this.o.today);
    const request = range ? this.o.loadDays(range.from, range.to) : Promise.resolve({ days: [] });
    if (!request) return null;
    const answer = request.then((got) => {
      if ("error" in got) this.answers.delete(month);
      else for (const d of got.days) this.known.set(d.date, d);
      return got;
    });
    this.answers.set(month, answer);
    return answer;
  }

  private clampMonth(month: string): string {
    const first = monthOf(this.o.today);
    if (monthsBetween(first, month) < 0) return first;
    if (monthsBetween(first, month) > MAX_MONTHS_AHEAD) return addMonths(first, MAX_MONTHS_AHEAD);
    return month;
  }

  private async onKey(e: KeyboardEvent): Promise<void> {
    const target = keyTarget(this.focusDate, e.key, e.shiftKey, this.o.weekStart);
    if (!target) return;
    e.preventDefault();
    let date = target;
    if (date < this.o.today) date = this.o.today;
    const lastMonth = addMonths(monthOf(this.o.today), MAX_MONTHS_AHEAD);
    if (monthsBetween(lastMonth, monthOf(date)) > 0) date = this.focusDate;
    this.focusDate = date;
    // show() renders the new month before it waits for the answer: focus moves at once.
    const shown = monthOf(date) !== this.month ? this.page(monthOf(date)) : null;
    if (!shown) this.render();
    this.body.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`)?.focus();
    await shown;
  }

  private render(): void {
    const { today, prefix } = this.o;
    setText(byId(`${prefix}-title`), monthLabel(this.month));
    const first = monthOf(today);
    byId<HTMLButtonElement>(`${prefix}-prev`).disabled = this.month <= first;
    byId<HTMLButtonElement>(`${prefix}-next`).disabled = monthsBetween(first, this.month) >= MAX_MONTHS_AHEAD;
    const loaded = this.answers.has(this.month);
    // Keyboard focus stays in the grid, on the roving date (which follows the keys and the chosen date).
    const hadFocus = this.body.contains(document.activeElement);
    if (this.body.dataset.month === this.month) {
      // The month shown: its buttons are updated in place (a click or the focus on one survives).
      for (const button of this.body.querySelectorAll<HTMLButtonElement>("button[data-date]")) {
        const attrs = this.dayAttrs(button.dataset.date ?? "", loaded);
        button.className = attrs.class;
        for (const [name, value] of Object.entries(attrs.aria)) {
          if (value === null) button.removeAttribute(name);
          else button.setAttribute(name, String(value));
        }
      }
    } else {
      const rows = monthGrid(this.month, this.o.weekStart).map((week) =>
        el(
          "tr",
          {},
          week.map((date) => el("td", {}, [date ? this.dayButton(date, loaded) : null])),
        ),
      );
      this.body.replaceChildren(...rows);
      this.body.dataset.month = this.month;
    }
    const focus = this.body.querySelector<HTMLButtonElement>(`button[data-date="${this.focusDate}"]`);
    if (hadFocus && focus && document.activeElement !== focus) focus.focus();
  }

  /** What a day button says: its class and the attributes that change with the answers and the choice. */
  private dayAttrs(date: string, loaded: boolean) {
    const past = date < this.o.today;
    const info = this.known.get(date);
    const state = past ? "past" : loaded && info ? "known" : "loading";
    const classes = ["calendar-day"];
    if (state === "known") classes.push(info && info.slots > 0 ? "has-times" : "no-times");
    if (past) classes.push("is-past");
    return {
      class: classes.join(" "),
      aria: {
        tabindex: date === this.focusDate ? 0 : -1,
        "aria-label": dayLabel(date, info, state),
        "aria-pressed": date === this.selected ? "true" : "false",
        "aria-current": date === this.o.today ? "date" : null,
        "aria-disabled": past ? "true" : null,
      },
    };
  }

  private dayButton(date: string, loaded: boolean): HTMLButtonElement {
    const attrs = this.dayAttrs(date, loaded);
    return el("button", {
      type: "button",
      class: attrs.class,
      "data-date": date,
      ...attrs.aria,
      text: Number(date.slice(8, 10)),
    });
  }
}
