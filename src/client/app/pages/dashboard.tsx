// /app: today's appointments per staff member on a timeline, the next 7 days' counts, and what
// needs attention (pending bookings ahead; confirmed ones that ended but were never closed).
import { useState } from "hono/jsx/dom";
import type { BookingItem, DashboardView } from "../../shared/api-types";
import { useBookingParam } from "../booking/detail";
import { OpenBooking } from "../booking/open-booking";
import { addDays, dayLabel, isDate, localParts, timeSpan } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { personName } from "../ui/format";
import { Button, Empty, StatusBadge, ViewPending, Updating } from "../ui/kit";
import { useView } from "../ui/use-view";
import { Timeline } from "./timeline";

function Dashboard() {
  const initial = new URLSearchParams(location.search).get("date");
  const [date, setDate] = useState(isDate(initial) ? initial : "");
  const view = useView<DashboardView>(`/api/businesses/me/views/dashboard${date ? `?date=${date}` : ""}`);
  const [open, setOpen] = useBookingParam();
  const d = view.data;
  if (!d) return <ViewPending view={view} />;

  const tz = d.business.timezone;
  const go = (next: string) => {
    const url = new URL(location.href);
    if (next && next !== d.business.today) url.searchParams.set("date", next);
    else url.searchParams.delete("date");
    history.replaceState(null, "", url.pathname + url.search);
    setDate(next);
  };
  const isToday = d.date === d.business.today;
  const total = d.bookings.length;
  return (
    <>
      <div class="page-head">
        <h2>{isToday ? t("dash.todayHeading", { date: dayLabel(d.date) }) : dayLabel(d.date)}</h2>
        <div class="toolbar" role="group" aria-label={t("dash.day")}>
          <Button label={t("dash.previousDay")} onClick={() => go(addDays(d.date, -1))}>
            ←
          </Button>
          <Button disabled={isToday} onClick={() => go(d.business.today)}>
            {t("dash.today")}
          </Button>
          <Button label={t("dash.nextDay")} onClick={() => go(addDays(d.date, 1))}>
            →
          </Button>
          <a class="button" href={`/app/calendar?date=${d.date}`}>
            {t("dash.openCalendar")}
          </a>
        </div>
      </div>
      {view.loading ? <Updating /> : null}

      <div class="panel-grid attention">
        <AttentionList title={t("dash.pendingTitle")} empty={t("dash.pendingEmpty")} items={d.pending} tz={tz} onOpen={setOpen} />
        <AttentionList
          title={t("dash.openTitle")}
          empty={t("dash.openEmpty")}
          hint={t("dash.openHint")}
          items={d.open}
          tz={tz}
          onOpen={setOpen}
        />
      </div>

      <section class="panel" aria-labelledby="week-heading">
        <h2 id="week-heading">{t("dash.week")}</h2>
        <ol class="week-strip">
          {d.week.map((w) => (
            <li>
              <a href={`/app/calendar?date=${w.date}`} aria-current={w.date === d.date ? "date" : undefined}>
                <span class="week-day">{dayLabel(w.date, "short")}</span>
                <span class="week-count">{w.count}</span>
                <span class="visually-hidden">{t("dash.weekCount", { count: w.count })}</span>
              </a>
            </li>
          ))}
        </ol>
      </section>

      <section class="panel" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">
          {t("dash.appointments", { today: isToday ? "yes" : "no", date: dayLabel(d.date, "short"), count: total })}
        </h2>
        {d.staff.length === 0 ? (
          <Empty title={t("dash.noStaff")}>
            {t("dash.noStaffHint")} <a href="/app/staff">{t("dash.noStaffLink")}</a>
          </Empty>
        ) : total === 0 ? (
          <Empty title={t("dash.noAppointments")}>
            {t("dash.noAppointmentsHint")} <a href={`/app/calendar?date=${d.date}`}>{t("dash.walkIn")}</a>
          </Empty>
        ) : (
          <Timeline staff={d.staff} bookings={d.bookings} tz={tz} date={d.date} onOpen={setOpen} />
        )}
      </section>

      <OpenBooking id={open} view={d} onClose={() => setOpen(null)} onChanged={view.reload} />
    </>
  );
}

function AttentionList(p: { title: string; empty: string; hint?: string; items: BookingItem[]; tz: string; onOpen: (id: string) => void }) {
  return (
    <section class="panel">
      <h2>
        {p.title} <span class="count-pill">{p.items.length}</span>
      </h2>
      {p.hint && p.items.length ? <p class="muted small">{p.hint}</p> : null}
      {p.items.length === 0 ? (
        <p class="muted">{p.empty}</p>
      ) : (
        <ul class="booking-list">
          {p.items.map((b) => (
            <li>
              <button type="button" class="booking-row" onClick={() => p.onOpen(b.id)}>
                <span class="booking-when">
                  {dayLabel(localParts(b.startDatetime, p.tz).date, "short")}, {timeSpan(b.startDatetime, b.endDatetime, p.tz)}
                </span>
                <span class="booking-who">
                  {personName(b.customer)} · {b.serviceName}
                </span>
                <StatusBadge status={b.status} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

startPage("/app", () => <Dashboard />);
