// The customer's reliability record (design.md §28) in their detail: counts over 12 months, the
// step the business's policy asks of their next online booking, and the owner's "trusted" mark
// and reset. The customer never sees any of it.
import { useState } from "hono/jsx/dom";
import { STEP_LABELS } from "../../../shared/reliability";
import type { OwnerCustomerDetail, Viewer } from "../../shared/api-types";
import { api } from "../shell/api";
import { Button, Facts, GateNote, Outcome, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

type ReliabilityRecord = OwnerCustomerDetail["reliability"];

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
    setDone(kind === "reset" ? "The record was reset." : r.trusted ? "No longer marked trusted." : "Marked trusted.");
    p.onChanged();
  }

  return (
    <section aria-labelledby="c-reliability">
      <h3 id="c-reliability">Reliability</h3>
      <Facts
        rows={[
          ["No-shows (12 months)", String(r.noShows)],
          ["Late cancellations (12 months)", String(r.lateCancellations)],
          ["Strikes after completed visits", String(r.strikes)],
          ["Next online booking", r.trusted ? "Trusted: no restriction" : STEP_LABELS[r.step]],
        ]}
      />
      <p class="muted small">Only your team sees this. The client is told only what you ask of them.</p>
      <Outcome problem={problem} done={done} />
      <div class="actions-row">
        <Button gate={manage} busy={busy === "trust"} onClick={() => void change("trust")}>
          {r.trusted ? "Remove trusted mark" : "Mark as trusted"}
        </Button>
        <Button gate={manage} busy={busy === "reset"} onClick={() => void change("reset")}>
          Reset record
        </Button>
      </div>
      <GateNote gates={[manage]} />
    </section>
  );
}
