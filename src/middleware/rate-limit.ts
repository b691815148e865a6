import { giftCardRefusal } from "../domain/gift-cards";
import { promoRefusal } from "../domain/promo-codes";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { rateLimitClientKey } from "../domain/ip";
import type { AppEnv } from "../env";
import { ApiError, errorResponse } from "../errors";
import { RateLimitStoreError } from "../services/rate-limit";
import { logger } from "../lib/log";

export const WINDOW_MS = 60_000;

/**
 * design.md §9, §18 and §31: one bucket per group and client, under `{prefix}:{client}`.
 * `failClosed` groups guard credentials (guessing passwords, creating accounts, sending reset
 * e-mails) and the AI assistants (each request costs a model call): when the store cannot answer
 * they refuse with 503 rather than run unlimited. The others guard reads and customers' own
 * actions and keep serving.
 */
export const RATE_LIMIT_GROUPS = {
  authLogin: { prefix: "rl:auth-login", limit: 10, failClosed: true },
  authRegister: { prefix: "rl:auth-register", limit: 5, failClosed: true },
  authForgot: { prefix: "rl:auth-forgot", limit: 5, failClosed: true },
  customerLogin: { prefix: "rl:customer-login", limit: 10, failClosed: true },
  customerRegister: { prefix: "rl:customer-register", limit: 5, failClosed: true },
  customerForgot: { prefix: "rl:customer-forgot", limit: 5, failClosed: true },
  public: { prefix: "rl:public", limit: 30, failClosed: false },
  me: { prefix: "rl:me", limit: 60, failClosed: false },
  webhooks: { prefix: "rl:webhooks", limit: 60, failClosed: false },
  ai: { prefix: "rl:ai", limit: 30, failClosed: true },
  aiPublic: { prefix: "rl:ai-public", limit: 30, failClosed: true },
} as const;

export type RateLimitGroup = keyof typeof RATE_LIMIT_GROUPS;

/** design.md §18: unknown confirmation codes a client may name per hour on /api/public/booking/:code*. */
export const CODE_MISS = { prefix: "rl:code-miss", limit: 10, windowMs: 60 * 60_000 } as const;

const clientKey = (c: Context<AppEnv>) => rateLimitClientKey(c.req.header("CF-Connecting-IP"));

function refuse(retryAfterSeconds: number): never {
  throw new ApiError("rate_limited", undefined, undefined, { "Retry-After": String(Math.max(1, retryAfterSeconds)) });
}

const UNAVAILABLE: Partial<Record<RateLimitGroup | "codeMiss", string>> = {
  ai: "The assistant is briefly unavailable; please try again in a minute",
  aiPublic: "The assistant is briefly unavailable; please try again in a minute",
  codeMiss: "Bookings cannot be looked up by code right now; please try again in a minute",
};

const unavailable = (group: RateLimitGroup | "codeMiss") =>
  new ApiError(
    "rate_limit_unavailable",
    UNAVAILABLE[group] ?? "Sign-in and sign-up are briefly unavailable; please try again in a minute",
    undefined,
    { "Retry-After": "60" },
  );

/** One line per fail-open, naming the group only (never the client, the key or the store's URL). */
function logFailOpen(prefix: string, err: RateLimitStoreError) {
  logger.error("rate limiter store unavailable; request allowed", { group: prefix, error: err });
}

/**
 * Runs before the handler; a rejected request is not recorded and has no side effects. A store
 * that does not answer within its budget: 503 rate_limit_unavailable for fail-closed groups,
 * otherwise the request goes through and the fail-open is logged.
 */
export const rateLimit = (group: RateLimitGroup) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { prefix, limit, failClosed } = RATE_LIMIT_GROUPS[group];
    try {
      const result = await c.var.services.limiter.check(`${prefix}:${clientKey(c)}`, limit, WINDOW_MS, c.var.services.now.getTime());
      if (!result.allowed) refuse(result.retryAfterSeconds);
    } catch (err) {
      if (!(err instanceof RateLimitStoreError)) throw err;
      if (failClosed) throw unavailable(group);
      logFailOpen(prefix, err);
    }
    await next();
  });

