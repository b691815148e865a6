// The customer's reliability record (design.md §28) in their detail: counts over 12 months, the
// step the business's policy asks of their next online booking, and the owner's "trusted" mark
// and reset. The customer never sees any of it.
import { useState } from "hono/jsx/dom";
import type { OwnerCustomerDetail, Viewer } from "../../shared/api-types";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { count } from "../ui/format";
import { Button, Facts, GateNote, Outcome, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

type ReliabilityRecord = OwnerCustomerDetail["reliability"];

const STEP = {
  none: "cr.stepNone",
  card: "cr.stepCard",
  deposit: "cr.stepDeposit",
  blocked: "cr.stepBlocked",
} as const satisfies Record<ReliabilityRecord["step"], string>;

export function CustomerReliability(p: { customerId: string; record: ReliabilityRecord; viewer: Viewer; onChanged: () => void }) {
  const [busy, setBusy] = useState<"" | "trust" | "reset">("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const mounted = useMounted();
  const manage = gate(p.viewer, "manage");
  const r = p.record;

  async function change(kind: "trust" | "reset") {
    setBusy(kind);
    setProblem(null);
    const body = kind === "trust" ? { trusted: !r.trusted } : { reset: true };
    const a = await api("POST", `/api/customers/${encodeURIComponent(p.customerId)}/reliability`, body);
    if (!mounted.current) return;
    setBusy("");
    if (a.status !== 200) return setProblem(problemOf(a));
    setDone(kind === "reset" ? t("cr.wasReset") : r.trusted ? t("cr.untrusted") : t("cr.trusted"));
    p.onChanged();
  }

  return (
    <section aria-labelledby="c-reliability">
      <h3 id="c-reliability">{t("cr.heading")}</h3>
      <Facts
        rows={[
          [t("cr.noShows"), count(r.noShows)],
          [t("cr.late"), count(r.lateCancellations)],
          [t("cr.strikes"), count(r.strikes)],
          [t("cr.next"), r.trusted ? t("cr.trustedStep") : t(STEP[r.step])],
        ]}
      />
      <p class="muted small">{t("cr.hint")}</p>
      <Outcome problem={problem} done={done} />
      <div class="actions-row">
        <Button gate={manage} busy={busy === "trust"} onClick={() => void change("trust")}>
          {r.trusted ? t("cr.removeTrust") : t("cr.markTrust")}
        </Button>
        <Button gate={manage} busy={busy === "reset"} onClick={() => void change("reset")}>
          {t("cr.reset")}
        </Button>
      </div>
      <GateNote gates={[manage]} />
    </section>
  );
}
