import { sleep } from "../../shared/dom";
import { type ApiAnswer, isQuota, requestJson, requestWithBackoff } from "../../shared/http";
import { received, refreshDelayMs } from "../../shared/token";
import { type Auth, currentAuth, endImpersonation, saveSession, toSignIn } from "./session";

/** The page requests belong to (sent as X-App-Page: an impersonation's audit row names it). */
let appPage = "/app";
export function setAppPage(page: string): void {
  appPage = page;
}

type Waiting = (secondsLeft: number) => void;
const waiters = new Set<Waiting>();
/** The shell shows a countdown while a request waits out a 429 (contract's backoff). */
export function onRateLimitWait(fn: Waiting): void {
  waiters.add(fn);
}

async function waitOut(seconds: number) {
  for (let left = seconds; left > 0; left--) {
    for (const w of waiters) w(left);
    await sleep(1000);
  }
  for (const w of waiters) w(0);
}

let signingOut = false;
function unauthorized(auth: Auth | null) {
  if (signingOut) return;
  signingOut = true;
  if (auth?.kind === "impersonation") endImpersonation(auth.imp);
  else toSignIn("Your session has ended. Please sign in again.");
}

/**
 * One owner-API call with the current token: the contract's 429 backoff (the shell counts down),
 * a 401 ends the session (back to sign-in, or to the console for an impersonation). Every other
 * outcome is returned: status 0 is a network failure the caller offers to retry.
 */
export async function api<T>(method: string, path: string, body?: unknown, opts: { page?: string } = {}): Promise<ApiAnswer<T>> {
  const auth = currentAuth();
  if (!auth) {
    unauthorized(null);
    return { status: 401, body: null, headers: null };
  }
  const headers = { "X-App-Page": opts.page ?? appPage };
  // A quota (Retry-After beyond any backoff: the daily assistant budget) is answered at once.
  const answer = await requestWithBackoff<T>(method, path, { body, token: auth.token, headers }, waitOut, isQuota);
  if (answer.status === 401) unauthorized(auth);
  return answer;
}

const REFRESH_AHEAD_MS = 12 * 3600_000;
const RETRY_MS = 60_000;

/**
 * Keeps an owner's token fresh: refreshed at once when less than 12 of its 24 hours are left (or
 * when how long it has left is unknown), then again 12 hours before it ends (a tab left open
 * overnight). Time left is counted on this browser's clock from the token's receipt
 * (../../shared/token.ts). A refused refresh (session revoked or older than 30 days) returns to
 * sign-in; a network failure tries again a minute later.
 */
export function keepSessionFresh(): void {
  const auth = currentAuth();
  if (auth?.kind !== "owner") return;
  setTimeout(() => void refreshNow(), refreshDelayMs(auth.session, REFRESH_AHEAD_MS));
}

async function refreshNow(): Promise<void> {
  const auth = currentAuth();
  if (auth?.kind !== "owner") return;
  const answer = await requestJson<{ token: string }>("POST", "/api/auth/refresh", { token: auth.token });
  const token = answer.status === 200 ? answer.body?.data?.token : undefined;
  if (token) {
    saveSession({ ...auth.session, ...received(token) });
    keepSessionFresh();
  } else if (answer.status === 401 || answer.status === 403) {
    unauthorized(auth);
  } else {
    setTimeout(() => void refreshNow(), RETRY_MS);
  }
}
