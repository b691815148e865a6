// /app/gift-cards (design.md §32): every paid or issued gift card with its balance and state, newest
// first; owners and admins issue a card by hand (its code shown once, to copy) and void one with a reason.
import { useState } from "hono/jsx/dom";
import { isoDay } from "../../../shared/format";
import type { GiftCardsView, IssuedGiftCard, OwnerGiftCard } from "../../shared/api-types";
import { startPage } from "../shell/boot";
import { CopyBox } from "../ui/copy";
import { money } from "../ui/format";
import { Button, Empty, GateNote, Loading, LoadFailed, Outcome } from "../ui/kit";
import { gate } from "../ui/permissions";
import { useView } from "../ui/use-view";
import { IssueDialog, VoidDialog } from "./gift-card-forms";

const STATE: Record<OwnerGiftCard["state"], string> = {
  active: "Active",
  empty: "Used up",
  expired: "Expired",
  void: "Void",
  pending: "Awaiting payment",
};

const who = (c: OwnerGiftCard) =>
  c.recipientName || c.recipientEmail ? [c.recipientName, c.recipientEmail].filter(Boolean).join(", ") : "\u2014";

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
          Issue a gift card
        </Button>
      </div>
      <GateNote gates={[manage]} />
      {issued ? (
        <CopyBox id="issued-code" label="Gift card code" value={issued.code} onDismiss={() => setIssued(null)}>
          <p>
            <strong>Gift card of {money(issued.amount, issued.currency)} issued.</strong> Give this code to the customer now: it is shown
            only once and cannot be looked up later.
          </p>
        </CopyBox>
      ) : null}
      <Outcome done={done} />
      {d.cards.length === 0 ? (
        <Empty title="No gift cards yet.">
          Cards customers buy on your gift-card page appear here once paid, and so do cards you issue at the counter. Turn online sales on
          under Settings, Gift cards.
        </Empty>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Gift cards, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">For</th>
                <th scope="col">Balance</th>
                <th scope="col">State</th>
                <th scope="col">Expires</th>
                <th scope="col">How</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.cards.map((c) => (
                <tr>
                  <td data-label="Code">{c.last4 ? `GC-\u2026${c.last4}` : "\u2014"}</td>
                  <td data-label="For">{who(c)}</td>
                  <td data-label="Balance">
                    <span>
                      {money(c.balance, c.currency)} <span class="muted small">of {money(c.amount, c.currency)}</span>
                    </span>
                  </td>
                  <td data-label="State">
                    <span>
                      {STATE[c.state]}
                      {c.voidReason ? <span class="muted small"> ({c.voidReason})</span> : null}
                    </span>
                  </td>
                  <td data-label="Expires">{c.expiresAt ? isoDay(c.expiresAt) : "Never"}</td>
                  <td data-label="How">{c.source === "owner" ? `Issued: ${c.reason ?? ""}` : `Bought by ${c.buyerName}`}</td>
                  <td data-label="Actions">
                    {c.state === "active" || c.state === "empty" ? (
                      <Button gate={manage} onClick={() => setVoiding(c)} label={`Void the card ending in ${c.last4 ?? ""}`}>
                        Void
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
            setDone("Gift card voided.");
            view.reload();
          }}
        />
      ) : null}
    </>
  );
}

startPage("/app/gift-cards", () => <GiftCards />);
