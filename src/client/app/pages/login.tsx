// /app/login: sign in with the owner login route; the session goes to localStorage, then on to
// the page that sent the member here (or the dashboard).
import type { OwnerLoginResult } from "../../shared/api-types";
import { byId, setText, show, sleep } from "../../shared/dom";
import { dataOf, errorCode, requestWithBackoff } from "../../shared/http";
import { IMPERSONATION_KEY } from "../../shared/impersonation";
import { loadWords, t } from "../shell/i18n";
import { currentAuth, saveSession, sessionFromLogin, takeFlash, takeNext } from "../shell/session";
import { problemOf } from "../ui/problems";

const form = byId("login-form", HTMLFormElement);
const email = byId("login-email", HTMLInputElement);
const password = byId("login-password", HTMLInputElement);
const error = byId("login-error");
const notice = byId("login-notice");

// design.md §30: the words of the language this browser last used for the member (else its own).
void loadWords();

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
      setText(notice, t("login.tooMany", { seconds: left }));
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
  if (!email.value.trim()) return fail(t("login.enterEmail"), email);
  if (!password.value) return fail(t("login.enterPassword"), password);
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  button.disabled = true;
  const answer = await post<OwnerLoginResult>("/api/auth/login", { email: email.value.trim(), password: password.value });
  button.disabled = false;
  const result = dataOf(answer);
  if (result) {
    if (!result.memberships.length) {
      return fail(t("login.noMembership"));
    }
    // An owner signing in in this tab ends any operator impersonation kept here.
    sessionStorage.removeItem(IMPERSONATION_KEY);
    saveSession(sessionFromLogin(result));
    password.value = "";
    return location.assign(takeNext());
  }
  if (errorCode(answer) === "invalid_credentials") return fail(t("login.wrong"), password);
  // What was typed stays in the form: only the message changes.
  fail(problemOf(answer).message);
});

const forgot = byId("forgot-form", HTMLFormElement);
forgot.addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = byId("forgot-email", HTMLInputElement);
  const result = byId("forgot-result");
  if (!input.value.trim()) {
    setText(result, t("login.forgotEnter"));
    return input.focus();
  }
  const answer = await post("/api/auth/forgot-password", { email: input.value.trim() });
  setText(result, answer.status === 200 ? t("login.forgotSent") : problemOf(answer).message);
});
