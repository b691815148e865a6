import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { Env } from "../../src/config";
import worker from "../../src/index";
import { type ApiResponse, randomIp, readAnswer } from "./api";

/**
 * Calls the Worker's real fetch handler with the test bindings changed by `overrides` (e.g. a
 * production configuration, an unreachable limiter store): the platform's settings, not our code,
 * are what differ from SELF.fetch. Waits for the work handed to waitUntil.
 */
export async function fetchWithEnv(
  overrides: Partial<Record<keyof Env, unknown>>,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; host?: string; token?: string } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { "CF-Connecting-IP": randomIp(), ...opts.headers };
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(new URL(path, `https://${opts.host ?? "localhost"}`), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }),
    { ...(env as unknown as Env), ...overrides } as Env,
    ctx,
  );
  const answer = await readAnswer(res);
  await waitOnExecutionContext(ctx);
  return answer;
}

/** A production configuration that satisfies every rule of design.md §18 (KV limiter on purpose). */
export const PRODUCTION_ENV = {
  ENVIRONMENT: "production",
  PUBLIC_BASE_URL: "https://book.platform.example",
  RATE_LIMIT_STORE: "kv",
  TEST_HOOKS: "",
} as const;
