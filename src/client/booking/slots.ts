import { clockTime } from "../../shared/format";
import { pageLocale, t } from "./i18n";
import type { Availability, AvailabilityDays, Slot, VisitAvailability, VisitSlot } from "../shared/api-types";
import { queryAll, setText } from "../shared/dom";
import { type ApiAnswer, dataOf } from "../shared/http";
import { publicApi } from "./api";
import { enc, page, publicPath } from "./page";

/** A start time offered: one service's (with its staff member) or a visit's (design.md §26, with its items). */
export type TimeSlot = Slot | VisitSlot;

/** What times are asked for: the services in order (one, or 2-5 for a visit) and the staff member ("" = anyone). */
export type TimesQuery = { serviceIds: string[]; staffId: string };

export type SlotsResult = { slots: TimeSlot[]; error?: undefined } | { slots?: undefined; error: ApiAnswer<unknown> };

export const isVisitSlot = (slot: TimeSlot): slot is VisitSlot => "items" in slot;

/** The visit endpoints' query: the services in order and, for a chosen staff member, that one for every item. */
function visitQuery(q: TimesQuery): string {
  const staff = q.staffId ? `&staffIds=${q.serviceIds.map(() => enc(q.staffId)).join(",")}` : "";
  return `?serviceIds=${q.serviceIds.map(enc).join(",")}${staff}`;
}

/** The days range (the month calendar's marks) of a service, or of a visit. */
export async function fetchDays(
  q: TimesQuery,
  from: string,
  to: string,
): Promise<{ days: AvailabilityDays["days"] } | { error: ApiAnswer<unknown> }> {
  const path =
    q.serviceIds.length > 1
      ? `/availability/visit-days${visitQuery(q)}&from=${from}&to=${to}`
      : `/availability/days?serviceId=${enc(q.serviceIds[0] ?? "")}&from=${from}&to=${to}${q.staffId ? `&staffId=${enc(q.staffId)}` : ""}`;
  const answer = await publicApi<AvailabilityDays>("GET", publicPath(path));
  const data = dataOf(answer);
  return data ? { days: data.days } : { error: answer };
}

/**
 * The free start times of one date: ONE availability request. "Any available" lists every free
 * staff member per start in the API's tie-break order; the first one is offered. A visit's
 * starts come with the staff member of each item already chosen by the API.
 */
export async function fetchSlots(q: TimesQuery, date: string): Promise<SlotsResult> {
  const tz = `&timezone=${enc(page.timezone)}`;
  const answer =
    q.serviceIds.length > 1
      ? await publicApi<VisitAvailability>("GET", publicPath(`/availability/visit${visitQuery(q)}&date=${enc(date)}${tz}`))
      : await publicApi<Availability>(
          "GET",
          publicPath(
            `/availability?serviceId=${enc(q.serviceIds[0] ?? "")}&date=${enc(date)}${tz}${q.staffId ? `&staffId=${enc(q.staffId)}` : ""}`,
          ),
        );
  const data = dataOf<Availability | VisitAvailability>(answer);
  if (!data) return { error: answer };
  const seen = new Set<string>();
  const slots = (data.slots as TimeSlot[]).filter((s) => !seen.has(s.startTime) && seen.add(s.startTime));
  return { slots };
}

/** Who a start is with: "Kim", or "Kim and Lee" when a visit's items are shared out. */
export function staffOf(slot: TimeSlot): string {
  if (!isVisitSlot(slot)) return slot.staffName;
  const names = [...new Set(slot.items.map((i) => i.staffName))];
  // design.md §30: "Kim and Lee", "Kim y Lee", "Kim und Lee" through Intl.
  return new Intl.ListFormat(pageLocale(), { type: "conjunction" }).format(names);
}

/** One button per start time; pressing one marks it (aria-pressed) and hands the slot on. */
export function renderSlots(container: HTMLElement, slots: TimeSlot[], onPick: (slot: TimeSlot) => void): void {
  setText(container, "");
  for (const slot of slots) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "slot";
    button.setAttribute("aria-pressed", "false");
    button.textContent = clockTime(slot.startTime);
    button.setAttribute("aria-label", t("slot.label", { time: clockTime(slot.startTime), staff: staffOf(slot) }));
    button.addEventListener("click", () => {
      for (const other of queryAll("button", container)) other.setAttribute("aria-pressed", "false");
      button.setAttribute("aria-pressed", "true");
      onPick(slot);
    });
    container.appendChild(button);
  }
}
