// A customer's texts (design.md §27) in their record: the number texts go to, or why none go, and
// every text sent to and received from them, newest first, older ones a page at a time.
import { useState } from "hono/jsx/dom";
import type { AppKey } from "../../../shared/i18n/app/en";
import type { OwnerCustomerDetail } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { MoreRow, Outcome, useMounted } from "../ui/kit";
import { type Problem, problemOf } from "../ui/problems";

type Texts = NonNullable<OwnerCustomerDetail["texts"]>;
type Text = Texts["messages"][number];

const PAGE = 50;

const STATUS: Record<string, [AppKey, string]> = {
  pending: ["ct.pending", "pending"],
  queued: ["ct.queued", "confirmed"],
  sent: ["ct.sent", "confirmed"],
  delivered: ["ct.delivered", "completed"],
  undelivered: ["ct.undelivered", "no_show"],
  failed: ["ct.failed", "no_show"],
  suppressed: ["ct.notSent", "cancelled"],
  cancelled: ["ct.notSent", "cancelled"],
  received: ["ct.received", "confirmed"],
};

const KIND: Record<string, AppKey> = {
  confirmation: "ct.kindConfirmation",
  reminder: "ct.kindReminder",
  moved: "ct.kindMoved",
  cancelled: "ct.kindCancelled",
  waitlist_offer: "ct.kindOffer",
  reply_confirmed: "ct.replyConfirmed",
  reply_cancelled: "ct.replyCancelled",
  reply_unchanged: "ct.replyUnchanged",
  reply_no_booking: "ct.replyNoBooking",
  help: "ct.replyHelp",
  confirm: "ct.confirm",
  cancel: "ct.cancel",
  opt_out: "ct.optOut",
  opt_in: "ct.optIn",
  carrier_help: "ct.carrierHelp",
  other: "ct.reply",
};

/** Why a text was not sent or failed, in words (another error is the carrier's, shown as sent). */
function whyNot(m: Text): string | null {
  if (m.error === "monthly_limit") return t("ct.monthlyLimit");
  if (m.error === "opted_out") return t("ct.optedOut");
  return m.status === "failed" || m.status === "undelivered" ? m.error : null;
}

function TextItem(p: { t: Text; tz: string }) {
  const [key, tone] = STATUS[p.t.status] ?? [null, "pending"];
  const label = key ? t(key) : p.t.status;
  const why = whyNot(p.t);
  const out = p.t.direction === "out";
  return (
    <li class={out ? "text-item text-out" : "text-item text-in"}>
      <p class="text-meta">
        <strong>{out ? t("ct.sent") : t("ct.received")}</strong> · {t(KIND[p.t.kind ?? ""] ?? "ct.text")} ·{" "}
        <time>{whenLabel(p.t.createdAt, p.tz)}</time> <span class={`status status-${tone}`}>{label}</span>
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
  const texts = p.texts;
  const all = [...texts.messages, ...older];

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
      <h3 id="c-texts">{t("ct.heading")}</h3>
      <p>
        {texts.e164 && !texts.optedOut ? (
          t("ct.goTo", { phone: texts.e164 })
        ) : texts.optedOut ? (
          t("ct.stopped", { phone: texts.e164 ?? "" })
        ) : (
          <>
            <strong>{t("ct.unreachable")}</strong> {texts.problem}
          </>
        )}
      </p>
      {all.length === 0 ? (
        <p class="muted">{t("ct.none")}</p>
      ) : (
        <ol class="text-list" aria-label={t("ct.list")}>
          {all.map((m) => (
            <TextItem t={m} tz={p.tz} />
          ))}
        </ol>
      )}
      <Outcome problem={problem} />
      {more ? <MoreRow label={t("ct.older")} busy={busy} onMore={() => void loadOlder()} /> : null}
    </section>
  );
}
