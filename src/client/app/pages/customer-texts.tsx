// A customer's texts (design.md §27) in their record: the number texts go to, or why none go, and
// every text sent to and received from them, newest first, older ones a page at a time.
import { useState } from "hono/jsx/dom";
import type { OwnerCustomerDetail } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { Button, Outcome, useMounted } from "../ui/kit";
import { type Problem, problemOf } from "../ui/problems";

type Texts = NonNullable<OwnerCustomerDetail["texts"]>;
type Text = Texts["messages"][number];

const PAGE = 50;

const STATUS: Record<string, [string, string]> = {
  pending: ["Waiting to go", "pending"],
  queued: ["Sent to the carrier", "confirmed"],
  sent: ["Sent", "confirmed"],
  delivered: ["Delivered", "completed"],
  undelivered: ["Not delivered", "no_show"],
  failed: ["Failed", "no_show"],
  suppressed: ["Not sent", "cancelled"],
  cancelled: ["Not sent", "cancelled"],
  received: ["Received", "confirmed"],
};

const KIND: Record<string, string> = {
  confirmation: "Booking confirmed",
  reminder: "Reminder",
  moved: "Booking moved",
  cancelled: "Booking cancelled",
  waitlist_offer: "A free time offered",
  reply_confirmed: "Reply: confirmed",
  reply_cancelled: "Reply: cancelled",
  reply_unchanged: "Reply: cannot change",
  reply_no_booking: "Reply: no booking waiting",
  help: "Reply: help",
  confirm: "Confirmed the booking",
  cancel: "Cancelled the booking",
  opt_out: "Stopped all texts",
  opt_in: "Started texts again",
  carrier_help: "Asked for help",
  other: "Reply",
};

/** Why a text was not sent or failed, in words. */
function whyNot(t: Text): string | null {
  if (t.error === "monthly_limit") return "The business's monthly text limit was reached.";
  if (t.error === "opted_out") return "The number had replied STOP.";
  return t.status === "failed" || t.status === "undelivered" ? t.error : null;
}

function TextItem(p: { t: Text; tz: string }) {
  const [label, tone] = STATUS[p.t.status] ?? [p.t.status, "pending"];
  const why = whyNot(p.t);
  const out = p.t.direction === "out";
  return (
    <li class={out ? "text-item text-out" : "text-item text-in"}>
      <p class="text-meta">
        <strong>{out ? "Sent" : "Received"}</strong> · {KIND[p.t.kind ?? ""] ?? "Text"} · <time>{whenLabel(p.t.createdAt, p.tz)}</time>{" "}
        <span class={`status status-${tone}`}>{label}</span>
      </p>
      <p class="text-body">{p.t.body}</p>
      {why ? <p class="small muted">{why}</p> : null}
    </li>
  );
}

export function CustomerTexts(p: { customerId: string; texts: Texts; tz: string }) {
  const [older, setOlder] = useState<Text[]>([]);
  const [more, setMore] = useState(p.texts.hasMore);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const mounted = useMounted();
  const t = p.texts;
  const all = [...t.messages, ...older];

  async function loadOlder() {
    const last = all[all.length - 1];
    if (!last) return;
    setBusy(true);
    const a = await api<Text[]>(
      "GET",
      `/api/customers/${encodeURIComponent(p.customerId)}/messages?limit=${PAGE}&before=${encodeURIComponent(last.id)}`,
    );
    if (!mounted.current) return;
    setBusy(false);
    const page = dataOf(a);
    if (!page) return setProblem(problemOf(a));
    setProblem(null);
    setOlder([...older, ...page]);
    setMore(page.length === PAGE);
  }

  return (
    <section aria-labelledby="c-texts">
      <h3 id="c-texts">Text messages</h3>
      <p>
        {t.e164 && !t.optedOut ? (
          <>
            Texts about this customer's bookings go to <strong>{t.e164}</strong> when they agreed to them.
          </>
        ) : t.optedOut ? (
          <>
            <strong>{t.e164}</strong> replied STOP: no texts go to this number until it replies START.
          </>
        ) : (
          <>
            <strong>No texts can reach this customer.</strong> {t.problem}
          </>
        )}
      </p>
      {all.length === 0 ? (
        <p class="muted">No texts sent or received yet.</p>
      ) : (
        <ol class="text-list" aria-label="Texts, newest first">
          {all.map((m) => (
            <TextItem t={m} tz={p.tz} />
          ))}
        </ol>
      )}
      <Outcome problem={problem} />
      {more ? (
        <div class="actions-row">
          <Button busy={busy} onClick={() => void loadOlder()}>
            Show older texts
          </Button>
        </div>
      ) : null}
    </section>
  );
}
