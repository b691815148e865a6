// Settings → Payments (design.md §21): the business's Stripe account (connect through Stripe's
// onboarding, continue it, check its state, paste an existing account, disconnect) and the payment
// rules that need it (prepayment at booking, no-show and late-cancellation fees).
import { useEffect, useState } from "hono/jsx/dom";
import type { SettingsView, StripeStatus } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { Button, Facts, PanelEnd, TextField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { BusinessForm, SettingsPanel } from "./settings-form";

const ACCOUNT = "/api/payments/stripe-account";

/** Where Stripe sends the owner back (`?stripe=return|refresh`, src/services/payments/account.ts), read once. */
function takeStripeReturn(): "return" | "refresh" | null {
  const url = new URL(location.href);
  const v = url.searchParams.get("stripe");
  if (v !== "return" && v !== "refresh") return null;
  url.searchParams.delete("stripe");
  history.replaceState(null, "", url.pathname + url.search + url.hash);
  return v;
}

function stateLine(s: StripeStatus): string {
  if (!s.connected) return t("set.st.notConnected");
  if (s.chargesEnabled) return t("set.st.ready");
  if (!s.detailsSubmitted) return t("set.st.needsDetails");
  return t("set.st.reviewing");
}

export function StripePanel(p: { view: SettingsView; onSaved: () => void }) {
  const manage = gate(p.view.viewer, "manage");
  const mounted = useMounted();
  const [status, setStatus] = useState<StripeStatus>(p.view.stripe);
  const [account, setAccount] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  useEffect(() => {
    setStatus(p.view.stripe);
  }, [p.view.stripe]);

  async function refresh(message: string) {
    setBusy(true);
    setProblem(null);
    // design.md §31: asking Stripe is a write (POST), for owners and admins; the GET only reads.
    const a = await api<StripeStatus>("POST", `${ACCOUNT}/refresh`);
    if (!mounted.current) return;
    setBusy(false);
    const got = dataOf(a);
    if (!got) return setProblem(problemOf(a));
    setStatus(got);
    setDone(`${message} ${stateLine(got)}`);
    p.onSaved();
  }

  useEffect(() => {
    const back = takeStripeReturn();
    if (back === "return") void refresh(t("set.st.back"));
    if (back === "refresh") setDone(t("set.st.expired"));
  }, []);

  async function onboard() {
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api<{ url: string }>("POST", `${ACCOUNT}/onboarding`);
    const link = dataOf(a)?.url;
    if (link) {
      setDone(t("set.st.opening"));
      location.assign(link);
      return;
    }
    if (!mounted.current) return;
    setBusy(false);
    setProblem(problemOf(a));
  }

  async function send(method: "PUT" | "DELETE", body?: unknown) {
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api<StripeStatus>(method, ACCOUNT, body);
    if (!mounted.current) return;
    setBusy(false);
    const got = dataOf(a);
    if (!got) return setProblem(problemOf(a));
    setStatus(got);
    setAccount("");
    setDone(method === "PUT" ? `${t("set.st.connected")} ${stateLine(got)}` : t("set.st.disconnected"));
    p.onSaved();
  }

  const s = status;
  const unfinished = s.connected && !(s.chargesEnabled && s.detailsSubmitted);
  return (
    <SettingsPanel id="payments" title={t("set.sec.payments")}>
      <p id="stripe-state">{stateLine(s)}</p>
      {s.connected ? (
        <Facts
          rows={[
            [t("set.st.account"), <span class="code">{s.stripeAccountId}</span>],
            [t("set.st.details"), t(s.detailsSubmitted ? "set.st.submitted" : "set.st.notSubmitted")],
            [t("set.st.cards"), t(s.chargesEnabled ? "set.st.enabled" : "set.st.notEnabled")],
          ]}
        />
      ) : null}
      <div class="actions-row">
        {!s.connected || unfinished ? (
          <Button kind="primary" gate={manage} busy={busy} onClick={() => void onboard()}>
            {t(s.connected ? "set.st.continue" : "set.st.connect")}
          </Button>
        ) : null}
        {s.connected ? (
          <>
            <Button gate={manage} busy={busy} onClick={() => void refresh(t("set.st.checked"))}>
              {t("set.st.check")}
            </Button>
            <Button kind="danger" gate={manage} busy={busy} onClick={() => void send("DELETE")}>
              {t("set.st.disconnect")}
            </Button>
          </>
        ) : null}
      </div>
      {s.connected ? null : (
        <details class="sub-form">
          <summary>{t("set.st.haveAccount")}</summary>
          <form
            class="inline-form"
            onSubmit={(e: Event) => {
              e.preventDefault();
              void send("PUT", { accountId: account.trim() });
            }}
          >
            <TextField
              id="stripe-account"
              label={t("set.st.accountId")}
              value={account}
              onValue={setAccount}
              placeholder="acct_…"
              hint={t("set.st.accountIdHint")}
              error={problem?.fields.accountId}
              disabled={!manage.allowed}
            />
            <Button type="submit" gate={manage} busy={busy}>
              {t("set.st.connectThis")}
            </Button>
          </form>
        </details>
      )}
      <PanelEnd problem={problem} done={done} gates={[manage]} id="stripe-outcome" />
    </SettingsPanel>
  );
}

/** The payment rules: they need an account whose card payments are enabled (400 stripe_not_connected). */
export function PaymentRules(p: { view: SettingsView; onSaved: () => void }) {
  return (
    <BusinessForm
      id="payment-rules"
      title={t("set.pr.title")}
      save={t("set.pr.save")}
      business={p.view.settings}
      viewer={p.view.viewer}
      onSaved={p.onSaved}
      intro={<p class="muted">{t("set.pr.intro")}</p>}
      fields={[
        {
          key: "requirePayment",
          label: t("set.pr.require"),
          kind: "check",
          hint: t("set.pr.requireHint"),
        },
        {
          key: "noShowFeePercent",
          label: t("set.pr.noShow"),
          kind: "number",
          hint: t("set.pr.noShowHint"),
        },
        {
          key: "lateCancelFeePercent",
          label: t("set.pr.lateCancel"),
          kind: "number",
          hint: t("set.pr.lateCancelHint"),
        },
      ]}
    />
  );
}
