// Settings → Gift cards (design.md §32): whether the gift-card page sells them, the amounts it offers
// as buttons, the range of other amounts and how long a card is valid. Sent whole, as the API wants.
import { useState } from "hono/jsx/dom";
import { api } from "../shell/api";
import { toMajor, toMinor } from "../ui/format";
import { Button, CheckField, GateNote, Outcome, TextField } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import type { SectionProps } from "./settings-form";

export function GiftCardsSection(p: SectionProps) {
  const b = p.view.settings;
  const currency = b.currency;
  const saved = b.giftCards;
  const [enabled, setEnabled] = useState(saved.enabled);
  const [presets, setPresets] = useState(saved.presets.map((m) => toMajor(m, currency)).join(", "));
  const [min, setMin] = useState(toMajor(saved.minAmount, currency));
  const [max, setMax] = useState(toMajor(saved.maxAmount, currency));
  const [months, setMonths] = useState(String(saved.validityMonths));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const manage = gate(p.view.viewer, "manage");
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setDone("");
    };

  async function save(e: Event) {
    e.preventDefault();
    const presetValues = presets
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((x) => toMinor(x, currency));
    const wrong: Record<string, string> = {};
    if (presetValues.length === 0 || presetValues.some((v) => v === null)) wrong["giftCards.presets"] = "Enter amounts separated by commas";
    const minMinor = toMinor(min, currency);
    const maxMinor = toMinor(max, currency);
    if (minMinor === null) wrong["giftCards.minAmount"] = "Enter an amount";
    if (maxMinor === null) wrong["giftCards.maxAmount"] = "Enter an amount";
    if (!/^\d+$/.test(months.trim())) wrong["giftCards.validityMonths"] = "Enter a whole number of months";
    if (Object.keys(wrong).length) return setProblem({ message: "Please correct the fields marked below.", fields: wrong, retry: false });
    setBusy(true);
    setProblem(null);
    const giftCards = { enabled, presets: presetValues, minAmount: minMinor, maxAmount: maxMinor, validityMonths: Number(months) };
    const a = await api("PATCH", "/api/businesses/me", { giftCards });
    setBusy(false);
    if (a.status !== 200) {
      return setProblem(
        problemOf(a, {
          stripe_not_connected: "Connect a Stripe account that can take charges (under Payments) before selling gift cards.",
        }),
      );
    }
    setDone("Saved.");
    p.reload();
  }

  const fields = problem?.fields ?? {};
  const fieldError = (key: string) =>
    fields[`giftCards.${key}`] ?? Object.entries(fields).find(([k]) => k.startsWith(`giftCards.${key}.`))?.[1];
  return (
    <section class="panel" aria-labelledby="gift-cards-title">
      <h2 id="gift-cards-title">Gift cards</h2>
      <p class="muted">
        Customers buy gift cards on your gift-card page, paid through your Stripe account; the recipient gets the code by e-mail on the day
        the buyer chooses. Cards you issue at the counter (under Gift cards) need none of this.
      </p>
      <form onSubmit={save} novalidate>
        <CheckField
          id="gift-enabled"
          label="Sell gift cards on my booking page"
          hint="Needs a Stripe account that can take charges."
          checked={enabled}
          onValue={changed(setEnabled)}
          disabled={!manage.allowed}
        />
        <div class="form-grid">
          <TextField
            id="gift-presets"
            label={`Amounts offered (${currency})`}
            hint="1 to 6 amounts, separated by commas, e.g. 25, 50, 100."
            error={fieldError("presets")}
            value={presets}
            onValue={changed(setPresets)}
            inputMode="decimal"
            disabled={!manage.allowed}
          />
          <TextField
            id="gift-min"
            label={`Smallest amount (${currency})`}
            error={fieldError("minAmount")}
            value={min}
            onValue={changed(setMin)}
            inputMode="decimal"
            disabled={!manage.allowed}
          />
          <TextField
            id="gift-max"
            label={`Largest amount (${currency})`}
            error={fieldError("maxAmount")}
            value={max}
            onValue={changed(setMax)}
            inputMode="decimal"
            disabled={!manage.allowed}
          />
          <TextField
            id="gift-validity"
            label="Valid for (months)"
            hint="1 to 120 months from the day a card is bought."
            error={fieldError("validityMonths")}
            type="number"
            min={1}
            max={120}
            inputMode="numeric"
            value={months}
            onValue={changed(setMonths)}
            disabled={!manage.allowed}
          />
        </div>
        <Outcome problem={problem} done={done} />
        <div class="actions-row">
          <Button type="submit" kind="primary" gate={manage} busy={busy}>
            Save gift cards
          </Button>
        </div>
        <GateNote gates={[manage]} />
      </form>
    </section>
  );
}
