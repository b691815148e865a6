// /app/bookings: the bookings of a date range, filtered by staff member and status, a page at a time.
import { useState } from "hono/jsx/dom";
import { BOOKING_STATUSES, STATUS_LABELS } from "../../../shared/booking-values";
import type { BookingsView } from "../../shared/api-types";
import { BookingDetail, useBookingParam } from "../booking/detail";
import { dayLabel, isDate, localParts, timeSpan } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { money, personName } from "../ui/format";
import { Button, Empty, Loading, LoadFailed, SelectField, StatusBadge, TextField } from "../ui/kit";
import { useView } from "../ui/use-view";

const PAGE = 25;
const STATUSES: Array<[string, string]> = [["", "Any status"], ...BOOKING_STATUSES.map((s): [string, string] => [s, STATUS_LABELS[s]])];

type Filters = { from: string; to: string; staffId: string; status: string; page: number };

function readFilters(): Filters {
  const q = new URLSearchParams(location.search);
  const date = (k: string) => (isDate(q.get(k)) ? q.get(k)! : "");
  const page = Number(q.get("page"));
  return {
    from: date("from"),
    to: date("to"),
    staffId: q.get("staffId") ?? "",
    status: q.get("status") ?? "",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function query(f: Filters, forApi: boolean): string {
  const q = new URLSearchParams();
  if (f.from) q.set("from", f.from);
  if (f.to) q.set("to", f.to);
  if (f.staffId) q.set("staffId", f.staffId);
  if (f.status) q.set("status", f.status);
  if (forApi) {
    q.set("limit", String(PAGE));
    if (f.page > 1) q.set("offset", String((f.page - 1) * PAGE));
  } else if (f.page > 1) q.set("page", String(f.page));
  return q.toString();
}

function Bookings() {
  const [applied, setApplied] = useState<Filters>(readFilters);
  // The form's own values: changing a field does not reload until "Show bookings".
  const [draft, setDraft] = useState<Filters>(applied);
  const [open, setOpen] = useBookingParam();
  const view = useView<BookingsView>(`/api/businesses/me/views/bookings?${query(applied, true)}`);
  const apply = (f: Filters) => {
    const q = query(f, false);
    const booking = new URLSearchParams(location.search).get("booking");
    history.replaceState(
      null,
      "",
      `/app/bookings${q || booking ? "?" : ""}${q}${booking ? `${q ? "&" : ""}booking=${encodeURIComponent(booking)}` : ""}`,
    );
    setApplied(f);
    setDraft(f);
  };
  const d = view.data;
  const fieldError = view.problem?.fields ?? {};
  return (
    <>
      <form
        class="panel inline-form filters"
        role="search"
        aria-label="Filter bookings"
        onSubmit={(e: Event) => {
          e.preventDefault();
          apply({ ...draft, page: 1 });
        }}
      >
        <TextField
          id="f-from"
          label="From"
          type="date"
          value={draft.from || d?.from || ""}
          onValue={(v) => setDraft({ ...draft, from: v })}
          error={fieldError.from}
        />
        <TextField
          id="f-to"
          label="To (including)"
          type="date"
          value={draft.to}
          onValue={(v) => setDraft({ ...draft, to: v })}
          error={fieldError.to}
        />
        <SelectField
          id="f-staff"
          label="Staff member"
          value={draft.staffId}
          onValue={(v) => setDraft({ ...draft, staffId: v })}
          options={[{ value: "", label: "Everyone" }, ...(d?.staff ?? []).map((s) => ({ value: s.id, label: s.displayName }))]}
        />
        <SelectField
          id="f-status"
          label="Status"
          value={draft.status}
          onValue={(v) => setDraft({ ...draft, status: v })}
          options={STATUSES.map(([value, label]) => ({ value, label }))}
        />
        <Button type="submit" kind="primary">
          Show bookings
        </Button>
      </form>
      {!d ? (
        view.problem ? (
          <LoadFailed problem={view.problem} onRetry={view.reload} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          {view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : null}
          <p class="muted" role="status">
            {view.loading
              ? "Loading…"
              : d.bookings.length === 0
                ? ""
                : `Bookings ${(applied.page - 1) * PAGE + 1}–${(applied.page - 1) * PAGE + d.bookings.length} from ${dayLabel(d.from)}${d.hasMore ? " (more on the next page)" : ""}`}
          </p>
          {d.bookings.length === 0 && !view.loading ? (
            <Empty title="No bookings match these filters.">Try another date range, staff member or status.</Empty>
          ) : (
            <div class="table-wrap">
              <table>
                <caption class="visually-hidden">Bookings, earliest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Service</th>
                    <th scope="col">Staff</th>
                    <th scope="col">Status</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Booking</th>
                  </tr>
                </thead>
                <tbody>
                  {d.bookings.map((b) => {
                    const tz = d.business.timezone;
                    return (
                      <tr class={b.status === "cancelled" ? "muted-row" : undefined}>
                        <td data-label="When">
                          {dayLabel(localParts(b.startDatetime, tz).date, "short")}, {timeSpan(b.startDatetime, b.endDatetime, tz)}
                        </td>
                        <td data-label="Customer">{personName(b.customer)}</td>
                        <td data-label="Service">{b.serviceName}</td>
                        <td data-label="Staff">{d.staff.find((s) => s.id === b.staffId)?.displayName ?? "Former staff member"}</td>
                        <td data-label="Status">
                          <StatusBadge status={b.status} />
                        </td>
                        <td data-label="Amount">{money(b.totalAmount, b.currency || d.business.currency)}</td>
                        <td data-label="Booking">
                          <button type="button" class="small-button" onClick={() => setOpen(b.id)}>
                            {/* Staff and read-only sessions get no confirmation codes (design.md §31). */}
                            {b.confirmationCode ? <span class="code">{b.confirmationCode}</span> : "Details"}
                            {b.confirmationCode ? <span class="visually-hidden"> details</span> : null}
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {applied.page > 1 || d.hasMore ? (
            <nav class="pager-row" aria-label="Pages of bookings">
              <Button disabled={applied.page <= 1} onClick={() => apply({ ...applied, page: applied.page - 1 })}>
                ← Previous
              </Button>
              <span class="muted">Page {applied.page}</span>
              <Button disabled={!d.hasMore} onClick={() => apply({ ...applied, page: applied.page + 1 })}>
                Next →
              </Button>
            </nav>
          ) : null}
          {open ? (
            <BookingDetail
              key="booking-detail"
              id={open}
              business={d.business}
              viewer={d.viewer}
              staff={d.staff}
              onClose={() => setOpen(null)}
              onChanged={view.reload}
            />
          ) : null}
        </>
      )}
    </>
  );
}

startPage("/app/bookings", () => <Bookings />);
