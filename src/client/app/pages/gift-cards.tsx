// /app/gift-cards (design.md §32): every paid or issued gift card with its balance and state, newest
// first; owners and admins issue a card by hand (its code shown once, to copy) and void one with a reason.
import { useState } from "hono/jsx/dom";
import { isoDay } from "../../../shared/format";
import type { GiftCardsView, IssuedGiftCard, OwnerGiftCard } from "../../shared/api-types";
import { dayLabel } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { CopyBox } from "../ui/copy";
import { money } from "../ui/format";
import { Button, Empty, GateNote, Loading, LoadFailed, Outcome } from "../ui/kit";
import { gate } from "../ui/permissions";
import { useView } from "../ui/use-view";
import { IssueDialog, VoidDialog } from "./gift-card-forms";

const STATE = {
  active: "gc.active",
  empty: "gc.empty",
  expired: "gc.expired",
  void: "gc.void",
  pending: "gc.pending",
} as const satisfies Record<OwnerGiftCard["state"], string>;

const who = (c: OwnerGiftCard) =>
  c.recipientName && c.recipientEmail
    ? t("gc.recipient", { name: c.recipientName, email: c.recipientEmail })
    : c.recipientName || c.recipientEmail || "\u2014";

function GiftCards() {
  const view = useView<GiftCardsView>("/api/businesses/me/views/gift-cards");
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<IssuedGiftCard | null>(null);
  const [voiding, setVoiding] = useState<OwnerGiftCard | null>(null);
  const [done, setDone] = useState("");
  const d = view.data;
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;
  const manage = gate(d.viewer, "manage");
  const currency = d.business.currency;

  return (
    <>
      <div class="actions-row">
        <Button kind="primary" gate={manage} onClick={() => setIssuing(true)}>
          {t("gc.issue")}
        </Button>
      </div>
      <GateNote gates={[manage]} />
      {issued ? (
        <CopyBox id="issued-code" label={t("gc.code")} value={issued.code} onDismiss={() => setIssued(null)}>
          <p>
            <strong>{t("gc.issued", { amount: money(issued.amount, issued.currency) })}</strong> {t("gc.issuedHint")}
          </p>
        </CopyBox>
      ) : null}
      <Outcome done={done} />
      {d.cards.length === 0 ? (
        <Empty title={t("gc.none")}>{t("gc.noneHint")}</Empty>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">{t("gc.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("gc.codeCol")}</th>
                <th scope="col">{t("gc.for")}</th>
                <th scope="col">{t("gc.balance")}</th>
                <th scope="col">{t("gc.state")}</th>
                <th scope="col">{t("gc.expires")}</th>
                <th scope="col">{t("gc.how")}</th>
                <th scope="col">
                  <span class="visually-hidden">{t("svc.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.cards.map((c) => (
                <tr>
                  <td data-label={t("gc.codeCol")}>{c.last4 ? `GC-\u2026${c.last4}` : "\u2014"}</td>
                  <td data-label={t("gc.for")}>{who(c)}</td>
                  <td data-label={t("gc.balance")}>
                    <span>
                      {money(c.balance, c.currency)} <span class="muted small">{t("gc.of", { amount: money(c.amount, c.currency) })}</span>
                    </span>
                  </td>
                  <td data-label={t("gc.state")}>
                    <span>
                      {t(STATE[c.state])}
                      {c.voidReason ? <span class="muted small"> ({c.voidReason})</span> : null}
                    </span>
                  </td>
                  <td data-label={t("gc.expires")}>{c.expiresAt ? dayLabel(isoDay(c.expiresAt)) : t("gc.never")}</td>
                  <td data-label={t("gc.how")}>
                    {c.source === "owner" ? t("gc.issuedBy", { reason: c.reason ?? "" }) : t("gc.boughtBy", { name: c.buyerName ?? "" })}
                  </td>
                  <td data-label={t("svc.actions")}>
                    {c.state === "active" || c.state === "empty" ? (
                      <Button gate={manage} onClick={() => setVoiding(c)} label={t("gc.voidNamed", { last4: c.last4 ?? "" })}>
                        {t("gc.voidButton")}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {issuing ? (
        <IssueDialog
          currency={currency}
          onClose={() => setIssuing(false)}
          onIssued={(card) => {
            setIssuing(false);
            setDone("");
            setIssued(card);
            view.reload();
          }}
        />
      ) : null}
      {voiding ? (
        <VoidDialog
          card={voiding}
          onClose={() => setVoiding(null)}
          onVoided={() => {
            setVoiding(null);
            setDone(t("gc.voided"));
            view.reload();
          }}
        />
      ) : null}
    </>
  );
}

startPage("/app/gift-cards", () => <GiftCards />);
