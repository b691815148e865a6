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
