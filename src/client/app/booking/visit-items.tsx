// The new-booking dialog's further services (design.md §26): a visit of 2–5 services back to back,
// each with its staff member, created with `items` in one write (all or none).
import type { CalendarView } from "../../shared/api-types";
import { duration, money } from "../ui/format";
import { t } from "../shell/i18n";
import { Button, SelectField, staffOptions } from "../ui/kit";
import type { StaffChoice } from "./change-forms";

type Service = CalendarView["services"][number];
export type VisitItem = { serviceId: string; staffId: string };
export const MAX_VISIT_ITEMS = 5;

/** The body's `items` (the first service is the dialog's own), or undefined for a single booking. */
export const itemsBody = (first: VisitItem, more: VisitItem[]) =>
  more.length ? [first, ...more].map((i) => ({ serviceId: i.serviceId, staffProfileId: i.staffId })) : undefined;

/** The items' minutes back to back (the visit's length), for "Ends at". */
export const visitMinutes = (services: Service[], items: VisitItem[]) =>
  items.reduce((sum, i) => sum + (services.find((s) => s.id === i.serviceId)?.durationMinutes ?? 0), 0);

/** The API's field path of an item ("items.1.staffProfileId") -> this form's field id. */
export const itemFieldId = (path: string): string | undefined => {
  const m = /^items\.(\d+)\.(serviceId|staffProfileId)$/.exec(path);
  if (!m) return undefined;
  return Number(m[1]) === 0
    ? m[2] === "serviceId"
      ? "nb-service"
      : "nb-staff"
    : `nb-item-${m[1]}-${m[2] === "serviceId" ? "service" : "staff"}`;
};

/**
 * The services after the first, in the order they run; each row's fields are numbered from 2 like
 * the customer hears them ("Service 2"). The first item's errors show on the dialog's own fields.
 */
export function MoreServices(p: {
  services: Service[];
  staff: StaffChoice[];
  currency: string;
  first: VisitItem;
  items: VisitItem[];
  onChange: (items: VisitItem[]) => void;
  errors: Record<string, string>;
}) {
  const set = (i: number, patch: Partial<VisitItem>) => p.onChange(p.items.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const add = () => {
    const last = p.items[p.items.length - 1] ?? p.first;
    // The same staff member by default: most visits stay with one person.
    p.onChange([...p.items, { serviceId: p.services.find((s) => s.id !== last.serviceId)?.id ?? last.serviceId, staffId: last.staffId }]);
    queueMicrotask(() => document.getElementById(`nb-item-${p.items.length + 1}-service`)?.focus());
  };
  const remove = (i: number) => {
    p.onChange(p.items.filter((_, j) => j !== i));
    queueMicrotask(() => document.getElementById("nb-add-service")?.focus());
  };
  return (
    <div class="visit-items">
      {p.items.map((item, i) => {
        const n = i + 1; // the API's index (0 is the dialog's own service)
        return (
          <fieldset class="visit-item">
            <legend>{t("nbv.legend", { n: n + 1 })}</legend>
            <div class="form-grid">
              <SelectField
                id={`nb-item-${n}-service`}
                label={t("nbv.service", { n: n + 1 })}
                value={item.serviceId}
                onValue={(v) => set(i, { serviceId: v })}
                options={p.services.map((s) => ({
                  value: s.id,
                  label: `${s.name} · ${duration(s.durationMinutes)} · ${money(s.price, p.currency)}`,
                }))}
                error={p.errors[`items.${n}.serviceId`]}
              />
              <SelectField
                id={`nb-item-${n}-staff`}
                label={t("nbv.staff", { n: n + 1 })}
                value={item.staffId}
                onValue={(v) => set(i, { staffId: v })}
                options={staffOptions(p.staff)}
                error={p.errors[`items.${n}.staffProfileId`]}
              />
            </div>
            <Button class="small-button" onClick={() => remove(i)} label={t("nbv.removeLabel", { n: n + 1 })}>
              {t("nbv.remove")}
            </Button>
          </fieldset>
        );
      })}
      {p.items.length + 1 < MAX_VISIT_ITEMS ? (
        <Button id="nb-add-service" onClick={add}>
          {t("nbv.add")}
        </Button>
      ) : (
        <p class="hint">{t("nbv.max", { max: MAX_VISIT_ITEMS })}</p>
      )}
      {p.errors.items ? <p class="field-error">{p.errors.items}</p> : null}
    </div>
  );
}
