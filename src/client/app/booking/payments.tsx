// The booking detail's money (design.md §21): payments with their refunds, the card on file, and
// the owner's actions on them: a refund (full or partial) and waiving a fee not charged yet.
import { useState } from "hono/jsx/dom";
import type { BookingPayment, CreatedRefund, OwnerBookingDetail, Viewer } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { money, toMajor, toMinor } from "../ui/format";
import { Button, GateNote, Outcome, TextField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

const KIND: Record<string, string> = {
  deposit: "Deposit",
  full: "Full payment",
  no_show_fee: "No-show fee",
  late_cancel_fee: "Late-cancellation fee",
};
const STATUS: Record<string, string> = {
  pending: "waiting",
  succeeded: "paid",
  failed: "failed",
  refunded: "refunded",
  partially_refunded: "partly refunded",
  cancelled: "cancelled",
};
const REFUND_STATUS: Record<string, string> = { pending: "on its way", succeeded: "refunded", failed: "failed" };
const CARD: Record<string, string> = {
  saved: "A card is saved for fees.",
  pending: "The customer has not finished saving a card.",
  failed: "Saving the customer's card failed.",
};

const isFee = (x: BookingPayment) => x.kind === "no_show_fee" || x.kind === "late_cancel_fee";

function paymentLine(x: BookingPayment, tz: string): string {
  const parts = [`${KIND[x.kind] ?? x.kind}: ${money(x.amount, x.currency)}, ${STATUS[x.status] ?? x.status}`];
  if (x.refundedAmount > 0 && x.status !== "refunded") parts.push(`${money(x.refundedAmount, x.currency)} refunded`);
  if (x.waivedAt) parts.push(`waived ${whenLabel(x.waivedAt, tz)}`);
  else if (isFee(x) && x.status === "pending" && x.chargeAt) parts.push(`to be charged ${whenLabel(x.chargeAt, tz)}`);
  return parts.join(" · ");
}

export function BookingMoney(p: { detail: OwnerBookingDetail; viewer: Viewer; tz: string; onChanged: (message: string) => void }) {
  const manage = gate(p.viewer, "manage");
  const mounted = useMounted();
  const [refunding, setRefunding] = useState<string | null>(null);
  const [amount, setAmount] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const d = p.detail;
  const waivable = d.payments.some((x) => isFee(x) && x.status === "pending" && !x.waivedAt);

  function startRefund(x: BookingPayment) {
    setRefunding(x.id);
    setAmount(toMajor(x.refundable, x.currency));
    setProblem(null);
  }

  async function refund(x: BookingPayment, e: Event) {
    e.preventDefault();
    const minor = toMinor(amount, x.currency);
    if (minor === null || minor < 1)
      return setProblem({ message: "Enter the amount to refund.", fields: { amount: "Enter an amount such as 12.50" }, retry: false });
    if (minor > x.refundable)
      return setProblem({
        message: `At most ${money(x.refundable, x.currency)} can still be refunded.`,
        fields: { amount: "More than what is left" },
        retry: false,
      });
    setBusy(true);
    setProblem(null);
    const a = await api<CreatedRefund>("POST", `/api/payments/${encodeURIComponent(x.id)}/refund`, { amount: minor });
    if (!mounted.current) return;
    setBusy(false);
    const got = dataOf(a, 201);
    if (!got) return setProblem(problemOf(a));
    setRefunding(null);
    p.onChanged(`Refund of ${money(got.amount, got.currency)} sent to Stripe. It shows as refunded once Stripe confirms it.`);
  }

  async function waive() {
    setBusy(true);
    setProblem(null);
    const a = await api("POST", `/api/bookings/${encodeURIComponent(d.id)}/waive-fee`);
    if (!mounted.current) return;
    setBusy(false);
    if (a.status !== 200)
      return setProblem(problemOf(a, { conflict: "The fee is already being charged or was charged; refund it instead." }));
    p.onChanged("Fee waived: it will not be charged.");
  }

  return (
    <section aria-labelledby="detail-payments">
      <h3 id="detail-payments">Payments</h3>
      {d.payments.length === 0 ? <p class="muted">No payments for this booking.</p> : null}
      {d.payments.length ? (
        <ul class="history payments">
          {d.payments.map((x) => (
            <li>
              <span>{paymentLine(x, p.tz)}</span>
              <time>{whenLabel(x.createdAt, p.tz)}</time>
              {x.failureMessage ? <p class="field-error">Stripe: {x.failureMessage}</p> : null}
              {x.refunds.length ? (
                <ul class="refunds">
                  {x.refunds.map((r) => (
                    <li>
                      Refund {money(r.amount, r.currency)}, {REFUND_STATUS[r.status] ?? r.status}
                      {r.status === "pending" && r.lastError
                        ? ` · Stripe has not accepted it yet (${r.attempts} tries): ${r.lastError}`
                        : ""}
                    </li>
                  ))}
                </ul>
              ) : null}
              {x.refundable > 0 && refunding !== x.id ? (
                <div class="actions-row">
                  <Button gate={manage} busy={busy} label={`Refund ${KIND[x.kind] ?? x.kind}`} onClick={() => startRefund(x)}>
                    Refund…
                  </Button>
                </div>
              ) : null}
              {refunding === x.id ? (
                <form class="inline-form" onSubmit={(e: Event) => void refund(x, e)} novalidate>
                  <TextField
                    id={`refund-${x.id}`}
                    label={`Amount to refund (${x.currency.toUpperCase()})`}
                    inputMode="decimal"
                    value={amount}
                    onValue={setAmount}
                    hint={`Up to ${money(x.refundable, x.currency)}.`}
                    error={problem?.fields.amount}
                  />
                  <Button type="submit" kind="primary" busy={busy}>
                    Refund
                  </Button>
                  <Button onClick={() => setRefunding(null)}>Back</Button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {d.card ? <p class="muted small">{CARD[d.card.status] ?? ""}</p> : null}
      {waivable ? (
        <div class="actions-row">
          <Button gate={manage} busy={busy} onClick={() => void waive()}>
            Waive fee
          </Button>
        </div>
      ) : null}
      <Outcome problem={problem} id="payments-outcome" />
      {d.payments.some((x) => x.refundable > 0) || waivable ? <GateNote gates={[manage]} /> : null}
    </section>
  );
}
