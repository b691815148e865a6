/**
 * The reports' periods (design.md §29) as people read them, for the owner app: a date, an ISO week
 * (`YYYY-Www`, Monday first) or a month (`YYYY-MM`). Pure calendar arithmetic, no zone.
 */

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
type Style = "short" | "monthYear" | "month";
const STYLES: Record<Style, Intl.DateTimeFormatOptions> = {
  short: { day: "numeric", month: "short" },
  monthYear: { month: "short", year: "numeric" },
  month: { month: "short" },
};
const formats = new Map<string, Intl.DateTimeFormat>();
/** A date in one of the styles for `locale` (the owner app's: "Mar 3", "3. März"), built once. */
function format(locale: string, style: Style, date: Date): string {
  let f = formats.get(`${locale}|${style}`);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...STYLES[style] });
    formats.set(`${locale}|${style}`, f);
  }
  return f.format(date);
}
const englishWeek = (monday: string) => `Week of ${monday}`;

/** The Monday that starts ISO week `week` of ISO year `year`. */
export function isoWeekMonday(year: number, week: number): Date {
  const jan4 = utc(year, 1, 4); // always in week 1
  const monday1 = jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday1 + (week - 1) * 7 * 86_400_000);
}

/**
 * "Mar 3", "Week of Mar 3" or "Mar 2031"; the text as given when it is none of the three. `weekOf`
 * words a week by its Monday in the reader's language (design.md §30).
 */
export function periodLabel(period: string, locale = "en-US", weekOf: (monday: string) => string = englishWeek): string {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  if (m) return format(locale, "short", utc(Number(m[1]), Number(m[2]), Number(m[3])));
  m = /^(\d{4})-W(\d{2})$/.exec(period);
  if (m) return weekOf(format(locale, "short", isoWeekMonday(Number(m[1]), Number(m[2]))));
  m = /^(\d{4})-(\d{2})$/.exec(period);
  if (m) return format(locale, "monthYear", utc(Number(m[1]), Number(m[2]), 1));
  return period;
}

/** The chart's short tick of a period: "Mar 3" for a day or a week's Monday, "Mar" for a month. */
export function periodTick(period: string, locale = "en-US"): string {
  const week = /^(\d{4})-W(\d{2})$/.exec(period);
  if (week) return format(locale, "short", isoWeekMonday(Number(week[1]), Number(week[2])));
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (month) return format(locale, "month", utc(Number(month[1]), Number(month[2]), 1));
  return periodLabel(period, locale);
}
