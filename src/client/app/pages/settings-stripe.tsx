// Settings → Payments (design.md §21): the business's Stripe account (connect through Stripe's
// onboarding, continue it, check its state, paste an existing account, disconnect) and the payment
// rules that need it (prepayment at booking, no-show and late-cancellation fees).
import { useEffect, useState } from "hono/jsx/dom";
import type { SettingsView, StripeStatus } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { api } from "../shell/api";
import { Button, Facts, GateNote, Outcome, TextField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { BusinessForm } from "./settings-form";

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
  if (!s.connected) return "Not connected: customers cannot pay online and no fees can be charged.";
  if (s.chargesEnabled) return "Connected and ready: card payments are enabled.";
  if (!s.detailsSubmitted) return "Connected, but Stripe still needs your business details before it enables card payments.";
  return "Connected; Stripe is reviewing your details. Card payments are not enabled yet.";
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
    if (back === "return") void refresh("Back from Stripe.");
    if (back === "refresh") setDone("The Stripe link expired or was already used. Choose “Continue onboarding” to get a new one.");
  }, []);

  async function onboard() {
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api<{ url: string }>("POST", `${ACCOUNT}/onboarding`);
    const link = dataOf(a)?.url;
    if (link) {
      setDone("Opening Stripe…");
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
    setDone(method === "PUT" ? `Stripe account connected. ${stateLine(got)}` : "Stripe account disconnected. Prepayment is off.");
    p.onSaved();
  }

  const s = status;
  const unfinished = s.connected && !(s.chargesEnabled && s.detailsSubmitted);
  return (
    <section class="panel" aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      <p id="stripe-state">{stateLine(s)}</p>
      {s.connected ? (
        <Facts
          rows={[
            ["Stripe account", <span class="code">{s.stripeAccountId}</span>],
            ["Business details", s.detailsSubmitted ? "Submitted to Stripe" : "Not submitted yet"],
            ["Card payments", s.chargesEnabled ? "Enabled" : "Not enabled yet"],
          ]}
        />
      ) : null}
      <div class="actions-row">
        {!s.connected || unfinished ? (
          <Button kind="primary" gate={manage} busy={busy} onClick={() => void onboard()}>
            {s.connected ? "Continue onboarding" : "Connect with Stripe"}
          </Button>
        ) : null}
        {s.connected ? (
          <>
            <Button gate={manage} busy={busy} onClick={() => void refresh("Checked with Stripe.")}>
              Check status with Stripe
            </Button>
            <Button kind="danger" gate={manage} busy={busy} onClick={() => void send("DELETE")}>
              Disconnect Stripe
            </Button>
          </>
        ) : null}
      </div>
      {s.connected ? null : (
        <details class="sub-form">
          <summary>I already have a Stripe account</summary>
          <form
            class="inline-form"
            onSubmit={(e: Event) => {
              e.preventDefault();
              void send("PUT", { accountId: account.trim() });
            }}
          >
            <TextField
              id="stripe-account"
              label="Stripe account ID"
              value={account}
              onValue={setAccount}
              placeholder="acct_…"
              hint="From your Stripe dashboard (Settings → Account details). Stripe is asked about it before it is saved."
              error={problem?.fields.accountId}
              disabled={!manage.allowed}
            />
            <Button type="submit" gate={manage} busy={busy}>
              Connect this account
            </Button>
          </form>
        </details>
      )}
      <Outcome problem={problem} done={done} id="stripe-outcome" />
      <GateNote gates={[manage]} />
    </section>
  );
}

/** The payment rules: they need an account whose card payments are enabled (400 stripe_not_connected). */
export function PaymentRules(p: { view: SettingsView; onSaved: () => void }) {
  return (
    <BusinessForm
      id="payment-rules"
      title="Payment rules"
      business={p.view.settings}
      viewer={p.view.viewer}
      onSaved={p.onSaved}
      intro={
        <p class="muted">
          These need a connected Stripe account with card payments enabled. Fees are a share of the service's price, charged to the card the
          customer saved when booking.
        </p>
      }
      fields={[
        {
          key: "requirePayment",
          label: "Ask for payment when customers book online",
          kind: "check",
          hint: "The service's deposit, or its full price when it has no deposit.",
        },
        {
          key: "noShowFeePercent",
          label: "No-show fee (% of the price)",
          kind: "number",
          hint: "0 to 100. Charged when you mark a booking as a no-show (you can choose not to).",
        },
        {
          key: "lateCancelFeePercent",
          label: "Late-cancellation fee (% of the price)",
          kind: "number",
          hint: "0 to 100. Charged 24 hours after a customer cancels inside the free-cancellation window, unless you waive it.",
        },
      ]}
    />
  );
}
