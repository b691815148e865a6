// Time off (staff members on /app/staff, resources on /app/resources): the form and its label.
import { useState } from "hono/jsx/dom";
import type { AppBusiness } from "../../shared/api-types";
import { addDays, dayLabel, localParts, localToIso, whenLabel } from "../lib/zoned";
import { FormDialog, useSubmit } from "./form-dialog";
import { CheckField, TextField } from "./kit";

/** "Tue, May 6, 2031 (all day)", or from one local time to another. */
export function offLabel(t: { start: string; end: string }, tz: string): string {
  const s = localParts(t.start, tz);
  const e = localParts(t.end, tz);
  if (s.time === "00:00" && e.time === "00:00") {
    const last = addDays(e.date, -1);
    return last === s.date ? `${dayLabel(s.date)} (all day)` : `${dayLabel(s.date, "short")} to ${dayLabel(last)} (all day)`;
  }
  return `${whenLabel(t.start, tz)} to ${s.date === e.date ? e.time : whenLabel(t.end, tz)}`;
}

/** Time off of a staff member or a resource: whole days, or from one local time to another. */
export function TimeOffForm(p: { title: string; path: string; business: AppBusiness; onClose: () => void; onSaved: () => void }) {
  const tz = p.business.timezone;
  const [allDay, setAllDay] = useState(true);
  const [from, setFrom] = useState(p.business.today);
  const [to, setTo] = useState(p.business.today);
  const [fromTime, setFromTime] = useState("12:00");
  const [toTime, setToTime] = useState("13:00");
  const [reason, setReason] = useState("");
  const submit = useSubmit();

  async function save(e: Event) {
    e.preventDefault();
    if (!from || !to) return submit.refuse({}, "Choose the dates.");
    const start = localToIso(from, allDay ? "00:00" : fromTime, tz);
    const end = allDay ? localToIso(addDays(to, 1), "00:00", tz) : localToIso(to, toTime, tz);
    if (end <= start) return submit.refuse({ end: "Must be after the start" }, "The end must be after the start.");
    await submit.send("POST", p.path, { start, end, reason: reason.trim() || undefined }, p.onSaved);
  }
  const f = submit.fields;
  return (
    <FormDialog
      title={p.title}
      id="time-off-form"
      onClose={p.onClose}
      onSubmit={save}
      busy={submit.busy}
      problem={submit.problem}
      submitLabel="Add time off"
    >
      <CheckField id="off-all-day" label="Whole days" checked={allDay} onValue={setAllDay} />
      <div class="form-grid">
        <TextField
          id="off-from"
          label={allDay ? "First day" : "From (date)"}
          type="date"
          required
          value={from}
          onValue={setFrom}
          error={f.start}
        />
        {allDay ? null : <TextField id="off-from-time" label="From (time)" type="time" step={300} value={fromTime} onValue={setFromTime} />}
        <TextField id="off-to" label={allDay ? "Last day" : "Until (date)"} type="date" required value={to} onValue={setTo} error={f.end} />
        {allDay ? null : <TextField id="off-to-time" label="Until (time)" type="time" step={300} value={toTime} onValue={setToTime} />}
      </div>
      <TextField
        id="off-reason"
        label="Reason (only your team sees it)"
        value={reason}
        onValue={setReason}
        maxLength={500}
        error={f.reason}
      />
      <p class="hint">Existing bookings in this time stay; move them if needed.</p>
    </FormDialog>
  );
}
