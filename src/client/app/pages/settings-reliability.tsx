// Settings → Client reliability (design.md §28): from how many no-shows and late cancellations a
// returning client's online booking needs a card on file, a deposit, or is refused. Blank = never.
import { useState } from "hono/jsx/dom";
import type { ReliabilityPolicy } from "../../../shared/reliability";
import type { AppKey } from "../../../shared/i18n/app/en";
import { t } from "../shell/i18n";
import { TextField, SaveRow } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type SectionProps, SettingsPanel, useBusinessSave } from "./settings-form";

type Key = keyof ReliabilityPolicy;

const FIELDS: Array<{ key: Key; label: AppKey; hint: AppKey }> = [
  { key: "cardAfter", label: "set.rl.cardAfter", hint: "set.rl.cardAfterHint" },
  { key: "depositAfter", label: "set.rl.depositAfter", hint: "set.rl.depositAfterHint" },
  { key: "depositPercent", label: "set.rl.depositPercent", hint: "set.rl.depositPercentHint" },
  { key: "blockAfter", label: "set.rl.blockAfter", hint: "set.rl.blockAfterHint" },
];

const asText = (v: number | null | undefined) => (v == null ? "" : String(v));

export function ReliabilitySection(p: SectionProps) {
  const saved = p.view.settings.reliabilityPolicy;
  const initial = Object.fromEntries(FIELDS.map((f) => [f.key, asText(saved?.[f.key])])) as Record<Key, string>;
  const [values, setValues] = useState(initial);
  const { busy, problem, done, setDone, fields, send, refuse } = useBusinessSave(p.reload, {
    stripe_not_connected: t("set.stripeForCard"),
  });
  const manage = gate(p.view.viewer, "manage");

  async function save(e: Event) {
    e.preventDefault();
    const wrong = Object.fromEntries(
      FIELDS.filter((f) => values[f.key].trim() !== "" && !/^\d+$/.test(values[f.key].trim())).map((f) => [
        `reliabilityPolicy.${f.key}`,
        t("set.rl.wholeOrEmpty"),
      ]),
    );
    if (Object.keys(wrong).length) return refuse(wrong);
    const policy = Object.fromEntries(FIELDS.map((f) => [f.key, values[f.key].trim() === "" ? null : Number(values[f.key])]));
    await send({ reliabilityPolicy: policy });
  }

  return (
    <SettingsPanel id="reliability" title={t("set.sec.reliability")}>
      <p class="muted">{t("set.rl.intro")}</p>
      <form onSubmit={save} novalidate>
        <div class="form-grid">
          {FIELDS.map((f) => (
            <TextField
              id={`reliability-${f.key}`}
              label={t(f.label)}
              hint={t(f.hint)}
              error={fields[`reliabilityPolicy.${f.key}`]}
              type="number"
              min={1}
              inputMode="numeric"
              value={values[f.key]}
              onValue={(v) => {
                setValues({ ...values, [f.key]: v });
                setDone("");
              }}
              disabled={!manage.allowed}
            />
          ))}
        </div>
        <SaveRow label={t("set.rl.save")} gate={manage} busy={busy} problem={problem} done={done} />
      </form>
    </SettingsPanel>
  );
}
