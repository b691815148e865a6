import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";

export const WINDOW_MS = 60_000;

/** design.md §9: one bucket per group and client IP, under `{prefix}:{ip}`. */
export const RATE_LIMIT_GROUPS = {
  authLogin: { prefix: "rl:auth-login", limit: 10 },
  authRegister: { prefix: "rl:auth-register", limit: 5 },
  customerLogin: { prefix: "rl:customer-login", limit: 10 },
  customerRegister: { prefix: "rl:customer-register", limit: 5 },
  customerForgot: { prefix: "rl:customer-forgot", limit: 5 },
  public: { prefix: "rl:public", limit: 30 },
  me: { prefix: "rl:me", limit: 60 },
  webhooks: { prefix: "rl:webhooks", limit: 60 },
  ai: { prefix: "rl:ai", limit: 30 },
  aiPublic: { prefix: "rl:ai-public", limit: 30 },
} as const;

export type RateLimitGroup = keyof typeof RATE_LIMIT_GROUPS;

export function clientIp(header: string | undefined): string {
  return header?.trim() || "unknown";
}

/**
 * Runs before the handler; a rejected request is not recorded and has no side effects.
 * The store failing must not take the API down: the limiter fails open and logs.
 */
export const rateLimit = (group: RateLimitGroup) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { prefix, limit } = RATE_LIMIT_GROUPS[group];
    const key = `${prefix}:${clientIp(c.req.header("CF-Connecting-IP"))}`;
    const result = await c.var.limiter.check(key, limit, WINDOW_MS, c.var.now.getTime());
    if (!result.allowed) {
      throw new ApiError("rate_limited", undefined, undefined, {
        "Retry-After": String(Math.max(1, result.retryAfterSeconds)),
      });
    }
    await next();
  });
