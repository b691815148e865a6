// The Packages page's forms (design.md §32): a package created or changed, deleted (confirmed), and
// issued by hand to a customer (a counter sale): its code is handed back to the page, shown once.
import { useState } from "hono/jsx/dom";
import type { IssuedPackage, OwnerPackage } from "../../shared/api-types";
import { t } from "../shell/i18n";
import { ConfirmDialog, FormDialog, useSubmit } from "../ui/form-dialog";
import { money, toMajor, toMinor } from "../ui/format";
import { TextField } from "../ui/kit";
import { type Person, PersonFields, personBody, ReasonField } from "./counter-sale-fields";
import { type ServiceName, ServicePicker } from "./prepaid-kit";

const wholeIn = (text: string, lo: number, hi: number) => /^\d+$/.test(text.trim()) && Number(text) >= lo && Number(text) <= hi;

export function PackageDialog(p: {
  pack: OwnerPackage | null;
  currency: string;
  services: ServiceName[];
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const pk = p.pack;
  const [name, setName] = useState(pk?.name ?? "");
  const [serviceIds, setServiceIds] = useState<string[]>(pk?.serviceIds ?? []);
  const [sessions, setSessions] = useState(pk ? String(pk.sessions) : "5");
  const [price, setPrice] = useState(pk ? toMajor(pk.price, pk.currency) : "");
  const [validity, setValidity] = useState(pk ? String(pk.validityDays) : "365");
  const s = useSubmit();
  function submit(e: Event) {
    e.preventDefault();
    const minor = toMinor(price, p.currency);
    const wrong: Record<string, string> = {};
    if (!name.trim()) wrong.name = t("pk.eName");
    if (!serviceIds.length) wrong.serviceIds = t("pk.eServices");
    if (!wholeIn(sessions, 2, 50)) wrong.sessions = t("pk.eSessions");
    if (minor === null) wrong.price = t("pk.ePrice");
    if (!wholeIn(validity, 1, 3650)) wrong.validityDays = t("pk.eValidity");
    if (Object.keys(wrong).length) return s.refuse(wrong, t("problem.fields"));
    const body = { name: name.trim(), serviceIds, sessions: Number(sessions), price: minor, validityDays: Number(validity) };
    if (pk) void s.send("PATCH", `/api/packages/${encodeURIComponent(pk.id)}`, body, () => p.onSaved(false));
    else void s.send("POST", "/api/packages", body, () => p.onSaved(true));
  }
  return (
    <FormDialog
      id="package-form"
      title={pk ? t("pk.editTitle", { name: pk.name }) : t("pk.createTitle")}
      submitLabel={pk ? t("pk.save") : t("pk.create")}
      busy={s.busy}
      problem={s.problem}
      onSubmit={submit}
      onClose={p.onClose}
    >
      {pk ? <p class="muted">{t("pk.editNote")}</p> : null}
      <TextField id="package-name" label={t("pk.fName")} required maxLength={200} value={name} onValue={setName} error={s.fields.name} />
      <ServicePicker
        id="package-services"
        legend={t("pp.servicesLegend")}
        services={p.services}
        chosen={serviceIds}
        onChosen={setServiceIds}
        error={s.fields.serviceIds}
      />
      <div class="form-grid">
        <TextField
          id="package-sessions"
          label={t("pk.fSessions")}
          required
          inputMode="numeric"
          value={sessions}
          onValue={setSessions}
          error={s.fields.sessions}
        />
        <TextField
          id="package-price"
          label={t("pk.fPrice", { currency: p.currency })}
          required
          inputMode="decimal"
          value={price}
          onValue={setPrice}
          error={s.fields.price}
        />
        <TextField
          id="package-validity"
          label={t("pk.fValidity")}
          required
          inputMode="numeric"
          value={validity}
          onValue={setValidity}
          error={s.fields.validityDays}
        />
      </div>
    </FormDialog>
  );
}

export function DeletePackageDialog(p: { pack: OwnerPackage; onClose: () => void; onDeleted: () => void }) {
  return (
    <ConfirmDialog
      id="package-delete"
      title={t("pk.deleteTitle")}
      confirmLabel={t("pk.deleteConfirm")}
      method="DELETE"
      path={`/api/packages/${encodeURIComponent(p.pack.id)}`}
      onClose={p.onClose}
      onDone={p.onDeleted}
    >
      <p>{t("pk.deleteText", { name: p.pack.name })}</p>
    </ConfirmDialog>
  );
}

export function IssuePackageDialog(p: { pack: OwnerPackage; onClose: () => void; onIssued: (issued: IssuedPackage) => void }) {
  const [buyer, setBuyer] = useState<Person>({ name: "", email: "" });
  const [reason, setReason] = useState(t("pk.reasonDefault"));
  const s = useSubmit();
  function submit(e: Event) {
    e.preventDefault();
    if (!reason.trim()) return s.refuse({ reason: t("pk.eReason") }, t("problem.fields"));
    const body = { reason: reason.trim(), ...personBody("buyer", buyer) };
    void s.send<IssuedPackage>("POST", `/api/packages/${encodeURIComponent(p.pack.id)}/issue`, body, (a) => {
      if (a.body?.data) p.onIssued(a.body.data);
    });
  }
  const pk = p.pack;
  return (
    <FormDialog
      id="package-issue"
      title={t("pk.issueTitle", { name: pk.name })}
      submitLabel={t("pk.issueSubmit")}
      busy={s.busy}
      problem={s.problem}
      onSubmit={submit}
      onClose={p.onClose}
    >
      <p>{t("pk.issueIntro", { count: pk.sessions, price: money(pk.price, pk.currency), days: pk.validityDays })}</p>
      <PersonFields
        field="buyer"
        labels={{ name: t("pk.fBuyerName"), email: t("pk.fBuyerEmail"), emailHint: t("pk.fBuyerEmailHint") }}
        person={buyer}
        onPerson={setBuyer}
        errors={s.fields}
        autocomplete="off"
      />
      <ReasonField label={t("pk.fReason")} hint={t("pk.fReasonHint")} value={reason} onValue={setReason} error={s.fields.reason} />
    </FormDialog>
  );
}
