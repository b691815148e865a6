import type { AdminLoginResult } from "../shared/api-types";
import { maybeById, setText, show } from "../shared/dom";
import { type ApiAnswer, requestJson } from "../shared/http";
import { IMPERSONATION_KEY } from "../shared/impersonation";
import { type HeldToken, tokenUsable } from "../shared/token";

/**
 * The operator's session lives in sessionStorage and leaves the page only as an Authorization
 * header: never in a URL, never in a cookie. Closing the tab ends it. Its end is measured on this
 * browser's clock from when the token arrived, never by `exp` against the browser's wall time
 * (../shared/token.ts).
 */
export const SESSION_KEY = "console.session";
export const FLASH_KEY = "console.flash";

export type Session = HeldToken & { admin: AdminLoginResult["admin"] | null };

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

/** A stored session, if it is one and has not ended by this browser's clock. */
export function usableSession(s: Session | null, now = Date.now()): Session | null {
  return s && typeof s.token === "string" && tokenUsable(s, now) ? s : null;
}

export function session(): Session | null {
  return usableSession(readStored<Session>(SESSION_KEY));
}

export function signOut(message?: string): void {
  sessionStorage.removeItem(SESSION_KEY);
  // Signing out of the console also ends an impersonation running in this tab.
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
