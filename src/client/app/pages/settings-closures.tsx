// Settings → Closures (design.md §16): whole days the business is closed (a holiday, a
// renovation). Nobody has free times on them; bookings already made there stay as they are.
import { useState } from "hono/jsx/dom";
import type { SettingsView } from "../../shared/api-types";
import { dayLabel, isDate } from "../lib/zoned";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { Button, TextField, useMounted, SaveRow } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { SettingsPanel } from "./settings-form";

type Closure = SettingsView["closures"][number];

/** "Wed, Dec 24, 2031" or "Wed, Dec 24 to Fri, Dec 26, 2031" (in the app's language). */
export function dateRangeLabel(start: string, end: string): string {
  return start === end ? dayLabel(start) : t("set.cl.range", { from: dayLabel(start, "short"), to: dayLabel(end) });
}

export function ClosuresPanel(p: { view: SettingsView; reload: () => void }) {
  const manage = gate(p.view.viewer, "manage");
  const mounted = useMounted();
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const off = !manage.allowed;

  async function send(method: string, path: string, body?: unknown) {
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api(method, path, body);
    if (!mounted.current) return null;
    setBusy(false);
    if (a.status !== 200 && a.status !== 201) {
      setProblem(problemOf(a));
      return null;
    }
    p.reload();
    return a;
  }

  async function add(e: Event) {
    e.preventDefault();
    const last = end || start;
    const fields: Record<string, string> = {};
    if (!isDate(start)) fields.startDate = t("set.cl.firstMissing");
    if (end && !isDate(end)) fields.endDate = t("set.cl.lastInvalid");
    else if (isDate(start) && last < start) fields.endDate = t("set.cl.lastBefore");
    if (Object.keys(fields).length) return setProblem({ message: t("problem.fields"), fields, retry: false });
    const made = await send("POST", "/api/businesses/me/closures", { startDate: start, endDate: last, reason: reason.trim() || undefined });
    if (!made) return;
    setDone(t("set.cl.closed", { range: dateRangeLabel(start, last) }));
    setStart("");
    setEnd("");
    setReason("");
  }

  async function remove(c: Closure) {
    if (await send("DELETE", `/api/businesses/me/closures/${encodeURIComponent(c.id)}`)) {
      setDone(t("set.cl.open", { range: dateRangeLabel(c.startDate, c.endDate) }));
    }
  }

  const f = problem?.fields ?? {};
  const list = p.view.closures;
  return (
    <SettingsPanel id="closures" title={t("set.sec.closures")}>
      <p class="muted">{t("set.cl.intro")}</p>
      {list.length === 0 ? (
        <p class="muted small">{t("set.cl.none")}</p>
      ) : (
        <ul class="time-off" aria-label={t("set.cl.planned")}>
          {list.map((c) => (
            <li>
              <span>
                {dateRangeLabel(c.startDate, c.endDate)}
                {c.reason ? ` · ${c.reason}` : ""}
              </span>
              <Button
                class="small-button"
                gate={manage}
                busy={busy}
                label={t("set.cl.removeLabel", { range: dateRangeLabel(c.startDate, c.endDate) })}
                onClick={() => void remove(c)}
              >
                {t("set.cl.remove")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} novalidate>
        <h3>{t("set.cl.addTitle")}</h3>
        <div class="form-grid">
          <TextField
            id="closure-start"
            label={t("set.cl.first")}
            type="date"
            required
            value={start}
            onValue={setStart}
            error={f.startDate}
            disabled={off}
          />
          <TextField
            id="closure-end"
            label={t("set.cl.last")}
            type="date"
            value={end}
            onValue={setEnd}
            error={f.endDate}
            hint={t("set.cl.lastHint")}
            disabled={off}
          />
          <TextField
            id="closure-reason"
            label={t("set.cl.reason")}
            class="span-2"
            value={reason}
            onValue={setReason}
            maxLength={500}
            error={f.reason}
            disabled={off}
            placeholder={t("set.cl.reasonExample")}
          />
        </div>
        <SaveRow label={t("set.cl.add")} gate={manage} busy={busy} problem={problem} done={done} />
      </form>
    </SettingsPanel>
  );
}
