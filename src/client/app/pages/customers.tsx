// /app/customers: search, a customer's details and booking history, and the business's notes.
import { useState } from "hono/jsx/dom";
import type { AppBusiness, CustomersView, OwnerCustomerDetail, Viewer } from "../../shared/api-types";
import { dayLabel, localParts, timeSpan } from "../lib/zoned";
import { api } from "../shell/api";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { NameAndPhoneFields } from "../ui/contact-fields";
import { DataTable } from "../ui/data-table";
import { money, personName } from "../ui/format";
import {
  Dialog,
  Empty,
  Facts,
  Loading,
  LoadFailed,
  SearchForm,
  StatusBadge,
  TextAreaField,
  TextField,
  useMounted,
  SaveRow,
  ViewPending,
} from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { useRecord, useView } from "../ui/use-view";
import { CustomerCredits } from "./customer-credits";
import { CustomerPrivacy } from "./customer-privacy";
import { CustomerReliability } from "./customer-reliability";
import { CustomerTexts } from "./customer-texts";

function setParam(key: string, value: string) {
  const url = new URL(location.href);
  value ? url.searchParams.set(key, value) : url.searchParams.delete(key);
  history.replaceState(null, "", url.pathname + url.search);
}

function Customers() {
  const params = new URLSearchParams(location.search);
  const [search, setSearch] = useState(params.get("search") ?? "");
  const [typed, setTyped] = useState(search);
  const [openId, setOpenId] = useState<string | null>(params.get("id"));
  const view = useView<CustomersView>(
    `/api/businesses/me/views/customers?limit=100${search ? `&search=${encodeURIComponent(search)}` : ""}`,
  );
  const d = view.data;
  const open = (id: string | null) => {
    setParam("id", id ?? "");
    setOpenId(id);
  };
  return (
    <>
      <SearchForm
        label={t("cu.find")}
        submitLabel={t("cu.search")}
        onSearch={() => {
          setParam("search", typed.trim());
          setSearch(typed.trim());
        }}
      >
        <TextField id="c-search" label={t("cu.searchLabel")} type="search" value={typed} onValue={setTyped} maxLength={200} />
      </SearchForm>
      {!d ? (
        <ViewPending view={view} />
      ) : d.customers.length === 0 ? (
        search ? (
          <Empty title={t("cu.noMatch", { search })}>{t("cu.noMatchHint")}</Empty>
        ) : (
          <Empty title={t("cu.none")}>{t("cu.noneHint")}</Empty>
        )
      ) : (
        <>
          <p class="muted" role="status">
            {search ? t("cu.matching", { count: d.customers.length, search }) : t("cu.newest", { count: d.customers.length })}
          </p>
          <DataTable
            caption={t("cu.caption")}
            rows={d.customers}
            columns={[
              {
                label: t("cu.name"),
                cell: (c) => (
                  <button type="button" class="link-button" onClick={() => open(c.id)}>
                    {personName(c)}
                  </button>
                ),
              },
              { label: t("cu.phone"), cell: (c) => c.phone || "\u2014" },
              { label: t("cu.email"), cell: (c) => c.email || "\u2014" },
              { label: t("cu.bookings"), cell: (c) => c.bookingCount },
              { label: t("cu.notes"), cell: (c) => (c.notes ? (c.notes.length > 60 ? `${c.notes.slice(0, 60)}…` : c.notes) : "\u2014") },
            ]}
          />
        </>
      )}
      {openId && d ? (
        <CustomerDetail id={openId} business={d.business} viewer={d.viewer} onClose={() => open(null)} onSaved={view.reload} />
      ) : null}
    </>
  );
}

