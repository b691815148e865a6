// The Gift cards page's forms (design.md §32): issuing a card by hand (sold at the counter) and
// voiding one with a reason. The issued code is handed back to the page, which shows it once.
import { useState } from "hono/jsx/dom";
import type { IssuedGiftCard, OwnerGiftCard } from "../../shared/api-types";
import { t } from "../shell/i18n";
import { FormDialog, useSubmit } from "../ui/form-dialog";
import { money, toMinor } from "../ui/format";
import { TextAreaField, TextField } from "../ui/kit";
import { type Person, PersonFields, personBody, ReasonField } from "./counter-sale-fields";

export function IssueDialog(p: { currency: string; onClose: () => void; onIssued: (card: IssuedGiftCard) => void }) {
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState(t("gc.soldAtCounter"));
  const [recipient, setRecipient] = useState<Person>({ name: "", email: "" });
  const s = useSubmit();
  function submit(e: Event) {
    e.preventDefault();
    const minor = toMinor(amount, p.currency);
    const wrong: Record<string, string> = {};
    if (minor === null || minor <= 0) wrong.amount = t("gc.amountRule");
    if (!reason.trim()) wrong.reason = t("gc.reasonRule");
    if (Object.keys(wrong).length) return s.refuse(wrong);
    const body = { amount: minor, reason: reason.trim(), ...personBody("recipient", recipient) };
    void s.send<IssuedGiftCard>("POST", "/api/gift-cards", body, (a) => {
      if (a.body?.data) p.onIssued(a.body.data);
    });
  }
  return (
    <FormDialog
      id="issue-gift-card"
      title={t("gc.issue")}
      submitLabel={t("gc.issueSubmit")}
      busy={s.busy}
      problem={s.problem}
      onSubmit={submit}
      onClose={p.onClose}
    >
      <TextField
        id="issue-amount"
        label={t("gc.amount", { currency: p.currency })}
        required
        inputMode="decimal"
        value={amount}
        onValue={setAmount}
        error={s.fields.amount}
      />
      <ReasonField label={t("gc.why")} hint={t("gc.whyHint")} value={reason} onValue={setReason} error={s.fields.reason} />
      <PersonFields
        field="recipient"
        labels={{ name: t("gc.recipientName"), email: t("gc.recipientEmail"), emailHint: t("gc.recipientEmailHint") }}
        person={recipient}
        onPerson={setRecipient}
        errors={s.fields}
      />
    </FormDialog>
  );
}

export function VoidDialog(p: { card: OwnerGiftCard; onClose: () => void; onVoided: () => void }) {
  const [reason, setReason] = useState("");
  const s = useSubmit();
  function submit(e: Event) {
    e.preventDefault();
    if (!reason.trim()) return s.refuse({ reason: t("gc.voidReasonRule") });
    void s.send("POST", `/api/gift-cards/${encodeURIComponent(p.card.id)}/void`, { reason: reason.trim() }, () => p.onVoided());
  }
  return (
    <FormDialog
      id="void-gift-card"
      title={t("gc.voidTitle")}
      submitLabel={t("gc.voidSubmit")}
      busy={s.busy}
      problem={s.problem}
      onSubmit={submit}
      onClose={p.onClose}
    >
      <p>{t("gc.voidText", { last4: p.card.last4 ?? "\u2014", balance: money(p.card.balance, p.card.currency) })}</p>
      <TextAreaField
        id="void-reason"
        label={t("gc.reason")}
        required
        maxLength={500}
        value={reason}
        onValue={setReason}
        error={s.fields.reason}
      />
    </FormDialog>
  );
}
