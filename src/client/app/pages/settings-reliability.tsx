// Settings → Client reliability (design.md §28): from how many no-shows and late cancellations a
// returning client's online booking needs a card on file, a deposit, or is refused. Blank = never.
import { useState } from "hono/jsx/dom";
import type { ReliabilityPolicy } from "../../../shared/reliability";
import { api } from "../shell/api";
import { Button, GateNote, Outcome, TextField } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import type { SectionProps } from "./settings-form";

type Key = keyof ReliabilityPolicy;

const FIELDS: Array<{ key: Key; label: string; hint: string }> = [
  { key: "cardAfter", label: "Ask for a card on file from", hint: "Strikes. Needs a no-show or late-cancellation fee under Payments." },
  { key: "depositAfter", label: "Ask for a deposit from", hint: "Strikes. The deposit is the larger of this share and the service's own." },
  { key: "depositPercent", label: "Deposit (% of the price)", hint: "1 to 100." },
  { key: "blockAfter", label: "Refuse online bookings from", hint: "Strikes. The client is asked to contact you instead." },
];

const asText = (v: number | null | undefined) => (v == null ? "" : String(v));

export function ReliabilitySection(p: SectionProps) {
  const saved = p.view.settings.reliabilityPolicy;
  const initial = Object.fromEntries(FIELDS.map((f) => [f.key, asText(saved?.[f.key])])) as Record<Key, string>;
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const manage = gate(p.view.viewer, "manage");

  async function save(e: Event) {
    e.preventDefault();
    const wrong = Object.fromEntries(
      FIELDS.filter((f) => values[f.key].trim() !== "" && !/^\d+$/.test(values[f.key].trim())).map((f) => [
        `reliabilityPolicy.${f.key}`,
        "Enter a whole number, or leave it empty",
      ]),
    );
    if (Object.keys(wrong).length) return setProblem({ message: "Please correct the fields marked below.", fields: wrong, retry: false });
    const policy = Object.fromEntries(FIELDS.map((f) => [f.key, values[f.key].trim() === "" ? null : Number(values[f.key])]));
    setBusy(true);
    setProblem(null);
    const a = await api("PATCH", "/api/businesses/me", { reliabilityPolicy: policy });
    setBusy(false);
    if (a.status !== 200) {
      return setProblem(
        problemOf(a, {
          stripe_not_connected: "Connect a Stripe account that can take charges (under Payments) before asking for a card or a deposit.",
        }),
      );
    }
    setDone("Saved.");
    p.reload();
  }

  const fields = problem?.fields ?? {};
  return (
    <section class="panel" aria-labelledby="reliability-title">
      <h2 id="reliability-title">Client reliability</h2>
      <p class="muted">
        A strike is a no-show or a cancellation inside your cancellation window over the last 12 months; each completed booking takes one
        back. Clients are recognised by e-mail, phone or account. They never see their record, only what you ask of them. Leave a step empty
        to never use it.
      </p>
      <form onSubmit={save} novalidate>
        <div class="form-grid">
          {FIELDS.map((f) => (
            <TextField
              id={`reliability-${f.key}`}
              label={f.label}
              hint={f.hint}
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
        <Outcome problem={problem} done={done} />
        <div class="actions-row">
          <Button type="submit" kind="primary" gate={manage} busy={busy}>
            Save client reliability
          </Button>
        </div>
        <GateNote gates={[manage]} />
      </form>
    </section>
  );
}
