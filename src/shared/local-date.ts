/**
 * Calendar dates as tenant-local `YYYY-MM-DD` strings (the booking page's date field and the
 * availability API's `date`). Pure calendar arithmetic: a day is a day whatever the zone's offsets.
 */

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLocalDate(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The date `days` calendar days after (or before, when negative) a `YYYY-MM-DD` date. */
export function addDays(ymd: string, days: number): string {
  const [y, m, d] = ymd.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The `count` dates after `ymd`, nearest first (the dates the booking page tries for a free time). */
export function followingDates(ymd: string, count: number): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(ymd, i + 1));
}
