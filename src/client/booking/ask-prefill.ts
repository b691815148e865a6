import { clockTime } from "../../shared/format";
import { byId, queryAll } from "../shared/dom";
import type { Choice } from "./ask-chat";
import type { BookingFlow } from "./flow";

/**
 * Fills in the normal booking form from a suggestion, the way the customer would: the flow
 * chooses the service and the staff member and picks the date through the month calendar (paging
 * to its month, as a click on the day does), which loads that date's times with the flow's own
 * request and rules; then the suggested time's button is pressed, so the flow selects it and opens
 * the details step. Nothing here books or calls the API: the customer still confirms with the form.
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

export async function prefillBookingForm(flow: BookingFlow, choice: Choice): Promise<PrefillOutcome> {
  const chosen = await flow.choose(choice.serviceId, choice.staffId, choice.date);
  if (!chosen) return "missing";
  if (!choice.startTime) return "shown";
  const wanted = clockTime(choice.startTime);
  const button = queryAll<HTMLButtonElement>("button", byId("slots")).find((b) => b.textContent === wanted);
  if (chosen.date !== choice.startTime.slice(0, 10) || !button) return "gone";
  button.click();
  return "picked";
}
