// A staff card's date overrides (design.md §16): other hours on one date (a late Thursday, a
// half day) or not working that date, in place of the weekly hours; removing one brings the
// weekly hours back. The list comes with the page's view (today on); each change is one call.
import { useState } from "hono/jsx/dom";
import type { AppBusiness, StaffCard, Viewer } from "../../shared/api-types";
import { dayLabel, isDate, weekdayOf } from "../lib/zoned";
import { api } from "../shell/api";
import { FormDialog, useSubmit } from "../ui/form-dialog";
import { Button, CheckField, Outcome, TextField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { type DayInterval, DayIntervals, ordered } from "./hours-editor";

type Override = StaffCard["overrides"][number];

const hoursText = (intervals: DayInterval[]) => (intervals.length ? intervals.map((i) => `${i.start}–${i.end}`).join(", ") : "Not working");

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
    setDone(`${dayLabel(o.date)}: back to the weekly hours.`);
    p.reload();
  }

  return (
    <div class="staff-overrides">
      <h3>Date overrides</h3>
      {s.overrides.length === 0 ? (
        <p class="muted small">None: the weekly hours apply on every date.</p>
      ) : (
        <ul class="time-off" aria-label={`Date overrides of ${s.displayName}`}>
          {s.overrides.map((o) => (
            <li>
              <span>
                {dayLabel(o.date)}: {hoursText(o.intervals)}
              </span>
              <span class="row-actions">
                <Button
                  class="small-button"
                  gate={manage}
                  label={`Change ${dayLabel(o.date)} for ${s.displayName}`}
                  onClick={() => setEditing({ date: o.date })}
                >
                  Change
                </Button>
                <Button
                  class="small-button"
                  gate={manage}
                  busy={busy}
                  label={`Remove override ${dayLabel(o.date)} for ${s.displayName}`}
                  onClick={() => void remove(o)}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Outcome problem={problem} done={done} />
      <div class="actions-row">
        <Button gate={manage} label={`Set hours for a date for ${s.displayName}`} onClick={() => setEditing({ date: "" })}>
          Set hours for a date
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
    if (!isDate(date)) return submit.refuse({ date: "Choose a date" }, "Choose the date.");
    if (!off && intervals.length === 0) return submit.refuse({}, "Add the hours of that date, or check “Not working”.");
    const body = { intervals: off ? [] : intervals.map((i) => ({ start: i.start, end: i.end })) };
    await submit.send("PUT", `/api/staff/${encodeURIComponent(s.id)}/overrides/${date}`, body, () =>
      p.onSaved(`${dayLabel(date)}: ${off ? "not working" : hoursText(body.intervals)}.`),
    );
  }
  const f = submit.fields;
  const label = isDate(date) ? dayLabel(date) : "That date";
  return (
    <FormDialog
      title={`Hours of ${s.displayName} on one date`}
      id={`override-form-${s.id}`}
      onClose={p.onClose}
      onSubmit={save}
      busy={submit.busy}
      problem={submit.problem}
      submitLabel="Save hours for this date"
    >
      <p class="hint">These hours replace the weekly hours on that date only. Bookings already made stay as they are.</p>
      <TextField id="ovr-date" label="Date" type="date" required min={p.today} value={date} onValue={pickDate} error={f.date} />
      <CheckField id="ovr-off" label="Not working that date" checked={off} onValue={setOff} />
      {off ? null : (
        <fieldset class="hours-editor">
          <legend>Working hours on {label}</legend>
          <DayIntervals
            label={label}
            idPrefix="ovr"
            intervals={intervals}
            onChange={edit}
            errors={intervals.map((_, i) => f[`intervals.${i}`])}
            emptyText="No hours yet"
          />
        </fieldset>
      )}
    </FormDialog>
  );
}
