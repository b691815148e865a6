// Settings → Custom domain (design.md §23): the business's own address for its booking page. The
// owner saves it, copies the DNS records it needs (the CNAME to the platform and Cloudflare's TXT
// records), sees where it stands, and may ask Cloudflare again at once with "Check now".
// Self-contained: props are the settings view and what to do after a save.
import { useEffect, useState } from "hono/jsx/dom";
import type { OwnerBusiness, SettingsView } from "../../shared/api-types";
import { dataOf, errorMessage } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { Button, GateNote, Outcome, TextField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

type DomainStatus = NonNullable<OwnerBusiness["customDomainStatus"]>;
type DnsRecord = DomainStatus["dnsRecords"][number];

const STATE: Record<DomainStatus["status"], string> = { pending: "Being set up", active: "Live", failed: "Failed" };

/** Cloudflare's certificate statuses in words. */
function certificateWords(ssl: string | null): string {
  if (!ssl) return "not requested yet";
  if (ssl === "active") return "issued";
  if (ssl.startsWith("pending") || ssl === "initializing") return "waiting for the DNS records";
  return ssl.replace(/_/g, " ");
}

function explanation(s: DomainStatus): string {
  if (s.status === "active") return `Customers who open https://${s.hostname} see your booking page.`;
  if (s.status === "failed") {
    return "We could not verify the domain within 7 days, so it was given up. Save it again to start over, then add the records shown.";
  }
  return `Add the records below at your DNS provider. We check every 5 minutes and e-mail you when ${s.hostname} is live; that usually takes a few minutes once the records are in place.`;
}

function purpose(r: DnsRecord): string {
  if (r.type === "CNAME") return "Points your domain at us";
  if (r.name.startsWith("_cf-custom-hostname.")) return "Proves the domain is yours";
  return "Lets us issue the certificate";
}

/**
 * One part of a record as text that wraps (a phone shows all of it), with its own Copy button.
 * When the clipboard is refused the text is selected and the words say what to press.
 */
function RecordPart(p: { id: string; label: string; value: string; what: string; onCopied: (words: string) => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(p.value);
      p.onCopied(`Copied the ${p.what}.`);
    } catch {
      const el = document.getElementById(p.id);
      if (el) getSelection()?.selectAllChildren(el);
      p.onCopied("Press Ctrl+C (or Cmd+C) to copy the selected text.");
    }
  }
  return (
    <>
      <dt>{p.label}</dt>
      <dd class="dns-copy">
        <code id={p.id}>{p.value}</code>
        <Button label={`Copy the ${p.what}`} onClick={() => void copy()}>
          Copy
        </Button>
      </dd>
    </>
  );
}

function DnsRecords(p: { records: DnsRecord[]; onCopied: (words: string) => void }) {
  if (p.records.length === 0) return null;
  return (
    <div class="dns-records">
      {p.records.map((r, i) => {
        const kind = `${r.type} record`;
        return (
          <section class="dns-record" aria-labelledby={`dns-${i}-title`}>
            <h3 id={`dns-${i}-title`}>{kind}</h3>
            <p class="muted small">{purpose(r)}</p>
            <dl class="dns-fields">
              <RecordPart id={`dns-${i}-name`} label="Name" value={r.name} what={`name of the ${kind}`} onCopied={p.onCopied} />
              <RecordPart id={`dns-${i}-value`} label="Value" value={r.value} what={`value of the ${kind}`} onCopied={p.onCopied} />
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
    domain_taken: "Another business already uses this domain.",
    // Cloudflare's own reason is worth reading (an invalid name); the server's sentence carries it.
    domain_provider_error: errorMessage(a) ?? "Cloudflare did not answer. Nothing was changed; try again in a moment.",
  });

  async function save(e: Event) {
    e.preventDefault();
    const next = value.trim();
    if (next === (business.customDomain ?? "") && status?.status !== "failed") return setDone("Nothing changed.");
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
    setDone("Saved.");
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
    setDone(got.status === "active" ? `${got.hostname} is live.` : `Checked: ${got.hostname} is still being set up.`);
  }

  return (
    <section class="panel" aria-labelledby="domain-title">
      <h2 id="domain-title">Custom domain</h2>
      <p class="muted">
        Serve your booking page at your own address, e.g. book.yoursalon.com. Save the address here, then add the DNS records shown below at
        your DNS provider. Leave it empty to stop using one.
      </p>
      <form onSubmit={save} novalidate>
        <div class="form-grid">
          <TextField
            id="domain-customDomain"
            class="span-2"
            label="Domain"
            hint="Only the host name: no https://, no path."
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
        <div class="actions-row">
          <Button type="submit" kind="primary" gate={manage} busy={busy === "save"}>
            Save custom domain
          </Button>
        </div>
      </form>
      {status ? (
        <div class="domain-state">
          <p>
            <span class={`status domain-${status.status}`}>{STATE[status.status]}</span> <strong>{status.hostname}</strong>
          </p>
          <p>{explanation(status)}</p>
          <p class="muted small">
            Certificate: {certificateWords(status.sslStatus)}.{" "}
            {status.checkedAt ? `Last checked ${whenLabel(status.checkedAt, p.view.business.timezone)}.` : "Not checked yet."}
          </p>
          <DnsRecords records={status.dnsRecords} onCopied={setDone} />
          {status.status === "pending" ? (
            <div class="actions-row">
              <Button gate={manage} busy={busy === "check"} onClick={() => void check()}>
                Check now
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      <Outcome problem={problem} done={done} />
      <GateNote gates={[manage]} />
    </section>
  );
}
