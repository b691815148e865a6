// /app/calendar: a day or a week, one column per staff member; a click on free time (or the "New
// booking" button) books a walk-in, a click on a booking opens its detail with its actions.
import { useState } from "hono/jsx/dom";
import type { CalendarView } from "../../shared/api-types";
import { useBookingParam } from "../booking/detail";
import { OpenBooking } from "../booking/open-booking";
import { NewBookingDialog, type NewBookingStart } from "../booking/new-booking";
import { addDays, dayLabel, hhmm, isDate, localParts, weekdayOf } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { optionList, staffOptions } from "../ui/fields";
import { Button, Empty, GateNote, ViewPending } from "../ui/kit";
import { gate } from "../ui/permissions";
import { useView } from "../ui/use-view";
import { type FreeTime, hourRange, type Lane, LaneColumn, resourceLane, staffLane, TimeAxis, visitsOf, WeekAgenda } from "./calendar-grid";
import { useNarrow, WeekGrid } from "./calendar-week";

type Mode = "day" | "week";
/** design.md §26: columns per staff member, or per resource (rooms, chairs) with the bookings holding them. */
type By = "staff" | "resources";

function readUrl() {
  const q = new URLSearchParams(location.search);
  const date = q.get("date");
  return {
    date: isDate(date) ? date : "",
    mode: (q.get("view") === "week" ? "week" : "day") as Mode,
    staff: q.get("staff") ?? "",
    by: (q.get("by") === "resources" ? "resources" : "staff") as By,
  };
}

