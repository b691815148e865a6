// /app/reports (design.md §29): a range of local dates, the totals as cards, the series as a bar
// chart, utilization per staff member and the top services, each chart with its numbers as a
// table; owners and admins also take the bookings and customers to a spreadsheet (CSV).
import { useState } from "hono/jsx/dom";
import type { ReportsView } from "../../shared/api-types";
import { periodLabel, periodTick } from "../../../shared/report-periods";
import { dayLabel, isDate } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { intlLocale, t } from "../shell/i18n";
import { count, duration, money, percent as wholePercent } from "../ui/format";
import { type Column, DataTable } from "../ui/data-table";
import { Empty, ViewPending, Updating } from "../ui/kit";
import { useView } from "../ui/use-view";
import { BarChart, type BarSeries, Figure } from "./report-charts";
import { ExportButtons, RangeForm, type ReportQuery } from "./report-range";

const GROUPS = new Set(["day", "week", "month"]);

function queryFromUrl(): ReportQuery {
  const q = new URLSearchParams(location.search);
  const groupBy = q.get("groupBy") ?? "";
  return {
    from: isDate(q.get("from")) ? (q.get("from") as string) : "",
    to: isDate(q.get("to")) ? (q.get("to") as string) : "",
    groupBy: GROUPS.has(groupBy) ? (groupBy as ReportQuery["groupBy"]) : "",
    staffId: q.get("staffId") ?? "",
  };
}

function viewPath(q: ReportQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) params.set(k, v);
  const s = params.toString();
  return `/api/businesses/me/views/reports${s ? `?${s}` : ""}`;
}

const percent = (rate: number | null) => (rate === null ? "\u2014" : wholePercent(Math.round(rate * 1000) / 10, 1));
const GROUP_WORD = { day: "rep.byDay", week: "rep.byWeek", month: "rep.byMonth" } as const;
/** A period as the member reads it ("3. März", "Woche ab 3. März"). */
const periodWords = (period: string) => periodLabel(period, intlLocale(), (monday) => t("rep.weekOf", { date: monday }));

function Reports() {
  const [query, setQuery] = useState<ReportQuery>(queryFromUrl());
  const view = useView<ReportsView>(viewPath(query));
  const d = view.data;
  if (!d) return <ViewPending view={view} />;
  const r = d.report;
  const tot = r.totals;
  const cur = r.currency || d.business.currency;
  const apply = (next: ReportQuery) => {
    const url = new URL(location.href);
    url.search = new URLSearchParams(Object.entries(next).filter(([, v]) => v)).toString();
    history.replaceState(null, "", url.pathname + url.search);
    setQuery(next);
  };
  const rangeWords = d.from === d.to ? dayLabel(d.from) : t("rep.range", { from: dayLabel(d.from), to: dayLabel(d.to) });
  const quiet = tot.bookings === 0 && tot.revenue === 0;
  const staffName = d.staff.find((s) => s.id === query.staffId)?.displayName;
  const seriesBars: BarSeries[] = [
    { label: t("rep.bookings"), values: r.series.map((p) => p.bookings), color: "accent" },
    { label: t("rep.noShows"), values: r.series.map((p) => p.noShows), color: "warning" },
  ];
  return (
    <>
      <RangeForm view={d} query={query} onApply={apply} problem={view.problem} />
      <div class="page-head">
        <h2 id="report-range">
          {rangeWords}
          {d.viewer.role === "staff" ? ` · ${t("rep.yours")}` : staffName ? ` · ${staffName}` : ""}
        </h2>
        <ExportButtons view={d} />
      </div>
      {view.loading ? <Updating /> : null}
      <ul class="report-cards" aria-label={t("rep.totals")}>
        <Card label={t("rep.bookings")} value={count(tot.bookings)} note={t("rep.completed", { count: tot.completed })} />
        <Card
          label={t("rep.noShows")}
          value={count(tot.noShows)}
          note={r.noShowRate === null ? t("rep.nothingCompleted") : t("rep.noShowRate", { rate: percent(r.noShowRate) })}
        />
        <Card
          label={t("rep.cancelled")}
          value={count(tot.cancelled)}
          note={r.cancellationRate === null ? t("rep.noBookings") : t("rep.cancelRate", { rate: percent(r.cancellationRate) })}
        />
        <Card label={t("rep.taken")} value={money(tot.revenue, cur)} note={t("rep.refunded", { amount: money(tot.refunded, cur) })} />
        <Card label={t("rep.net")} value={money(tot.net, cur)} note={t("rep.netNote")} />
        <Card label={t("rep.newCustomers")} value={count(tot.newCustomers)} note={t("rep.newNote")} />
        <Card label={t("rep.returning")} value={count(tot.returningCustomers)} note={t("rep.returningNote")} />
      </ul>
      {quiet ? (
        <div class="report-empty">
          <Empty title={t("rep.quiet", { from: dayLabel(d.from), to: dayLabel(d.to) })}>{t("rep.quietHint")}</Empty>
        </div>
      ) : (
        <Figure
          id="series"
          title={t(GROUP_WORD[d.groupBy])}
          chart={<BarChart ticks={r.series.map((p) => periodTick(p.period, intlLocale()))} series={seriesBars} format={count} />}
          chartKey={seriesBars}
          table={
            <DataTable
              bare
              rowHeader
              captionShown
              caption={t("rep.seriesCaption", { group: d.groupBy })}
              rows={r.series}
              columns={[
                { label: t("rep.period"), cell: (p) => periodWords(p.period) },
                { label: t("rep.bookings"), cell: (p) => count(p.bookings) },
                { label: t("rep.noShows"), cell: (p) => count(p.noShows) },
                { label: t("rep.netTaken"), cell: (p) => money(p.revenue, cur) },
              ]}
            />
          }
        />
      )}
      <div class="panel-grid">
        <Utilization view={d} />
        <TopServices view={d} currency={cur} />
      </div>
    </>
  );
}

