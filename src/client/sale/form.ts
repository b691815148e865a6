// What the pages that sell online (gift cards, packages; design.md §32) share around their form:
// one error line per field, the form's own error line, and the purchase's refusals in plain words
// (a field the server refused lands next to that field). Every value is written as text.
import { t } from "../booking/i18n";
import { byId, maybeById, setText, show } from "../shared/dom";
import { type ApiAnswer, errorCode, errorDetails } from "../shared/http";

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A text field's value, trimmed. */
export const inputValue = (id: string) => byId(id, HTMLInputElement).value.trim();

/**
 * Shows (or with null clears) the line `<id>-error`; the field `id` is marked invalid when it is
 * an input. A fieldset's error (a choice) has no input of that id to mark.
 */
export function fieldError(id: string, message: string | null): void {
  const line = byId(`${id}-error`);
  setText(line, message ?? "");
  show(line, message !== null);
  const input = maybeById(id);
  if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) {
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }
}

/** The form's own error line (`form-error`), focused so a screen reader hears it. */
export function formErrorLine(): (message: string | null) => void {
  const line = byId("form-error");
  line.tabIndex = -1;
  return (message) => {
    setText(line, message ?? "");
    show(line, message !== null);
    if (message) line.focus();
  };
}

/**
 * A refused purchase: field errors next to their fields (by the API's field paths), otherwise one
 * plain sentence on the form. `notSold`: what a 404 means on this page (the thing is no longer sold).
 */
export function showRefusal(
  answer: ApiAnswer<unknown>,
  fieldOfPath: Record<string, string>,
  notSold: string,
  showFormError: (message: string | null) => void,
): void {
  const code = errorCode(answer);
  if (code === "invalid_request") {
    for (const id of Object.values(fieldOfPath)) fieldError(id, null);
    const fields = errorDetails(answer)?.fieldErrors ?? {};
    const paths = Object.keys(fields).filter((p) => p in fieldOfPath);
    for (const path of paths) fieldError(fieldOfPath[path], fields[path]?.[0] ?? t("gift.required"));
    if (paths.length > 0) return;
  }
  showFormError(refusalText(answer, code, notSold));
}

function refusalText(answer: ApiAnswer<unknown>, code: string | null, notSold: string): string {
  if (answer.status === 0) return t("gift.offline");
  if (answer.status === 404) return notSold;
  if (answer.status === 429) return t("gift.busy");
  if (code === "captcha_failed") return t("client.captchaFailed");
  if (code === "payment_provider_error") return t("client.paymentStart");
  return t("gift.failed");
}

/** Back from a bank's check (3-D Secure) that left the page: Stripe returns with `redirect_status`. */
export function redirectOutcome(): "paid" | "failed" | null {
  const status = new URLSearchParams(location.search).get("redirect_status");
  if (status === "succeeded" || status === "processing") return "paid";
  return status ? "failed" : null;
}

/** The required text fields `ids` (an id ending in "email" must read as an e-mail): what is wrong with each. */
export function requiredProblems(ids: string[]): [string, string][] {
  const problems: [string, string][] = [];
  for (const id of ids) {
    if (!inputValue(id)) problems.push([id, t("gift.required")]);
    else if (id.endsWith("email") && !EMAIL.test(inputValue(id))) problems.push([id, t("gift.emailInvalid")]);
  }
  return problems;
}

/**
 * Each problem shown next to its field and the first one focused (`focusOf`: the element to focus for
 * an id that is a group of choices); true when there was any.
 */
export function showProblems(problems: [string, string][], focusOf: (id: string) => HTMLElement | undefined = (id) => byId(id)): boolean {
  for (const [id, text] of problems) fieldError(id, text);
  const first = problems[0]?.[0];
  if (first === undefined) return false;
  focusOf(first)?.focus();
  return true;
}