/** The confirmation-code routes (`/api/public/booking/:code*`; Hono's `/x/*` also matched `/x`). */
export const CODE_PATHS = "/api/public/booking";
/** design.md §32: a gift card's balance lookup spends the same budget (`/api/public/:slug/gift-cards/:code`). */
const GIFT_CARD_LOOKUP = /^\/api\/public\/[^/]+\/gift-cards\/[^/]+$/;
/** So does a public create naming an unknown `giftCardCode`; a client past the budget cannot create until it recovers. */
const PUBLIC_CREATE = /^\/api\/public\/[^/]+\/bookings$/;
/** And a price quote (issue #43) naming an unknown gift card or promo code: a quote is no free code oracle. */
const QUOTE = /^\/api\/public\/[^/]+\/quote$/;
const onCodePath = (path: string, method: string) =>
  path === CODE_PATHS ||
  path.startsWith(`${CODE_PATHS}/`) ||
  (method === "GET" && GIFT_CARD_LOOKUP.test(path)) ||
  (method === "POST" && (PUBLIC_CREATE.test(path) || QUOTE.test(path)));
const publicGroup = rateLimit("public");

/**
 * The public group (design.md §9) on every /api/public/* request; on the confirmation-code routes
 * also the failed-lookup budget (§18): a client that named CODE_MISS.limit unknown codes in the
 * last hour is refused (429, before the handler) until the oldest miss leaves the window. Both are
 * decided by ONE store call (the group's check, then the budget's peek), so a code lookup pays one
 * limiter round trip like every public read. Only misses are recorded, after the handler answered
 * 404 for the code: a found code costs nothing and a miss adds no database round trip. The public
 * group fails open; the budget cannot be kept without the store, so then a code that exists still
 * works (its customer can cancel) while an unknown one is answered 503 rate_limit_unavailable
 * instead of its 404, and a guesser learns nothing (design.md §31).
 */
export const publicRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  if (!onCodePath(c.req.path, c.req.method)) return publicGroup(c, next);
  const { prefix, limit } = RATE_LIMIT_GROUPS.public;
  const client = clientKey(c);
  const budgetKey = `${CODE_MISS.prefix}:${client}`;
  const nowMs = c.var.services.now.getTime();
  let storeDown = false;
  try {
    const budget = { key: budgetKey, limit: CODE_MISS.limit, windowMs: CODE_MISS.windowMs };
    const result = await c.var.services.limiter.checkAndPeek(`${prefix}:${client}`, limit, WINDOW_MS, budget, nowMs);
    if (!result.check.allowed) refuse(result.check.retryAfterSeconds);
    if (result.budget && !result.budget.allowed) refuse(result.budget.retryAfterSeconds);
  } catch (err) {
    if (!(err instanceof RateLimitStoreError)) throw err;
    logFailOpen(prefix, err);
    storeDown = true;
  }
  await next();
  if (!isUnknownCode(c)) return;
  if (storeDown) {
    // The lookup found nothing and changed nothing: the miss cannot be counted, so it is not told.
    c.res = errorResponse(c, unavailable("codeMiss"));
    return;
  }
  try {
    await c.var.services.limiter.record(budgetKey, CODE_MISS.windowMs, nowMs);
  } catch (err) {
    if (!(err instanceof RateLimitStoreError)) throw err;
    logFailOpen(CODE_MISS.prefix, err);
  }
});

const UNKNOWN_CODE_MESSAGES = new Set(["Booking not found", "Gift card not found"]);
const UNKNOWN_GIFT_CARD_AT_CREATE = giftCardRefusal("unknown") ?? "";
const UNKNOWN_PROMO_CODE = promoRefusal(undefined, { today: "", serviceIds: [] }) ?? "";

/**
 * The handler answered "no booking has this code" (or no gift card): the lookup's own 404 (`Booking not found`),
 * which also covers a code of the wrong shape. Other 404s of these routes (a staff member or a
 * hidden business on reschedule) come after the code was found and are not misses.
 */
function isUnknownCode(c: Context<AppEnv>): boolean {
  const err = c.error;
  if (!(err instanceof ApiError)) return false;
  if (c.res.status === 400) {
    const fields = err.details?.fieldErrors;
    if (fields?.giftCardCode?.includes(UNKNOWN_GIFT_CARD_AT_CREATE)) return true;
    // A create's unknown promo code is not counted (a customer's typo must not stop them booking); a quote's is.
    return QUOTE.test(c.req.path) && fields?.promoCode?.includes(UNKNOWN_PROMO_CODE) === true;
  }
  return c.res.status === 404 && err.code === "not_found" && UNKNOWN_CODE_MESSAGES.has(err.message);
}
