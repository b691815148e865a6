/** Weekly working intervals (design.md §7): weekday 0 = Sunday .. 6, "HH:MM" local times. */
export type WorkingInterval = { dayOfWeek: number; start: string; end: string };
export type StoredInterval = { weekday: number; startMinute: number; endMinute: number };

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes of the local day; "24:00" is accepted as the end of the day. */
export function parseHhmm(value: string): number | null {
  if (value === "24:00") return 24 * 60;
  const m = HHMM.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function formatMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/**
 * Validates a week of intervals: each well-formed, end after start, none overlapping another on
 * the same weekday (touching is fine: 09:00-12:00 and 12:00-17:00). Errors are keyed by index.
 */
export function validateWeek(intervals: WorkingInterval[]): { errors: Record<string, string[]>; stored: StoredInterval[] } {
  const errors: Record<string, string[]> = {};
  const add = (i: number, msg: string) => (errors[String(i)] ??= []).push(msg);
  const stored: (StoredInterval & { index: number })[] = [];
  intervals.forEach((iv, i) => {
    const start = parseHhmm(iv.start);
    const end = parseHhmm(iv.end);
    if (!Number.isInteger(iv.dayOfWeek) || iv.dayOfWeek < 0 || iv.dayOfWeek > 6) add(i, "dayOfWeek must be 0 (Sunday) to 6");
    if (start === null || start === 24 * 60) add(i, "start must be a time HH:MM");
    if (end === null) add(i, "end must be a time HH:MM");
    if (start !== null && end !== null && end <= start) add(i, "end must be after start");
    if (!errors[String(i)]) stored.push({ index: i, weekday: iv.dayOfWeek, startMinute: start!, endMinute: end! });
  });
  const sorted = [...stored].sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute || a.index - b.index);
  // Compare with the interval reaching furthest so far that day, not just the previous one:
  // 09:00-17:00 also overlaps 12:00-13:00 when 10:00-11:00 sits between them.
  let reach: (typeof sorted)[number] | undefined;
  for (const cur of sorted) {
    if (reach && reach.weekday === cur.weekday && cur.startMinute < reach.endMinute) {
      add(cur.index, `overlaps ${formatMinute(reach.startMinute)}-${formatMinute(reach.endMinute)} on the same day`);
    }
    if (!reach || reach.weekday !== cur.weekday || cur.endMinute > reach.endMinute) reach = cur;
  }
  return { errors, stored: stored.map(({ index: _i, ...rest }) => rest) };
}

export function toWorkingIntervals(rows: StoredInterval[]): WorkingInterval[] {
  return [...rows]
    .sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute)
    .map((r) => ({ dayOfWeek: r.weekday, start: formatMinute(r.startMinute), end: formatMinute(r.endMinute) }));
}
