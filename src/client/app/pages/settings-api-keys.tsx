// Settings → API keys (design.md §19): the business's keys for its own systems. A new key's secret
// is shown once, right after it is made, with a copy button; it is never stored in the browser
// and the server cannot show it again. Revoking asks first.
import { useState } from "hono/jsx/dom";
import type { CreatedApiKey, OwnerApiKey, SettingsView } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { CopyBox } from "../ui/copy";
import { DataTable } from "../ui/data-table";
import { Button, Dialog, Empty, GoOrBack, PanelEnd, SelectField, SubmitRow, TextField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { sentenceWith, SettingsPanel } from "./settings-form";

const scopes = () => [
  { value: "read", label: t("set.ak.scopeRead") },
  { value: "write", label: t("set.ak.scopeWrite") },
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
    if (!name.trim()) return setProblem({ message: t("set.ak.nameIt"), fields: { name: t("set.ak.enterName") }, retry: false });
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api<CreatedApiKey>("POST", "/api/businesses/me/api-keys", { name: name.trim(), scope });
    if (!mounted.current) return;
    setBusy(false);
    const got = dataOf(a, 201);
    if (!got) return setProblem(problemOf(a, { conflict: t("set.ak.tooMany") }));
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
    setDone(t("set.ak.revoked", { name: key.name }));
    p.reload();
  }

  const f = problem?.fields ?? {};
  return (
    <SettingsPanel id="api-keys" title={t("set.sec.api-keys")}>
      <p class="muted">
        {sentenceWith("set.ak.intro", {
          link: <a href="/docs">{t("set.ak.docs")}</a>,
          header: <span class="code">Authorization: Bearer &lt;key&gt;</span>,
        })}
      </p>
      {keys === null ? (
        <p class="gate-note">{t("set.ak.ownersOnly")}</p>
      ) : (
        <>
          {created ? (
            <CopyBox
              id="api-key-secret"
              label={t("set.ak.theKey", { name: created.name })}
              value={created.key}
              onDismiss={() => setCreated(null)}
              dismissLabel={t("set.ak.stored")}
            >
              <p>
                <strong>{t("set.ak.copyNow")}</strong> {t("set.ak.once")}
              </p>
            </CopyBox>
          ) : null}
          {keys.length === 0 ? (
            <Empty title={t("set.ak.none")} />
          ) : (
            <DataTable
              caption={t("set.ak.caption")}
              rows={keys}
              columns={[
                { label: t("set.ak.name"), cell: (k) => k.name },
                { label: t("set.ak.access"), cell: (k) => t(k.scope === "write" ? "set.ak.readWrite" : "set.ak.readOnly") },
                { label: t("set.ak.prefix"), cell: (k) => <span class="code">{k.prefix}…</span> },
                { label: t("set.ak.made"), cell: (k) => whenLabel(k.createdAt, tz) },
                { label: t("set.ak.lastUsed"), cell: (k) => (k.lastUsedAt ? whenLabel(k.lastUsedAt, tz) : t("set.ak.never")) },
                {
                  label: t("set.ak.state"),
                  cell: (k) =>
                    k.revokedAt ? (
                      t("set.ak.revokedAt", { when: whenLabel(k.revokedAt, tz) })
                    ) : (
                      <Button
                        kind="danger"
                        class="small-button"
                        gate={manage}
                        busy={busy}
                        label={t("set.ak.revokeName", { name: k.name })}
                        onClick={() => setRevoking(k)}
                      >
                        {t("set.ak.revoke")}
                      </Button>
                    ),
                },
              ]}
            />
          )}
          <form onSubmit={create} novalidate class="sub-form" aria-labelledby="api-key-add-title">
            <h3 id="api-key-add-title">{t("set.ak.makeTitle")}</h3>
            <div class="form-grid">
              <TextField
                id="api-key-name"
                label={t("set.ak.nameLabel")}
                value={name}
                onValue={setName}
                maxLength={100}
                placeholder={t("set.ak.nameExample")}
                error={f.name}
                disabled={!manage.allowed}
              />
              <SelectField
                id="api-key-scope"
                label={t("set.ak.access")}
                value={scope}
                onValue={setScope}
                options={scopes()}
                error={f.scope}
                disabled={!manage.allowed}
              />
            </div>
            <SubmitRow label={t("set.ak.make")} gate={manage} busy={busy} />
          </form>
        </>
      )}
      <PanelEnd problem={problem} done={done} gates={[manage]} id="api-keys-outcome" />
      {revoking ? (
        <Dialog id="revoke-key" title={t("set.ak.confirmTitle", { name: revoking.name })} onClose={() => setRevoking(null)}>
          <p>{t("set.ak.confirm")}</p>
          <GoOrBack
            go={t("set.ak.revokeKey")}
            kind="danger"
            onGo={() => void revoke(revoking)}
            back={t("set.ak.keep")}
            onBack={() => setRevoking(null)}
          />
        </Dialog>
      ) : null}
    </SettingsPanel>
  );
}
