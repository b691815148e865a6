import type { AdminLoginResult } from "../shared/api-types";
import { byId, setText, show } from "../shared/dom";
import { dataOf, errorCode, requestJson } from "../shared/http";
import { received } from "../shared/token";
import { FLASH_KEY, SESSION_KEY, type Session, session, store } from "./session";
import { failureText } from "./ui";

/** /admin: sign in; the token goes to sessionStorage, then on to the tenants list. */
export function loginPage(): void {
  const flash = sessionStorage.getItem(FLASH_KEY);
  sessionStorage.removeItem(FLASH_KEY);
  if (flash) {
    setText(byId("login-notice"), flash);
    show(byId("login-notice"), true);
  } else if (session()) {
    location.replace("/admin/tenants");
    return;
  }
  const form = byId("login-form", HTMLFormElement);
  const error = byId("login-error");
  const password = byId("login-password", HTMLInputElement);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    show(error, false);
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (button) button.disabled = true;
    const answer = await requestJson<AdminLoginResult>("POST", "/api/admin/login", {
      body: { email: byId("login-email", HTMLInputElement).value.trim(), password: password.value },
    });
    if (button) button.disabled = false;
    const result = dataOf(answer);
    if (result?.token) {
      store(SESSION_KEY, { ...received(result.token), admin: result.admin ?? null } satisfies Session);
      password.value = "";
      return location.assign("/admin/tenants");
    }
    const wrong = errorCode(answer) === "invalid_credentials" || answer.status === 401;
    setText(error, wrong ? "The e-mail or password is not right." : failureText(answer));
    show(error, true);
  });
}
