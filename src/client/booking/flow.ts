import { humanDate, clockTime } from "../../shared/format";
import { pageLocale, t } from "./i18n";
import type { CreatedBooking, CreatedVisit } from "../shared/api-types";
import { byId, queryAll, setText, show } from "../shared/dom";
import { dataOf, errorCode } from "../shared/http";
import { publicApi } from "./api";
import { clearFieldErrors, fieldError, formError, showCreateRefusal } from "./form-errors";
import { giftCardCodeOf, showGiftCardPaid } from "./gift-card";
import { prepaidCodesOf, showPackagePaid, showPromoApplied } from "./prepaid-codes";
import { dateTimes } from "./date-times";
import { botCheck } from "./captcha";
import { page, publicPath } from "./page";
import { serverClock, showConfirmed, startPayment } from "./payment";
import { startPriceQuote } from "./price-quote";
import { isVisitSlot, type TimeSlot } from "./slots";
import { performersOfAll, renderVisitItems, slotSummary, startVisitServices } from "./visit";
import { startWaitlist } from "./waitlist";

/**
 * The booking flow: service (and, for a visit, the services added after it), staff, date (month
 * calendar), time, details, then the confirmation with its code.
 */

type Customer = { firstName: string; email: string; lastName?: string; phone?: string; notes?: string; smsOptIn?: boolean };

/** What the Ask panel (issue #21) may do with the form: choose as the customer would, never book. */
export type BookingFlow = {
  /**
   * Chooses the service, the staff member (anyone when that one does not perform it) and the date
   * through the month calendar, and resolves with the date whose times are then shown; null when
   * the form does not offer the service. The customer presses a time and confirms as usual.
   */
  choose: (serviceId: string, staffId: string, date: string | null) => Promise<{ date: string | null } | null>;
};

