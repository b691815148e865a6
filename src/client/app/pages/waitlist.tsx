// /app/waitlist (design.md §28): every waitlist entry with a window on a day (customer, service,
// staff, times, status, what they were offered), and "Offer a time" for owners and admins. Staff
// members read it; nothing here is shown to other customers.
import { useState } from "hono/jsx/dom";
import { clockTime, humanDate } from "../../../shared/format";
import type { OwnerWaitlistEntry, WaitlistDayView } from "../../shared/api-types";
import { addDays, dayLabel, isDate } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { intlLocale, t } from "../shell/i18n";
import { gate } from "../ui/permissions";
import { DataTable } from "../ui/data-table";
import { Button, Empty, GateNote, Outcome, ViewPending, Updating } from "../ui/kit";
import { useView } from "../ui/use-view";
import { OfferDialog } from "./waitlist-offer";

const STATUS = {
  waiting: "wl.waiting",
  booked: "wl.booked",
  left: "wl.left",
  ended: "wl.ended",
} as const satisfies Record<OwnerWaitlistEntry["status"], string>;

/** "10:00–11:00" of a window; an end at the next midnight reads 24:00. */
function windowSpan(w: { start: string; end: string }): string {
  const end = w.end.slice(0, 10) > w.start.slice(0, 10) && clockTime(w.end) === "00:00" ? "24:00" : clockTime(w.end);
  return `${clockTime(w.start)}\u2013${end}`;
}

function Waitlist() {
  const initial = new URLSearchParams(location.search).get("date");
  const [date, setDate] = useState(isDate(initial) ? initial : "");
  const view = useView<WaitlistDayView>(`/api/businesses/me/views/waitlist${date ? `?date=${date}` : ""}`);
  const [offering, setOffering] = useState<OwnerWaitlistEntry | null>(null);
  const [done, setDone] = useState("");
  const d = view.data;
  if (!d) return <ViewPending view={view} />;

  const go = (next: string) => {
    if (!isDate(next)) return;
    const url = new URL(location.href);
    if (next !== d.business.today) url.searchParams.set("date", next);
    else url.searchParams.delete("date");
    history.replaceState(null, "", url.pathname + url.search);
    setDone("");
    setDate(next);
  };
  const offer = gate(d.viewer, "manage");
  const staffName = (id: string) => d.staff.find((s) => s.id === id)?.displayName ?? t("wl.aStaffMember");
  const waiting = d.entries.filter((e) => e.status === "waiting").length;
  return (
    <>
      <div class="page-head">
        <h2>{t("wl.heading", { date: dayLabel(d.date) })}</h2>
        <div class="toolbar wl-toolbar" role="group" aria-label={t("dash.day")}>
          <Button label={t("dash.previousDay")} onClick={() => go(addDays(d.date, -1))}>
            ←
          </Button>
          <div class="field inline-field">
            <label for="waitlist-date">{t("wl.date")}</label>
            <input id="waitlist-date" type="date" value={d.date} onChange={(e: Event) => go((e.target as HTMLInputElement).value)} />
          </div>
          <Button label={t("dash.nextDay")} onClick={() => go(addDays(d.date, 1))}>
            →
          </Button>
          <Button disabled={d.date === d.business.today} onClick={() => go(d.business.today)}>
            {t("dash.today")}
          </Button>
        </div>
      </div>
      {view.loading ? <Updating /> : null}
      <Outcome done={done} />
      <section class="panel" aria-labelledby="waitlist-heading">
        <h2 id="waitlist-heading">
          {d.entries.length === 0 ? t("wl.customersWaiting") : t("wl.counts", { waiting, count: d.entries.length })}
        </h2>
        {d.entries.length === 0 ? (
          <Empty title={t("wl.none")}>{t("wl.noneHint")}</Empty>
        ) : (
          <>
            <GateNote gates={[offer]} />
            <DataTable
              class="waitlist-table"
              caption={t("wl.caption", { date: dayLabel(d.date) })}
              rows={d.entries}
              columns={[
                {
                  label: t("bk.customer"),
                  cell: (e) => (
                    <span class="wl-lines">
                      <strong>{`${e.customer.firstName} ${e.customer.lastName}`.trim()}</strong>
                      <span class="muted small">{e.customer.email}</span>
                      {e.customer.phone ? <span class="muted small">{e.customer.phone}</span> : null}
                    </span>
                  ),
                },
                {
                  label: t("bk.service"),
                  cell: (e) => (
                    <span class="wl-lines">
                      <span>{e.service.name}</span>
                      <span class="muted small">{e.staff ? t("wl.with", { name: e.staff.displayName }) : t("wl.withAnyone")}</span>
                    </span>
                  ),
                },
                {
                  label: t("wl.times"),
                  shortLabel: t("wl.timesShort"),
                  cell: (e) => (
                    <ul class="wl-list">
                      {e.windows.map((w) => (
                        <li>
                          {w.start.startsWith(d.date)
                            ? windowSpan(w)
                            : t("wl.onDay", { date: humanDate(w.start, intlLocale()), time: windowSpan(w) })}
                        </li>
                      ))}
                    </ul>
                  ),
                },
                {
                  label: t("bk.status"),
                  cell: (e) => <span class={`status wl-status-${e.status}`}>{t(STATUS[e.status])}</span>,
                },
                {
                  label: t("wl.offers"),
                  cell: (e) =>
                    e.offers.length === 0 ? (
                      <span class="muted">{t("wl.noneYet")}</span>
                    ) : (
                      <ul class="wl-list">
                        {e.offers.map((o) => (
                          <li>
                            {o.start.startsWith(d.date)
                              ? t("wl.offerAt", { time: clockTime(o.start), name: staffName(o.staffId) })
                              : t("wl.offerOn", {
                                  date: humanDate(o.start, intlLocale()),
                                  time: clockTime(o.start),
                                  name: staffName(o.staffId),
                                })}{" "}
                            <span class="muted small">{o.via === "owner" ? t("wl.byHand") : t("wl.automatic")}</span>
                          </li>
                        ))}
                      </ul>
                    ),
                },
                {
                  label: t("svc.actions"),
                  hiddenLabel: true,
                  cell: (e) =>
                    e.status === "waiting" ? (
                      <Button
                        gate={offer}
                        label={t("wl.offerTo", { name: e.customer.firstName })}
                        onClick={() => {
                          setDone("");
                          setOffering(e);
                        }}
                      >
                        {t("wl.offer")}
                      </Button>
                    ) : (
                      <span class="muted small">{t("wl.noAction")}</span>
                    ),
                },
              ]}
            />
          </>
        )}
      </section>
      {offering ? (
        <OfferDialog
          key={`offer-${offering.id}`}
          entry={offering}
          view={d}
          onClose={() => setOffering(null)}
          onOffered={(message) => {
            setOffering(null);
            setDone(message);
            view.reload();
          }}
        />
      ) : null}
    </>
  );
}

startPage("/app/waitlist", () => <Waitlist />);
