import { useState } from "hono/jsx/dom";
import { jobWhat } from "../../../shared/job-kinds";
import type { FailedJob, OwnerMember, RetriedJobView, SettingsView, Viewer } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { personName } from "../ui/format";
import { Button, GateNote, Outcome, SelectField, TextField } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

const ROLES = [
  { value: "staff", label: "Staff: sees everything, books and updates bookings" },
  { value: "admin", label: "Admin: everything except the owner's account" },
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
      setProblem(problemOf(a, { email_taken: "Someone with this e-mail already has an account; they cannot be invited yet." }));
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
        message: "Enter the new member's e-mail and first name.",
        fields: {
          ...(draft.email.trim() ? {} : { email: "Enter an e-mail" }),
          ...(draft.firstName.trim() ? {} : { firstName: "Enter a first name" }),
        },
        retry: false,
      });
    const ok = await send(
      "POST",
      "/api/businesses/me/members",
      { email: draft.email.trim(), firstName: draft.firstName.trim(), lastName: draft.lastName.trim() || undefined, role: draft.role },
      `Invitation sent to ${draft.email.trim()}. They choose their own password from the e-mail.`,
    );
    if (ok) setDraft({ email: "", firstName: "", lastName: "", role: "staff" });
  }
  const f = problem?.fields ?? {};
  const actions = (m: OwnerMember) => {
    if (m.role === "owner") return <span class="muted small">Owner</span>;
    if (m.id === me) return <span class="muted small">You</span>;
    const name = personName(m);
    return (
      <div class="row-actions">
        <label class="visually-hidden" for={`role-${m.id}`}>
          Role of {name}
        </label>
        <select
          id={`role-${m.id}`}
          class="small-select"
          disabled={!manage.allowed || busy}
          onChange={(e: Event) => {
            const role = (e.target as HTMLSelectElement).value;
            void send(
              "PATCH",
              `/api/businesses/me/members/${m.id}`,
              { role },
              `${name} is ${role === "admin" ? "an admin" : "staff"} now.`,
            );
          }}
        >
          <option value="staff" selected={m.role === "staff"}>
            Staff
          </option>
          <option value="admin" selected={m.role === "admin"}>
            Admin
          </option>
        </select>
        <Button
          class="small-button"
          kind={m.isActive ? "danger" : undefined}
          gate={manage}
          busy={busy}
          label={`${m.isActive ? "Deactivate" : "Reactivate"} ${name}`}
          onClick={() =>
            void send(
              "PATCH",
              `/api/businesses/me/members/${m.id}`,
              { isActive: !m.isActive },
              m.isActive ? `${name} can no longer sign in to this business.` : `${name} is active again.`,
            )
          }
        >
          {m.isActive ? "Deactivate" : "Reactivate"}
        </Button>
      </div>
    );
  };
  return (
    <section class="panel" aria-labelledby="members-title">
      <h2 id="members-title">Members</h2>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">Members of the business</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {p.view.members.map((m) => (
              <tr class={m.isActive ? undefined : "muted-row"}>
                <td data-label="Name">{personName(m)}</td>
                <td data-label="E-mail">{m.email}</td>
                <td data-label="Role">{m.role === "owner" ? "Owner" : m.role === "admin" ? "Admin" : "Staff"}</td>
                <td data-label="Status">{m.isActive ? "Active" : "Deactivated"}</td>
                <td data-label="Actions">{actions(m)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form onSubmit={invite} novalidate class="sub-form" aria-labelledby="invite-title">
        <h3 id="invite-title">Invite a team member</h3>
        <div class="form-grid">
          <TextField
            id="m-email"
            label="E-mail"
            type="email"
            required
            value={draft.email}
            onValue={(v) => setDraft({ ...draft, email: v })}
            error={f.email}
            disabled={!manage.allowed}
          />
          <TextField
            id="m-first"
            label="First name"
            required
            value={draft.firstName}
            onValue={(v) => setDraft({ ...draft, firstName: v })}
            error={f.firstName}
            disabled={!manage.allowed}
          />
          <TextField
            id="m-last"
            label="Last name"
            value={draft.lastName}
            onValue={(v) => setDraft({ ...draft, lastName: v })}
            error={f.lastName}
            disabled={!manage.allowed}
          />
          <SelectField
            id="m-role"
            label="Role"
            value={draft.role}
            onValue={(v) => setDraft({ ...draft, role: v })}
            options={ROLES}
            error={f.role}
            disabled={!manage.allowed}
          />
        </div>
        <div class="actions-row">
          <Button type="submit" kind="primary" gate={manage} busy={busy}>
            Send invitation
          </Button>
        </div>
      </form>
      <Outcome problem={problem} done={done} />
      <GateNote gates={[manage]} />
    </section>
  );
}