export function startBookingFlow(form: HTMLFormElement): BookingFlow {
  const state: { slot: TimeSlot | null } = { slot: null };
  const slotsBox = byId("slots");
  const slotStatus = byId("slot-status");
  const slotError = byId("slot-error");
  const details = byId("step-details");
  // design.md §31: the business asks for a Turnstile check before a booking is made.
  const captcha = page.turnstileSiteKey
    ? botCheck(page.turnstileSiteKey, page.turnstileJs, byId("captcha"), () => formError(t("client.captchaLoad")))
    : null;
  // issue #43: the chosen time's price with the codes, before "Confirm booking".
  const price = startPriceQuote(form, () => state.slot);

  const checked = (name: string) => form.querySelector<HTMLInputElement>(`input[name=${name}]:checked`);
  const value = (id: string) => (id === "notes" ? byId(id, HTMLTextAreaElement) : byId(id, HTMLInputElement)).value.trim();

  function showSlotError(message: string) {
    setText(slotError, message);
    show(slotError, true);
  }

  // design.md §26: the services added to the visit after the chosen one.
  const visit = startVisitServices(form, () => {
    offerPerformers();
    show(slotError, false);
    void loadSlots();
  });

  // design.md §28: a date without a time for the chosen service offers the waitlist (a single service's only).
  const waitlist = startWaitlist(() => {
    const service = checked("serviceId");
    const staff = checked("staffId");
    if (!service || visit.ids().length > 1) return null;
    const staffName = staff?.value ? (staff.closest("label")?.textContent?.trim() ?? "") : "";
    return { serviceId: service.value, serviceName: service.dataset.name ?? "", staffId: staff?.value ?? "", staffName };
  });
  const times = dateTimes({
    prefix: "cal",
    status: slotStatus,
    slots: slotsBox,
    context: () => {
      const serviceIds = visit.ids();
      return serviceIds.length ? { serviceIds, staffId: checked("staffId")?.value ?? "" } : null;
    },
    onSlot: pickSlot,
    onClear: () => {
      state.slot = null;
      show(details, false);
    },
    idleMessage: t("slot.chooseService"),
    onError: showSlotError,
    onDay: (date, hasTimes) => waitlist.offerFor(date || null, hasTimes),
  });
  const loadSlots = (lead?: string) => times.refresh(lead);

  /**
   * Only the staff who perform the chosen service (every service of a visit) are offered: the page
   * knows, the public API does not say.
   */
  function offerPerformers() {
    const allowed = performersOfAll(form, visit.ids());
    for (const input of queryAll<HTMLInputElement>("input[name=staffId]", form)) {
      const ok = input.value === "" || allowed === null || allowed.has(input.value);
      show(input.closest("label"), ok);
      if (!ok && input.checked) {
        input.checked = false;
        const anyone = form.querySelector<HTMLInputElement>('input[name=staffId][value=""]');
        if (anyone) anyone.checked = true;
      }
    }
  }

  function pickSlot(slot: TimeSlot) {
    const service = checked("serviceId");
    if (!service) return;
    state.slot = slot;
    show(slotError, false);
    setText(byId("summary"), slotSummary(form, slot, service.dataset.name ?? ""));
    renderVisitItems(form, byId("summary-items"), slot);
    const first = details.hidden ? byId("firstName", HTMLInputElement) : null;
    show(details, true);
    details.scrollIntoView({ block: "nearest" });
    if (first && !first.value) first.focus();
    void price.refresh();
  }

  async function submitBooking(event: SubmitEvent) {
    event.preventDefault();
    clearFieldErrors();
    const slot = state.slot;
    if (!slot) return showSlotError(t("client.chooseTimeFirst"));
    if (!form.reportValidity()) return;
    // A code the quote refused is said beside its field; the create would refuse it the same way.
    if (!(await price.ready())) return;
    const service = checked("serviceId");
    if (!service) return;
    const customer: Customer = { firstName: value("firstName"), email: value("email") };
    for (const key of ["lastName", "phone", "notes"] as const) {
      const v = value(key);
      if (v) customer[key] = v;
    }
    // design.md §27: texts only with the box ticked (it is there only when the business texts).
    if (form.querySelector<HTMLInputElement>("#smsOptIn")?.checked) {
      if (!customer.phone) return fieldError("phone", t("client.phoneForTexts"));
      customer.smsOptIn = true;
    }
    const captchaToken = captcha?.token() ?? null;
    if (captcha && !captchaToken) return formError(t("client.captchaFirst"));
    const button = byId("confirm-button", HTMLButtonElement);
    button.disabled = true;
    setText(button, t("client.booking"));
    // design.md §26: a visit is created with its items, each with the staff member its time was offered with.
    const what = isVisitSlot(slot)
      ? { items: slot.items.map((i) => ({ serviceId: i.serviceId, staffProfileId: i.staffProfileId })) }
      : { serviceId: service.value, staffProfileId: slot.staffProfileId };
    const answer = await publicApi<CreatedBooking | CreatedVisit>("POST", publicPath("/bookings"), {
      ...what,
      startDatetime: slot.startTime,
      customer,
      source: page.source,
      // design.md §30: the booking speaks the page's language in every later e-mail and text.
      locale: pageLocale(),
      ...(captchaToken ? { captchaToken } : {}),
      ...giftCardCodeOf(form),
      ...prepaidCodesOf(form),
    });
    // A Turnstile token is good for one check: a new one for the next try.
    captcha?.reset();
    button.disabled = false;
    setText(button, t("confirm.button"));
    const created = dataOf(answer, 201);
    if (created && "payment" in created && created.payment && created.status === "pending") {
      // design.md §21: the slot is held while the customer pays.
      show(form, false);
      startPayment({
        code: created.confirmationCode,
        payment: created.payment,
        summary: slotSummary(form, slot, service.dataset.name ?? ""),
        serverNow: serverClock(answer.headers),
        onConfirmed: showConfirmed,
        onRestart: () => {
          show(form, true);
          void loadSlots();
        },
      });
      showPromoApplied(form);
      return;
    }
    if (created) {
      confirmed(created, service, slot);
      price.showBooked(created.status === "confirmed");
      // design.md §32: a gift card that covered everything confirms at once; say what it paid.
      void showGiftCardPaid(created.confirmationCode, Boolean(giftCardCodeOf(form).giftCardCode) && created.status === "confirmed");
      showPackagePaid(form, created.status === "confirmed");
      return;
    }
    const code = errorCode(answer);
    if (code === "slot_taken") {
      // Someone else got there first: say so, and show what is still free.
      await loadSlots(t("client.slotTaken"));
      showSlotError(t("client.slotTakenAt", { time: clockTime(slot.startTime), date: humanDate(slot.startTime, pageLocale()) }));
      byId("step-slot").scrollIntoView({ block: "nearest" });
      return;
    }
    showCreateRefusal(form, answer);
  }

  function confirmed(data: CreatedBooking, service: HTMLInputElement, slot: TimeSlot) {
    show(form, false);
    setText(byId("confirmation-code"), data.confirmationCode);
    setText(byId("confirmation-summary"), `${slotSummary(form, slot, service.dataset.name ?? "")}.`);
    renderVisitItems(form, byId("confirmation-items"), slot);
    const box = byId("confirmation");
    show(box, true);
    box.focus();
  }

  form.addEventListener("change", (event) => {
    const name = event.target instanceof HTMLInputElement ? event.target.name : "";
    if (name === "serviceId") {
      visit.refresh();
      offerPerformers();
    }
    if (name === "serviceId" || name === "staffId") {
      show(slotError, false);
      void loadSlots();
    }
  });
  form.addEventListener("submit", (event) => void submitBooking(event));
  byId("book-another").addEventListener("click", () => {
    show(byId("confirmation"), false);
    show(form, true);
    byId("notes", HTMLTextAreaElement).value = "";
    void loadSlots();
    (checked("serviceId") ?? queryAll<HTMLInputElement>("input[name=serviceId]", form)[0])?.focus();
  });
  offerPerformers();
  if (checked("serviceId")) void loadSlots();

  const radio = (name: string, value: string) => queryAll<HTMLInputElement>(`input[name=${name}]`, form).find((i) => i.value === value);
  return {
    choose: async (serviceId, staffId, date) => {
      const service = radio("serviceId", serviceId);
      if (!service) return null;
      service.checked = true;
      visit.clear();
      offerPerformers();
      const staff = radio("staffId", staffId);
      const anyone = radio("staffId", "");
      if (staff && !staff.closest("label")?.hidden) staff.checked = true;
      else if (anyone) anyone.checked = true;
      show(slotError, false);
      return { date: await times.pick(date) };
    },
  };
}
