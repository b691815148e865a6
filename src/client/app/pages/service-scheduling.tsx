// A service's scheduling fields (design.md §16): buffers kept free before and after each
// appointment, and who performs it (none checked = every bookable staff member).
import type { OwnerService } from "../../shared/api-types";
import { intlLocale, t } from "../shell/i18n";
import { TextField } from "../ui/kit";
import type { ServiceFormSection } from "./service-form-section";

const BUFFERS = [
  { key: "bufferBeforeMinutes", id: "svc-buffer-before", label: "svc.bufferBeforeLabel", hint: "svc.bufferBeforeHint" },
  { key: "bufferAfterMinutes", id: "svc-buffer-after", label: "svc.bufferAfterLabel", hint: "svc.bufferAfterHint" },
] as const;

/** What a typed buffer is sent as: a number when it is one, else the text (which `check` refuses). */
const bufferValue = (v: string): number | string => (/^\d+$/.test(v) ? Number(v) : v);

/** The first error the API gave for a list field or one of its items ("staffIds.2"). */
export function listError(errors: Record<string, string>, key: string): string | undefined {
  return errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];
}

/** "Alex Rivera, Bea Chen" / "Everyone" / "Nobody": who performs a service, for the list. */
export function performers(s: Pick<OwnerService, "staffIds">, staff: Array<{ id: string; displayName: string }>): string {
  if (s.staffIds === null) return t("svc.everyone");
  const names = staff.filter((m) => s.staffIds?.includes(m.id)).map((m) => m.displayName);
  return names.length ? new Intl.ListFormat(intlLocale(), { type: "unit" }).format(names) : t("svc.nobody");
}

export const ServiceScheduling: ServiceFormSection = {
  check(extra) {
    const fields: Record<string, string> = {};
    for (const b of BUFFERS) {
      const v = extra[b.key];
      if (v !== undefined && (typeof v !== "number" || v > 240 || v % 5)) fields[b.key] = t("svc.bufferRule");
    }
    return fields;
  },
  Fields(p) {
    const s = p.service;
    const picked = (p.extra.staffIds === undefined ? (s?.staffIds ?? null) : p.extra.staffIds) as string[] | null;
    const toggle = (id: string, on: boolean) => {
      const next = p.staff.filter((m) => (m.id === id ? on : (picked ?? []).includes(m.id))).map((m) => m.id);
      p.setExtra({ staffIds: next.length ? next : null });
    };
    // An item's error names the person it is about ("staffIds.1": the second one sent).
    const item = Object.keys(p.errors).find((k) => k.startsWith("staffIds."));
    const who = item && picked ? p.staff.find((m) => m.id === picked[Number(item.slice(9))])?.displayName : undefined;
    const staffError = who ? t("svc.staffError", { name: who, problem: p.errors[item as string] }) : listError(p.errors, "staffIds");
    return (
      <>
        <div class="form-grid">
          {BUFFERS.map((b) => (
            <TextField
              id={b.id}
              label={t(b.label)}
              type="number"
              min={0}
              max={240}
              step={5}
              value={String(p.extra[b.key] ?? s?.[b.key] ?? 0)}
              onValue={(v) => p.setExtra({ [b.key]: bufferValue(v) })}
              error={p.errors[b.key]}
              hint={t(b.hint)}
            />
          ))}
        </div>
        <fieldset class="service-staff" aria-describedby={`svc-staff-hint${staffError ? " svc-staff-error" : ""}`}>
          <legend>{t("svc.whoPerforms")}</legend>
          {p.staff.length ? (
            <div class="choice-row">
              {p.staff.map((m) => (
                <label>
                  <input
                    type="checkbox"
                    name="svc-staff"
                    checked={(picked ?? []).includes(m.id)}
                    onChange={(e: Event) => toggle(m.id, (e.target as HTMLInputElement).checked)}
                  />
                  {m.isBookable ? m.displayName : t("svc.notBookable", { name: m.displayName })}
                </label>
              ))}
            </div>
          ) : null}
          <p class="hint" id="svc-staff-hint">
            {picked !== null && picked.length === 0 ? t("svc.nobodyHint") : t("svc.everyoneHint")}
          </p>
          {staffError ? (
            <p class="field-error" id="svc-staff-error">
              {staffError}
            </p>
          ) : null}
        </fieldset>
      </>
    );
  },
};