/**
 * Side effects that gave up (design.md §22): e-mails, webhook deliveries, Stripe calls, reminders,
 * newest first. The settings view brings the latest 20; "Show all" reads up to 200 from
 * GET /api/businesses/me/failed-jobs. E-mails and webhooks can be sent again (design.md §24): with
 * their own idempotency key, so a receiver that already has it does not get it twice.
 */
export function FailedJobs(p: { jobs: FailedJob[]; tz: string; viewer?: Viewer }) {
  const [all, setAll] = useState<FailedJob[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const [retried, setRetried] = useState<string[]>([]);
  const manage = gate(p.viewer, "manage");
  const jobs = (all ?? p.jobs).filter((j) => !retried.includes(j.id));
  async function showAll() {
    setBusy(true);
    setProblem(null);
    const a = await api<FailedJob[]>("GET", "/api/businesses/me/failed-jobs?limit=200");
    setBusy(false);
    const got = dataOf(a);
    if (got) setAll(got);
    else setProblem(problemOf(a));
  }
  async function retry(j: FailedJob) {
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api<RetriedJobView>("POST", `/api/businesses/me/failed-jobs/${encodeURIComponent(j.id)}/retry`);
    setBusy(false);
    if (!dataOf(a)) return setProblem(problemOf(a, { conflict: "This one cannot be sent again; it may have been sent already." }));
    setRetried([...retried, j.id]);
    setDone(`${jobWhat(j)} to ${j.target} is being sent again.`);
  }
  return (
    <section class="panel" aria-labelledby="failed-title">
      <h2 id="failed-title">Failed deliveries</h2>
      {jobs.length === 0 ? (
        <p class="muted">Every e-mail, webhook and payment call got through.</p>
      ) : (
        <>
          <p class="muted">
            These were tried several times and then given up. Check the address or the error, then send them again or act by hand.
          </p>
          <div class="table-wrap">
            <table>
              <caption class="visually-hidden">Failed deliveries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Failed</th>
                  <th scope="col">What</th>
                  <th scope="col">To</th>
                  <th scope="col">Tries</th>
                  <th scope="col">Last error</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((j) => (
                  <tr>
                    <td data-label="Failed">{whenLabel(j.failedAt, p.tz)}</td>
                    <td data-label="What">{jobWhat(j)}</td>
                    <td data-label="To">{j.target}</td>
                    <td data-label="Tries">{j.attempts}</td>
                    <td data-label="Last error">{j.lastError ?? (j.lastStatusCode ? `HTTP ${j.lastStatusCode}` : "\u2014")}</td>
                    <td data-label="Actions">
                      {j.retryable ? (
                        <Button
                          class="small-button"
                          gate={manage}
                          busy={busy}
                          label={`Send again: ${jobWhat(j)} to ${j.target}`}
                          onClick={() => void retry(j)}
                        >
                          Send again
                        </Button>
                      ) : (
                        <span class="muted small">By hand</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {all === null && p.jobs.length >= 20 ? (
            <div class="actions-row">
              <Button busy={busy} onClick={() => void showAll()}>
                Show all
              </Button>
            </div>
          ) : null}
        </>
      )}
      <Outcome problem={problem} done={done} />
      <GateNote gates={jobs.some((j) => j.retryable) ? [manage] : []} />
    </section>
  );
}
