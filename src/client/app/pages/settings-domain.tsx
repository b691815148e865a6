// Settings → Custom domain (design.md §23): the business's own address for its booking page. The
// owner saves it, copies the DNS records it needs (the CNAME to the platform and Cloudflare's TXT
// records), sees where it stands, and may ask Cloudflare again at once with "Check now".
// Self-contained: props are the settings view and what to do after a save.
import { useEffect, useState } from "hono/jsx/dom";
import type { AppKey } from "../../../shared/i18n/app/en";
import type { OwnerBusiness, SettingsView } from "../../shared/api-types";
import { dataOf, errorMessage } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { Button, PanelEnd, SubmitRow, TextField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { SettingsPanel } from "./settings-form";

type DomainStatus = NonNullable<OwnerBusiness["customDomainStatus"]>;
type DnsRecord = DomainStatus["dnsRecords"][number];

const STATE: Record<DomainStatus["status"], AppKey> = { pending: "set.dm.pending", active: "set.dm.active", failed: "set.dm.failed" };

/** Cloudflare's certificate statuses in words. */
function certificateWords(ssl: string | null): string {
  if (!ssl) return t("set.dm.certNone");
  if (ssl === "active") return t("set.dm.certIssued");
  if (ssl.startsWith("pending") || ssl === "initializing") return t("set.dm.certWaiting");
  return ssl.replace(/_/g, " ");
}

function explanation(s: DomainStatus): string {
  if (s.status === "active") return t("set.dm.live", { host: s.hostname });
  if (s.status === "failed") return t("set.dm.gaveUp");
  return t("set.dm.addRecords", { host: s.hostname });
}

function purpose(r: DnsRecord): string {
  if (r.type === "CNAME") return t("set.dm.cname");
  if (r.name.startsWith("_cf-custom-hostname.")) return t("set.dm.proves");
  return t("set.dm.certificate");
}

/**
 * One part of a record as text that wraps (a phone shows all of it), with its own Copy button.
 * When the clipboard is refused the text is selected and the words say what to press.
 */
function RecordPart(p: { id: string; label: string; value: string; copyLabel: string; copied: string; onCopied: (words: string) => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(p.value);
      p.onCopied(p.copied);
    } catch {
      const el = document.getElementById(p.id);
      if (el) getSelection()?.selectAllChildren(el);
      p.onCopied(t("set.pressCopy"));
    }
  }
  return (
    <>
      <dt>{p.label}</dt>
      <dd class="dns-copy">
        <code id={p.id}>{p.value}</code>
        <Button label={p.copyLabel} onClick={() => void copy()}>
          {t("set.copy")}
        </Button>
      </dd>
    </>
  );
}

/** The two parts of a record the owner copies into their DNS provider, in the order they ask for them. */
const RECORD_PARTS = [
  { key: "name", label: "set.dm.name", copy: "set.dm.copyName", copied: "set.dm.copiedName" },
  { key: "value", label: "set.dm.value", copy: "set.dm.copyValue", copied: "set.dm.copiedValue" },
] as const;

function DnsRecords(p: { records: DnsRecord[]; onCopied: (words: string) => void }) {
  if (p.records.length === 0) return null;
  return (
    <div class="dns-records">
      {p.records.map((r, i) => {
        return (
          <section class="dns-record" aria-labelledby={`dns-${i}-title`}>
            <h3 id={`dns-${i}-title`}>{t("set.dm.record", { type: r.type })}</h3>
            <p class="muted small">{purpose(r)}</p>
            <dl class="dns-fields">
              {RECORD_PARTS.map((part) => (
                <RecordPart
                  id={`dns-${i}-${part.key}`}
                  label={t(part.label)}
                  value={r[part.key]}
                  copyLabel={t(part.copy, { type: r.type })}
                  copied={t(part.copied, { type: r.type })}
                  onCopied={p.onCopied}
                />
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}

export function CustomDomainPanel(p: { view: SettingsView; onSaved: () => void }) {
  const business = p.view.settings;
  const manage = gate(p.view.viewer, "manage");
  const mounted = useMounted();
  const [value, setValue] = useState(business.customDomain ?? "");
  const [status, setStatus] = useState<DomainStatus | null>(business.customDomainStatus);
  const [busy, setBusy] = useState<"" | "save" | "check">("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  useEffect(() => {
    setStatus(business.customDomainStatus);
  }, [business.customDomainStatus]);

  const context = (a: Parameters<typeof problemOf>[0]) => ({
    domain_taken: t("set.domainTaken"),
    // Cloudflare's own reason is worth reading (an invalid name); the server's sentence carries it.
    domain_provider_error: errorMessage(a) ?? t("set.dm.providerError"),
  });

  async function save(e: Event) {
    e.preventDefault();
    const next = value.trim();
    if (next === (business.customDomain ?? "") && status?.status !== "failed") return setDone(t("set.nothingChanged"));
    setBusy("save");
    setProblem(null);
    setDone("");
    const a = await api<OwnerBusiness>("PATCH", "/api/businesses/me", { customDomain: next === "" ? null : next });
    if (!mounted.current) return;
    setBusy("");
    const saved = dataOf(a);
    if (!saved) return setProblem(problemOf(a, context(a)));
    setStatus(saved.customDomainStatus);
    setValue(saved.customDomain ?? "");
    setDone(t("set.saved"));
    p.onSaved();
  }

  async function check() {
    setBusy("check");
    setProblem(null);
    setDone("");
    const a = await api<DomainStatus>("POST", "/api/businesses/me/custom-domain/check");
    if (!mounted.current) return;
    setBusy("");
    const got = dataOf(a);
    if (!got) return setProblem(problemOf(a, context(a)));
    setStatus(got);
    setDone(t(got.status === "active" ? "set.dm.isLive" : "set.dm.stillPending", { host: got.hostname }));
  }

  return (
    <SettingsPanel id="domain" title={t("set.sec.domain")}>
      <p class="muted">{t("set.dm.intro")}</p>
      <form onSubmit={save} novalidate>
        <div class="form-grid">
          <TextField
            id="domain-customDomain"
            class="span-2"
            label={t("set.dm.domain")}
            hint={t("set.dm.domainHint")}
            value={value}
            onValue={(v) => {
              setValue(v);
              setDone("");
            }}
            error={problem?.fields.customDomain}
            disabled={!manage.allowed}
            maxLength={253}
            inputMode="url"
            autocomplete="off"
          />
        </div>
        <SubmitRow label={t("set.dm.save")} gate={manage} busy={busy === "save"} />
      </form>
      {status ? (
        <div class="domain-state">
          <p>
            <span class={`status domain-${status.status}`}>{t(STATE[status.status])}</span> <strong>{status.hostname}</strong>
          </p>
          <p>{explanation(status)}</p>
          <p class="muted small">
            {t("set.dm.cert", { words: certificateWords(status.sslStatus) })}{" "}
            {status.checkedAt
              ? t("set.dm.checkedAt", { when: whenLabel(status.checkedAt, p.view.business.timezone) })
              : t("set.dm.notChecked")}
          </p>
          <DnsRecords records={status.dnsRecords} onCopied={setDone} />
          {status.status === "pending" ? (
            <div class="actions-row">
              <Button gate={manage} busy={busy === "check"} onClick={() => void check()}>
                {t("set.dm.checkNow")}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      <PanelEnd problem={problem} done={done} gates={[manage]} />
    </SettingsPanel>
  );
}
