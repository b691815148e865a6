import { useEffect, useState } from "hono/jsx/dom";
import type { ImpersonationHandOff } from "../../shared/impersonation";
import { dataOf, requestJson } from "../../shared/http";
import { received, tokenLifetimeMs, tokenTimeLeft } from "../../shared/token";
import { optionList } from "../ui/fields";
import { type Problem, problemOf } from "../ui/problems";
import { LOCALE_NAMES, type Locale, SUPPORTED_LOCALES, supportedLocale } from "../../../shared/i18n/locales";
import { api, onRateLimitWait } from "./api";
import { appLocale, rememberLocale, t } from "./i18n";
import { endImpersonation, type OwnerSession, saveSession, setFlash, SESSION_KEY } from "./session";

const roleLabel = (role: string) => (role === "owner" || role === "admin" || role === "staff" ? t(`role.${role}`) : role);

/** The signed-in member: which business (switcher when there are several), who, sign out. */
export function AccountBar(p: { session: OwnerSession }) {
  const s = p.session;
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const current = s.memberships.find((m) => m.tenantId === s.tenantId);
  const name = [s.user.firstName, s.user.lastName].filter(Boolean).join(" ") || s.user.email;

  async function switchTo(tenantId: string) {
    if (tenantId === s.tenantId) return;
    setBusy(true);
    setProblem(null);
    const answer = await api<{ token: string }>("POST", "/api/auth/switch-tenant", { tenantId });
    setBusy(false);
    const got = dataOf(answer);
    if (!got) return setProblem(problemOf(answer));
    saveSession({ ...s, ...received(got.token), tenantId });
    // Record ids in the address (a booking, a customer) belong to the other business: drop them.
    location.assign(location.pathname);
  }

  /** design.md §30: the member's own language, saved on their membership; the page reloads in it. */
  async function setLanguage(value: string) {
    const locale = supportedLocale(value);
    if (!locale || locale === appLocale()) return;
    setBusy(true);
    setProblem(null);
    const answer = await api<{ locale: Locale | null }>("PATCH", "/api/businesses/me/members/me", { locale });
    setBusy(false);
    if (!dataOf(answer)) return setProblem(problemOf(answer));
    rememberLocale(locale);
    location.reload();
  }

  async function signOut() {
    setBusy(true);
    // Revokes the session on the server (refresh stops); the browser forgets the token either way.
    await requestJson("POST", "/api/auth/logout", { token: s.token });
    localStorage.removeItem(SESSION_KEY);
    setFlash(t("session.signedOut"));
    location.replace("/app/login");
  }

  return (
    <div class="account">
      {s.memberships.length > 1 ? (
        <div class="switcher">
          <label for="business-switch" class="visually-hidden">
            {t("account.business")}
          </label>
          <select id="business-switch" disabled={busy} onChange={(e: Event) => void switchTo((e.target as HTMLSelectElement).value)}>
            {optionList(
              s.memberships.map((m) => ({ value: m.tenantId, label: m.businessName })),
              s.tenantId,
            )}
          </select>
        </div>
      ) : (
        <span class="business-name">{current?.businessName ?? ""}</span>
      )}
      <span class="who">
        {name}
        {current ? <span class="role-tag">{roleLabel(current.role)}</span> : null}
      </span>
      <div class="language">
        <label for="app-language" class="visually-hidden">
          {t("account.language")}
        </label>
        <select id="app-language" disabled={busy} onChange={(e: Event) => void setLanguage((e.target as HTMLSelectElement).value)}>
          {SUPPORTED_LOCALES.map((l) => (
            <option value={l} lang={l} selected={l === appLocale()}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
      <button type="button" class="link-button sign-out" disabled={busy} onClick={() => void signOut()}>
        {t("account.signOut")}
      </button>
      {problem ? (
        <p class="bar-error" role="alert">
          {problem.message}
        </p>
      ) : null}
    </div>
  );
}

const two = (n: number) => String(n).padStart(2, "0");

/**
 * The operator's read-only session: who, why, how long is left; at the end, back to the console.
 * The end is the token's lifetime from when the console received it, on this browser's clock.
 */
export function ImpersonationBanner(p: { imp: ImpersonationHandOff }) {
  const ends = Date.now() + (tokenTimeLeft(p.imp) ?? tokenLifetimeMs(p.imp.token));
  const [left, setLeft] = useState(Math.max(0, Math.round((ends - Date.now()) / 1000)));
  useEffect(() => {
    const timer = setInterval(() => {
      const s = Math.max(0, Math.round((ends - Date.now()) / 1000));
      setLeft(s);
      if (s <= 0) {
        clearInterval(timer);
        endImpersonation(p.imp);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div class="wrap bar imp-bar">
      <p>
        <strong>Read-only impersonation</strong> of {p.imp.businessName || "this business"} by {p.imp.operator || "an operator"}. Reason:{" "}
        <span class="imp-reason">{p.imp.reason}</span>. Time left:{" "}
        <strong id="imp-time-left">
          {two(Math.floor(left / 60))}:{two(left % 60)}
        </strong>
      </p>
      <button type="button" onClick={() => endImpersonation(p.imp)}>
        End session
      </button>
    </div>
  );
}

/** The contract's 429 backoff, made visible: the request is retried by itself after the countdown. */
export function RateLimitNotice() {
  const [left, setLeft] = useState(0);
  useEffect(() => onRateLimitWait(setLeft), []);
  if (!left) return null;
  return <p class="notice">{t("rate.wait", { seconds: left })}</p>;
}