function Calendar() {
  const [state, setState] = useState(readUrl);
  const view = useView<CalendarView>(`/api/businesses/me/views/calendar?view=${state.mode}${state.date ? `&date=${state.date}` : ""}`);
  const [open, setOpen] = useBookingParam();
  const [booking, setBooking] = useState<NewBookingStart | null>(null);
  const [done, setDone] = useState("");
  const narrow = useNarrow();
  const d = view.data;
  if (!d) return <ViewPending view={view} />;

  const tz = d.business.timezone;
  const current = state.date || d.dates[0];
  const update = (next: Partial<typeof state>) => {
    const s = { ...state, ...next };
    const url = new URL(location.href);
    for (const [k, v] of [
      ["date", s.date],
      ["view", s.mode === "week" ? "week" : ""],
      ["staff", s.staff],
      ["by", s.by === "resources" ? "resources" : ""],
    ] as const)
      v ? url.searchParams.set(k, v) : url.searchParams.delete(k);
    history.replaceState(null, "", url.pathname + url.search);
    setState(s);
    setDone("");
  };
  // Bookable staff, plus anyone with a booking in the range; one of them when filtered.
  const withBookings = new Set(d.bookings.map((b) => b.staffId));
  const staff = d.staff.filter((s) => (s.isBookable || withBookings.has(s.id)) && (!state.staff || s.id === state.staff));
  const book = gate(d.viewer, "book");
  const range = hourRange(staff, d.dates, d.bookings, tz);
  const step = state.mode === "week" ? 7 : 1;
  const visits = visitsOf(d.bookings);
  const staffOf = (id: string) => d.staff.find((s) => s.id === id);
  const byResources = state.by === "resources";
  // The lanes of one day: the staff shown, or every resource (the staff filter narrows its bookings).
  const lanesOn = (date: string, heading: (name: string) => string): Lane[] =>
    byResources
      ? d.resources.map((r) =>
          resourceLane(
            r,
            { bookings: d.bookings.filter((b) => staff.some((s) => s.id === b.staffId)), resourceTimeOff: d.resourceTimeOff },
            range,
            heading(r.name),
          ),
        )
      : staff.map((s) => staffLane(s, date, d, heading(s.displayName)));

  function newBooking(at?: FreeTime) {
    if (!book.allowed) return;
    if (at) return setBooking(at);
    // The button: the shown day (or the first day of the week), the next quarter-hour today.
    const date = state.mode === "day" ? current : d!.dates.includes(d!.business.today) ? d!.business.today : d!.dates[0];
    const now = localParts(Date.now(), tz);
    const first = staff[0] ?? d!.staff[0];
    const opening = first?.workingHours.find((h) => h.dayOfWeek === weekdayOf(date))?.start ?? "09:00";
    const time = date === now.date ? hhmm(Math.ceil((now.minutes + 1) / 15) * 15) : opening;
    setBooking({ staffId: first?.id ?? "", date, time });
  }

  return (
    <>
      <div class="cal-toolbar">
        <div class="toolbar" role="group" aria-label={t("cal.move")}>
          <Button
            label={t("cal.previous", { week: state.mode === "week" ? "yes" : "no" })}
            onClick={() => update({ date: addDays(current, -step) })}
          >
            ←
          </Button>
          <Button onClick={() => update({ date: "" })}>{t("dash.today")}</Button>
          <Button
            label={t("cal.next", { week: state.mode === "week" ? "yes" : "no" })}
            onClick={() => update({ date: addDays(current, step) })}
          >
            →
          </Button>
        </div>
        <div class="field inline-field">
          <label for="cal-date">{t("cal.goTo")}</label>
          <input
            id="cal-date"
            type="date"
            value={current}
            onChange={(e: Event) => update({ date: (e.target as HTMLInputElement).value })}
          />
        </div>
        <div class="toolbar" role="group" aria-label={t("cal.view")}>
          <Button class={state.mode === "day" ? "is-on" : ""} onClick={() => update({ mode: "day" })}>
            <span aria-hidden="true">{t("cal.day")}</span>
            <span class="visually-hidden">{t("cal.dayView", { shown: state.mode === "day" ? "yes" : "no" })}</span>
          </Button>
          <Button class={state.mode === "week" ? "is-on" : ""} onClick={() => update({ mode: "week" })}>
            <span aria-hidden="true">{t("cal.week")}</span>
            <span class="visually-hidden">{t("cal.weekView", { shown: state.mode === "week" ? "yes" : "no" })}</span>
          </Button>
        </div>
        <div class="toolbar" role="group" aria-label={t("cal.columns")}>
          <Button class={byResources ? "" : "is-on"} onClick={() => update({ by: "staff" })}>
            <span aria-hidden="true">{t("cal.staff")}</span>
            <span class="visually-hidden">{t("cal.byStaff", { shown: byResources ? "no" : "yes" })}</span>
          </Button>
          <Button class={byResources ? "is-on" : ""} onClick={() => update({ by: "resources" })}>
            <span aria-hidden="true">{t("cal.resources")}</span>
            <span class="visually-hidden">{t("cal.byResource", { shown: byResources ? "yes" : "no" })}</span>
          </Button>
        </div>
        <div class="field inline-field">
          <label for="cal-staff">{t("cal.staff")}</label>
          <select id="cal-staff" value={state.staff} onChange={(e: Event) => update({ staff: (e.target as HTMLSelectElement).value })}>
            <option value="">{t("cal.everyone")}</option>
            {optionList(staffOptions(d.staff), state.staff)}
          </select>
        </div>
        <Button kind="primary" gate={book} onClick={() => newBooking()} class="cal-new">
          {t("cal.newBooking")}
        </Button>
      </div>
      <GateNote gates={[book]} />
      <h2 class="cal-title">
        {state.mode === "day"
          ? dayLabel(d.dates[0])
          : t("cal.weekRange", { from: dayLabel(d.dates[0], "short"), to: dayLabel(d.dates[6]) })}
        {view.loading ? <span class="muted small">{t("cal.updating")}</span> : null}
      </h2>
      <p class="done" role="status">
        {done}
      </p>
      {d.staff.length === 0 ? (
        <Empty title={t("cal.noStaff")}>
          {t("cal.noStaffHint")} <a href="/app/staff">{t("dash.noStaffLink")}</a>
        </Empty>
      ) : staff.length === 0 ? (
        <Empty title={t("cal.nobody")}>{t("cal.nobodyHint")}</Empty>
      ) : byResources && d.resources.length === 0 ? (
        <Empty title={t("cal.noResources")}>
          {t("cal.noResourcesHint")} <a href="/app/resources">{t("cal.goResources")}</a>
        </Empty>
      ) : state.mode === "week" && narrow ? (
        <WeekAgenda
          dates={d.dates}
          bookings={d.bookings.filter((b) => staff.some((s) => s.id === b.staffId))}
          staff={d.staff}
          tz={tz}
          onOpen={setOpen}
          onDay={(date) => update({ date, mode: "day" })}
        />
      ) : state.mode === "week" ? (
        <WeekGrid
          d={d}
          lanesOn={lanesOn}
          compact={byResources ? d.resources.length > 1 : staff.length > 1}
          visits={visits}
          staffOf={staffOf}
          range={range}
          onOpen={setOpen}
          onFree={book.allowed && !byResources ? newBooking : undefined}
          onDay={(date) => update({ date, mode: "day" })}
        />
      ) : (
        <div class="cal-scroll" role="region" aria-label={t("cal.schedule", { date: dayLabel(d.dates[0]) })} tabindex={0}>
          <div class="cal-grid">
            <TimeAxis range={range} />
            {lanesOn(d.dates[0], (name) => name).map((lane) => (
              <LaneColumn
                lane={lane}
                date={d.dates[0]}
                tz={tz}
                range={range}
                visits={visits}
                staffOf={staffOf}
                onOpen={setOpen}
                onFree={book.allowed && !byResources ? newBooking : undefined}
              />
            ))}
          </div>
        </div>
      )}

      {booking ? (
        <NewBookingDialog
          business={d.business}
          staff={d.staff}
          services={d.services}
          texts={d.texts}
          start={booking}
          onClose={() => setBooking(null)}
          onCreated={(b, staffName, services) => {
            setBooking(null);
            const p = localParts(b.startDatetime, tz);
            setDone(
              t("cal.booked", {
                code: b.confirmationCode || "none",
                date: dayLabel(p.date, "short"),
                time: p.time,
                services,
                staff: staffName,
              }),
            );
            view.reload();
          }}
        />
      ) : null}
      <OpenBooking id={open} view={d} onClose={() => setOpen(null)} onChanged={view.reload} />
    </>
  );
}

startPage("/app/calendar", () => <Calendar />);
