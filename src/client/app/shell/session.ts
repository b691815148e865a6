import type { Membership, OwnerLoginResult } from "../../shared/api-types";
import { consoleTenantUrl, IMPERSONATION_KEY, type ImpersonationHandOff, readHandOff } from "../../shared/impersonation";
import { type HeldToken, received, tokenUsable } from "../../shared/token";

/**
 * Who the app acts for. An owner's session is kept in localStorage (a front desk works in several
 * tabs and across restarts, for at most the session's 30 days; every token is refreshed before its
 * 24 hours end) and leaves the page only as an Authorization header. An operator's impersonation is
 * the console's hand-off in this tab's sessionStorage (../../shared/impersonation.ts), read-only.
 * Whether a token has ended is measured on this browser's clock from when it arrived, never by its
 * `exp` against the browser's wall time (../../shared/token.ts).
 */
export const SESSION_KEY = "app.session";
export const FLASH_KEY = "app.flash";

export type OwnerSession = HeldToken & {
  user: OwnerLoginResult["user"];
  memberships: Membership[];
  tenantId: string | null;
};

export type Auth =
  | { kind: "owner"; token: string; session: OwnerSession }
  | { kind: "impersonation"; token: string; imp: ImpersonationHandOff };

function readSession(): OwnerSession | null {
  try {
    const s = JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null") as OwnerSession | null;
    return s && typeof s.token === "string" ? s : null;
  } catch {
    return null;
  }
}

export function saveSession(s: OwnerSession): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(s));
}

/** Who acts, from what this tab holds: an impersonation first, else the owner's session; ended ones count as none. */
export function authFrom(imp: ImpersonationHandOff | null, s: OwnerSession | null, now = Date.now()): Auth | null {
  if (imp) return tokenUsable(imp, now) ? { kind: "impersonation", token: imp.token, imp } : null;
  return s && tokenUsable(s, now) ? { kind: "owner", token: s.token, session: s } : null;
}

/** The session of the signed-in owner or the running impersonation, or null (ended ones count as none). */
export function currentAuth(now = Date.now()): Auth | null {
  return authFrom(readHandOff(), readSession(), now);
}

/** The sign-in result as the session (the token is for the first membership, interface.md rule 5), received now. */
export function sessionFromLogin(r: OwnerLoginResult, now = Date.now()): OwnerSession {
  return { ...received(r.token, now), user: r.user, memberships: r.memberships, tenantId: r.memberships[0]?.tenantId ?? null };
}

export function setFlash(message: string): void {
  sessionStorage.setItem(FLASH_KEY, message);
}

export function takeFlash(): string {
  const v = sessionStorage.getItem(FLASH_KEY) ?? "";
  sessionStorage.removeItem(FLASH_KEY);
  return v;
}

/** Ends the owner's session in this browser and goes to sign-in, with a message there. */
export function toSignIn(message: string): void {
  localStorage.removeItem(SESSION_KEY);
  if (message) setFlash(message);
  const here = location.pathname + location.search;
  if (location.pathname !== "/app/login") sessionStorage.setItem("app.next", here);
  location.replace("/app/login");
}

/** Ends an impersonation and returns to the console's tenant page. */
export function endImpersonation(imp: ImpersonationHandOff | null): void {
  sessionStorage.removeItem(IMPERSONATION_KEY);
  location.replace(consoleTenantUrl(imp?.tenantId ?? ""));
}

/** Where to go after signing in: the page that sent the user here (a settings section too), if it was an app page. */
export function takeNext(): string {
  const next = sessionStorage.getItem("app.next") ?? "";
  sessionStorage.removeItem("app.next");
  return /^\/app(\/[a-z-]+){0,2}\/?(\?[^#]*)?$/.test(next) && !next.startsWith("/app/login") ? next : "/app";
}
