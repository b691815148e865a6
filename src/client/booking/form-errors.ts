import { RESTRICTED_MESSAGE } from "../../shared/reliability";
import { byId, maybeById, setText, show } from "../shared/dom";
import { type ApiAnswer, errorCode, errorDetails } from "../shared/http";
import { genericError } from "./api";
import { t } from "./i18n";
import { codeFieldProblem } from "./prepaid-codes";

/** API field paths -> form field ids (a Map: keys come from the server's answer). */
const FIELD_IDS = new Map([
  ["customer.firstName", "firstName"],
  ["customer.lastName", "lastName"],
  ["customer.email", "email"],
  ["customer.phone", "phone"],
  ["customer.notes", "notes"],
  ["customer.smsOptIn", "smsOptIn"],
  ["giftCardCode", "giftCardCode"],
  ["promoCode", "promoCode"],
  ["packageCode", "packageCode"],
]);

/** The messages of refusals that concern the whole form rather than one field. */
const FORM_MESSAGES: Record<string, () => string> = {
  payment_provider_error: () => t("client.paymentStart"),
  captcha_failed: () => t("client.captchaFailed"),
  rate_limited: () => t("client.tooManyHolds"),
  // design.md §28: the customer learns only that the business asks them to get in touch.
  booking_restricted: () => `${RESTRICTED_MESSAGE} Nothing was booked.`,
  guest_disabled: () => t("client.guestDisabled"),
};

export function clearFieldErrors() {
  for (const id of FIELD_IDS.values()) {
    // The consent to texts is on the form only when the business sends texts.
    maybeById(id)?.removeAttribute("aria-invalid");
    setText(maybeById(`${id}-error`), "");
    show(maybeById(`${id}-error`), false);
  }
  show(byId("form-error"), false);
}

export function markField(id: string, message: string) {
  byId(id).setAttribute("aria-invalid", "true");
  setText(byId(`${id}-error`), message);
  show(byId(`${id}-error`), true);
}

export function fieldError(id: string, message: string) {
  markField(id, message);
  byId(id).focus();
}

export function formError(message: string) {
  setText(byId("form-error"), message);
  show(byId("form-error"), true);
}

/**
 * Shows a refused create on the form (anything but `slot_taken`, which the flow answers with fresh
 * times): each field's problem beside its field, the rest above the button, focus on the first field.
 */
export function showCreateRefusal(form: HTMLFormElement, answer: ApiAnswer<unknown>) {
  const code = errorCode(answer);
  const problems = code === "invalid_request" ? errorDetails(answer) : null;
  if (problems) {
    const other = [...problems.formErrors];
    for (const [key, messages] of Object.entries(problems.fieldErrors)) {
      const id = FIELD_IDS.get(key);
      if (!id || !maybeById(id)) {
        other.push(messages.join(" "));
        continue;
      }
      markField(id, codeFieldProblem(key, messages));
    }
    if (other.length) formError(other.join(" "));
    form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
    return;
  }
  const message = code ? FORM_MESSAGES[code] : undefined;
  formError(message ? message() : genericError(answer));
}
