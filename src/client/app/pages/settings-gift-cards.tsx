// Settings → Gift cards (design.md §32): whether the gift-card page sells them, the amounts it offers
// as buttons, the range of other amounts and how long a card is valid. Sent whole, as the API wants.
import { useState } from "hono/jsx/dom";
import { t } from "../shell/i18n";
import { toMajor, toMinor } from "../ui/format";
import { CheckField, TextField, SaveRow } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type SectionProps, SettingsPanel, useBusinessSave } from "./settings-form";

export function GiftCardsSection(p: SectionProps) {
  const b = p.view.settings;
  const currency = b.currency;
  const saved = b.giftCards;
  const [enabled, setEnabled] = useState(saved.enabled);
  const [presets, setPresets] = useState(saved.presets.map((m) => toMajor(m, currency)).join(", "));
  const [min, setMin] = useState(toMajor(saved.minAmount, currency));
  const [max, setMax] = useState(toMajor(saved.maxAmount, currency));
  const [months, setMonths] = useState(String(saved.validityMonths));
  const { busy, problem, done, setDone, fields, send, refuse } = useBusinessSave(p.reload, {
    stripe_not_connected: t("set.stripeForGift"),
  });
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
    if (presetValues.length === 0 || presetValues.some((v) => v === null)) wrong["giftCards.presets"] = t("set.gc.enterAmounts");
    const minMinor = toMinor(min, currency);
    const maxMinor = toMinor(max, currency);
    if (minMinor === null) wrong["giftCards.minAmount"] = t("set.gc.enterAmount");
    if (maxMinor === null) wrong["giftCards.maxAmount"] = t("set.gc.enterAmount");
    if (!/^\d+$/.test(months.trim())) wrong["giftCards.validityMonths"] = t("set.gc.enterMonths");
    if (Object.keys(wrong).length) return refuse(wrong);
    const giftCards = { enabled, presets: presetValues, minAmount: minMinor, maxAmount: maxMinor, validityMonths: Number(months) };
    await send({ giftCards });
  }

  const fieldError = (key: string) =>
    fields[`giftCards.${key}`] ?? Object.entries(fields).find(([k]) => k.startsWith(`giftCards.${key}.`))?.[1];
  /** What each text field of the panel shares: its value, its error (by its `giftCards.` key), the gate. */
  const bound = (key: string, value: string, set: (v: string) => void) => ({
    value,
    onValue: changed(set),
    error: fieldError(key),
    disabled: !manage.allowed,
  });
  return (
    <SettingsPanel id="gift-cards" title={t("set.sec.gift-cards")}>
      <p class="muted">{t("set.gc.intro")}</p>
      <form onSubmit={save} novalidate>
        <CheckField
          id="gift-enabled"
          label={t("set.gc.sell")}
          hint={t("set.gc.sellHint")}
          checked={enabled}
          onValue={changed(setEnabled)}
          disabled={!manage.allowed}
        />
        <div class="form-grid">
          <TextField
            id="gift-presets"
            label={t("set.gc.presets", { currency })}
            hint={t("set.gc.presetsHint")}
            {...bound("presets", presets, setPresets)}
            inputMode="decimal"
          />
          <TextField id="gift-min" label={t("set.gc.min", { currency })} {...bound("minAmount", min, setMin)} inputMode="decimal" />
          <TextField id="gift-max" label={t("set.gc.max", { currency })} {...bound("maxAmount", max, setMax)} inputMode="decimal" />
          <TextField
            id="gift-validity"
            label={t("set.gc.validity")}
            hint={t("set.gc.validityHint")}
            type="number"
            min={1}
            max={120}
            inputMode="numeric"
            {...bound("validityMonths", months, setMonths)}
          />
        </div>
        <SaveRow label={t("set.gc.save")} gate={manage} busy={busy} problem={problem} done={done} />
      </form>
    </SettingsPanel>
  );
}
