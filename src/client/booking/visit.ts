import { clockTime, formatMoney, humanDate } from "../../shared/format";
import { pageLocale, t } from "./i18n";
import type { BookingLookup } from "../shared/api-types";
import { byId, el, queryAll, setText, show } from "../shared/dom";
import { page } from "./page";
import { isVisitSlot, staffOf, type TimeSlot } from "./slots";

/**
 * "Add another service" (design.md §26): the services of one visit, in order. The first is the
 * service chosen above (its radio); up to four more are added here, each removable. The list is
 * drawn from `added` alone, so what is shown is always what is asked for.
 */

const MAX_SERVICES = 5;

export type VisitServices = {
  /** The services asked for, in order: the chosen one, then the added ones; [] while none is chosen. */
  ids: () => string[];
  /** The first service was chosen or changed: the adder appears under it. */
  refresh: () => void;
  /** Back to a single service (the Ask panel chooses one). */
  clear: () => void;
};

/** The service's radio on the page (its data-* attributes carry its name, performers and price). */
export const serviceInput = (form: HTMLFormElement, id: string) =>
  queryAll<HTMLInputElement>("input[name=serviceId]", form).find((i) => i.value === id);

export function startVisitServices(form: HTMLFormElement, onChange: () => void): VisitServices {
  const added: string[] = [];
  const box = byId("visit");
  const list = byId("visit-list", HTMLOListElement);
  const adder = byId("visit-add");
  const select = byId("visit-service", HTMLSelectElement);
  const note = byId("visit-note");
  const first = () => form.querySelector<HTMLInputElement>("input[name=serviceId]:checked");
  const nameOf = (id: string) => serviceInput(form, id)?.dataset.name ?? "";

  function render() {
    show(box, first() !== null);
    list.replaceChildren(
      ...added.map((id, index) => {
        const remove = el("button", {
          type: "button",
          class: "visit-remove",
          text: t("common.remove"),
          "aria-label": t("visit.removeLabel", { service: nameOf(id), n: index + 2 }),
        });
        remove.addEventListener("click", () => removeAt(index));
        return el("li", { class: "visit-item" }, [el("span", { class: "visit-name", text: nameOf(id) }), remove]);
      }),
    );
    show(list, added.length > 0);
    show(adder, added.length < MAX_SERVICES - 1);
  }

  function removeAt(index: number) {
    const [gone] = added.splice(index, 1);
    render();
    setText(note, t("visit.removed", { service: nameOf(gone ?? "") }));
    // Focus stays in the list: on the next remove button, else on the chooser.
    const buttons = queryAll<HTMLButtonElement>("button.visit-remove", list);
    (buttons[Math.min(index, buttons.length - 1)] ?? select).focus();
    onChange();
  }

  byId("visit-add-button", HTMLButtonElement).addEventListener("click", () => {
    if (!select.value) {
      setText(note, t("visit.chooseFirst"));
      return select.focus();
    }
    added.push(select.value);
    select.value = "";
    render();
    const full = added.length >= MAX_SERVICES - 1;
    setText(
      note,
      t("visit.addedNote", {
        service: nameOf(added[added.length - 1] ?? ""),
        n: added.length + 1,
        full: full ? "yes" : "no",
        max: MAX_SERVICES,
      }),
    );
    if (full) queryAll<HTMLButtonElement>("button.visit-remove", list).at(-1)?.focus();
    onChange();
  });
  render();

  return {
    ids: () => {
      const chosen = first();
      return chosen ? [chosen.value, ...added] : [];
    },
    refresh: render,
    clear: () => {
      added.length = 0;
      setText(note, "");
      render();
    },
  };
}

/** Staff who perform every service of the visit (a service's `data-staff-ids`; absent = everybody); null = no limit. */
export function performersOfAll(form: HTMLFormElement, ids: string[]): Set<string> | null {
  let allowed: Set<string> | null = null;
  for (const id of ids) {
    const list = serviceInput(form, id)?.dataset.staffIds;
    if (list === undefined) continue;
    const mine = new Set(list.split(" ").filter(Boolean));
    const before: Set<string> | null = allowed;
    allowed = before === null ? mine : new Set([...before].filter((s: string) => mine.has(s)));
  }
  return allowed;
}

/** One line for a chosen time: "Cut with Kim, Wed, Jun 4, 2031, 10:00–10:30 (…)", or the visit's services joined. */
export function slotSummary(form: HTMLFormElement, slot: TimeSlot, firstName: string): string {
  const what = isVisitSlot(slot) ? slot.items.map((i) => serviceInput(form, i.serviceId)?.dataset.name ?? "").join(" + ") : firstName;
  return t("summary.slot", { service: what, staff: staffOf(slot), when: whenText(slot.startTime, slot.endTime, page.timezone) });
}

/** "Wed, Jun 4, 2031, 10:00–11:00 (America/New_York time)" in the page's language. */
export function whenText(start: string, end: string, timezone: string): string {
  return t("summary.when", { date: humanDate(start, pageLocale()), start: clockTime(start), end: clockTime(end), timezone });
}

/** Lines in `box` as an ordered list (its `data-label` names it), with a closing line when given; hidden without lines. */
export function showItems(box: HTMLElement, lines: string[], closing?: string): void {
  const list = el(
    "ol",
    { class: "visit-items", "aria-label": box.dataset.label ?? "" },
    lines.map((text) => el("li", { text })),
  );
  box.replaceChildren(list);
  if (closing) box.append(el("p", { class: "visit-total", text: closing }));
  show(box, lines.length > 0);
}

const itemLine = (service: string, staff: string, start: string, end: string) =>
  t("visit.itemLine", { service, staff, start: clockTime(start), end: clockTime(end) });

/**
 * A visit's items in `box` (service, staff member and time of each, then the total of the
 * services' prices, which is what the API sums); hidden for a single service.
 */
export function renderVisitItems(form: HTMLFormElement, box: HTMLElement, slot: TimeSlot | null): void {
  const items = slot && isVisitSlot(slot) ? slot.items : [];
  let total = 0;
  const lines = items.map((i) => {
    const service = serviceInput(form, i.serviceId);
    total += Number(service?.dataset.price ?? 0);
    return itemLine(service?.dataset.name ?? "", i.staffName, i.startTime, i.endTime);
  });
  showItems(box, lines, t("visit.total", { amount: formatMoney(total, page.currency, pageLocale()) }));
}

/** A looked-up visit's items (the manage page, a visit confirmed by its payment); none for a single booking. */
export const lookupLines = (b: BookingLookup): string[] =>
  (b.items ?? []).map((i) => itemLine(i.service_name, i.staff_name, i.start_datetime, i.end_datetime));
