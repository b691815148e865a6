// /app/bookings: the bookings of a date range, filtered by staff member and status, a page at a time.
import { useState } from "hono/jsx/dom";
import { BOOKING_STATUSES } from "../../../shared/booking-values";
import type { BookingsView } from "../../shared/api-types";
import { useBookingParam } from "../booking/detail";
import { OpenBooking } from "../booking/open-booking";
import { dayLabel, isDate, localParts, timeSpan } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { DataTable } from "../ui/data-table";
import { money, personName } from "../ui/format";
import {
  Button,
  Empty,
  LoadFailed,
  SearchForm,
  SelectField,
  staffOptions,
  StatusBadge,
  statusLabel,
  TextField,
  ViewPending,
} from "../ui/kit";
import { useView } from "../ui/use-view";

const PAGE = 25;
const statuses = (): Array<[string, string]> => [
  ["", t("bk.anyStatus")],
  ...BOOKING_STATUSES.map((s): [string, string] => [s, statusLabel(s)]),
];

/** "Tue, May 6, 10:00–11:00": the day and the times of a booking, in the business's zone. */
const whenSpan = (b: { startDatetime: string; endDatetime: string }, tz: string) =>
  `${dayLabel(localParts(b.startDatetime, tz).date, "short")}, ${timeSpan(b.startDatetime, b.endDatetime, tz)}`;

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
      <SearchForm class="filters" label={t("bk.filter")} submitLabel={t("bk.show")} onSearch={() => apply({ ...draft, page: 1 })}>
        <TextField
          id="f-from"
          label={t("bk.from")}
          type="date"
          value={draft.from || d?.from || ""}
          onValue={(v) => setDraft({ ...draft, from: v })}
          error={fieldError.from}
        />
        <TextField
          id="f-to"
          label={t("bk.to")}
          type="date"
          value={draft.to}
          onValue={(v) => setDraft({ ...draft, to: v })}
          error={fieldError.to}
        />
        <SelectField
          id="f-staff"
          label={t("bk.staff")}
          value={draft.staffId}
          onValue={(v) => setDraft({ ...draft, staffId: v })}
          options={[{ value: "", label: t("bk.everyone") }, ...staffOptions(d?.staff ?? [])]}
        />
        <SelectField
          id="f-status"
          label={t("bk.status")}
          value={draft.status}
          onValue={(v) => setDraft({ ...draft, status: v })}
          options={statuses().map(([value, label]) => ({ value, label }))}
        />
      </SearchForm>
      {!d ? (
        <ViewPending view={view} />
      ) : (
        <>
          {view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : null}
          <p class="muted" role="status">
            {view.loading
              ? t("ui.loading")
              : d.bookings.length === 0
                ? ""
                : t("bk.range", {
                    first: (applied.page - 1) * PAGE + 1,
                    last: (applied.page - 1) * PAGE + d.bookings.length,
                    date: dayLabel(d.from),
                    more: d.hasMore ? "yes" : "no",
                  })}
          </p>
          {d.bookings.length === 0 && !view.loading ? (
            <Empty title={t("bk.none")}>{t("bk.noneHint")}</Empty>
          ) : (
            <DataTable
              caption={t("bk.caption")}
              rows={d.bookings}
              rowClass={(b) => (b.status === "cancelled" ? "muted-row" : undefined)}
              columns={[
                { label: t("bk.when"), cell: (b) => whenSpan(b, d.business.timezone) },
                { label: t("bk.customer"), cell: (b) => personName(b.customer) },
                { label: t("bk.service"), cell: (b) => b.serviceName },
                { label: t("bk.staffCol"), cell: (b) => d.staff.find((s) => s.id === b.staffId)?.displayName ?? t("ui.formerStaff") },
                { label: t("bk.status"), cell: (b) => <StatusBadge status={b.status} /> },
                { label: t("bk.amount"), cell: (b) => money(b.totalAmount, b.currency || d.business.currency) },
                {
                  label: t("bk.booking"),
                  cell: (b) => (
                    <button type="button" class="small-button" onClick={() => setOpen(b.id)}>
                      {/* Staff and read-only sessions get no confirmation codes (design.md §31). */}
                      {b.confirmationCode ? <span class="code">{b.confirmationCode}</span> : t("bk.details")}
                      {b.confirmationCode ? <span class="visually-hidden"> {t("bk.codeDetails")}</span> : null}
                    </button>
                  ),
                },
              ]}
            />
          )}
          {applied.page > 1 || d.hasMore ? (
            <nav class="pager-row" aria-label={t("bk.pages")}>
              <Button disabled={applied.page <= 1} onClick={() => apply({ ...applied, page: applied.page - 1 })}>
                {t("ui.previous")}
              </Button>
              <span class="muted">{t("ui.page", { page: applied.page })}</span>
              <Button disabled={!d.hasMore} onClick={() => apply({ ...applied, page: applied.page + 1 })}>
                {t("ui.next")}
              </Button>
            </nav>
          ) : null}
          <OpenBooking id={open} view={d} onClose={() => setOpen(null)} onChanged={view.reload} />
        </>
      )}
    </>
  );
}

startPage("/app/bookings", () => <Bookings />);
