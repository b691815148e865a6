import type { CustomerLoginResult, CustomerProfile } from "./api-types";
import { type ApiAnswer, requestJson } from "./http";
import { type HeldToken, received, tokenTimeLeft, tokenUsable } from "./token";

/**
 * A signed-in customer account on the public pages (the booking page, the package shop; issue #43).
 * The token is kept for this tab only (sessionStorage: a customer on a shared or borrowed computer
 * is signed out when the tab closes; the booking page and the package shop of one host share it)
 * and leaves the page only as an Authorization header. Whether it has ended is measured on this
 * browser's clock from when it arrived (./token.ts, issue #34 item 11), never by its `exp` against
 * the browser's wall time; a 401 from the server ends it whatever that estimate says.
 */
export const CUSTOMER_SESSION_KEY = "customer.session";

export type CustomerSession = Required<HeldToken> & { firstName: string; email: string };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (a sandboxed frame, strict privacy settings): signed in for this page view only.
    return null;
  }
}

let inMemory: CustomerSession | null = null;

function read(): CustomerSession | null {
  try {
    const raw = storage()?.getItem(CUSTOMER_SESSION_KEY);
    const s = raw ? (JSON.parse(raw) as CustomerSession | null) : inMemory;
    return s && typeof s.token === "string" && typeof s.receivedAt === "number" ? s : null;
  } catch {
    return null;
  }
}

/** The tab's session while its token still works by this browser's clock; an ended one is dropped. */
export function heldSession(now = Date.now()): CustomerSession | null {
  const s = read();
  if (s && tokenUsable(s, now)) return s;
  if (s) dropSession();
  return null;
}

/** Milliseconds the session has left on this browser's clock, or null when that cannot be told. */
export const sessionTimeLeft = (s: CustomerSession, now = Date.now()): number | null => tokenTimeLeft(s, now);

/** Keeps a sign-in's token (received now) with the name the page shows. */
export function keepSession(r: CustomerLoginResult, now = Date.now()): CustomerSession {
  const s: CustomerSession = { ...received(r.token, now), firstName: r.customer.firstName, email: r.customer.email };
  inMemory = s;
  try {
    storage()?.setItem(CUSTOMER_SESSION_KEY, JSON.stringify(s));
  } catch {
    // A full or refused storage keeps the session in memory only.
  }
  return s;
}

/** Updates the name the page shows from the profile (it may have changed since the sign-in). */
export function refreshNames(s: CustomerSession, p: CustomerProfile): CustomerSession {
  const next = { ...s, firstName: p.firstName, email: p.email };
  if (read()?.token === s.token) {
    inMemory = next;
    try {
      storage()?.setItem(CUSTOMER_SESSION_KEY, JSON.stringify(next));
    } catch {
      // Kept in memory.
    }
  }
  return next;
}

export function dropSession(): void {
  inMemory = null;
  try {
    storage()?.removeItem(CUSTOMER_SESSION_KEY);
  } catch {
    // Nothing kept.
  }
}

/** POST /api/customer-auth/login. */
export const signIn = (email: string, password: string): Promise<ApiAnswer<CustomerLoginResult>> =>
  requestJson<CustomerLoginResult>("POST", "/api/customer-auth/login", { body: { email, password } });

/** POST /api/customer-auth/register: the account, signed in. */
export const createAccount = (body: { firstName: string; email: string; password: string }): Promise<ApiAnswer<CustomerLoginResult>> =>
  requestJson<CustomerLoginResult>("POST", "/api/customer-auth/register", { body });

/** GET /api/me: the profile, which also tells whether the server still takes the token (401 = ended). */
export const profileOf = (s: CustomerSession): Promise<ApiAnswer<CustomerProfile>> =>
  requestJson<CustomerProfile>("GET", "/api/me", { token: s.token });

/** Signs out here at once, and revokes the session on the server (its answer changes nothing here). */
export function signOut(s: CustomerSession): void {
  dropSession();
  void requestJson("POST", "/api/customer-auth/logout", { token: s.token });
}
