// The reports page's range picker and its spreadsheet exports (design.md §29).
import { useState } from "hono/jsx/dom";
import type { ReportsView } from "../../shared/api-types";
import type { ApiAnswer } from "../../shared/http";
import { saveFile } from "../lib/save-file";
import { addDays, isDate } from "../lib/zoned";
import { t } from "../shell/i18n";
import { currentAuth } from "../shell/session";
import { Button, GateNote, Outcome, SelectField, staffOptions, TextField, useMounted } from "../ui/kit";
import { type Problem, problemOf } from "../ui/problems";

export type ReportQuery = { from: string; to: string; groupBy: "" | "day" | "week" | "month"; staffId: string };

/** The API's limit: a report covers at most 366 dates (a leap year). */
const MAX_DAYS = 366;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Ranges people ask for, from the business's today. */
function presets(today: string): { value: string; label: string; from: string; to: string }[] {
  const [y, m] = today.split("-").map(Number);
  const first = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}-01`;
  const thisMonth = first(y, m);
  const lastMonth = m === 1 ? first(y - 1, 12) : first(y, m - 1);
  return [
    { value: "7", label: t("rep.lastDays", { count: 7 }), from: addDays(today, -6), to: today },
    { value: "30", label: t("rep.lastDays", { count: 30 }), from: addDays(today, -29), to: today },
    { value: "month", label: t("rep.thisMonth"), from: thisMonth, to: today },
    { value: "last-month", label: t("rep.lastMonth"), from: lastMonth, to: addDays(thisMonth, -1) },
    { value: "year", label: t("rep.thisYear"), from: `${y}-01-01`, to: today },
  ];
}

export function RangeForm(p: { view: ReportsView; query: ReportQuery; onApply: (q: ReportQuery) => void; problem: Problem | null }) {
  const v = p.view;
  const [from, setFrom] = useState(v.from);
  const [to, setTo] = useState(v.to);
  const [groupBy, setGroupBy] = useState<string>(v.groupBy);
  const [staffId, setStaffId] = useState(p.query.staffId);
  const [problem, setProblem] = useState<Problem | null>(null);
  const options = presets(v.business.today);
  const preset = options.find((o) => o.from === from && o.to === to)?.value ?? "custom";
  const fields = { ...(p.problem?.fields ?? {}), ...(problem?.fields ?? {}) };

  const submit = (e: Event) => {
    e.preventDefault();
    const wrong: Record<string, string> = {};
    if (!isDate(from)) wrong.from = t("rep.enterFirst");
    if (!isDate(to)) wrong.to = t("rep.enterLast");
    else if (isDate(from) && daysBetween(from, to) < 1) wrong.to = t("rep.order");
    else if (isDate(from) && daysBetween(from, to) > MAX_DAYS) wrong.to = t("rep.maxDays", { count: MAX_DAYS });
    if (Object.keys(wrong).length) return setProblem({ message: t("rep.correctDates"), fields: wrong, retry: false });
    setProblem(null);
    p.onApply({ from, to, groupBy: groupBy as ReportQuery["groupBy"], staffId: v.viewer.role === "staff" ? "" : staffId });
  };
  return (
    <form class="panel report-range" aria-label={t("rep.rangeForm")} onSubmit={submit} novalidate>
      <div class="form-grid">
        <SelectField
          id="r-preset"
          label={t("rep.rangeLabel")}
          value={preset}
          onValue={(value) => {
            const o = options.find((x) => x.value === value);
            if (!o) return;
            setFrom(o.from);
            setTo(o.to);
          }}
          options={[...options.map((o) => ({ value: o.value, label: o.label })), { value: "custom", label: t("rep.custom") }]}
        />
        <TextField id="r-from" label={t("bk.from")} type="date" value={from} onValue={setFrom} error={fields.from} required />
        <TextField id="r-to" label={t("rep.to")} type="date" value={to} onValue={setTo} error={fields.to} required />
        <SelectField
          id="r-group"
          label={t("rep.chartBy")}
          value={groupBy}
          onValue={setGroupBy}
          options={[
            { value: "day", label: t("rep.day") },
            { value: "week", label: t("rep.week") },
            { value: "month", label: t("rep.month") },
          ]}
        />
        {v.viewer.role === "staff" ? null : (
          <SelectField
            id="r-staff"
            label={t("bk.staffCol")}
            value={staffId}
            onValue={setStaffId}
            options={[{ value: "", label: t("bk.everyone") }, ...staffOptions(v.staff)]}
          />
        )}
      </div>
      <Outcome problem={problem ?? p.problem} />
      <div class="actions-row">
        <Button type="submit" kind="primary">
          {t("rep.show")}
        </Button>
      </div>
    </form>
  );
}

/** Downloads a CSV with the session's token (a plain link cannot send it) and saves it under `filename`. */
async function download(path: string, filename: string): Promise<ApiAnswer<unknown> | null> {
  const auth = currentAuth();
  if (!auth) return { status: 401, body: null, headers: null };
  let res: Response;
  try {
    res = await fetch(path, {
      headers: { Authorization: `Bearer ${auth.token}`, "X-App-Page": "/app/reports" },
      credentials: "omit",
      cache: "no-store",
    });
  } catch {
    return { status: 0, body: null, headers: null };
  }
  if (!res.ok) return { status: res.status, body: await res.json().catch(() => null), headers: res.headers };
  saveFile(await res.blob(), filename, 60_000);
  return null;
}

/** Owners and admins take the range's bookings, and every customer, to a spreadsheet. */
export function ExportButtons(p: { view: ReportsView }) {
  const v = p.view;
  const [busy, setBusy] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const mounted = useMounted();
  const allowed = v.viewer.role !== "staff";
  const gate = { allowed, reason: t("rep.exportGate") };
  const run = async (which: "bookings" | "customers") => {
    setBusy(which);
    setProblem(null);
    const failed =
      which === "bookings"
        ? await download(`/exports/bookings.csv?from=${v.from}&to=${v.to}`, `bookings-${v.from}-to-${v.to}.csv`)
        : await download("/exports/customers.csv", "customers.csv");
    if (!mounted.current) return;
    setBusy("");
    if (failed) setProblem(problemOf(failed));
  };
  return (
    <div class="report-exports">
      <div class="toolbar" role="group" aria-label={t("rep.export")}>
        <Button gate={gate} busy={busy === "bookings"} onClick={() => void run("bookings")}>
          {t("rep.bookingsCsv")}
        </Button>
        <Button gate={gate} busy={busy === "customers"} onClick={() => void run("customers")}>
          {t("rep.customersCsv")}
        </Button>
      </div>
      {problem ? <Outcome problem={problem} /> : null}
      <GateNote gates={[gate]} />
    </div>
  );
}
