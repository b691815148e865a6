import { useState } from "hono/jsx/dom";
import type { FrontDeskSource } from "../../../shared/booking-values";
import type { AppBusiness, CalendarView, OwnerBooking, OwnerCreatedVisit, OwnerCustomer } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { type NameAndPhone, NameAndPhoneFields } from "../ui/contact-fields";
import { duration, money, personName } from "../ui/format";
import { Button, CheckField, Dialog, GoOrBack, Outcome, SelectField, staffOptions, TextAreaField, TextField, useMounted } from "../ui/kit";
import { type Problem, problemOf } from "../ui/problems";
import type { StaffChoice } from "./change-forms";
import { CustomerSearch } from "./customer-search";
import { itemFieldId, itemsBody, MoreServices, type VisitItem, visitMinutes } from "./visit-items";

type Service = CalendarView["services"][number];
type Source = FrontDeskSource;
// The front desk's own choices, in the order a receptionist meets them.
const SOURCES: Source[] = ["walk_in", "phone", "admin"];

/** API field paths -> this form's field ids. */
const FIELD = {
  serviceId: "nb-service",
  staffProfileId: "nb-staff",
  startDatetime: "nb-time",
  "customer.firstName": "nb-first",
  "customer.lastName": "nb-last",
  "customer.email": "nb-email",
  "customer.phone": "nb-phone",
  "customer.notes": "nb-notes",
} as const;

export type NewBookingStart = { staffId: string; date: string; time: string };

/**
 * "New booking" at the front desk (design.md §15): service, staff, date and start time (5-minute
 * steps), where the customer came from, the customer found by search or typed in (e-mail optional
 * for walk-ins and phone calls), and `override` for a free time outside the offered slots. Nothing
 * typed is lost when the server refuses: the form stays open with the message next to the field.
 */
