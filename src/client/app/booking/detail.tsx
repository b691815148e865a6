import { useState } from "hono/jsx/dom";
import type { SettableStatus } from "../../../shared/booking-values";
import type { AppBusiness, OwnerBookingDetail, Viewer } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { duration, money, personName } from "../ui/format";
import {
  Button,
  CheckField,
  Dialog,
  Facts,
  GateNote,
  GoOrBack,
  Loading,
  LoadFailed,
  Outcome,
  sourceLabel,
  StatusBadge,
  useMounted,
} from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { dayLabel, localParts, timeSpan, whenLabel } from "../lib/zoned";
import { useRecord } from "../ui/use-view";
import { CancelForm, RescheduleForm, type StaffChoice } from "./change-forms";
import { History, textsLine } from "./history";
import { BookingMoney } from "./payments";

type Mode = "view" | "cancel" | "reschedule" | "no_show";

const DONE = { confirmed: "bd.confirmed", completed: "bd.completed", no_show: "bd.noShowDone" } as const satisfies Record<
  SettableStatus,
  string
>;

/**
 * The address keeps the open booking (`?booking=`), so a reload or a shared link opens it again.
 * The address is also the only record of it: every render reads it, so an update that lands
 * together with another (a list reloading as the dialog closes) cannot bring back a closed booking.
 */
export function useBookingParam(): [string | null, (id: string | null) => void] {
  const [, setTick] = useState(0);
  const id = new URLSearchParams(location.search).get("booking");
  const set = (next: string | null) => {
    const url = new URL(location.href);
    if (next) url.searchParams.set("booking", next);
    else url.searchParams.delete("booking");
    history.replaceState(null, "", url.pathname + url.search);
    setTick((n) => n + 1);
  };
  return [id, set];
}

/**
 * A booking: customer, service, notes, payments, history, and the actions its status allows to
 * this viewer (confirm, complete, no-show, cancel with a reason, reschedule). Every change reloads
 * the booking and tells the page (`onChanged`) so its list or calendar follows.
 */
