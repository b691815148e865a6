import type { AdminLoginResult, ImpersonationStart } from "../shared/api-types";
import { maybeById, setText, show } from "../shared/dom";
import { type ApiAnswer, requestJson } from "../shared/http";

/**
 * The operator's session lives in sessionStorage and leaves the page only as an Authorization
 * header: never in a URL, never in a cookie. Closing the tab ends it.
 */
export const SESSION_KEY = "console.session";
export const IMPERSONATION_KEY = "console.impersonation";
export const FLASH_KEY = "console.flash";

export type Session = { token: string; admin: AdminLoginResult["admin"] | null };
/** What the console keeps of a launched impersonation (plus what the owner pages show). */
export type Impersonation = ImpersonationStart & { businessName: string; currency: string };

export function readStored<T>(key: string): T | null {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? "null") as T | null;
  } catch {
    return null;
  }
}

export function store(key: string, value: unknown): void {
  sessionStorage.setItem(key, JSON.stringify(value));
}

/** The token's `exp` in epoch ms (0 when unreadable): the console stops using it by itself. */
export function tokenExpiry(token: string): number {
  try {
    let part = (token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/");
    while (part.length % 4) part += "=";
    const claims = JSON.parse(atob(part)) as { exp?: unknown };
    return typeof claims.exp === "number" ? claims.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

export function session(): Session | null {
  const s = readStored<Session>(SESSION_KEY);
  return s && typeof s.token === "string" && tokenExpiry(s.token) > Date.now() ? s : null;
}

export function signOut(message?: string): void {
  sessionStorage.removeItem(SESSION_KEY);
  sessionStorage.removeItem(IMPERSONATION_KEY);
  if (message) sessionStorage.setItem(FLASH_KEY, message);
  location.replace("/admin");
}

/** The session of a signed-in page (the header shows who), or null after sending the operator to sign in. */
export function requireSession(): Session | null {
  const s = session();
  if (!s) {
    signOut("Please sign in to continue.");
    return null;
  }
  setText(maybeById("signed-in-as"), `Signed in as ${s.admin?.name || s.admin?.email || "operator"}`);
  const out = maybeById("sign-out");
  if (out) {
    show(out, true);
    out.addEventListener("click", () => signOut("You have signed out."));
  }
  return s;
}

/** An operator API call with the session's token; a 401 ends the session. */
export async function adminApi<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const s = session();
  if (!s) {
    signOut("Your session has ended. Please sign in again.");
    return { status: 401, body: null, headers: null };
  }
  const answer = await requestJson<T>(method, path, { body, token: s.token });
  if (answer.status === 401) signOut("Your session has ended. Please sign in again.");
  return answer;
}
