import { createMiddleware } from "hono/factory";
import type { AppEnv, MemberEnv } from "../../env";
import { ApiError } from "../../errors";
import type { AiCtx } from "../../services/ai/chat";
import { type AiProvider, DEFAULT_TIMEOUT_MS } from "../../services/ai/provider";
import { aiConfigured, resolveProvider } from "../../services/ai/resolve";

/** /api/ai-public: anyone, a model resolved. */
export type AiEnv = { Bindings: AppEnv["Bindings"]; Variables: AppEnv["Variables"] & { ai: AiProvider } };
/** /api/ai: a member's token (not an API key) and a model. */
export type OwnerAiEnv = { Bindings: MemberEnv["Bindings"]; Variables: MemberEnv["Variables"] & { ai: AiProvider } };

type AiRequest = {
  env: Pick<AppEnv["Bindings"], "AI">;
  var: Pick<AppEnv["Variables"], "config">;
  req: { header(name: string): string | undefined };
};

const testAiOff = (c: AiRequest) => Boolean(c.var.config.TEST_HOOKS) && c.req.header("x-test-ai") === "off";

/**
 * Every AI route needs a model: without the binding or an endpoint, 503 ai_unavailable (design.md
 * §20). With TEST_HOOKS (test pool only) `x-test-ai: off` drops the provider for one request and
 * `x-test-ai-timeout-ms` shortens the 15 s timeout, so the timeout test does not wait 15 s.
 */
export const requireAiProvider = createMiddleware<AiEnv>(async (c, next) => {
  const hooks = c.var.config.TEST_HOOKS;
  const off = testAiOff(c);
  const testTimeout = hooks ? Number(c.req.header("x-test-ai-timeout-ms")) : Number.NaN;
  const timeoutMs = Number.isInteger(testTimeout) && testTimeout > 0 ? testTimeout : DEFAULT_TIMEOUT_MS;
  const provider = off ? null : resolveProvider(c.env, c.var.config, { timeoutMs });
  if (!provider) throw new ApiError("ai_unavailable", "The assistant is not available");
  c.set("ai", provider);
  await next();
});

/**
 * Whether this request would reach a model, decided without I/O exactly as requireAiProvider
 * decides it (the test hook included): the booking page renders its Ask panel only then, so
 * visitors never pay a request to learn the assistant is off.
 */
export function aiAvailable(c: AiRequest): boolean {
  return !testAiOff(c) && aiConfigured(c.env, c.var.config);
}

export function aiCtx(c: { var: AiEnv["Variables"] }): AiCtx {
  return { db: c.var.db, now: c.var.now, provider: c.var.ai, maxTokens: c.var.config.AI_MAX_TOKENS };
}
