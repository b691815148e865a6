import { clockTime } from "../../shared/format";
import type { Availability, Slot } from "../shared/api-types";
import { queryAll, setText } from "../shared/dom";
import { type ApiAnswer, dataOf } from "../shared/http";
import { publicApi } from "./api";
import { enc, page, publicPath } from "./page";

export type SlotsResult = { slots: Slot[]; error?: undefined } | { slots?: undefined; error: ApiAnswer<unknown> };

/**
 * The free start times of one date: ONE availability request. "Any available" lists every free
 * staff member per start in the API's tie-break order; the first one is offered.
 */
export async function fetchSlots(serviceId: string, staffId: string, date: string): Promise<SlotsResult> {
  const query = `?serviceId=${enc(serviceId)}&date=${enc(date)}&timezone=${enc(page.timezone)}${staffId ? `&staffId=${enc(staffId)}` : ""}`;
  const answer = await publicApi<Availability>("GET", publicPath(`/availability${query}`));
  const data = dataOf(answer);
  if (!data) return { error: answer };
  const seen = new Set<string>();
  const slots = data.slots.filter((s) => !seen.has(s.startTime) && seen.add(s.startTime));
  return { slots };
}

/** One button per start time; pressing one marks it (aria-pressed) and hands the slot on. */
export function renderSlots(container: HTMLElement, slots: Slot[], onPick: (slot: Slot) => void): void {
  setText(container, "");
  for (const slot of slots) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "slot";
    button.setAttribute("aria-pressed", "false");
    button.textContent = clockTime(slot.startTime);
    button.setAttribute("aria-label", `${clockTime(slot.startTime)} with ${slot.staffName}`);
    button.addEventListener("click", () => {
      for (const other of queryAll("button", container)) other.setAttribute("aria-pressed", "false");
      button.setAttribute("aria-pressed", "true");
      onPick(slot);
    });
    container.appendChild(button);
  }
}
