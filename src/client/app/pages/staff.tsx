// /app/staff: the team: profiles, weekly hours (several intervals a day) and time off.
import { useState } from "hono/jsx/dom";
import type { AppBusiness, StaffView, StaffWithHours } from "../../shared/api-types";
import { addDays, dayLabel, localParts, localToIso, whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { startPage } from "../shell/boot";
import { Button, CheckField, Dialog, Empty, GateNote, Loading, LoadFailed, Outcome, TextField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { useView } from "../ui/use-view";
import { STAFF_SECTIONS } from "./extensions";
import { HoursEditor, hoursSummary, type Interval, ordered } from "./hours-editor";
import { staffStyle } from "./timeline";

type TimeOff = StaffView["timeOff"][number];

function Staff() {
  const view = useView<StaffView>("/api/businesses/me/views/staff");
  const [editing, setEditing] = useState<StaffWithHours | "new" | null>(null);
  const [offFor, setOffFor] = useState<StaffWithHours | null>(null);
  const [deleting, setDeleting] = useState<StaffWithHours | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const d = view.data;
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;
  const manage = gate(d.viewer, "manage");
  const tz = d.business.timezone;

  async function run(label: string, method: string, path: string) {
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api(method, path);
    setBusy(false);
    if (a.status !== 200) return setProblem(problemOf(a));
    setDone(label);
    view.reload();
  }
  const saved = (message: string) => {
    setEditing(null);
    setOffFor(null);
    setDone(message);
    view.reload();
  };

  return (
    <>
      <div class="page-head">
        <p class="muted">Working hours and time off decide when each person can be booked ({tz} time).</p>
        <Button kind="primary" gate={manage} onClick={() => setEditing("new")}>
          Add staff member
        </Button>
      </div>
      <GateNote gates={[manage]} />
      <Outcome problem={problem} done={done} onRetry={view.reload} />
      {d.staff.length === 0 ? (
        <Empty title="No staff members yet.">Add the people customers book with, and their weekly hours.</Empty>
      ) : (
        <div class="staff-cards">
          {d.staff.map((s) => {
            const off = d.timeOff.filter((t) => t.staffId === s.id);
            return (
              <article class="panel staff-card" style={staffStyle(s.color)} aria-labelledby={`staff-${s.id}`}>
                <header class="staff-card-head">
                  <h2 id={`staff-${s.id}`}>
                    <span class="swatch-dot"></span>
                    {s.displayName}
                  </h2>
                  <span class="muted">{s.title}</span>
                  {s.isBookable ? null : <span class="status status-cancelled">Not bookable</span>}
                </header>
                <p class="small">{hoursSummary(s.workingHours)}</p>
                <h3>Time off</h3>
                {off.length === 0 ? (
                  <p class="muted small">None planned.</p>
                ) : (
                  <ul class="time-off">
                    {off.map((t) => (
                      <li>
                        <span>
                          {offLabel(t, tz)}
                          {t.reason ? ` · ${t.reason}` : ""}
                        </span>
                        <Button
                          class="small-button"
                          gate={manage}
                          busy={busy}
                          label={`Remove time off ${offLabel(t, tz)}`}
                          onClick={() => void run("Time off removed.", "DELETE", `/api/staff/${s.id}/time-off/${t.id}`)}
                        >
                          Remove
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
                {STAFF_SECTIONS.map((Section) => (
                  <Section staff={s} members={d.members} business={d.business} viewer={d.viewer} reload={view.reload} />
                ))}
                <div class="actions-row">
                  <Button gate={manage} onClick={() => setEditing(s)} label={`Edit profile and hours of ${s.displayName}`}>
                    Edit profile and hours
                  </Button>
                  <Button gate={manage} onClick={() => setOffFor(s)} label={`Add time off for ${s.displayName}`}>
                    Add time off
                  </Button>
                  <Button kind="danger" gate={manage} onClick={() => setDeleting(s)} label={`Delete ${s.displayName}`}>
                    Delete
                  </Button>
                </div>
              </article>
            );
          })}
        </div>
      )}
      {editing ? (
        <StaffForm staff={editing === "new" ? null : editing} onClose={() => setEditing(null)} onSaved={(n) => saved(`${n} saved.`)} />
      ) : null}
      {offFor ? (
        <TimeOffForm
          staff={offFor}
          business={d.business}
          onClose={() => setOffFor(null)}
          onSaved={() => saved(`Time off added for ${offFor.displayName}.`)}
        />
      ) : null}
      {deleting ? (
        <Dialog title={`Delete ${deleting.displayName}?`} onClose={() => setDeleting(null)} id="delete-staff">
          <p>
            They can no longer be booked and leave this list. Their existing bookings stay as they are; move or cancel them first if needed.
          </p>
          <div class="actions-row">
            <Button
              kind="danger"
              onClick={() => {
                const s = deleting;
                setDeleting(null);
                void run(`${s.displayName} deleted.`, "DELETE", `/api/staff/${s.id}`);
              }}
            >
              Delete staff member
            </Button>
            <Button onClick={() => setDeleting(null)}>Keep</Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

function offLabel(t: TimeOff, tz: string): string {
  const s = localParts(t.start, tz);
  const e = localParts(t.end, tz);
  if (s.time === "00:00" && e.time === "00:00") {
    const last = addDays(e.date, -1);
    return last === s.date ? `${dayLabel(s.date)} (all day)` : `${dayLabel(s.date, "short")} to ${dayLabel(last)} (all day)`;
  }
  return `${whenLabel(t.start, tz)} to ${s.date === e.date ? e.time : whenLabel(t.end, tz)}`;
}

function StaffForm(p: { staff: StaffWithHours | null; onClose: () => void; onSaved: (name: string) => void }) {
  const s = p.staff;
  const [name, setName] = useState(s?.displayName ?? "");
  const [title, setTitle] = useState(s?.title ?? "");
  const [color, setColor] = useState(s?.color ?? "#0f766e");
  const [bookable, setBookable] = useState(s?.isBookable ?? true);
  const [hours, setHours] = useState<Interval[]>(
    ordered(s?.workingHours ?? [1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, start: "09:00", end: "17:00" }))),
  );
  const [busy, setBusy] = useState(false);
  const mounted = useMounted();
  const [problem, setProblem] = useState<Problem | null>(null);

  async function save(e: Event) {
    e.preventDefault();
    if (!name.trim())
      return setProblem({ message: "Enter a name.", fields: { displayName: "Enter the name customers see" }, retry: false });
    const body = { displayName: name.trim(), title, color, isBookable: bookable, workingHours: ordered(hours) };
    setBusy(true);
    const a = s ? await api("PATCH", `/api/staff/${s.id}`, body) : await api("POST", "/api/staff", body);
    if (!mounted.current) return;
    setBusy(false);
    if (a.status === 200 || a.status === 201) return p.onSaved(body.displayName);
    setProblem(problemOf(a));
  }
  const f = problem?.fields ?? {};
  return (
    <Dialog title={s ? `Edit ${s.displayName}` : "New staff member"} onClose={p.onClose} wide id="staff-form">
      <form onSubmit={save} novalidate>
        <div class="form-grid">
          <TextField
            id="stf-name"
            label="Name customers see"
            required
            value={name}
            onValue={setName}
            maxLength={200}
            error={f.displayName}
          />
          <TextField
            id="stf-title"
            label="Title"
            value={title}
            onValue={setTitle}
            maxLength={200}
            error={f.title}
            placeholder="e.g. Senior stylist"
          />
          <TextField id="stf-color" label="Calendar colour" type="color" value={color} onValue={setColor} error={f.color} />
        </div>
        <CheckField
          id="stf-bookable"
          label="Can be booked"
          hint="Off: stays in the team, but customers cannot book them."
          checked={bookable}
          onValue={setBookable}
        />
        <HoursEditor hours={hours} onChange={setHours} errors={f} prefix="hrs" />
        <Outcome problem={problem} />
        <div class="actions-row">
          <Button type="submit" kind="primary" busy={busy}>
            {s ? "Save changes" : "Add staff member"}
          </Button>
          <Button onClick={p.onClose}>Close</Button>
        </div>
      </form>
    </Dialog>
  );
}

function TimeOffForm(p: { staff: StaffWithHours; business: AppBusiness; onClose: () => void; onSaved: () => void }) {
  const tz = p.business.timezone;
  const [allDay, setAllDay] = useState(true);
  const [from, setFrom] = useState(p.business.today);
  const [to, setTo] = useState(p.business.today);
  const [fromTime, setFromTime] = useState("12:00");
  const [toTime, setToTime] = useState("13:00");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const mounted = useMounted();
  const [problem, setProblem] = useState<Problem | null>(null);

  async function save(e: Event) {
    e.preventDefault();
    if (!from || !to) return setProblem({ message: "Choose the dates.", fields: {}, retry: false });
    const start = localToIso(from, allDay ? "00:00" : fromTime, tz);
    const end = allDay ? localToIso(addDays(to, 1), "00:00", tz) : localToIso(to, toTime, tz);
    if (end <= start)
      return setProblem({ message: "The end must be after the start.", fields: { end: "Must be after the start" }, retry: false });
    setBusy(true);
    const a = await api("POST", `/api/staff/${p.staff.id}/time-off`, { start, end, reason: reason.trim() || undefined });
    if (!mounted.current) return;
    setBusy(false);
    if (a.status === 201) return p.onSaved();
    setProblem(problemOf(a));
  }
  const f = problem?.fields ?? {};
  return (
    <Dialog title={`Time off for ${p.staff.displayName}`} onClose={p.onClose} id="time-off-form">
      <form onSubmit={save} novalidate>
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
          {allDay ? null : (
            <TextField id="off-from-time" label="From (time)" type="time" step={300} value={fromTime} onValue={setFromTime} />
          )}
          <TextField
            id="off-to"
            label={allDay ? "Last day" : "Until (date)"}
            type="date"
            required
            value={to}
            onValue={setTo}
            error={f.end}
          />
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
        <Outcome problem={problem} />
        <div class="actions-row">
          <Button type="submit" kind="primary" busy={busy}>
            Add time off
          </Button>
          <Button onClick={p.onClose}>Close</Button>
        </div>
      </form>
    </Dialog>
  );
}

startPage("/app/staff", () => <Staff />);