export function NewBookingDialog(p: {
  business: AppBusiness;
  staff: StaffChoice[];
  services: Service[];
  /** Text messages are configured: the customer's consent, given aloud, is recorded (design.md §27). */
  texts: boolean;
  start: NewBookingStart;
  onClose: () => void;
  /** A single booking, or a visit (its first item's start, its code). */
  onCreated: (b: Pick<OwnerBooking, "startDatetime" | "confirmationCode">, staffName: string, services: number) => void;
}) {
  const [serviceId, setServiceId] = useState(p.services[0]?.id ?? "");
  const [staffId, setStaffId] = useState(p.start.staffId || p.staff[0]?.id || "");
  const [date, setDate] = useState(p.start.date);
  const [time, setTime] = useState(p.start.time);
  const [source, setSource] = useState<Source>("walk_in");
  const [contact, setContact] = useState<NameAndPhone>({ firstName: "", lastName: "", phone: "" });
  const [email, setEmail] = useState("");
  const [notes, setNotes] = useState("");
  const [override, setOverride] = useState(false);
  const [smsOptIn, setSmsOptIn] = useState(false);
  const [picked, setPicked] = useState<OwnerCustomer | null>(null);
  const [more, setMore] = useState<VisitItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const mounted = useMounted();

  const service = p.services.find((s) => s.id === serviceId);
  const staffName = p.staff.find((s) => s.id === staffId)?.displayName ?? t("nb.thisStaff");
  const emailRequired = source === "admin";

  function pick(c: OwnerCustomer | null) {
    setPicked(c);
    setContact({ firstName: c?.firstName ?? "", lastName: c?.lastName ?? "", phone: c?.phone ?? "" });
    setEmail(c?.email ?? "");
  }

  function local(fields: Record<string, string>, message: string) {
    setProblem({ message, fields, retry: false });
    document.getElementById(FIELD[Object.keys(fields)[0] as keyof typeof FIELD] ?? "")?.focus();
  }

  async function submit(e: Event) {
    e.preventDefault();
    if (!serviceId) return local({ serviceId: t("nb.chooseService") }, t("nb.chooseServiceMsg"));
    if (!date || !time) return local({ startDatetime: t("nb.chooseWhen") }, t("nb.chooseWhenMsg"));
    if (!contact.firstName.trim()) return local({ "customer.firstName": t("nb.firstName") }, t("nb.firstNameMsg"));
    if (emailRequired && !email.trim()) return local({ "customer.email": t("nb.emailNeeded") }, t("nb.emailMsg"));
    if (smsOptIn && !contact.phone.trim()) return local({ "customer.phone": t("nb.phoneNeeded") }, t("nb.phoneMsg"));
    setBusy(true);
    setProblem(null);
    const items = itemsBody({ serviceId, staffId }, more);
    const a = await api<OwnerBooking | OwnerCreatedVisit>("POST", "/api/bookings", {
      ...(items ? { items } : { serviceId, staffProfileId: staffId }),
      startDatetime: `${date}T${time}:00`,
      source,
      override,
      customer: {
        firstName: contact.firstName.trim(),
        lastName: contact.lastName.trim() || null,
        phone: contact.phone.trim() || null,
        email: email.trim() || null,
        notes: notes.trim() || null,
        ...(p.texts && smsOptIn ? { smsOptIn: true } : {}),
      },
    });
    if (!mounted.current) return;
    setBusy(false);
    const made = dataOf(a, 201);
    if (made) return p.onCreated(made, staffName, more.length + 1);
    const prob = problemOf(a, {
      slot_taken: items
        ? t(override ? "nb.visitBusy" : "nb.visitNotOffered")
        : t(override ? "nb.busy" : "nb.notOffered", { staff: staffName }),
    });
    setProblem(prob);
    const firstField = Object.keys(prob.fields)[0];
    const id = firstField ? (FIELD[firstField as keyof typeof FIELD] ?? itemFieldId(firstField)) : undefined;
    if (id) document.getElementById(id)?.focus();
  }

  const f = problem?.fields ?? {};
  return (
    <Dialog id="new-booking" title={t("nb.title")} onClose={p.onClose} wide>
      <form onSubmit={submit} novalidate>
        <div class="form-grid">
          <SelectField
            id="nb-service"
            label={t("nb.service")}
            required
            value={serviceId}
            onValue={setServiceId}
            options={p.services.map((s) => ({
              value: s.id,
              label: `${s.name} · ${duration(s.durationMinutes)} · ${money(s.price, p.business.currency)}`,
            }))}
            error={f.serviceId ?? f["items.0.serviceId"]}
          />
          <SelectField
            id="nb-staff"
            label={t("nb.staff")}
            value={staffId}
            onValue={setStaffId}
            options={staffOptions(p.staff)}
            error={f.staffProfileId ?? f["items.0.staffProfileId"]}
          />
          <TextField id="nb-date" label={t("nb.date")} type="date" required value={date} onValue={setDate} />
          <TextField
            id="nb-time"
            label={t("nb.time")}
            type="time"
            step={300}
            required
            value={time}
            onValue={setTime}
            hint={service ? endsLabel(time, visitMinutes(p.services, [{ serviceId, staffId }, ...more])) : undefined}
            error={f.startDatetime}
          />
        </div>
        <MoreServices
          services={p.services}
          staff={p.staff}
          currency={p.business.currency}
          first={{ serviceId, staffId }}
          items={more}
          onChange={setMore}
          errors={f}
        />
        <CheckField id="nb-override" label={t("nb.override")} hint={t("nb.overrideHint")} checked={override} onValue={setOverride} />
        <fieldset class="choices">
          <legend>{t("nb.how")}</legend>
          <div class="choice-row">
            {SOURCES.map((value) => (
              <label>
                <input type="radio" name="nb-source" value={value} checked={source === value} onChange={() => setSource(value)} />
                {t("nb.source", { source: value })}
              </label>
            ))}
          </div>
        </fieldset>
        <h3>{t("nb.customer")}</h3>
        {picked ? (
          <div class="picked">
            <span>
              <strong>{personName(picked)}</strong> · {[picked.phone, picked.email].filter(Boolean).join(" · ") || t("nb.noContact")}
            </span>
            <Button class="small-button" onClick={() => pick(null)}>
              {t("nb.someoneElse")}
            </Button>
          </div>
        ) : (
          <CustomerSearch onPick={pick} />
        )}
        <div class="form-grid">
          <NameAndPhoneFields
            prefix="nb"
            labels={{ first: t("nb.first"), last: t("nb.last"), phone: t("nb.phone") }}
            value={contact}
            onValue={setContact}
            errors={{ firstName: f["customer.firstName"], lastName: f["customer.lastName"], phone: f["customer.phone"] }}
            firstRequired
            autocomplete="off"
          />
          <TextField
            id="nb-email"
            label={t(emailRequired ? "nb.email" : "nb.emailOptional")}
            type="email"
            required={emailRequired}
            value={email}
            onValue={setEmail}
            error={f["customer.email"]}
            hint={t("nb.emailHint")}
            autocomplete="off"
          />
          <TextAreaField
            id="nb-notes"
            label={t("nb.notes")}
            class="span-2"
            value={notes}
            onValue={setNotes}
            maxLength={2000}
            error={f["customer.notes"]}
          />
        </div>
        {p.texts ? <CheckField id="nb-sms" label={t("nb.sms")} hint={t("nb.smsHint")} checked={smsOptIn} onValue={setSmsOptIn} /> : null}
        <Outcome problem={problem} id="nb-outcome" />
        <GoOrBack go={t("nb.book")} busy={busy} back={t("kit.close")} onBack={p.onClose} />
      </form>
    </Dialog>
  );
}

/** "Ends at 10:45" (or "Ends 00:15 the next day") of a start time and the visit's minutes. */
function endsLabel(time: string, minutes: number): string {
  const [h, m] = time.split(":").map(Number);
  if (Number.isNaN(h) || Number.isNaN(m)) return "";
  const end = h * 60 + m + minutes;
  const text = `${String(Math.floor(end / 60) % 24).padStart(2, "0")}:${String(end % 60).padStart(2, "0")}`;
  return t("nb.ends", { time: text, nextDay: end >= 1440 ? "yes" : "no" });
}
