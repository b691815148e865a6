import type { ErrorEnvelope } from "./api-types";

/** One answer of our JSON API: the HTTP status and the parsed body (null when it was not JSON). */
export type ApiAnswer<T> = { status: number; body: ({ data?: T } & Partial<ErrorEnvelope>) | null; headers: Headers | null };

export type RequestOptions = { body?: unknown; token?: string; headers?: Record<string, string> };

/**
 * One JSON request to this origin: no cookies (credentials omit), never cached. A network failure
 * is status 0, so callers handle every outcome through the status.
 */
export async function requestJson<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: "omit",
      cache: "no-store",
    });
  } catch {
    return { status: 0, body: null, headers: null };
  }
  let body: ApiAnswer<T>["body"] = null;
  try {
    body = (await res.json()) as ApiAnswer<T>["body"];
  } catch {
    body = null;
  }
  return { status: res.status, body, headers: res.headers };
}

/** interface.md Limits rule 4: Retry-After (60 s if absent), doubled per consecutive 429, 5 min cap, give up after 5. */
export function nextBackoff(previous: number, retryAfter: string | null | undefined): number {
  const after = Number.parseInt(retryAfter ?? "", 10);
  const base = after > 0 ? after : 60;
  return Math.min(MAX_WAIT_SECONDS, previous ? Math.max(base, previous * 2) : base);
}
export const MAX_RATE_LIMITED = 5;
/** Longest wait the backoff ever makes (5 min): a 429 asking for more is a quota for the day, not worth waiting out. */
export const MAX_WAIT_SECONDS = 300;

/** A 429 whose Retry-After is beyond any backoff (design.md §31: a business's daily assistant budget). */
export function isQuota(answer: { status: number; headers: Headers | null }): boolean {
  return answer.status === 429 && Number.parseInt(answer.headers?.get("Retry-After") ?? "", 10) > MAX_WAIT_SECONDS;
}

/**
 * `requestJson` with the contract's 429 backoff, the one loop of every page: `waitOut(seconds)`
 * shows the wait in the page's own words and resolves when it is over; the last answer (a 429
 * after the fifth try, or one `giveUp` picks) is returned like any other.
 */
export async function requestWithBackoff<T>(
  method: string,
  path: string,
  opts: RequestOptions,
  waitOut: (seconds: number) => Promise<void>,
  giveUp: (answer: ApiAnswer<T>) => boolean = () => false,
): Promise<ApiAnswer<T>> {
  let wait = 0;
  for (let attempt = 1; ; attempt++) {
    const answer = await requestJson<T>(method, path, opts);
    if (answer.status !== 429 || attempt >= MAX_RATE_LIMITED || giveUp(answer)) return answer;
    wait = nextBackoff(wait, answer.headers?.get("Retry-After"));
    await waitOut(wait);
  }
}

/** The `data` of a successful answer, or null. */
export function dataOf<T>(answer: ApiAnswer<T>, ...okStatus: number[]): T | null {
  const ok = okStatus.length ? okStatus.includes(answer.status) : answer.status === 200;
  return ok && answer.body && answer.body.data !== undefined ? answer.body.data : null;
}

/** The error code of either envelope shape, if any. */
export function errorCode(answer: ApiAnswer<unknown>): string | null {
  const e = answer.body?.error;
  if (typeof e === "string") return e;
  return e?.code ?? null;
}

/** The Shape 2 validation details, if any. */
export function errorDetails(answer: ApiAnswer<unknown>) {
  const e = answer.body?.error;
  return typeof e === "object" && e !== null ? (e.details ?? null) : null;
}

/** The Shape 2 message, if any. */
export function errorMessage(answer: ApiAnswer<unknown>): string | null {
  const e = answer.body?.error;
  return typeof e === "object" && e !== null ? e.message : null;
}
