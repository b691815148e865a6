// The calendar's week (/app/calendar?view=week): the grid of days and lanes at 720 px and wider;
// narrower screens get calendar-grid's WeekAgenda, a list per day.
import { useEffect, useState } from "hono/jsx/dom";
import type { CalendarView, StaffWithHours } from "../../shared/api-types";
import { dayLabel } from "../lib/zoned";
import { t } from "../shell/i18n";
import { type FreeTime, type Lane, LaneColumn, TimeAxis, type visitsOf } from "./calendar-grid";

/** The week grid needs room: under 720 px a week is a list per day. */
export function useNarrow(): boolean {
  const query = matchMedia("(max-width: 719px)");
  const [narrow, setNarrow] = useState(query.matches);
  useEffect(() => {
    const on = () => setNarrow(query.matches);
    query.addEventListener("change", on);
    return () => query.removeEventListener("change", on);
  }, []);
  return narrow;
}

export function WeekGrid(p: {
  d: CalendarView;
  lanesOn: (date: string, heading: (name: string) => string) => Lane[];
  compact: boolean;
  visits: ReturnType<typeof visitsOf>;
  staffOf: (id: string) => StaffWithHours | undefined;
  range: [number, number];
  onOpen: (id: string) => void;
  onFree?: (t: FreeTime) => void;
  onDay: (date: string) => void;
}) {
  const tz = p.d.business.timezone;
  return (
    <div class="cal-scroll" role="region" aria-label={t("cal.weekSchedule")} tabindex={0}>
      <div class="cal-grid week">
        <TimeAxis range={p.range} />
        {p.d.dates.map((date) => (
          <div class="cal-day" role="group" aria-label={dayLabel(date)}>
            <button type="button" class={date === p.d.business.today ? "cal-day-head today" : "cal-day-head"} onClick={() => p.onDay(date)}>
              {dayLabel(date, "short")}
            </button>
            <div class="cal-lanes">
              {p
                .lanesOn(date, (name) => t("cal.laneOn", { name, date: dayLabel(date) }))
                .map((lane) => (
                  <LaneColumn
                    lane={lane}
                    date={date}
                    tz={tz}
                    range={p.range}
                    visits={p.visits}
                    staffOf={p.staffOf}
                    compact={p.compact}
                    onOpen={p.onOpen}
                    onFree={p.onFree}
                  />
                ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