export function BookingDetail(p: {
  id: string;
  business: AppBusiness;
  viewer: Viewer;
  staff?: StaffChoice[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const record = useRecord<OwnerBookingDetail>(`/api/bookings/${encodeURIComponent(p.id)}`, "/app/booking", t("bd.notFound"));
  const detail = record.data;
  const [mode, setMode] = useState<Mode>("view");
  const [busy, setBusy] = useState(false);
  const mounted = useMounted();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");

  const tz = p.business.timezone;
  const changed = (message: string) => {
    setDone(message);
    setProblem(null);
    setMode("view");
    record.reload();
    p.onChanged();
  };

  async function setStatus(status: SettableStatus, chargeFee?: boolean) {
    setBusy(true);
    setProblem(null);
    setDone("");
    const body = status === "no_show" && chargeFee !== undefined ? { status, chargeFee } : { status };
    const a = await api<{ fee?: { amount: number; currency: string } | null }>(
      "PATCH",
      `/api/bookings/${encodeURIComponent(p.id)}/status`,
      body,
    );
    if (!mounted.current) return;
    setBusy(false);
    if (a.status !== 200) return setProblem(problemOf(a));
    const fee = dataOf(a)?.fee;
    changed(fee ? t("bd.noShowCharged", { amount: money(fee.amount, fee.currency) }) : t(DONE[status]));
  }

  const title = detail ? `${personName(detail.customer)} · ${detail.service.name}` : t("bd.booking");
  return (
    <Dialog id="booking-detail" title={title} onClose={p.onClose} wide>
      {record.problem ? <LoadFailed problem={record.problem} onRetry={record.reload} /> : null}
      {!detail && !record.problem ? <Loading label={t("bd.loading")} /> : null}
      {detail ? (
        <>
          <section aria-label={t("bd.booking")}>
            <p class="detail-status">
              <StatusBadge status={detail.status} />
              {detail.customerConfirmedAt ? (
                <span
                  class="status status-completed"
                  title={t("bd.clientConfirmedTitle", { when: whenLabel(detail.customerConfirmedAt, tz) })}
                >
                  {t("bd.clientConfirmed")}
                </span>
              ) : null}
              {detail.confirmationCode ? <span class="code">{detail.confirmationCode}</span> : null}
            </p>
            <Facts
              rows={[
                [
                  t("bd.when"),
                  `${dayLabel(localParts(detail.startDatetime, tz).date)}, ${timeSpan(detail.startDatetime, detail.endDatetime, tz)}`,
                ],
                [t("bd.service"), `${detail.service.name} (${duration(detail.service.durationMinutes)})`],
                [t("bd.staff"), detail.staff.displayName],
                [t("bd.source"), sourceLabel(detail.source)],
                [t("bd.price"), money(detail.totalAmount, detail.currency || p.business.currency)],
                [t("bd.notes"), detail.notes],
                ...(detail.texts ? ([[t("bd.texts"), textsLine(detail.texts)]] as [string, string][]) : []),
                ...(detail.cancelReason ? ([[t("bd.cancelReason"), detail.cancelReason]] as [string, string][]) : []),
              ]}
            />
            <Actions
              detail={detail}
              viewer={p.viewer}
              busy={busy}
              mode={mode}
              setMode={(m) => {
                setMode(m);
                setProblem(null);
                setDone("");
              }}
              setStatus={setStatus}
            />
            {mode === "view" ? <Outcome problem={problem} done={done} onRetry={() => setProblem(null)} id="detail-outcome" /> : null}
            {mode === "cancel" ? (
              <CancelForm id={p.id} onDone={() => changed(t("bd.cancelledDone"))} onBack={() => setMode("view")} />
            ) : null}
            {mode === "reschedule" ? (
              <RescheduleForm
                detail={detail}
                business={p.business}
                staff={p.staff ?? [{ id: detail.staff.id, displayName: detail.staff.displayName }]}
                onDone={() => changed(t("bd.movedDone"))}
                onBack={() => setMode("view")}
              />
            ) : null}
          </section>
          <section aria-labelledby="detail-customer">
            <h3 id="detail-customer">{t("bd.customer")}</h3>
            {detail.customer ? (
              <Facts
                rows={[
                  [t("bd.name"), personName(detail.customer)],
                  [t("bd.phone"), detail.customer.phone ? <a href={`tel:${detail.customer.phone}`}>{detail.customer.phone}</a> : ""],
                  [t("bd.email"), detail.customer.email ? <a href={`mailto:${detail.customer.email}`}>{detail.customer.email}</a> : ""],
                  [t("bd.notes"), detail.customer.notes],
                  [t("bd.reliability"), detail.customerReliability ? reliabilityLine(detail.customerReliability) : ""],
                  [t("bd.record"), <a href={`/app/customers?id=${encodeURIComponent(detail.customer.id)}`}>{t("bd.openCustomer")}</a>],
                ]}
              />
            ) : (
              <p class="muted">{t("bd.noCustomer")}</p>
            )}
            {detail.guest ? (
              <>
                {/* design.md §31: what was typed at an online booking never overwrites the record. */}
                <p class="muted small">{t("bd.guest")}</p>
                <Facts
                  rows={[
                    [t("bd.name"), personName(detail.guest)],
                    [t("bd.phone"), detail.guest.phone],
                  ]}
                />
              </>
            ) : null}
          </section>
          <BookingMoney detail={detail} viewer={p.viewer} tz={tz} onChanged={changed} />
          <section aria-labelledby="detail-history">
            <h3 id="detail-history">{t("bd.history")}</h3>
            <History detail={detail} tz={tz} staff={p.staff} />
          </section>
        </>
      ) : null}
    </Dialog>
  );
}

function Actions(p: {
  detail: OwnerBookingDetail;
  viewer: Viewer;
  busy: boolean;
  mode: Mode;
  setMode: (m: Mode) => void;
  setStatus: (s: SettableStatus, chargeFee?: boolean) => void;
}) {
  const [charge, setCharge] = useState(true);
  const s = p.detail.status;
  const open = s === "pending" || s === "confirmed";
  if (!open) return <p class="muted">{t("bd.closed", { status: s })}</p>;
  const status = gate(p.viewer, "status");
  const cancel = gate(p.viewer, "cancel");
  const move = gate(p.viewer, "reschedule");
  // design.md §31: a no-show (and its fee) only once the start has passed; the API says the same (409).
  const started = Date.parse(p.detail.startDatetime) <= Date.now();
  const noShow = status.allowed && !started ? { allowed: false, reason: t("bd.noShowNotYet") } : status;
  const noShowAsk = p.mode === "no_show";
  const fee = p.detail.noShowFee;
  return (
    <>
      <div class="actions-row" role="group" aria-label={t("bd.actions")}>
        {s === "pending" ? (
          <Button kind="primary" gate={status} busy={p.busy} onClick={() => p.setStatus("confirmed")}>
            {t("bd.confirm")}
          </Button>
        ) : (
          <>
            <Button kind="primary" gate={status} busy={p.busy} onClick={() => p.setStatus("completed")}>
              {t("bd.complete")}
            </Button>
            <Button gate={noShow} busy={p.busy} onClick={() => p.setMode("no_show")}>
              {t("bd.noShow")}
            </Button>
          </>
        )}
        <Button gate={move} onClick={() => p.setMode("reschedule")}>
          {t("bd.reschedule")}
        </Button>
        <Button kind="danger" gate={cancel} onClick={() => p.setMode("cancel")}>
          {t("bd.cancel")}
        </Button>
      </div>
      <GateNote gates={[status, noShow, cancel, move]} />
      {noShowAsk ? (
        <div class="confirm-box" role="group" aria-label={t("bd.confirmNoShow")}>
          <p>{t("bd.noShowAsk", { name: personName(p.detail.customer) })}</p>
          {fee ? (
            <CheckField
              id="charge-no-show-fee"
              label={t("bd.chargeFee", { amount: money(fee.amount, fee.currency), percent: fee.percent })}
              checked={charge}
              onValue={setCharge}
            />
          ) : null}
          <GoOrBack
            go={t("bd.yesNoShow")}
            kind="danger"
            busy={p.busy}
            onGo={() => p.setStatus("no_show", fee ? charge : undefined)}
            back={t("bd.keepIt")}
            onBack={() => p.setMode("view")}
          />
        </div>
      ) : null}
    </>
  );
}

/** design.md §28: the customer's record in one line ("2 no-shows, 1 late cancellation · Deposit required"). */
function reliabilityLine(r: NonNullable<OwnerBookingDetail["customerReliability"]>): string {
  return t("bd.reliabilityLine", {
    noShows: r.noShows,
    late: r.lateCancellations,
    step: t("bd.step", { step: r.trusted ? "trusted" : r.step }),
  });
}
