// /app/staff: the team: profiles, weekly hours (several intervals a day) and time off.
import { useState } from "hono/jsx/dom";
import type { StaffView, StaffWithHours } from "../../shared/api-types";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { FormDialog, useSubmit } from "../ui/form-dialog";
import { DeleteDialog, ListHead, useListPage } from "../ui/list-page";
import { Button, CheckField, Empty, TextField, ViewPending } from "../ui/kit";
import { gate } from "../ui/permissions";
import { TimeOffForm, TimeOffList } from "../ui/time-off";
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
  if (!d) return <ViewPending view={view} />;
  const manage = gate(d.viewer, "manage");
  const tz = d.business.timezone;

  return (
    <>
      <ListHead
        intro={t("stf.intro", { zone: tz })}
        addLabel={t("stf.add")}
        gate={manage}
        onAdd={() => setEditing("new")}
        problem={problem}
        done={done}
        onRetry={view.reload}
      />
      {d.staff.length === 0 ? (
        <Empty title={t("stf.none")}>{t("stf.noneHint")}</Empty>
      ) : (
        <div class="staff-cards">
          {d.staff.map((s) => {
            return (
              <article class="panel staff-card" style={staffStyle(s.color)} aria-labelledby={`staff-${s.id}`}>
                <header class="staff-card-head">
                  <h2 id={`staff-${s.id}`}>
                    <span class="swatch-dot"></span>
                    {s.displayName}
                  </h2>
                  <span class="muted">{s.title}</span>
                  {s.isBookable ? null : <span class="status status-cancelled">{t("stf.notBookable")}</span>}
                </header>
                <p class="small">{hoursSummary(s.workingHours)}</p>
                <h3>{t("stf.timeOff")}</h3>
                <TimeOffList
                  off={d.timeOff.filter((o) => o.staffId === s.id)}
                  tz={tz}
                  gate={manage}
                  busy={busy}
                  removeLabel={(span) => t("stf.removeOff", { span })}
                  onRemove={(o) => void run(t("stf.offRemoved"), "DELETE", `/api/staff/${s.id}/time-off/${o.id}`)}
                />
                {STAFF_SECTIONS.map((Section) => (
                  <Section staff={s} members={d.members} business={d.business} viewer={d.viewer} reload={view.reload} />
                ))}
                <div class="actions-row">
                  <Button gate={manage} onClick={() => setEditing(s)} label={t("stf.editNamed", { name: s.displayName })}>
                    {t("stf.edit")}
                  </Button>
                  <Button gate={manage} onClick={() => setOffFor(s)} label={t("stf.addOffNamed", { name: s.displayName })}>
                    {t("stf.addOff")}
                  </Button>
                  <Button kind="danger" gate={manage} onClick={() => setDeleting(s)} label={t("svc.deleteNamed", { name: s.displayName })}>
                    {t("svc.delete")}
                  </Button>
                </div>
              </article>
            );
          })}
        </div>
      )}
      {editing ? (
        <StaffForm
          staff={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(n) => saved(t("svc.saved", { name: n }))}
        />
      ) : null}
      {offFor ? (
        <TimeOffForm
          name={offFor.displayName}
          path={`/api/staff/${offFor.id}/time-off`}
          business={d.business}
          onClose={() => setOffFor(null)}
          onSaved={saved}
        />
      ) : null}
      {deleting ? (
        <DeleteDialog
          id="delete-staff"
          title={t("svc.deleteTitle", { name: deleting.displayName })}
          text={t("stf.deleteText")}
          confirmLabel={t("stf.deleteConfirm")}
          keepLabel={t("stf.keep")}
          onClose={() => setDeleting(null)}
          onDelete={() => void run(t("svc.deleted", { name: deleting.displayName }), "DELETE", `/api/staff/${deleting.id}`)}
        />
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
    if (!name.trim()) return submit.refuse({ displayName: t("stf.enterName") }, t("stf.enterNameShort"));
    const body = { displayName: name.trim(), title, color, isBookable: bookable, workingHours: ordered(hours) };
    await submit.send(s ? "PATCH" : "POST", s ? `/api/staff/${s.id}` : "/api/staff", body, () => p.onSaved(body.displayName));
  }
  const f = submit.fields;
  return (
    <FormDialog
      title={s ? t("svc.editNamed", { name: s.displayName }) : t("stf.new")}
      id="staff-form"
      wide
      onClose={p.onClose}
      onSubmit={save}
      busy={submit.busy}
      problem={submit.problem}
      submitLabel={s ? t("svc.saveChanges") : t("stf.add")}
    >
      <div class="form-grid">
        <TextField id="stf-name" label={t("stf.nameLabel")} required value={name} onValue={setName} maxLength={200} error={f.displayName} />
        <TextField
          id="stf-title"
          label={t("stf.title")}
          value={title}
          onValue={setTitle}
          maxLength={200}
          error={f.title}
          placeholder={t("stf.titlePlaceholder")}
        />
        <TextField id="stf-color" label={t("stf.colour")} type="color" value={color} onValue={setColor} error={f.color} />
      </div>
      <CheckField id="stf-bookable" label={t("stf.bookable")} hint={t("stf.bookableHint")} checked={bookable} onValue={setBookable} />
      <HoursEditor hours={hours} onChange={setHours} errors={f} prefix="hrs" />
    </FormDialog>
  );
}

startPage("/app/staff", () => <Staff />);
