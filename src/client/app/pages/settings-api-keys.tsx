// Settings → API keys (design.md §19): the business's keys for its own systems. A new key's secret
// is shown once, right after it is made, with a copy button; it is never stored in the browser
// and the server cannot show it again. Revoking asks first.
import { useState } from "hono/jsx/dom";
import type { CreatedApiKey, OwnerApiKey, SettingsView } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { CopyBox } from "../ui/copy";
import { Button, Dialog, Empty, GateNote, Outcome, SelectField, TextField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

const SCOPES = [
  { value: "read", label: "Read only: may look up bookings, services, staff, customers" },
  { value: "write", label: "Read and write: acts as an admin (not on members or keys)" },
];

export function ApiKeys(p: { view: SettingsView; reload: () => void }) {
  const manage = gate(p.view.viewer, "manage");
  const mounted = useMounted();
  const [name, setName] = useState("");
  const [scope, setScope] = useState("read");
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<OwnerApiKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const keys = p.view.apiKeys;
  const tz = p.view.business.timezone;

  async function create(e: Event) {
    e.preventDefault();
    if (!name.trim()) return setProblem({ message: "Give the key a name.", fields: { name: "Enter a name" }, retry: false });
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api<CreatedApiKey>("POST", "/api/businesses/me/api-keys", { name: name.trim(), scope });
    if (!mounted.current) return;
    setBusy(false);
    const got = dataOf(a, 201);
    if (!got) return setProblem(problemOf(a, { conflict: "This business already has 20 active keys. Revoke one first." }));
    setCreated(got);
    setName("");
    p.reload();
  }

  async function revoke(key: OwnerApiKey) {
    setRevoking(null);
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api("DELETE", `/api/businesses/me/api-keys/${encodeURIComponent(key.id)}`);
    if (!mounted.current) return;
    setBusy(false);
    if (a.status !== 200) return setProblem(problemOf(a));
    if (created?.id === key.id) setCreated(null);
    setDone(`“${key.name}” revoked. Requests with it are refused from now on.`);
    p.reload();
  }

  const f = problem?.fields ?? {};
  return (
    <section class="panel" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      <p class="muted">
        Keys let your own systems use this business's API (see <a href="/docs">the API documentation</a>). Send one as{" "}
        <span class="code">Authorization: Bearer &lt;key&gt;</span>.
      </p>
      {keys === null ? (
        <p class="gate-note">Only owners and admins can see and manage API keys.</p>
      ) : (
        <>
          {created ? (
            <CopyBox
              id="api-key-secret"
              label={`The key “${created.name}”`}
              value={created.key}
              onDismiss={() => setCreated(null)}
              dismissLabel="I have stored it"
            >
              <p>
                <strong>Copy this key now.</strong> It is shown only this once: we keep only a fingerprint of it, so nobody can show it
                again. If it is lost, make a new key and revoke this one.
              </p>
            </CopyBox>
          ) : null}
          {keys.length === 0 ? (
            <Empty title="No API keys yet." />
          ) : (
            <div class="table-wrap">
              <table>
                <caption class="visually-hidden">API keys, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Access</th>
                    <th scope="col">Starts with</th>
                    <th scope="col">Made</th>
                    <th scope="col">Last used</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {keys.map((k) => (
                    <tr>
                      <td data-label="Name">{k.name}</td>
                      <td data-label="Access">{k.scope === "write" ? "Read and write" : "Read only"}</td>
                      <td data-label="Starts with">
                        <span class="code">{k.prefix}…</span>
                      </td>
                      <td data-label="Made">{whenLabel(k.createdAt, tz)}</td>
                      <td data-label="Last used">{k.lastUsedAt ? whenLabel(k.lastUsedAt, tz) : "Never"}</td>
                      <td data-label="State">
                        {k.revokedAt ? (
                          `Revoked ${whenLabel(k.revokedAt, tz)}`
                        ) : (
                          <Button
                            kind="danger"
                            class="small-button"
                            gate={manage}
                            busy={busy}
                            label={`Revoke ${k.name}`}
                            onClick={() => setRevoking(k)}
                          >
                            Revoke
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <form onSubmit={create} novalidate class="sub-form" aria-labelledby="api-key-add-title">
            <h3 id="api-key-add-title">Make a key</h3>
            <div class="form-grid">
              <TextField
                id="api-key-name"
                label="Name (what uses it)"
                value={name}
                onValue={setName}
                maxLength={100}
                placeholder="e.g. Accounting export"
                error={f.name}
                disabled={!manage.allowed}
              />
              <SelectField
                id="api-key-scope"
                label="Access"
                value={scope}
                onValue={setScope}
                options={SCOPES}
                error={f.scope}
                disabled={!manage.allowed}
              />
            </div>
            <div class="actions-row">
              <Button type="submit" kind="primary" gate={manage} busy={busy}>
                Make key
              </Button>
            </div>
          </form>
        </>
      )}
      <Outcome problem={problem} done={done} id="api-keys-outcome" />
      <GateNote gates={[manage]} />
      {revoking ? (
        <Dialog id="revoke-key" title={`Revoke “${revoking.name}”?`} onClose={() => setRevoking(null)}>
          <p>Every system that uses this key is refused from its next request on. This cannot be undone.</p>
          <div class="actions-row">
            <Button kind="danger" onClick={() => void revoke(revoking)}>
              Revoke key
            </Button>
            <Button onClick={() => setRevoking(null)}>Keep it</Button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
