// The Promo codes page's forms (design.md §32): a code created or changed (every field error the API
// answers shown beside its field), and deleted after a confirmation.
import { useState } from "hono/jsx/dom";
import type { OwnerPromoCode } from "../../shared/api-types";
import { isDate } from "../lib/zoned";
import { t } from "../shell/i18n";
import { ConfirmDialog, FormDialog, useSubmit } from "../ui/form-dialog";
import { toMajor, toMinor } from "../ui/format";
import { CheckField, SelectField, TextField } from "../ui/kit";
import { type ServiceName, ServicePicker } from "./prepaid-kit";

const CODE = /^[A-Z0-9_-]{3,32}$/;

export function PromoCodeDialog(p: {
  code: OwnerPromoCode | null;
  currency: string;
  services: ServiceName[];
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const c = p.code;
  const [code, setCode] = useState(c?.code ?? "");
  const [kind, setKind] = useState<"percent" | "amount">(c?.amountOff != null ? "amount" : "percent");
  const [percent, setPercent] = useState(c?.percentOff != null ? String(c.percentOff) : "");
  const [amount, setAmount] = useState(c?.amountOff != null ? toMajor(c.amountOff, p.currency) : "");
  const [all, setAll] = useState(!c?.serviceIds);
  const [serviceIds, setServiceIds] = useState<string[]>(c?.serviceIds ?? []);
  const [validFrom, setValidFrom] = useState(c?.validFrom ?? "");
  const [validTo, setValidTo] = useState(c?.validTo ?? "");
  const [maxUses, setMaxUses] = useState(c?.maxUses != null ? String(c.maxUses) : "");
  const [firstVisitOnly, setFirstVisitOnly] = useState(c?.firstVisitOnly ?? false);
  const s = useSubmit();

  function submit(e: Event) {
    e.preventDefault();
    const typed = code.replace(/\s+/g, "").toUpperCase();
    const off = kind === "amount" ? toMinor(amount, p.currency) : null;
    const wrong: Record<string, string> = {};
    if (!CODE.test(typed)) wrong.code = t("pc.eCode");
    if (kind === "percent" && !(/^\d+$/.test(percent.trim()) && Number(percent) >= 1 && Number(percent) <= 100))
      wrong.percentOff = t("pc.ePercent");
    if (kind === "amount" && !(off !== null && off > 0)) wrong.amountOff = t("pc.eAmount");
    if (!all && !serviceIds.length) wrong.serviceIds = t("pc.eServices");
    if (maxUses.trim() && !(/^\d+$/.test(maxUses.trim()) && Number(maxUses) >= 1)) wrong.maxUses = t("pc.eMax");
    if (validFrom && validTo && validTo < validFrom) wrong.validTo = t("pc.eDates");
    if (Object.keys(wrong).length) return s.refuse(wrong, t("problem.fields"));
    const body = {
      code: typed,
      ...(kind === "percent" ? { percentOff: Number(percent) } : { amountOff: off }),
      serviceIds: all ? null : serviceIds,
      validFrom: isDate(validFrom) ? validFrom : null,
      validTo: isDate(validTo) ? validTo : null,
      maxUses: maxUses.trim() ? Number(maxUses) : null,
      firstVisitOnly,
    };
    if (c) void s.send("PATCH", `/api/promo-codes/${encodeURIComponent(c.id)}`, body, () => p.onSaved(false));
    else void s.send("POST", "/api/promo-codes", body, () => p.onSaved(true));
  }
  const f = s.fields;
  return (
    <FormDialog
      id="promo-form"
      title={c ? t("pc.editTitle", { code: c.code }) : t("pc.createTitle")}
      submitLabel={c ? t("pc.save") : t("pc.create")}
      wide
      busy={s.busy}
      problem={s.problem}
      onSubmit={submit}
      onClose={p.onClose}
    >
      {c ? <p class="muted">{t("pc.editNote")}</p> : null}
      <TextField
        id="promo-code"
        label={t("pc.fCode")}
        hint={t("pc.fCodeHint")}
        required
        autocomplete="off"
        maxLength={40}
        value={code}
        onValue={setCode}
        error={f.code}
      />
      <div class="form-grid">
        <SelectField
          id="promo-kind"
          label={t("pc.fKind")}
          value={kind}
          onValue={(v) => setKind(v === "amount" ? "amount" : "percent")}
          options={[
            { value: "percent", label: t("pc.kindPercent") },
            { value: "amount", label: t("pc.kindAmount") },
          ]}
        />
        {kind === "percent" ? (
          <TextField
            id="promo-percent"
            label={t("pc.fPercent")}
            required
            inputMode="numeric"
            value={percent}
            onValue={setPercent}
            error={f.percentOff}
          />
        ) : (
          <TextField
            id="promo-amount"
            label={t("pc.fAmount", { currency: p.currency })}
            required
            inputMode="decimal"
            value={amount}
            onValue={setAmount}
            error={f.amountOff}
          />
        )}
      </div>
      <CheckField id="promo-all" label={t("pc.fAll")} checked={all} onValue={setAll} />
      {all ? null : (
        <ServicePicker
          id="promo-services"
          legend={t("pp.servicesLegend")}
          services={p.services}
          chosen={serviceIds}
          onChosen={setServiceIds}
          error={f.serviceIds}
        />
      )}
      <div class="form-grid">
        <TextField id="promo-from" label={t("pc.fFrom")} type="date" value={validFrom} onValue={setValidFrom} error={f.validFrom} />
        <TextField
          id="promo-to"
          label={t("pc.fTo")}
          hint={t("pc.fDaysHint")}
          type="date"
          value={validTo}
          onValue={setValidTo}
          error={f.validTo}
        />
        <TextField id="promo-max" label={t("pc.fMax")} inputMode="numeric" value={maxUses} onValue={setMaxUses} error={f.maxUses} />
      </div>
      <CheckField id="promo-first" label={t("pc.fFirst")} checked={firstVisitOnly} onValue={setFirstVisitOnly} />
      {f.firstVisitOnly ? <p class="field-error">{f.firstVisitOnly}</p> : null}
    </FormDialog>
  );
}

export function DeletePromoCodeDialog(p: { code: OwnerPromoCode; onClose: () => void; onDeleted: () => void }) {
  return (
    <ConfirmDialog
      id="promo-delete"
      title={t("pc.deleteTitle")}
      confirmLabel={t("pc.deleteConfirm")}
      method="DELETE"
      path={`/api/promo-codes/${encodeURIComponent(p.code.id)}`}
      onClose={p.onClose}
      onDone={p.onDeleted}
    >
      <p>{t("pc.deleteText", { code: p.code.code })}</p>
    </ConfirmDialog>
  );
}
