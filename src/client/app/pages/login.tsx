// /app/login: sign in with the owner login route; the session goes to localStorage, then on to
// the page that sent the member here (or the dashboard).
import type { OwnerLoginResult } from "../../shared/api-types";
import { byId, setText, show, sleep } from "../../shared/dom";
import { dataOf, errorCode, requestWithBackoff } from "../../shared/http";
import { IMPERSONATION_KEY } from "../../shared/impersonation";
import { currentAuth, saveSession, sessionFromLogin, takeFlash, takeNext } from "../shell/session";
import { problemOf } from "../ui/problems";

const form = byId("login-form", HTMLFormElement);
const email = byId("login-email", HTMLInputElement);
const password = byId("login-password", HTMLInputElement);
const error = byId("login-error");
const notice = byId("login-notice");

const flash = takeFlash();
if (flash) {
  setText(notice, flash);
  show(notice, true);
} else if (currentAuth()?.kind === "owner") {
  location.replace(takeNext());
}

function fail(message: string, field?: HTMLInputElement) {
  setText(error, message);
  show(error, true);
  field?.setAttribute("aria-invalid", "true");
  field?.focus();
}

/** The contract's backoff for a 429 (Retry-After, doubled, 5 min cap, 5 tries), counted down on the page. */
function post<T>(path: string, body: unknown) {
  return requestWithBackoff<T>("POST", path, { body }, async (wait) => {
    for (let left = wait; left > 0; left--) {
      setText(notice, `Too many sign-in attempts from here. Trying again by itself in ${left} s.`);
      show(notice, true);
      await sleep(1000);
    }
    show(notice, false);
  });
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  show(error, false);
  email.removeAttribute("aria-invalid");
  password.removeAttribute("aria-invalid");
  if (!email.value.trim()) return fail("Enter your e-mail address.", email);
  if (!password.value) return fail("Enter your password.", password);
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  button.disabled = true;
  const answer = await post<OwnerLoginResult>("/api/auth/login", { email: email.value.trim(), password: password.value });
  button.disabled = false;
  const result = dataOf(answer);
  if (result) {
    if (!result.memberships.length) {
      return fail("Your account is not a member of any business right now. Ask the business's owner to add you.");
    }
    // An owner signing in in this tab ends any operator impersonation kept here.
    sessionStorage.removeItem(IMPERSONATION_KEY);
    saveSession(sessionFromLogin(result));
    password.value = "";
    return location.assign(takeNext());
  }
  if (errorCode(answer) === "invalid_credentials") return fail("The e-mail or password is not right.", password);
  // What was typed stays in the form: only the message changes.
  fail(problemOf(answer).message);
});

const forgot = byId("forgot-form", HTMLFormElement);
forgot.addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = byId("forgot-email", HTMLInputElement);
  const result = byId("forgot-result");
  if (!input.value.trim()) {
    setText(result, "Enter the e-mail you sign in with.");
    return input.focus();
  }
  const answer = await post("/api/auth/forgot-password", { email: input.value.trim() });
  setText(
    result,
    answer.status === 200
      ? "If an account uses this address, a link to choose a new password is on its way. It works for one hour."
      : problemOf(answer).message,
  );
});
