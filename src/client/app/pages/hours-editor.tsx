import { Button } from "../ui/kit";

/** Monday first, as a salon's week reads; `day` is the API's dayOfWeek (0 = Sunday). */
export const WEEK = [
  { day: 1, name: "Monday" },
  { day: 2, name: "Tuesday" },
  { day: 3, name: "Wednesday" },
  { day: 4, name: "Thursday" },
  { day: 5, name: "Friday" },
  { day: 6, name: "Saturday" },
  { day: 0, name: "Sunday" },
] as const;

export type Interval = { dayOfWeek: number; start: string; end: string };

/** The week in the order the editor shows (and sends) it, so an error's index finds its row. */
export function ordered(hours: Interval[]): Interval[] {
  return WEEK.flatMap((w) => hours.filter((h) => h.dayOfWeek === w.day).sort((a, b) => a.start.localeCompare(b.start)));
}

/** "Mon 09:00–17:00 · Tue 09:00–12:00, 13:00–17:00 · …" (closed days left out). */
export function hoursSummary(hours: Interval[]): string {
  const parts = WEEK.map((w) => {
    const mine = ordered(hours).filter((h) => h.dayOfWeek === w.day);
    return mine.length ? `${w.name.slice(0, 3)} ${mine.map((h) => `${h.start}–${h.end}`).join(", ")}` : "";
  }).filter(Boolean);
  return parts.length ? parts.join(" · ") : "No working hours: not bookable on any day.";
}

/**
 * The weekly hours editor: each day has any number of intervals (a lunch break is two of them),
 * "Closed" when it has none. `errors` are the API's, keyed by the interval's index in `ordered()`.
 */
export function HoursEditor(p: { hours: Interval[]; onChange: (h: Interval[]) => void; errors: Record<string, string>; prefix: string }) {
  const list = ordered(p.hours);
  const set = (next: Interval[]) => p.onChange(ordered(next));
  const replace = (i: number, patch: Partial<Interval>) => set(list.map((h, j) => (j === i ? { ...h, ...patch } : h)));
  const copyMonday = () => {
    const monday = list.filter((h) => h.dayOfWeek === 1);
    set([
      ...list.filter((h) => h.dayOfWeek === 1 || h.dayOfWeek === 0 || h.dayOfWeek === 6),
      ...[2, 3, 4, 5].flatMap((d) => monday.map((h) => ({ ...h, dayOfWeek: d }))),
    ]);
  };
  return (
    <fieldset class="hours-editor">
      <legend>Weekly working hours</legend>
      <p class="hint">Times are the business's local time. Add two intervals for a break.</p>
      {WEEK.map((w) => {
        const rows = list.map((h, i) => ({ h, i })).filter((x) => x.h.dayOfWeek === w.day);
        return (
          <div class="hours-day" role="group" aria-label={w.name}>
            <span class="hours-day-name">{w.name}</span>
            <div class="hours-intervals">
              {rows.length === 0 ? <span class="muted">Closed</span> : null}
              {rows.map(({ h, i }) => {
                const id = `${p.prefix}-${w.day}-${i}`;
                const error = p.errors[`workingHours.${i}`] ?? p.errors[String(i)];
                return (
                  <div class="hours-row">
                    <label class="visually-hidden" for={`${id}-start`}>
                      {w.name} from
                    </label>
                    <input
                      id={`${id}-start`}
                      type="time"
                      step={300}
                      value={h.start}
                      aria-invalid={error ? "true" : undefined}
                      onInput={(e: Event) => replace(i, { start: (e.target as HTMLInputElement).value })}
                    />
                    <span aria-hidden="true">to</span>
                    <label class="visually-hidden" for={`${id}-end`}>
                      {w.name} until
                    </label>
                    <input
                      id={`${id}-end`}
                      type="time"
                      step={300}
                      value={h.end === "24:00" ? "23:59" : h.end}
                      aria-invalid={error ? "true" : undefined}
                      onInput={(e: Event) => replace(i, { end: (e.target as HTMLInputElement).value })}
                    />
                    <Button
                      class="small-button"
                      label={`Remove ${w.name} ${h.start}–${h.end}`}
                      onClick={() => set(list.filter((_, j) => j !== i))}
                    >
                      Remove
                    </Button>
                    {error ? <p class="field-error hours-error">{error}</p> : null}
                  </div>
                );
              })}
              <Button
                class="small-button"
                kind="link"
                label={`Add hours on ${w.name}`}
                onClick={() => {
                  const last = rows[rows.length - 1]?.h;
                  set([
                    ...list,
                    last
                      ? { dayOfWeek: w.day, start: last.end, end: last.end < "18:00" ? "18:00" : "23:00" }
                      : { dayOfWeek: w.day, start: "09:00", end: "17:00" },
                  ]);
                }}
              >
                <span aria-hidden="true">+</span> Add hours
              </Button>
            </div>
          </div>
        );
      })}
      <Button class="small-button" onClick={copyMonday}>
        Copy Monday to Tuesday–Friday
      </Button>
    </fieldset>
  );
}