function CustomerDetail(p: { id: string; business: AppBusiness; viewer: Viewer; onClose: () => void; onSaved: () => void }) {
  const [draft, setDraft] = useState({ firstName: "", lastName: "", phone: "", notes: "" });
  const record = useRecord<OwnerCustomerDetail>(`/api/customers/${encodeURIComponent(p.id)}`, "/app/customer", t("cu.notFound"), (got) =>
    setDraft({ firstName: got.firstName, lastName: got.lastName, phone: got.phone, notes: got.notes }),
  );
  const c = record.data;
  const [busy, setBusy] = useState(false);
  const mounted = useMounted();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const manage = gate(p.viewer, "manage");
  // An erased record is not filled in again (design.md §25).
  const edit = c?.erasedAt ? { allowed: false, reason: t("cu.erased") } : manage;
  const tz = p.business.timezone;

  async function save(e: Event) {
    e.preventDefault();
    if (!c) return;
    const changes: Record<string, string> = {};
    for (const k of ["firstName", "lastName", "phone", "notes"] as const) if (draft[k] !== c[k]) changes[k] = draft[k];
    if (!Object.keys(changes).length) return setDone(t("cu.nothing"));
    setBusy(true);
    setProblem(null);
    const a = await api("PATCH", `/api/customers/${c.id}`, changes);
    if (!mounted.current) return;
    setBusy(false);
    if (a.status !== 200) return setProblem(problemOf(a));
    setDone(t("cu.saved"));
    record.reload();
    p.onSaved();
  }
  const f = problem?.fields ?? {};
  return (
    <Dialog title={c ? personName(c) : t("cu.customer")} onClose={p.onClose} wide id="customer-detail">
      {record.problem ? <LoadFailed problem={record.problem} onRetry={record.reload} /> : null}
      {!c && !record.problem ? <Loading /> : null}
      {c ? (
        <>
          <section aria-label={t("cu.contact")}>
            <Facts
              rows={[
                [t("cu.email"), c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : t("cu.noEmail")],
                [t("cu.phone"), c.phone ? <a href={`tel:${c.phone}`}>{c.phone}</a> : ""],
                [t("cu.account"), c.hasAccount ? t("cu.yes") : t("cu.no")],
                [t("cu.since"), dayLabel(localParts(c.createdAt, tz).date)],
              ]}
            />
          </section>
          <section aria-labelledby="c-edit">
            <h3 id="c-edit">{t("cu.details")}</h3>
            <form onSubmit={save} novalidate>
              <div class="form-grid">
                <NameAndPhoneFields
                  prefix="c"
                  labels={{ first: t("cu.first"), last: t("cu.last"), phone: t("cu.phone") }}
                  value={draft}
                  onValue={setDraft}
                  errors={f}
                  disabled={!edit.allowed}
                />
              </div>
              <TextAreaField
                id="c-notes"
                label={t("cu.notesLabel")}
                rows={4}
                value={draft.notes}
                onValue={(v) => setDraft({ ...draft, notes: v })}
                maxLength={2000}
                error={f.notes}
                disabled={!edit.allowed}
              />
              <SaveRow label={t("cu.save")} gate={edit} busy={busy} problem={problem} done={done} />
            </form>
          </section>
          <section aria-labelledby="c-bookings">
            <h3 id="c-bookings">{t("cu.bookingsHeading", { count: c.bookingCount })}</h3>
            {c.recentBookings.length === 0 ? (
              <p class="muted">{t("cu.noBookings")}</p>
            ) : (
              <ul class="booking-list">
                {c.recentBookings.map((b) => {
                  const date = localParts(b.startDatetime, tz).date;
                  return (
                    <li>
                      <a class="booking-row" href={`/app/bookings?from=${date}&to=${date}&booking=${encodeURIComponent(b.id)}`}>
                        <span class="booking-when">
                          {dayLabel(date, "short")}, {timeSpan(b.startDatetime, b.endDatetime, tz)}
                        </span>
                        <span class="booking-who">
                          {t("cu.bookingLine", {
                            service: b.service.name,
                            staff: b.staff.displayName,
                            amount: money(b.totalAmount, b.currency || p.business.currency),
                          })}
                        </span>
                        <StatusBadge status={b.status} />
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
            {c.bookingCount > c.recentBookings.length ? (
              <p class="muted small">{t("cu.recent", { count: c.recentBookings.length })}</p>
            ) : null}
          </section>
          <CustomerCredits credits={c.credits} tz={tz} />
          <CustomerReliability customerId={c.id} record={c.reliability} viewer={p.viewer} onChanged={record.reload} />
          {c.texts ? <CustomerTexts customerId={c.id} texts={c.texts} tz={tz} /> : null}
          <CustomerPrivacy
            customer={c}
            viewer={p.viewer}
            tz={tz}
            onErased={() => {
              record.reload();
              p.onSaved();
            }}
          />
        </>
      ) : null}
    </Dialog>
  );
}

startPage("/app/customers", () => <Customers />);
