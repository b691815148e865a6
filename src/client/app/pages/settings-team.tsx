import { useState } from "hono/jsx/dom";
import type { OwnerMember, SettingsView } from "../../shared/api-types";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { personName } from "../ui/format";
import { DataTable } from "../ui/data-table";
import { Button, PanelEnd, SelectField, SubmitRow, TextField } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

const roles = () => [
  { value: "staff", label: t("set.mb.roleStaff") },
  { value: "admin", label: t("set.mb.roleAdmin") },
];

/** Members: invite (they choose their own password from the e-mail), change role, deactivate, reactivate. */
export function Members(p: { view: SettingsView; onChanged: () => void }) {
  const manage = gate(p.view.viewer, "manage");
  const [draft, setDraft] = useState({ email: "", firstName: "", lastName: "", role: "staff" });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const me = p.view.viewer.userId;

  async function send(method: string, path: string, body: unknown, message: string) {
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api(method, path, body);
    setBusy(false);
    if (a.status !== 200 && a.status !== 201) {
      setProblem(problemOf(a, { email_taken: t("set.mb.emailTaken") }));
      return false;
    }
    setDone(message);
    p.onChanged();
    return true;
  }
  async function invite(e: Event) {
    e.preventDefault();
    if (!draft.email.trim() || !draft.firstName.trim())
      return setProblem({
        message: t("set.mb.missing"),
        fields: {
          ...(draft.email.trim() ? {} : { email: t("set.mb.enterEmail") }),
          ...(draft.firstName.trim() ? {} : { firstName: t("set.mb.enterFirst") }),
        },
        retry: false,
      });
    const ok = await send(
      "POST",
      "/api/businesses/me/members",
      { email: draft.email.trim(), firstName: draft.firstName.trim(), lastName: draft.lastName.trim() || undefined, role: draft.role },
      t("set.mb.invited", { email: draft.email.trim() }),
    );
    if (ok) setDraft({ email: "", firstName: "", lastName: "", role: "staff" });
  }
  const f = problem?.fields ?? {};
  /** An invite field's value in the draft, its change, its error (the API's field of that name) and the gate. */
  const draftField = (key: keyof typeof draft) => ({
    value: draft[key],
    onValue: (v: string) => setDraft({ ...draft, [key]: v }),
    error: f[key],
    disabled: !manage.allowed,
  });
  const actions = (m: OwnerMember) => {
    if (m.role === "owner") return <span class="muted small">{t("role.owner")}</span>;
    if (m.id === me) return <span class="muted small">{t("set.mb.you")}</span>;
    const name = personName(m);
    return (
      <div class="row-actions">
        <label class="visually-hidden" for={`role-${m.id}`}>
          {t("set.mb.roleOf", { name })}
        </label>
        <select
          id={`role-${m.id}`}
          class="small-select"
          disabled={!manage.allowed || busy}
          onChange={(e: Event) => {
            const role = (e.target as HTMLSelectElement).value;
            void send("PATCH", `/api/businesses/me/members/${m.id}`, { role }, t("set.mb.roleNow", { name, role }));
          }}
        >
          <option value="staff" selected={m.role === "staff"}>
            {t("role.staff")}
          </option>
          <option value="admin" selected={m.role === "admin"}>
            {t("role.admin")}
          </option>
        </select>
        <Button
          class="small-button"
          kind={m.isActive ? "danger" : undefined}
          gate={manage}
          busy={busy}
          label={t(m.isActive ? "set.mb.deactivateName" : "set.mb.reactivateName", { name })}
          onClick={() =>
            void send(
              "PATCH",
              `/api/businesses/me/members/${m.id}`,
              { isActive: !m.isActive },
              t(m.isActive ? "set.mb.deactivated" : "set.mb.reactivated", { name }),
            )
          }
        >
          {t(m.isActive ? "set.mb.deactivate" : "set.mb.reactivate")}
        </Button>
      </div>
    );
  };
  return (
    <section class="panel" aria-labelledby="members-title">
      <h2 id="members-title">{t("set.sec.members")}</h2>
      <DataTable
        caption={t("set.mb.caption")}
        rows={p.view.members}
        rowClass={(m) => (m.isActive ? undefined : "muted-row")}
        columns={[
          { label: t("set.mb.name"), cell: personName },
          { label: t("set.mb.email"), cell: (m) => m.email },
          { label: t("set.mb.role"), cell: (m) => t(m.role === "owner" ? "role.owner" : m.role === "admin" ? "role.admin" : "role.staff") },
          { label: t("set.mb.status"), cell: (m) => t(m.isActive ? "set.mb.active" : "set.mb.inactive") },
          { label: t("set.mb.actions"), cell: actions },
        ]}
      />
      <form onSubmit={invite} novalidate class="sub-form" aria-labelledby="invite-title">
        <h3 id="invite-title">{t("set.mb.inviteTitle")}</h3>
        <div class="form-grid">
          <TextField id="m-email" label={t("set.mb.email")} type="email" required {...draftField("email")} />
          <TextField id="m-first" label={t("set.mb.first")} required {...draftField("firstName")} />
          <TextField id="m-last" label={t("set.mb.last")} {...draftField("lastName")} />
          <SelectField id="m-role" label={t("set.mb.role")} {...draftField("role")} options={roles()} />
        </div>
        <SubmitRow label={t("set.mb.invite")} gate={manage} busy={busy} />
      </form>
      <PanelEnd problem={problem} done={done} gates={[manage]} />
    </section>
  );
}