function Card(p: { label: string; value: string; note: string }) {
  return (
    <li class="report-card">
      <span class="report-card-label">{p.label}</span>
      <span class="report-card-value">{p.value}</span>
      <span class="report-card-note">{p.note}</span>
    </li>
  );
}

/** A ranking (staff members, services): one horizontal bar a row, and its numbers always shown, each row named by its first column. */
function RankedFigure<T>(p: {
  id: string;
  title: string;
  ticks: string[];
  bars: BarSeries;
  format: (v: number) => string;
  top?: number;
  caption: string;
  rows: T[];
  columns: Column<T>[];
}) {
  return (
    <Figure
      id={p.id}
      title={p.title}
      tableAlways
      chart={<BarChart horizontal ticks={p.ticks} series={[p.bars]} format={p.format} top={p.top} />}
      table={<DataTable bare rowHeader caption={p.caption} rows={p.rows} columns={p.columns} />}
    />
  );
}

function Utilization(p: { view: ReportsView }) {
  const rows = p.view.report.utilization;
  if (!rows.length) return <Empty title={t("rep.noStaff")}>{t("rep.noStaffHint")}</Empty>;
  return (
    <RankedFigure
      id="utilization"
      title={t("rep.utilization")}
      ticks={rows.map((u) => u.staffName)}
      bars={{ label: t("rep.booked"), values: rows.map((u) => Math.round((u.ratio ?? 0) * 100)), color: "info" }}
      format={(v) => wholePercent(v)}
      top={100}
      caption={t("rep.utilizationCaption")}
      rows={rows}
      columns={[
        { label: t("rep.staffMember"), cell: (u) => u.staffName },
        { label: t("rep.booked"), cell: (u) => duration(u.bookedMinutes) },
        { label: t("rep.available"), cell: (u) => (u.availableMinutes ? duration(u.availableMinutes) : t("rep.noHours")) },
        { label: t("rep.full"), cell: (u) => percent(u.ratio) },
      ]}
    />
  );
}

function TopServices(p: { view: ReportsView; currency: string }) {
  const rows = p.view.report.topServices;
  if (!rows.length) return <Empty title={t("rep.noServices")} />;
  return (
    <RankedFigure
      id="services"
      title={t("rep.topServices")}
      ticks={rows.map((s) => s.name)}
      bars={{ label: t("rep.bookings"), values: rows.map((s) => s.bookings), color: "accent" }}
      format={count}
      caption={t("rep.servicesCaption")}
      rows={rows}
      columns={[
        { label: t("bk.service"), cell: (s) => s.name },
        { label: t("rep.bookings"), cell: (s) => count(s.bookings) },
        { label: t("rep.netTaken"), cell: (s) => money(s.revenue, p.currency) },
      ]}
    />
  );
}

startPage("/app/reports", () => <Reports />);
