import { env, SELF } from "cloudflare:test";
import { checkResponse } from "./openapi";

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

export type CallOptions = {
  body?: unknown;
  /** Raw body string (sent as-is, e.g. malformed JSON). */
  rawBody?: string;
  token?: string;
  /** CF-Connecting-IP; a fresh random one per call unless given, so rate limits never couple tests. */
  ip?: string;
  headers?: Record<string, string>;
  /** The local libSQL server counts this call's round trips under this tag. */
  dbTag?: string;
  /** Pin the request clock (ISO instant). */
  now?: string | Date;
  host?: string;
};

export function randomIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { "CF-Connecting-IP": opts.ip ?? randomIp(), ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.dbTag) headers["x-test-db-tag"] = opts.dbTag;
  if (opts.now) headers["x-test-now"] = opts.now instanceof Date ? opts.now.toISOString() : opts.now;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers["Content-Type"]) headers["Content-Type"] = "application/json";
  const url = new URL(path, opts.host ? `http://${opts.host}` : "http://localhost");
  const answer = await readAnswer(await SELF.fetch(url.toString(), { method, headers, body }));
  // Every JSON answer of a documented route must match the schema its route declares for that status.
  await checkResponse(method, url, answer.status, answer.headers.get("Content-Type"), answer.body);
  return answer;
}

/** A Worker's answer as tests read it: its text, and the JSON in it (undefined when there is none). */
export async function readAnswer<T = any>(res: Response): Promise<ApiResponse<T>> {
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, headers: res.headers, text };
}

export const get = <T = any>(path: string, opts?: CallOptions) => call<T>("GET", path, opts);
export const post = <T = any>(path: string, body?: unknown, opts?: CallOptions) => call<T>("POST", path, { ...opts, body });
export const patch = <T = any>(path: string, body?: unknown, opts?: CallOptions) => call<T>("PATCH", path, { ...opts, body });
export const put = <T = any>(path: string, body?: unknown, opts?: CallOptions) => call<T>("PUT", path, { ...opts, body });
export const del = <T = any>(path: string, opts?: CallOptions) => call<T>("DELETE", path, opts);

/** Runs `fn` with a fresh db tag and returns how many pipeline requests the libSQL server saw for it. */
export async function countDbRequests<T>(fn: (dbTag: string) => Promise<T>): Promise<{ result: T; dbRequests: number }> {
  const dbTag = `t${crypto.randomUUID().replace(/-/g, "")}`;
  const result = await fn(dbTag);
  const res = await fetch(`${env.LIBSQL_URL}/__stats?tag=${dbTag}`);
  const stats = (await res.json()) as { pipelineRequests: number };
  return { result, dbRequests: stats.pipelineRequests };
}
