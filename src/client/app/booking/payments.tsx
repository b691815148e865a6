// The booking detail's money (design.md §21): payments with their refunds, the card on file, and
// the owner's actions on them: a refund (full or partial) and waiving a fee not charged yet.
import { useState } from "hono/jsx/dom";
import type { BookingPayment, CreatedRefund, OwnerBookingDetail, Viewer } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { intlLocale, t } from "../shell/i18n";
import { money, toMajor, toMinor } from "../ui/format";
import { Button, GateNote, Outcome, TextField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

const kindLabel = (kind: string) => t("bdp.kind", { kind });

const decimalMark = () => new Intl.NumberFormat(intlLocale()).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
const isFee = (x: BookingPayment) => x.kind === "no_show_fee" || x.kind === "late_cancel_fee";

function paymentLine(x: BookingPayment, tz: string): string {
  const parts = [
    t("bdp.line", { kind: kindLabel(x.kind), amount: money(x.amount, x.currency), status: t("bdp.status", { status: x.status }) }),
  ];
  if (x.refundedAmount > 0 && x.status !== "refunded") parts.push(t("bdp.refunded", { amount: money(x.refundedAmount, x.currency) }));
  if (x.waivedAt) parts.push(t("bdp.waivedOn", { when: whenLabel(x.waivedAt, tz) }));
  else if (isFee(x) && x.status === "pending" && x.chargeAt) parts.push(t("bdp.chargeOn", { when: whenLabel(x.chargeAt, tz) }));
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
    // Written with the member's decimal mark ("15,00" in French); toMinor reads either.
    setAmount(toMajor(x.refundable, x.currency).replace(".", decimalMark()));
    setProblem(null);
  }

  async function refund(x: BookingPayment, e: Event) {
    e.preventDefault();
    const minor = toMinor(amount, x.currency);
    if (minor === null || minor < 1)
      return setProblem({
        message: t("bdp.enterAmount"),
        fields: {
          amount: t("bdp.amountExample", { example: new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 2 }).format(12.5) }),
        },
        retry: false,
      });
    if (minor > x.refundable)
      return setProblem({
        message: t("bdp.atMost", { amount: money(x.refundable, x.currency) }),
        fields: { amount: t("bdp.moreThanLeft") },
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
    p.onChanged(t("bdp.refundSent", { amount: money(got.amount, got.currency) }));
  }

  async function waive() {
    setBusy(true);
    setProblem(null);
    const a = await api("POST", `/api/bookings/${encodeURIComponent(d.id)}/waive-fee`);
    if (!mounted.current) return;
    setBusy(false);
    if (a.status !== 200) return setProblem(problemOf(a, { conflict: t("bdp.waiveConflict") }));
    p.onChanged(t("bdp.waivedDone"));
  }

  return (
    <section aria-labelledby="detail-payments">
      <h3 id="detail-payments">{t("bdp.heading")}</h3>
      {d.payments.length === 0 ? <p class="muted">{t("bdp.none")}</p> : null}
      {d.payments.length ? (
        <ul class="history payments">
          {d.payments.map((x) => (
            <li>
              <span>{paymentLine(x, p.tz)}</span>
              <time>{whenLabel(x.createdAt, p.tz)}</time>
              {x.failureMessage ? <p class="field-error">{t("bdp.stripe", { message: x.failureMessage })}</p> : null}
              {x.refunds.length ? (
                <ul class="refunds">
                  {x.refunds.map((r) => (
                    <li>
                      {t("bdp.refundLine", {
                        amount: money(r.amount, r.currency),
                        status: r.status,
                        stuck: r.status === "pending" && r.lastError ? "yes" : "no",
                        attempts: r.attempts,
                        error: r.lastError ?? "",
                      })}
                    </li>
                  ))}
                </ul>
              ) : null}
              {x.refundable > 0 && refunding !== x.id ? (
                <div class="actions-row">
                  <Button
                    gate={manage}
                    busy={busy}
                    label={t("bdp.refundLabel", { kind: kindLabel(x.kind) })}
                    onClick={() => startRefund(x)}
                  >
                    {t("bdp.refundOpen")}
                  </Button>
                </div>
              ) : null}
              {refunding === x.id ? (
                <form class="inline-form" onSubmit={(e: Event) => void refund(x, e)} novalidate>
                  <TextField
                    id={`refund-${x.id}`}
                    label={t("bdp.amountLabel", { currency: x.currency.toUpperCase() })}
                    inputMode="decimal"
                    value={amount}
                    onValue={setAmount}
                    hint={t("bdp.upTo", { amount: money(x.refundable, x.currency) })}
                    error={problem?.fields.amount}
                  />
                  <Button type="submit" kind="primary" busy={busy}>
                    {t("bdp.refund")}
                  </Button>
                  <Button onClick={() => setRefunding(null)}>{t("bdp.back")}</Button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {d.card ? <p class="muted small">{t("bdp.card", { status: d.card.status })}</p> : null}
      {waivable ? (
        <div class="actions-row">
          <Button gate={manage} busy={busy} onClick={() => void waive()}>
            {t("bdp.waive")}
          </Button>
        </div>
      ) : null}
      <Outcome problem={problem} id="payments-outcome" />
      {d.payments.some((x) => x.refundable > 0) || waivable ? <GateNote gates={[manage]} /> : null}
    </section>
  );
}
