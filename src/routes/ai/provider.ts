import { createMiddleware } from "hono/factory";
import type { AppEnv, MemberEnv, RequestScope } from "../../env";
import { ApiError } from "../../errors";
import type { AiCtx } from "../../services/ai/chat";
import { type AiProvider, DEFAULT_TIMEOUT_MS } from "../../services/ai/provider";
import { resolveProvider } from "../../services/ai/resolve";

/** /api/ai-public: anyone, a model resolved. */
export type AiEnv = { Bindings: AppEnv["Bindings"]; Variables: AppEnv["Variables"] & { ai: AiProvider } };
/** /api/ai: a member's token (not an API key) and a model. */
export type OwnerAiEnv = { Bindings: MemberEnv["Bindings"]; Variables: MemberEnv["Variables"] & { ai: AiProvider } };

/**
 * Every AI route needs a model: without the binding or an endpoint, 503 ai_unavailable (design.md
 * §20). With TEST_HOOKS (test pool only) `x-test-ai: off` drops the provider for one request and
 * `x-test-ai-timeout-ms` shortens the 15 s timeout, so the timeout test does not wait 15 s.
 */
function providerFor(c: RequestScope): AiProvider | null {
  const hooks = c.var.services.config.TEST_HOOKS;
  const off = hooks && c.req.header("x-test-ai") === "off";
  const testTimeout = hooks ? Number(c.req.header("x-test-ai-timeout-ms")) : Number.NaN;
  const timeoutMs = Number.isInteger(testTimeout) && testTimeout > 0 ? testTimeout : DEFAULT_TIMEOUT_MS;
  return off ? null : resolveProvider(c.var.services.env, c.var.services.config, { timeoutMs });
}

/** Whether the AI routes would answer (no I/O): pages hide the assistant when they would not (503). */
export const aiAvailable = (c: RequestScope): boolean => providerFor(c) !== null;

export const requireAiProvider = createMiddleware<AiEnv>(async (c, next) => {
  const provider = providerFor(c);
  if (!provider) throw new ApiError("ai_unavailable", "The assistant is not available");
  c.set("ai", provider);
  await next();
});

export function aiCtx(c: { var: AiEnv["Variables"] }): AiCtx {
  return {
    db: c.var.services.db,
    now: c.var.services.now,
    provider: c.var.ai,
    maxTokens: c.var.services.config.AI_MAX_TOKENS,
    budget: c.var.services.config.AI_DAILY_REQUESTS_PER_TENANT,
  };
}
