// A staff card's date overrides (design.md §16): other hours on one date (a late Thursday, a
// half day) or not working that date, in place of the weekly hours; removing one brings the
// weekly hours back. The list comes with the page's view (today on); each change is one call.
import { useState } from "hono/jsx/dom";
import type { AppBusiness, StaffCard, Viewer } from "../../shared/api-types";
import { dayLabel, isDate, weekdayOf } from "../lib/zoned";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { FormDialog, useSubmit } from "../ui/form-dialog";
import { Button, CheckField, Outcome, TextField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { type DayInterval, DayIntervals, ordered } from "./hours-editor";

type Override = StaffCard["overrides"][number];

const hoursText = (intervals: DayInterval[]) =>
  intervals.length ? intervals.map((i) => `${i.start}–${i.end}`).join(", ") : t("ovr.notWorking");

export function DateOverrides(p: { staff: StaffCard; business: AppBusiness; viewer: Viewer; reload: () => void }) {
  const manage = gate(p.viewer, "manage");
  const mounted = useMounted();
  const s = p.staff;
  const [editing, setEditing] = useState<{ date: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");

  async function remove(o: Override) {
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api("DELETE", `/api/staff/${encodeURIComponent(s.id)}/overrides/${o.date}`);
    if (!mounted.current) return;
    setBusy(false);
    if (a.status !== 200) return setProblem(problemOf(a));
    setDone(t("ovr.backToWeekly", { date: dayLabel(o.date) }));
    p.reload();
  }

  return (
    <div class="staff-overrides">
      <h3>{t("ovr.heading")}</h3>
      {s.overrides.length === 0 ? (
        <p class="muted small">{t("ovr.none")}</p>
      ) : (
        <ul class="time-off" aria-label={t("ovr.listLabel", { name: s.displayName })}>
          {s.overrides.map((o) => (
            <li>
              <span>
                {dayLabel(o.date)}: {hoursText(o.intervals)}
              </span>
              <span class="row-actions">
                <Button
                  class="small-button"
                  gate={manage}
                  label={t("ovr.changeLabel", { date: dayLabel(o.date), name: s.displayName })}
                  onClick={() => setEditing({ date: o.date })}
                >
                  {t("ovr.change")}
                </Button>
                <Button
                  class="small-button"
                  gate={manage}
                  busy={busy}
                  label={t("ovr.removeLabel", { date: dayLabel(o.date), name: s.displayName })}
                  onClick={() => void remove(o)}
                >
                  {t("ovr.remove")}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Outcome problem={problem} done={done} />
      <div class="actions-row">
        <Button gate={manage} label={t("ovr.setLabel", { name: s.displayName })} onClick={() => setEditing({ date: "" })}>
          {t("ovr.set")}
        </Button>
      </div>
      {editing ? (
        <OverrideForm
          staff={s}
          date={editing.date}
          today={p.business.today}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setProblem(null);
            setDone(message);
            p.reload();
          }}
        />
      ) : null}
    </div>
  );
}

/** What a date shows before it is edited: its override, else the weekly hours of its weekday. */
function hoursOn(staff: StaffCard, date: string): DayInterval[] {
  const own = staff.overrides.find((o) => o.date === date);
  if (own) return own.intervals;
  if (!isDate(date)) return [];
  const day = weekdayOf(date);
  return ordered(staff.workingHours)
    .filter((h) => h.dayOfWeek === day)
    .map((h) => ({ start: h.start, end: h.end }));
}

function OverrideForm(p: { staff: StaffCard; date: string; today: string; onClose: () => void; onSaved: (message: string) => void }) {
  const s = p.staff;
  const first = hoursOn(s, p.date);
  const [date, setDate] = useState(p.date);
  const [intervals, setIntervals] = useState<DayInterval[]>(first.length ? first : [{ start: "09:00", end: "17:00" }]);
  const [off, setOff] = useState(p.date !== "" && first.length === 0);
  const [touched, setTouched] = useState(false);
  const submit = useSubmit();

  // A new date shows its current hours until the user changes them.
  const pickDate = (d: string) => {
    setDate(d);
    if (touched || !isDate(d)) return;
    const now = hoursOn(s, d);
    setIntervals(now.length ? now : [{ start: "09:00", end: "17:00" }]);
    setOff(now.length === 0 && s.overrides.some((o) => o.date === d));
  };
  const edit = (next: DayInterval[]) => {
    setTouched(true);
    setIntervals(next);
  };

  async function save(e: Event) {
    e.preventDefault();
    if (!isDate(date)) return submit.refuse({ date: t("ovr.chooseDate") }, t("ovr.chooseDateMsg"));
    if (!off && intervals.length === 0) return submit.refuse({}, t("ovr.addHours"));
    const body = { intervals: off ? [] : intervals.map((i) => ({ start: i.start, end: i.end })) };
    await submit.send("PUT", `/api/staff/${encodeURIComponent(s.id)}/overrides/${date}`, body, () =>
      p.onSaved(t("ovr.saved", { date: dayLabel(date), off: off ? "yes" : "no", hours: hoursText(body.intervals) })),
    );
  }
  const f = submit.fields;
  const label = isDate(date) ? dayLabel(date) : t("ovr.thatDate");
  return (
    <FormDialog
      title={t("ovr.title", { name: s.displayName })}
      id={`override-form-${s.id}`}
      onClose={p.onClose}
      onSubmit={save}
      busy={submit.busy}
      problem={submit.problem}
      submitLabel={t("ovr.submit")}
    >
      <p class="hint">{t("ovr.hint")}</p>
      <TextField id="ovr-date" label={t("ovr.date")} type="date" required min={p.today} value={date} onValue={pickDate} error={f.date} />
      <CheckField id="ovr-off" label={t("ovr.off")} checked={off} onValue={setOff} />
      {off ? null : (
        <fieldset class="hours-editor">
          <legend>{t("ovr.legend", { date: label })}</legend>
          <DayIntervals
            label={label}
            idPrefix="ovr"
            intervals={intervals}
            onChange={edit}
            errors={intervals.map((_, i) => f[`intervals.${i}`])}
            emptyText={t("ovr.noHours")}
          />
        </fieldset>
      )}
    </FormDialog>
  );
}
