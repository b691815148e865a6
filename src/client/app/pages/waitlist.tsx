// /app/waitlist (design.md §28): every waitlist entry with a window on a day (customer, service,
// staff, times, status, what they were offered), and "Offer a time" for owners and admins. Staff
// members read it; nothing here is shown to other customers.
import { useState } from "hono/jsx/dom";
import { clockTime, humanDate } from "../../../shared/format";
import type { OwnerWaitlistEntry, WaitlistDayView } from "../../shared/api-types";
import { addDays, dayLabel, isDate } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { gate } from "../ui/permissions";
import { Button, Empty, GateNote, Loading, LoadFailed, Outcome } from "../ui/kit";
import { useView } from "../ui/use-view";
import { OfferDialog } from "./waitlist-offer";

const STATUS: Record<OwnerWaitlistEntry["status"], string> = {
  waiting: "Waiting",
  booked: "Booked",
  left: "Left the list",
  ended: "Ended (times passed)",
};

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
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;

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
  const staffName = (id: string) => d.staff.find((s) => s.id === id)?.displayName ?? "A staff member";
  const waiting = d.entries.filter((e) => e.status === "waiting").length;
  return (
    <>
      <div class="page-head">
        <h2>Waitlist for {dayLabel(d.date)}</h2>
        <div class="toolbar wl-toolbar" role="group" aria-label="Day">
          <Button label="Previous day" onClick={() => go(addDays(d.date, -1))}>
            ←
          </Button>
          <div class="field inline-field">
            <label for="waitlist-date">Date</label>
            <input id="waitlist-date" type="date" value={d.date} onChange={(e: Event) => go((e.target as HTMLInputElement).value)} />
          </div>
          <Button label="Next day" onClick={() => go(addDays(d.date, 1))}>
            →
          </Button>
          <Button disabled={d.date === d.business.today} onClick={() => go(d.business.today)}>
            Today
          </Button>
        </div>
      </div>
      {view.loading ? (
        <p class="muted small" role="status">
          Updating…
        </p>
      ) : null}
      <Outcome done={done} />
      <section class="panel" aria-labelledby="waitlist-heading">
        <h2 id="waitlist-heading">{d.entries.length === 0 ? "Customers waiting" : `${waiting} waiting, ${d.entries.length} in all`}</h2>
        {d.entries.length === 0 ? (
          <Empty title="Nobody is on the waitlist for this day.">
            When a day is full, customers can join the waitlist from your booking page. When a time frees up, we offer it to them by e-mail.
          </Empty>
        ) : (
          <>
            <GateNote gates={[offer]} />
            <div class="table-wrap">
              <table class="waitlist-table">
                <caption class="visually-hidden">Waitlist entries with a time on {dayLabel(d.date)}, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Customer</th>
                    <th scope="col">Service</th>
                    <th scope="col">Times they could come</th>
                    <th scope="col">Status</th>
                    <th scope="col">Offers</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.entries.map((e) => (
                    <tr>
                      <td data-label="Customer">
                        <span class="wl-lines">
                          <strong>{`${e.customer.firstName} ${e.customer.lastName}`.trim()}</strong>
                          <span class="muted small">{e.customer.email}</span>
                          {e.customer.phone ? <span class="muted small">{e.customer.phone}</span> : null}
                        </span>
                      </td>
                      <td data-label="Service">
                        <span class="wl-lines">
                          <span>{e.service.name}</span>
                          <span class="muted small">{e.staff ? `With ${e.staff.displayName}` : "With anyone"}</span>
                        </span>
                      </td>
                      <td data-label="Times">
                        <ul class="wl-list">
                          {e.windows.map((w) => (
                            <li>
                              {w.start.startsWith(d.date) ? "" : `${humanDate(w.start)}, `}
                              {windowSpan(w)}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td data-label="Status">
                        <span class={`status wl-status-${e.status}`}>{STATUS[e.status]}</span>
                      </td>
                      <td data-label="Offers">
                        {e.offers.length === 0 ? (
                          <span class="muted">None yet</span>
                        ) : (
                          <ul class="wl-list">
                            {e.offers.map((o) => (
                              <li>
                                {o.start.startsWith(d.date) ? "" : `${humanDate(o.start)}, `}
                                {clockTime(o.start)} with {staffName(o.staffId)}
                                <span class="muted small">{o.via === "owner" ? " (by hand)" : " (automatic)"}</span>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td data-label="Actions">
                        {e.status === "waiting" ? (
                          <Button
                            gate={offer}
                            label={`Offer a time to ${e.customer.firstName}`}
                            onClick={() => {
                              setDone("");
                              setOffering(e);
                            }}
                          >
                            Offer a time
                          </Button>
                        ) : (
                          <span class="muted small">No action</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
