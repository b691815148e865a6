// /app/staff: the team: profiles, weekly hours (several intervals a day) and time off.
import { useState } from "hono/jsx/dom";
import type { StaffView, StaffWithHours } from "../../shared/api-types";
import { startPage } from "../shell/boot";
import { FormDialog, useSubmit } from "../ui/form-dialog";
import { useListPage } from "../ui/list-page";
import { Button, CheckField, Dialog, Empty, GateNote, Loading, LoadFailed, Outcome, TextField } from "../ui/kit";
import { gate } from "../ui/permissions";
import { offLabel, TimeOffForm } from "../ui/time-off";
import { useView } from "../ui/use-view";
import { STAFF_SECTIONS } from "./extensions";
import { HoursEditor, hoursSummary, type Interval, ordered } from "./hours-editor";
import { staffStyle } from "./timeline";

function Staff() {
  const view = useView<StaffView>("/api/businesses/me/views/staff");
  const { editing, setEditing, offFor, setOffFor, deleting, setDeleting, problem, done, busy, run, saved } = useListPage<StaffWithHours>(
    view.reload,
  );
  const d = view.data;
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;
  const manage = gate(d.viewer, "manage");
  const tz = d.business.timezone;

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
          title={`Time off for ${offFor.displayName}`}
          path={`/api/staff/${offFor.id}/time-off`}
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

function StaffForm(p: { staff: StaffWithHours | null; onClose: () => void; onSaved: (name: string) => void }) {
  const s = p.staff;
  const [name, setName] = useState(s?.displayName ?? "");
  const [title, setTitle] = useState(s?.title ?? "");
  const [color, setColor] = useState(s?.color ?? "#0f766e");
  const [bookable, setBookable] = useState(s?.isBookable ?? true);
  const [hours, setHours] = useState<Interval[]>(
    ordered(s?.workingHours ?? [1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, start: "09:00", end: "17:00" }))),
  );
  const submit = useSubmit();

  async function save(e: Event) {
    e.preventDefault();
    if (!name.trim()) return submit.refuse({ displayName: "Enter the name customers see" }, "Enter a name.");
    const body = { displayName: name.trim(), title, color, isBookable: bookable, workingHours: ordered(hours) };
    await submit.send(s ? "PATCH" : "POST", s ? `/api/staff/${s.id}` : "/api/staff", body, () => p.onSaved(body.displayName));
  }
  const f = submit.fields;
  return (
    <FormDialog
      title={s ? `Edit ${s.displayName}` : "New staff member"}
      id="staff-form"
      wide
      onClose={p.onClose}
      onSubmit={save}
      busy={submit.busy}
      problem={submit.problem}
      submitLabel={s ? "Save changes" : "Add staff member"}
    >
      <div class="form-grid">
        <TextField id="stf-name" label="Name customers see" required value={name} onValue={setName} maxLength={200} error={f.displayName} />
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
    </FormDialog>
  );
}

startPage("/app/staff", () => <Staff />);
