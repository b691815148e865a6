// /app/reports (design.md §29): a range of local dates, the totals as cards, the series as a bar
// chart, utilization per staff member and the top services, each chart with its numbers as a
// table; owners and admins also take the bookings and customers to a spreadsheet (CSV).
import { useState } from "hono/jsx/dom";
import type { ReportsView } from "../../shared/api-types";
import { periodLabel, periodTick } from "../../../shared/report-periods";
import { dayLabel, isDate } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { duration, money } from "../ui/format";
import { Empty, Loading, LoadFailed } from "../ui/kit";
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

const percent = (rate: number | null) => (rate === null ? "\u2014" : `${Math.round(rate * 1000) / 10} %`);

function Reports() {
  const [query, setQuery] = useState<ReportQuery>(queryFromUrl());
  const view = useView<ReportsView>(viewPath(query));
  const d = view.data;
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;
  const r = d.report;
  const t = r.totals;
  const cur = r.currency || d.business.currency;
  const apply = (next: ReportQuery) => {
    const url = new URL(location.href);
    url.search = new URLSearchParams(Object.entries(next).filter(([, v]) => v)).toString();
    history.replaceState(null, "", url.pathname + url.search);
    setQuery(next);
  };
  const rangeWords = d.from === d.to ? dayLabel(d.from) : `${dayLabel(d.from)} to ${dayLabel(d.to)}`;
  const quiet = t.bookings === 0 && t.revenue === 0;
  const staffName = d.staff.find((s) => s.id === query.staffId)?.displayName;
  const seriesBars: BarSeries[] = [
    { label: "Bookings", values: r.series.map((p) => p.bookings), color: "accent" },
    { label: "No-shows", values: r.series.map((p) => p.noShows), color: "warning" },
  ];
  return (
    <>
      <RangeForm view={d} query={query} onApply={apply} problem={view.problem} />
      <div class="page-head">
        <h2 id="report-range">
          {rangeWords}
          {d.viewer.role === "staff" ? " · your bookings" : staffName ? ` · ${staffName}` : ""}
        </h2>
        <ExportButtons view={d} />
      </div>
      {view.loading ? (
        <p class="muted small" role="status">
          Updating…
        </p>
      ) : null}
      <ul class="report-cards" aria-label="Totals">
        <Card label="Bookings" value={String(t.bookings)} note={`${t.completed} completed`} />
        <Card
          label="No-shows"
          value={String(t.noShows)}
          note={r.noShowRate === null ? "Nothing completed yet" : `${percent(r.noShowRate)} of completed and no-shows`}
        />
        <Card
          label="Cancelled"
          value={String(t.cancelled)}
          note={r.cancellationRate === null ? "No bookings" : `${percent(r.cancellationRate)} of bookings`}
        />
        <Card label="Money taken" value={money(t.revenue, cur)} note={`${money(t.refunded, cur)} refunded`} />
        <Card label="Net" value={money(t.net, cur)} note="Taken less refunds" />
        <Card label="New customers" value={String(t.newCustomers)} note="First visit in this range" />
        <Card label="Returning customers" value={String(t.returningCustomers)} note="Had visited before" />
      </ul>
      {quiet ? (
        <div class="report-empty">
          <Empty title={`No bookings and no money taken from ${dayLabel(d.from)} to ${dayLabel(d.to)}.`}>
            Choose another range above, or check back once bookings come in.
          </Empty>
        </div>
      ) : (
        <Figure
          id="series"
          title={`Bookings by ${d.groupBy}`}
          chart={<BarChart ticks={r.series.map((p) => periodTick(p.period))} series={seriesBars} />}
          chartKey={seriesBars}
          table={
            <table>
              <caption>Bookings, no-shows and net money taken by {d.groupBy}</caption>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">Bookings</th>
                  <th scope="col">No-shows</th>
                  <th scope="col">Net taken</th>
                </tr>
              </thead>
              <tbody>
                {r.series.map((p) => (
                  <tr>
                    <th scope="row">{periodLabel(p.period)}</th>
                    <td data-label="Bookings">{p.bookings}</td>
                    <td data-label="No-shows">{p.noShows}</td>
                    <td data-label="Net taken">{money(p.revenue, cur)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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

function Utilization(p: { view: ReportsView }) {
  const rows = p.view.report.utilization;
  if (!rows.length) return <Empty title="No staff members to show.">Utilization appears once staff members have working hours.</Empty>;
  return (
    <Figure
      id="utilization"
      title="How full each staff member was"
      tableAlways
      chart={
        <BarChart
          horizontal
          ticks={rows.map((u) => u.staffName)}
          series={[{ label: "Booked", values: rows.map((u) => Math.round((u.ratio ?? 0) * 100)), color: "info" }]}
          format={(v) => `${v} %`}
          top={100}
        />
      }
      table={
        <table>
          <caption class="visually-hidden">Booked and available time per staff member</caption>
          <thead>
            <tr>
              <th scope="col">Staff member</th>
              <th scope="col">Booked</th>
              <th scope="col">Available</th>
              <th scope="col">Full</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr>
                <th scope="row">{u.staffName}</th>
                <td data-label="Booked">{duration(u.bookedMinutes)}</td>
                <td data-label="Available">{u.availableMinutes ? duration(u.availableMinutes) : "No hours"}</td>
                <td data-label="Full">{percent(u.ratio)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function TopServices(p: { view: ReportsView; currency: string }) {
  const rows = p.view.report.topServices;
  if (!rows.length) return <Empty title="No services booked in this range." />;
  return (
    <Figure
      id="services"
      title="Top services"
      tableAlways
      chart={
        <BarChart
          horizontal
          ticks={rows.map((s) => s.name)}
          series={[{ label: "Bookings", values: rows.map((s) => s.bookings), color: "accent" }]}
        />
      }
      table={
        <table>
          <caption class="visually-hidden">Bookings and net money taken per service</caption>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Bookings</th>
              <th scope="col">Net taken</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr>
                <th scope="row">{s.name}</th>
                <td data-label="Bookings">{s.bookings}</td>
                <td data-label="Net taken">{money(s.revenue, p.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

startPage("/app/reports", () => <Reports />);
