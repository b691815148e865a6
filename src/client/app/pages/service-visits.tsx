// A service's visit fields (design.md §26): the processing window in which the staff member is
// free (a colour developing) and the resource types it needs one free resource of each.
import { useState } from "hono/jsx/dom";
import type { OwnerService } from "../../shared/api-types";
import { t } from "../shell/i18n";
import { MinutesField, TextField } from "../ui/kit";
import type { ServiceFormSection } from "./service-form-section";
import { listError } from "./service-scheduling";

const MAX_TYPES = 3;
const TYPE = /^[a-z0-9][a-z0-9 _-]*$/;

/** A typed minutes field as sent: null when empty (no processing time), a number, or the text (refused by `check`). */
const minutesValue = (v: string): number | string | null => (v.trim() === "" ? null : /^\d+$/.test(v.trim()) ? Number(v) : v);
/** "room, chair" as sent: lower-case labels, empties dropped. */
const typesValue = (v: string): string[] =>
  v
    .split(",")
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);

type Timing = Pick<OwnerService, "processingOffsetMinutes" | "processingMinutes" | "resourceTypes">;

/** "Free 30–60 min in · Needs a room" for the services list; "" when the service has neither. */
export function visitSummary(s: Timing): string {
  const parts: string[] = [];
  if (s.processingOffsetMinutes && s.processingMinutes)
    parts.push(t("svc.staffFree", { from: s.processingOffsetMinutes, to: s.processingOffsetMinutes + s.processingMinutes }));
  if (s.resourceTypes.length) parts.push(t("svc.needs", { types: s.resourceTypes.join(", ") }));
  return parts.join(" · ");
}

const pick = <K extends keyof Timing>(extra: Record<string, unknown>, s: OwnerService | null, key: K) =>
  (extra[key] !== undefined ? extra[key] : (s?.[key] ?? null)) as Timing[K] | string | null;

export const ServiceVisits: ServiceFormSection = {
  check(extra, form) {
    const fields: Record<string, string> = {};
    const offset = pick(extra, form.service, "processingOffsetMinutes");
    const length = pick(extra, form.service, "processingMinutes");
    for (const [key, v] of [
      ["processingOffsetMinutes", offset],
      ["processingMinutes", length],
    ] as const)
      if (v !== null && (typeof v !== "number" || v < 5 || v % 5)) fields[key] = t("svc.stepRule");
    if (!fields.processingOffsetMinutes && !fields.processingMinutes) {
      if ((offset === null) !== (length === null))
        fields[offset === null ? "processingOffsetMinutes" : "processingMinutes"] = t("svc.bothProcessing");
      else if (typeof offset === "number" && typeof length === "number" && offset + length >= form.durationMinutes)
        fields.processingMinutes = t("svc.backBefore", { minutes: form.durationMinutes });
    }
    const types = extra.resourceTypes as string[] | undefined;
    if (types) {
      if (types.length > MAX_TYPES) fields.resourceTypes = t("svc.maxTypes", { count: MAX_TYPES });
      else if (types.some((t) => !TYPE.test(t))) fields.resourceTypes = t("svc.typeRule");
      else if (new Set(types).size < types.length) fields.resourceTypes = t("svc.typeTwice");
    }
    return fields;
  },
  Fields(p) {
    const s = p.service;
    /** A processing minutes field's value (as typed, else as saved), its change into `extra`, its error. */
    const processing = (key: "processingOffsetMinutes" | "processingMinutes") => {
      const v = p.extra[key] !== undefined ? p.extra[key] : s?.[key];
      return {
        value: v === null || v === undefined ? "" : String(v),
        onValue: (typed: string) => p.setExtra({ [key]: minutesValue(typed) }),
        error: p.errors[key],
      };
    };
    // The text as typed ("room, " while typing the second); the body gets the parsed list.
    const [typesText, setTypesText] = useState((s?.resourceTypes ?? []).join(", "));
    return (
      <fieldset class="service-visits">
        <legend>{t("svc.processingLegend")}</legend>
        <p class="hint">{t("svc.processingHint")}</p>
        <div class="form-grid">
          <MinutesField id="svc-processing-offset" label={t("svc.freeFrom")} {...processing("processingOffsetMinutes")} />
          <MinutesField id="svc-processing-minutes" label={t("svc.freeFor")} {...processing("processingMinutes")} />
          <TextField
            id="svc-resource-types"
            label={t("svc.resourcesNeeded")}
            class="span-2"
            value={typesText}
            onValue={(v) => {
              setTypesText(v);
              p.setExtra({ resourceTypes: typesValue(v) });
            }}
            error={listError(p.errors, "resourceTypes")}
            hint={t("svc.resourcesHint", { count: MAX_TYPES })}
            placeholder={t("svc.resourcesPlaceholder")}
          />
        </div>
      </fieldset>
    );
  },
};
