import { clockTime, humanDate } from "../../shared/format";
import { pageLocale, t } from "./i18n";
import type { BookingLookup, CancelResult } from "../shared/api-types";
import { byId, el, queryAll, setText, show } from "../shared/dom";
import { dataOf, errorCode } from "../shared/http";
import { genericError, publicApi } from "./api";
import { dateTimes } from "./date-times";
import { enc, page } from "./page";
import { resumePayment, returnedFromPayment, showConfirmed } from "./payment";
import { isVisitSlot, type TimeSlot } from "./slots";
import { lookupLines, whenText } from "./visit";

/**
 * Manage a booking by its code: view it, move it to another time, cancel it with a reason. A visit
 * (design.md §26) shows its items; it is moved and cancelled as a whole, as the API does.
 */

const bookingPath = (code: string, rest = "") => `/api/public/booking/${enc(code)}${rest}`;

export function startManageBooking(bookingForm: HTMLFormElement | null): void {
  const state: { booking: BookingLookup | null; slot: TimeSlot | null; serviceIds: string[] | null } = {
    booking: null,
    slot: null,
    serviceIds: null,
  };
  const rescheduleButton = byId("reschedule-button", HTMLButtonElement);
  const rescheduleStaff = byId("reschedule-staff", HTMLSelectElement);
  const rescheduleStatus = byId("reschedule-status");
  const rescheduleSlots = byId("reschedule-slots");
  // The same month calendar as booking (design.md §16), for the booking's service.
  const times = dateTimes({
    prefix: "rcal",
    status: rescheduleStatus,
    slots: rescheduleSlots,
    context: () => (state.serviceIds ? { serviceIds: state.serviceIds, staffId: rescheduleStaff.value } : null),
    onSlot: (slot) => {
      state.slot = slot;
      rescheduleButton.disabled = false;
    },
    onClear: () => {
      state.slot = null;
      rescheduleButton.disabled = true;
    },
    idleMessage: "",
  });

  function row(list: HTMLElement, label: string, value: string | Node) {
    const dt = document.createElement("dt");
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.append(value);
    list.append(dt, dd);
  }

  function manageError(message: string) {
    setText(byId("manage-error"), message);
    show(byId("manage-error"), message !== "");
  }

  function renderBooking(b: BookingLookup, message = "") {
    state.booking = b;
    state.slot = null;
    const list = byId("manage-details");
    setText(list, "");
    row(list, t("manage.rowCode"), b.confirmation_code);
    row(list, t("manage.rowBusiness"), b.business_name);
    if (b.items?.length) {
      const items = lookupLines(b).map((text) => el("li", { text }));
      row(list, t("manage.rowServices"), el("ol", { id: "manage-items", class: "visit-items" }, items));
    } else {
      row(list, t("manage.rowService"), b.service_name ?? "");
      row(list, t("manage.rowWith"), b.staff_name ?? "");
    }
    row(list, t("manage.rowWhen"), whenText(b.start_datetime, b.end_datetime, b.timezone || page.timezone));
    row(list, t("manage.rowStatus"), t("manage.status", { status: b.status }));
    // design.md §21: a booking still held for payment can be paid from here while the hold lasts.
    const held = b.status === "pending" && "payment" in b && b.payment?.expires_at && Date.parse(b.payment.expires_at) > Date.now();
    show(byId("manage-pay"), Boolean(held) && b.business_slug === page.slug);
    setText(byId("manage-message"), message);
    show(byId("manage-result"), true);
    const active = b.status === "confirmed" || b.status === "pending";
    show(byId("manage-actions"), active);
    if (!active) return;
    const note = byId("reschedule-note");
    setText(note, "");
    state.serviceIds = null;
    if (b.business_slug !== page.slug) {
      const link = document.createElement("a");
      link.href = `/book?slug=${enc(b.business_slug)}`;
      link.textContent = "their booking page";
      note.append(`This booking is with ${b.business_name}. To move it, open `, link, ".");
    } else {
      // The lookup names the service (a visit's items name theirs by id); this page lists the bookable ones.
      const offered = bookingForm ? queryAll<HTMLInputElement>("input[name=serviceId]", bookingForm) : [];
      const ids = b.items?.length
        ? b.items.map((i) => offered.find((input) => input.value === i.service_id)?.value)
        : [offered.find((input) => input.dataset.name === b.service_name)?.value];
      if (ids.every((id) => id !== undefined)) state.serviceIds = ids as string[];
      else note.textContent = t("manage.cannotMoveVisit", { visit: b.items?.length ? "yes" : "no" });
    }
    show(note, !state.serviceIds);
    show(byId("reschedule-controls"), !!state.serviceIds);
    rescheduleButton.disabled = true;
    setText(rescheduleSlots, "");
    setText(rescheduleStatus, "");
    if (state.serviceIds) {
      // A visit shared out between several staff members starts from "Any available".
      rescheduleStaff.value = "";
      for (const option of Array.from(rescheduleStaff.options))
        if (option.textContent === b.staff_name) rescheduleStaff.value = option.value;
      void loadRescheduleSlots();
    }
  }

  const loadRescheduleSlots = (lead?: string) => times.refresh(lead);

  async function lookUp(): Promise<void> {
    manageError("");
    const code = byId("lookup-code", HTMLInputElement).value.trim().toUpperCase();
    if (!code) return manageError(t("manage.enterCode"));
    const answer = await publicApi<BookingLookup>("GET", bookingPath(code));
    const found = dataOf(answer);
    if (found) return renderBooking(found);
    show(byId("manage-result"), false);
    manageError(answer.status === 404 ? t("manage.notFound") : genericError(answer));
  }

  byId("lookup-form", HTMLFormElement).addEventListener("submit", (event) => {
    event.preventDefault();
    void lookUp();
  });
  byId("manage-pay", HTMLButtonElement).addEventListener("click", async () => {
    const b = state.booking;
    if (!b) return;
    manageError("");
    if (bookingForm) bookingForm.hidden = true;
    const summary = `${b.service_name} with ${b.staff_name}, ${humanDate(b.start_datetime)}, ${clockTime(b.start_datetime)}`;
    const answer = await resumePayment(b.confirmation_code, summary, showConfirmed, () => {
      if (bookingForm) bookingForm.hidden = false;
    });
    if (answer.status === 200) return;
    if (bookingForm) bookingForm.hidden = false;
    manageError(errorCode(answer) === "payment_expired" ? t("manage.payExpired") : genericError(answer));
  });
  // Opened from an e-mail's manage link: show that booking straight away. The same `code` after a
  // bank's check during payment is the payment step's return (./payment.ts resumeAfterRedirect).
  if (page.code && !returnedFromPayment()) {
    byId("manage").scrollIntoView();
    void lookUp();
  }
  rescheduleStaff.addEventListener("change", () => void loadRescheduleSlots());

  byId("reschedule-form", HTMLFormElement).addEventListener("submit", async (event) => {
    event.preventDefault();
    manageError("");
    const b = state.booking;
    const slot = state.slot;
    if (!b || !slot) return;
    rescheduleButton.disabled = true;
    // A visit moves as a whole, each item to the staff member its new time was offered with.
    const staff = isVisitSlot(slot)
      ? { items: slot.items.map((i) => ({ staffProfileId: i.staffProfileId })) }
      : { staffProfileId: slot.staffProfileId };
    const answer = await publicApi<BookingLookup>("POST", bookingPath(b.confirmation_code, "/reschedule"), {
      newStartDatetime: slot.startTime,
      ...staff,
    });
    const moved = dataOf(answer);
    if (moved) {
      return renderBooking(
        moved,
        t("manage.moved", { date: humanDate(moved.start_datetime, pageLocale()), time: clockTime(moved.start_datetime) }),
      );
    }
    const code = errorCode(answer);
    if (code === "slot_taken") return loadRescheduleSlots(t("client.slotTaken"));
    if (code === "not_reschedulable") return manageError(t("manage.notReschedulable"));
    rescheduleButton.disabled = false;
    manageError(answer.status === 404 ? t("manage.cannotMoveNow") : genericError(answer));
  });

  byId("cancel-form", HTMLFormElement).addEventListener("submit", async (event) => {
    event.preventDefault();
    manageError("");
    const b = state.booking;
    if (!b) return;
    if (!window.confirm(t("manage.confirmCancel"))) return;
    const reason = byId("cancel-reason", HTMLTextAreaElement).value.trim();
    const answer = await publicApi<CancelResult>("POST", bookingPath(b.confirmation_code, "/cancel"), reason ? { reason } : {});
    const result = dataOf(answer);
    if (result) {
      const already = "alreadyCancelled" in result && result.alreadyCancelled;
      return renderBooking({ ...b, status: "cancelled" }, already ? t("manage.alreadyCancelled") : t("manage.cancelled"));
    }
    if (errorCode(answer) === "not_cancellable") return manageError(t("manage.notCancellable"));
    manageError(genericError(answer));
  });
}
