import { clockTime } from "../../shared/format";
import { byId, queryAll } from "../shared/dom";
import type { Choice } from "./ask-chat";

/**
 * Fills in the normal booking form from a suggestion, the way the customer would: it checks the
 * service and staff radios, sets the date and sends the form's `change` event, so the booking
 * flow (flow.ts) loads the times itself; then it presses the suggested time's button. Nothing
 * here books or calls the API: the customer still confirms with the form. The form's DOM is the
 * contract: `input[name=serviceId|staffId]`, `#date`, `#slots` (one button per time, its text the
 * clock time), `#slot-status`, `#slot-error`.
 */

export type PrefillOutcome =
  /** The suggested time is selected: the details step is open. */
  | "picked"
  /** Service, staff and date are chosen and their times shown (the suggestion named no time). */
  | "shown"
  /** The suggested time is no longer offered; the form shows what is free now. */
  | "gone"
  /** The form does not offer that service (any more). */
  | "missing";

/** Bounds the wait for the booking flow's answer; the flow itself reports its errors. */
const SETTLE_LIMIT_MS = 30_000;

const radio = (form: HTMLFormElement, name: string, value: string) =>
  queryAll<HTMLInputElement>(`input[name=${name}]`, form).find((input) => input.value === value) ?? null;

export async function prefillBookingForm(form: HTMLFormElement, choice: Choice): Promise<PrefillOutcome> {
  const service = radio(form, "serviceId", choice.serviceId);
  if (!service) return "missing";
  const staff = radio(form, "staffId", choice.staffId) ?? radio(form, "staffId", "");
  const date = byId("date", HTMLInputElement);
  service.checked = true;
  if (staff) staff.checked = true;
  if (choice.date) date.value = choice.date;
  const times = await timesLoaded(date);
  if (!choice.startTime) return "shown";
  const wanted = clockTime(choice.startTime);
  const button = times.find((b) => b.textContent === wanted);
  if (date.value !== choice.startTime.slice(0, 10) || !button) return "gone";
  button.click();
  return "picked";
}

/** Sends the form's change event and waits until the flow has shown the times (or said why not). */
function timesLoaded(date: HTMLInputElement): Promise<HTMLButtonElement[]> {
  const slots = byId("slots");
  const status = byId("slot-status");
  const error = byId("slot-error");
  date.dispatchEvent(new Event("change", { bubbles: true }));
  // The flow writes its "loading" line synchronously in the change handler; any other state of
  // the three elements is its answer.
  const loading = status.textContent;
  const buttons = () => queryAll<HTMLButtonElement>("button", slots);
  const settled = () => buttons().length > 0 || !error.hidden || status.textContent !== loading;
  if (settled()) return Promise.resolve(buttons());
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(buttons());
    };
    const observer = new MutationObserver(() => {
      if (settled()) done();
    });
    const timer = setTimeout(done, SETTLE_LIMIT_MS);
    for (const node of [slots, status, error]) {
      observer.observe(node, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
    }
  });
}
