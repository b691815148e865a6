// Pieces the Gift cards, Packages and Promo codes pages and the customer's credits share (design.md
// §32): the page's dialogs and its action row, the services picker, the state of what a customer
// holds, an expiry in the business's calendar.
import { useState } from "hono/jsx/dom";
import { localParts, dayLabel } from "../lib/zoned";
import { intlLocale, t } from "../shell/i18n";
import { type Column, type RowAction, RowActions } from "../ui/data-table";
import { Button, GateNote } from "../ui/kit";
import type { Gate } from "../ui/permissions";

export type ServiceName = { id: string; name: string; isActive: boolean };
export type HeldState = "active" | "empty" | "expired" | "void" | "pending";

export const heldState = (s: HeldState) => t(`pp.state.${s}`);

/** An expiry instant as the business's calendar day, in the member's language; "Never" without one. */
export const expiryLabel = (iso: string | null, timeZone: string) =>
  iso ? dayLabel(localParts(iso, timeZone).date, "long") : t("pp.never");

/** The services named, by name (a service removed since reads as such). */
export function serviceNames(ids: string[], services: ServiceName[]): string {
  const names = ids.map((id) => services.find((s) => s.id === id)?.name ?? t("pp.unknownService"));
  return new Intl.ListFormat(intlLocale(), { type: "conjunction" }).format(names);
}

/** A checkbox per service (inactive ones said so); its error under the group, named by the API's field path. */
export function ServicePicker(p: {
  id: string;
  legend: string;
  services: ServiceName[];
  chosen: string[];
  onChosen: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const toggle = (id: string, on: boolean) => p.onChosen(on ? [...p.chosen.filter((x) => x !== id), id] : p.chosen.filter((x) => x !== id));
  return (
    <fieldset class="choices" id={p.id} aria-describedby={p.error ? `${p.id}-error` : undefined} disabled={p.disabled}>
      <legend>{p.legend}</legend>
      {p.services.length === 0 ? <p class="muted">{t("pp.noServices")}</p> : null}
      {p.services.map((s) => (
        <div class="field check-field">
          <input
            id={`${p.id}-${s.id}`}
            type="checkbox"
            checked={p.chosen.includes(s.id)}
            aria-invalid={p.error ? "true" : undefined}
            onChange={(e: Event) => toggle(s.id, (e.target as HTMLInputElement).checked)}
          />
          <label for={`${p.id}-${s.id}`}>{s.isActive ? s.name : t("pp.inactive", { name: s.name })}</label>
        </div>
      ))}
      {p.error ? (
        <p id={`${p.id}-error`} class="field-error">
          {p.error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Which dialog of a page is open and the last outcome: `finish` closes it, says what was done
 * (nothing with "") and reloads the page's view. Called before the page's first render returns.
 */
export function useDialogs<Open>(reload: () => void) {
  const [open, setOpen] = useState<Open | null>(null);
  const [done, setDone] = useState("");
  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
    reload();
  };
  return { open, setOpen, close: () => setOpen(null), done, finish };
}

/** The page's one primary action (create, issue) and, when the viewer may not take it, why. */
export function PageActions(p: { gate: Gate; label: string; onClick: () => void }) {
  return (
    <>
      <div class="actions-row">
        <Button kind="primary" gate={p.gate} onClick={p.onClick}>
          {p.label}
        </Button>
      </div>
      <GateNote gates={[p.gate]} />
    </>
  );
}

/** A prepaid table's last column: each row's buttons, under a header only assistive technology reads. */
export function actionsColumn<T>(gate: Gate, actions: (row: T) => RowAction[]): Column<T> {
  return { label: t("pp.actions"), hiddenLabel: true, cell: (row) => <RowActions gate={gate} actions={actions(row)} /> };
}
