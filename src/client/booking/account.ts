import type { CustomerLoginResult, CustomerProfile } from "../shared/api-types";
import {
  type CustomerSession,
  createAccount,
  dropSession,
  heldSession,
  keepSession,
  profileOf,
  refreshNames,
  sessionTimeLeft,
  signIn,
  signOut,
} from "../shared/customer-session";
import { byId, maybeById, setText, show } from "../shared/dom";
import { type ApiAnswer, dataOf, errorCode, errorDetails } from "../shared/http";
import { t } from "./i18n";

/**
 * The customer's sign-in panel of the booking page and the package shop (issue #43; markup in
 * src/routes/pages/customer-sign-in.tsx). Signed in, the page hears of the account and its profile
 * (to prefill its fields and send the token); the session ends when its token's lifetime has run
 * out on this browser's clock, on "Sign out", or when the server answers 401.
 */

export type Account = { session: CustomerSession; profile: CustomerProfile | null } | null;

export type AccountPanel = {
  /** The session to send now (null once ended by this browser's clock). */
  session: () => CustomerSession | null;
  /** Called now with the current state and after every change (signed in, profile read, signed out). */
  watch: (listener: (account: Account) => void) => void;
  /** Opens the sign-in (a business that takes no guests refused the booking: its line already says why). */
  ask: () => void;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type Mode = "signIn" | "create";

export function startAccountPanel(): AccountPanel | null {
  const box = maybeById("account");
  if (!box) return null;
  const form = byId("account-form", HTMLFormElement);
  const openButton = byId("account-open", HTMLButtonElement);
  const input = (id: string) => byId(`account-${id}`, HTMLInputElement);
  const listeners: ((account: Account) => void)[] = [];
  let account: Account = null;
  let mode: Mode = "signIn";
  let timer: ReturnType<typeof setTimeout> | undefined;

  const tell = () => {
    for (const l of listeners) l(account);
  };

  /** Puts the form's fields in place (from their template) the first time it opens after a sign-out. */
  function mount() {
    if (form.firstElementChild) return;
    const fields = byId("account-fields", HTMLTemplateElement).content.cloneNode(true);
    form.append(fields);
    byId("account-switch").addEventListener("click", () => {
      setMode(mode === "create" ? "signIn" : "create");
      focusFirst();
    });
    setMode(mode);
  }

  function problem(message: string | null, fields: string[] = []) {
    const error = maybeById("account-error");
    setText(error, message ?? "");
    show(error, message !== null);
    for (const id of ["firstName", "email", "password"]) {
      const field = maybeById(`account-${id}`);
      if (fields.includes(id)) field?.setAttribute("aria-invalid", "true");
      else field?.removeAttribute("aria-invalid");
    }
  }

  function setMode(next: Mode) {
    mode = next;
    const creating = next === "create";
    show(byId("account-firstName-field"), creating);
    show(byId("account-password-hint"), creating);
    input("email").autocomplete = creating ? "email" : "username";
    input("password").autocomplete = creating ? "new-password" : "current-password";
    if (creating) input("password").setAttribute("aria-describedby", "account-password-hint");
    else input("password").removeAttribute("aria-describedby");
    setText(byId("account-submit"), creating ? t("account.createButton") : t("account.signIn"));
    setText(byId("account-switch-lead"), creating ? t("account.haveOne") : t("account.newHere"));
    setText(byId("account-switch"), creating ? t("account.signIn") : t("account.create"));
    problem(null);
  }

  const focusFirst = () => (mode === "create" ? input("firstName") : input("email")).focus();

  /** The form replaces its "Sign in" button (one button of that name at a time), focus on its first field. */
  function openForm() {
    mount();
    show(form, true);
    show(openButton, false);
    focusFirst();
  }

  function signedOut(message: string | null) {
    clearTimeout(timer);
    account = null;
    show(byId("account-in"), false);
    show(byId("account-out"), true);
    show(form, false);
    show(openButton, true);
    if (message) {
      openForm();
      problem(message);
    }
    tell();
  }

  function signedIn(session: CustomerSession, profile: CustomerProfile | null) {
    account = { session, profile };
    setText(byId("account-who"), t("account.signedIn", { name: session.firstName, email: session.email }));
    // The password leaves the page with its fields.
    form.replaceChildren();
    show(byId("account-out"), false);
    show(byId("account-in"), true);
    clearTimeout(timer);
    // The token's own lifetime, measured from when this browser received it (never its `exp` against this clock).
    const left = sessionTimeLeft(session);
    if (left !== null) timer = setTimeout(() => ended(), Math.max(0, left));
    tell();
  }

  function ended() {
    dropSession();
    signedOut(t("account.ended"));
  }

  /** A stored session: shown at once, then checked (and the profile read) with GET /api/me. */
  async function resume(session: CustomerSession) {
    signedIn(session, null);
    const answer = await profileOf(session);
    if (account?.session.token !== session.token) return;
    const profile = dataOf(answer);
    if (profile) return signedIn(refreshNames(session, profile), profile);
    if (answer.status === 401) ended();
  }

  function refusal(answer: ApiAnswer<CustomerLoginResult>): [string, string[]] {
    const code = errorCode(answer);
    if (answer.status === 0) return [t("account.offline"), []];
    if (answer.status === 429) return [t("account.tooMany"), []];
    if (code === "invalid_credentials") return [t("account.wrongPassword"), ["email", "password"]];
    if (code === "email_taken") return [t("account.emailTaken"), ["email"]];
    const fields = Object.keys(errorDetails(answer)?.fieldErrors ?? {});
    if (fields.includes("email")) return [t("account.badEmail"), ["email"]];
    if (fields.includes("password")) return [t("account.shortPassword"), ["password"]];
    if (fields.includes("firstName")) return [t("account.fillCreate"), ["firstName"]];
    return [t("account.failed"), []];
  }

  /** What is missing or wrong before anything is sent, or null. */
  function check(values: { firstName: string; email: string; password: string }): [string, string[]] | null {
    const empty = (["firstName", "email", "password"] as const).filter((k) => (k !== "firstName" || mode === "create") && !values[k]);
    if (empty.length) return [mode === "create" ? t("account.fillCreate") : t("account.fill"), empty];
    if (!EMAIL.test(values.email)) return [t("account.badEmail"), ["email"]];
    if (mode === "create" && values.password.length < 8) return [t("account.shortPassword"), ["password"]];
    return null;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = { firstName: input("firstName").value.trim(), email: input("email").value.trim(), password: input("password").value };
    const wrong = check(values);
    if (wrong) {
      problem(...wrong);
      input(wrong[1][0] ?? "email").focus();
      return;
    }
    problem(null);
    const submit = byId("account-submit", HTMLButtonElement);
    submit.disabled = true;
    setText(submit, t("account.working"));
    const answer = mode === "create" ? await createAccount(values) : await signIn(values.email, values.password);
    submit.disabled = false;
    setMode(mode);
    const result = dataOf(answer, 200, 201);
    if (!result) {
      const [message, fields] = refusal(answer);
      problem(message, fields);
      input(fields[0] ?? "email").focus();
      return;
    }
    signedIn(keepSession(result), result.customer);
    byId("account-in").focus();
  });

  openButton.addEventListener("click", () => openForm());
  byId("account-sign-out").addEventListener("click", () => {
    if (account) signOut(account.session);
    signedOut(null);
    openButton.focus();
  });

  const held = heldSession();
  if (held) void resume(held);

  return {
    session: () => (account ? heldSession() : null),
    watch: (listener) => {
      listeners.push(listener);
      listener(account);
    },
    ask: () => {
      if (account) ended();
      openForm();
      box.scrollIntoView({ block: "nearest" });
    },
  };
}
