import { intlLocale, t } from "../shell/i18n";
import { Button } from "../ui/kit";

/** Monday first, as a salon's week reads; `day` is the API's dayOfWeek (0 = Sunday). */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/** A weekday's name in the app's language ("Monday", "Montag"; "Mon", "Mo."): 2031-06-01 is a Sunday. */
export function weekdayName(day: number, width: "long" | "short" = "long"): string {
  let f = weekdayFormats.get(width);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(), { weekday: width, timeZone: "UTC" });
    weekdayFormats.set(width, f);
  }
  return f.format(new Date(Date.UTC(2031, 5, 1 + day)));
}
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

export type Interval = { dayOfWeek: number; start: string; end: string };

/** The week in the order the editor shows (and sends) it, so an error's index finds its row. */
export function ordered(hours: Interval[]): Interval[] {
  return WEEK.flatMap((day) => hours.filter((h) => h.dayOfWeek === day).sort((a, b) => a.start.localeCompare(b.start)));
}

/** "Mon 09:00–17:00 · Tue 09:00–12:00, 13:00–17:00 · …" (closed days left out). */
export function hoursSummary(hours: Interval[]): string {
  const parts = WEEK.map((day) => {
    const mine = ordered(hours).filter((h) => h.dayOfWeek === day);
    return mine.length ? `${weekdayName(day, "short")} ${mine.map((h) => `${h.start}–${h.end}`).join(", ")}` : "";
  }).filter(Boolean);
  return parts.length ? parts.join(" · ") : t("hrs.none");
}

export type DayInterval = { start: string; end: string };

/** One end of an interval: a time in 5-minute steps, named for assistive technology only. */
function IntervalEnd(p: { id: string; label: string; value: string; errorId?: string; onValue: (v: string) => void }) {
  return (
    <>
      <label class="visually-hidden" for={p.id}>
        {p.label}
      </label>
      <input
        id={p.id}
        type="time"
        step={300}
        value={p.value}
        aria-invalid={p.errorId ? "true" : undefined}
        aria-describedby={p.errorId}
        onInput={(e: Event) => p.onValue((e.target as HTMLInputElement).value)}
      />
    </>
  );
}

/**
 * One day's intervals: a from/until pair per interval with Remove, "Closed" when there is none,
 * and "Add hours" (after the last interval, or 09:00-17:00). `label` names the day in every
 * control's accessible name ("Monday from", "Add hours on Monday"); `errors[i]` shows under row i.
 * The weekly editor shows one per weekday; a date override (design.md §16) shows one for its date.
 */
export function DayIntervals(p: {
  label: string;
  idPrefix: string;
  intervals: DayInterval[];
  onChange: (next: DayInterval[]) => void;
  errors: Array<string | undefined>;
  emptyText?: string;
}) {
  const rows = p.intervals;
  const replace = (i: number, patch: Partial<DayInterval>) => p.onChange(rows.map((h, j) => (j === i ? { ...h, ...patch } : h)));
  const last = rows[rows.length - 1];
  return (
    <div class="hours-intervals">
      {rows.length === 0 ? <span class="muted">{p.emptyText ?? t("hrs.closed")}</span> : null}
      {rows.map((h, i) => {
        const id = `${p.idPrefix}-${i}`;
        const error = p.errors[i];
        return (
          <div class="hours-row">
            <IntervalEnd
              id={`${id}-start`}
              label={t("hrs.from", { day: p.label })}
              value={h.start}
              errorId={error ? `${id}-error` : undefined}
              onValue={(start) => replace(i, { start })}
            />
            <span aria-hidden="true">{t("hrs.to")}</span>
            <IntervalEnd
              id={`${id}-end`}
              label={t("hrs.until", { day: p.label })}
              value={h.end === "24:00" ? "23:59" : h.end}
              errorId={error ? `${id}-error` : undefined}
              onValue={(end) => replace(i, { end })}
            />
            <Button
              class="small-button"
              label={t("hrs.removeLabel", { day: p.label, start: h.start, end: h.end })}
              onClick={() => p.onChange(rows.filter((_, j) => j !== i))}
            >
              {t("hrs.remove")}
            </Button>
            {error ? (
              <p class="field-error hours-error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <Button
        class="small-button"
        kind="link"
        label={t("hrs.addLabel", { day: p.label })}
        onClick={() =>
          p.onChange([...rows, last ? { start: last.end, end: last.end < "18:00" ? "18:00" : "23:00" } : { start: "09:00", end: "17:00" }])
        }
      >
        <span aria-hidden="true">+</span> {t("hrs.add")}
      </Button>
    </div>
  );
}

/**
 * The weekly hours editor: each day has any number of intervals (a lunch break is two of them),
 * "Closed" when it has none. `errors` are the API's, keyed by the interval's index in `ordered()`.
 */
export function HoursEditor(p: { hours: Interval[]; onChange: (h: Interval[]) => void; errors: Record<string, string>; prefix: string }) {
  const list = ordered(p.hours);
  const set = (next: Interval[]) => p.onChange(ordered(next));
  const copyMonday = () => {
    const monday = list.filter((h) => h.dayOfWeek === 1);
    set([
      ...list.filter((h) => h.dayOfWeek === 1 || h.dayOfWeek === 0 || h.dayOfWeek === 6),
      ...[2, 3, 4, 5].flatMap((d) => monday.map((h) => ({ ...h, dayOfWeek: d }))),
    ]);
  };
  return (
    <fieldset class="hours-editor">
      <legend>{t("hrs.weekly")}</legend>
      <p class="hint">{t("hrs.hint")}</p>
      {WEEK.map((day) => {
        const name = weekdayName(day);
        const rows = list.map((h, i) => ({ h, i })).filter((x) => x.h.dayOfWeek === day);
        return (
          <div class="hours-day" role="group" aria-label={name}>
            <span class="hours-day-name">{name}</span>
            <DayIntervals
              label={name}
              idPrefix={`${p.prefix}-${day}`}
              intervals={rows.map(({ h }) => ({ start: h.start, end: h.end }))}
              errors={rows.map(({ i }) => p.errors[`workingHours.${i}`] ?? p.errors[String(i)])}
              onChange={(next) => set([...list.filter((h) => h.dayOfWeek !== day), ...next.map((x) => ({ ...x, dayOfWeek: day }))])}
            />
          </div>
        );
      })}
      <Button class="small-button" onClick={copyMonday}>
        {t("hrs.copyMonday")}
      </Button>
    </fieldset>
  );
}
