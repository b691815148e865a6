/**
 * The reports' periods (design.md §29) as people read them, for the owner app: a date, an ISO week
 * (`YYYY-Www`, Monday first) or a month (`YYYY-MM`). Pure calendar arithmetic, no zone.
 */

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const short = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", day: "numeric", month: "short" });
const monthYear = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", year: "numeric" });

/** The Monday that starts ISO week `week` of ISO year `year`. */
export function isoWeekMonday(year: number, week: number): Date {
  const jan4 = utc(year, 1, 4); // always in week 1
  const monday1 = jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday1 + (week - 1) * 7 * 86_400_000);
}

/** "Mar 3", "Week of Mar 3" or "Mar 2031"; the text as given when it is none of the three. */
export function periodLabel(period: string): string {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  if (m) return short.format(utc(Number(m[1]), Number(m[2]), Number(m[3])));
  m = /^(\d{4})-W(\d{2})$/.exec(period);
  if (m) return `Week of ${short.format(isoWeekMonday(Number(m[1]), Number(m[2])))}`;
  m = /^(\d{4})-(\d{2})$/.exec(period);
  if (m) return monthYear.format(utc(Number(m[1]), Number(m[2]), 1));
  return period;
}

/** The chart's short tick of a period: "3", "Mar 3" or "Mar". */
export function periodTick(period: string): string {
  const label = periodLabel(period);
  if (/^\d{4}-W\d{2}$/.test(period)) return label.replace("Week of ", "");
  if (/^\d{4}-\d{2}$/.test(period)) return label.slice(0, 3);
  return label;
}
