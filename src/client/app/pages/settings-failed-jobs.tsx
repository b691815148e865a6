// Settings → Failed deliveries (design.md §22, §24): side effects that gave up, sent again from here.
import { useState } from "hono/jsx/dom";
import type { AppKey } from "../../../shared/i18n/app/en";
import type { FailedJob, RetriedJobView, Viewer } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { DataTable } from "../ui/data-table";
import { Button, MoreRow, PanelEnd } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { SettingsPanel } from "./settings-form";

/** The labels of src/shared/job-kinds.ts in the app's language; a kind added later shows under its own name. */
const JOB_KINDS: Record<string, AppKey> = {
  email: "set.job.email",
  webhook: "set.job.webhook",
  "stripe.refund": "set.job.stripe.refund",
  "stripe.fee_charge": "set.job.stripe.fee_charge",
  "stripe.cancel_intent": "set.job.stripe.cancel_intent",
  "stripe.detach_payment_method": "set.job.stripe.detach_payment_method",
  "booking.reminder": "set.job.booking.reminder",
  "cloudflare.hostname_delete": "set.job.cloudflare.hostname_delete",
  sms: "set.job.sms",
  "sms.reminder": "set.job.sms.reminder",
};
const kindLabel = (kind: string) => (JOB_KINDS[kind] ? t(JOB_KINDS[kind]) : kind);
/** "E-mail: booking.confirmed", or the label alone when the type is the kind itself. */
const jobWhat = (j: { kind: string; type: string }) => (j.kind === j.type ? kindLabel(j.kind) : `${kindLabel(j.kind)}: ${j.type}`);

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
    if (!dataOf(a)) return setProblem(problemOf(a, { conflict: t("set.fj.conflict") }));
    setRetried([...retried, j.id]);
    setDone(t("set.fj.resent", { what: jobWhat(j), target: j.target }));
  }
  return (
    <SettingsPanel id="failed" title={t("set.sec.failed-jobs")}>
      {jobs.length === 0 ? (
        <p class="muted">{t("set.fj.none")}</p>
      ) : (
        <>
          <p class="muted">{t("set.fj.intro")}</p>
          <DataTable
            caption={t("set.fj.caption")}
            rows={jobs}
            columns={[
              { label: t("set.fj.failed"), cell: (j) => whenLabel(j.failedAt, p.tz) },
              { label: t("set.fj.what"), cell: jobWhat },
              { label: t("set.fj.to"), cell: (j) => j.target },
              { label: t("set.fj.tries"), cell: (j) => j.attempts },
              { label: t("set.fj.lastError"), cell: (j) => j.lastError ?? (j.lastStatusCode ? `HTTP ${j.lastStatusCode}` : "\u2014") },
              {
                label: t("set.fj.actions"),
                cell: (j) =>
                  j.retryable ? (
                    <Button
                      class="small-button"
                      gate={manage}
                      busy={busy}
                      label={t("set.fj.sendAgainLabel", { what: jobWhat(j), target: j.target })}
                      onClick={() => void retry(j)}
                    >
                      {t("set.fj.sendAgain")}
                    </Button>
                  ) : (
                    <span class="muted small">{t("set.fj.byHand")}</span>
                  ),
              },
            ]}
          />
          {all === null && p.jobs.length >= 20 ? <MoreRow label={t("set.fj.showAll")} busy={busy} onMore={() => void showAll()} /> : null}
        </>
      )}
      <PanelEnd problem={problem} done={done} gates={jobs.some((j) => j.retryable) ? [manage] : []} />
    </SettingsPanel>
  );
}
