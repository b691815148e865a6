// Time off (staff members on /app/staff, resources on /app/resources): the form and its label.
import { useState } from "hono/jsx/dom";
import type { AppBusiness } from "../../shared/api-types";
import { addDays, dayLabel, localParts, localToIso, whenLabel } from "../lib/zoned";
import { t } from "../shell/i18n";
import { FormDialog, useSubmit } from "./form-dialog";
import { Button, CheckField, TextField } from "./kit";
import type { Gate } from "./permissions";

/** "Tue, May 6, 2031 (all day)", or from one local time to another. */
export function offLabel(off: { start: string; end: string }, tz: string): string {
  const s = localParts(off.start, tz);
  const e = localParts(off.end, tz);
  if (s.time === "00:00" && e.time === "00:00") {
    const last = addDays(e.date, -1);
    return last === s.date
      ? t("off.allDay", { day: dayLabel(s.date) })
      : t("off.days", { from: dayLabel(s.date, "short"), to: dayLabel(last) });
  }
  return t("off.span", { from: whenLabel(off.start, tz), to: s.date === e.date ? e.time : whenLabel(off.end, tz) });
}

type OffEntry = { id: string; start: string; end: string; reason?: string | null };

/** The time off a staff card or a resource card lists, each entry with its Remove button. */
export function TimeOffList(p: {
  off: OffEntry[];
  tz: string;
  gate: Gate;
  busy: boolean;
  /** Names the list for assistive technology when several cards sit side by side. */
  label?: string;
  removeLabel: (span: string) => string;
  onRemove: (off: OffEntry) => void;
}) {
  if (p.off.length === 0) return <p class="muted small">{t("stf.noTimeOff")}</p>;
  return (
    <ul class="time-off" aria-label={p.label}>
      {p.off.map((o) => (
        <li>
          <span>
            {offLabel(o, p.tz)}
            {o.reason ? ` · ${o.reason}` : ""}
          </span>
          <Button class="small-button" gate={p.gate} busy={p.busy} label={p.removeLabel(offLabel(o, p.tz))} onClick={() => p.onRemove(o)}>
            {t("stf.remove")}
          </Button>
        </li>
      ))}
    </ul>
  );
}

type Typed = [value: string, onValue: (v: string) => void];

/** The words of each end: its day when whole days are off, its day and its time otherwise. */
const END_LABELS = {
  from: { wholeDays: "off.firstDay", day: "off.fromDate", time: "off.fromTime" },
  to: { wholeDays: "off.lastDay", day: "off.untilDate", time: "off.untilTime" },
} as const;

/** The start or the end of time off (`off-from`, `off-to`): its day and, unless whole days, its time. */
function OffEnd(p: { end: "from" | "to"; allDay: boolean; date: Typed; time: Typed; error?: string }) {
  const id = `off-${p.end}`;
  const words = END_LABELS[p.end];
  return (
    <>
      <TextField
        id={id}
        label={t(p.allDay ? words.wholeDays : words.day)}
        type="date"
        required
        value={p.date[0]}
        onValue={p.date[1]}
        error={p.error}
      />
      {p.allDay ? null : <TextField id={`${id}-time`} label={t(words.time)} type="time" step={300} value={p.time[0]} onValue={p.time[1]} />}
    </>
  );
}

/**
 * Time off of a staff member or a resource (`name`): whole days, or from one local time to another.
 * `onSaved` gets the sentence that says it was added.
 */
export function TimeOffForm(p: {
  name: string;
  path: string;
  business: AppBusiness;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
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
    if (!from || !to) return submit.refuse({}, t("off.chooseDates"));
    const start = localToIso(from, allDay ? "00:00" : fromTime, tz);
    const end = allDay ? localToIso(addDays(to, 1), "00:00", tz) : localToIso(to, toTime, tz);
    if (end <= start) return submit.refuse({ end: t("off.afterStart") }, t("off.afterStartMsg"));
    await submit.send("POST", p.path, { start, end, reason: reason.trim() || undefined }, () =>
      p.onSaved(t("stf.offAdded", { name: p.name })),
    );
  }
  const f = submit.fields;
  return (
    <FormDialog
      title={t("stf.offFor", { name: p.name })}
      id="time-off-form"
      onClose={p.onClose}
      onSubmit={save}
      busy={submit.busy}
      problem={submit.problem}
      submitLabel={t("off.submit")}
    >
      <CheckField id="off-all-day" label={t("off.wholeDays")} checked={allDay} onValue={setAllDay} />
      <div class="form-grid">
        <OffEnd end="from" allDay={allDay} date={[from, setFrom]} time={[fromTime, setFromTime]} error={f.start} />
        <OffEnd end="to" allDay={allDay} date={[to, setTo]} time={[toTime, setToTime]} error={f.end} />
      </div>
      <TextField id="off-reason" label={t("off.reason")} value={reason} onValue={setReason} maxLength={500} error={f.reason} />
      <p class="hint">{t("off.hint")}</p>
    </FormDialog>
  );
}
