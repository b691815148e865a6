import type { Config, Env } from "../../config";
import { openAiCompatibleProvider } from "./openai";
import { type AiProvider, DEFAULT_MODEL } from "./provider";
import { workersAiProvider } from "./workers-ai";

/** design.md §20: the Workers AI binding when bound, else the HTTP endpoint, else none (503). */
export function resolveProvider(env: Pick<Env, "AI">, config: Config, opts: { timeoutMs: number }): AiProvider | null {
  const model = config.AI_MODEL ?? DEFAULT_MODEL;
  if (env.AI) return workersAiProvider(env.AI, model, opts.timeoutMs);
  if (config.AI_PROVIDER_URL) {
    return openAiCompatibleProvider({ baseUrl: config.AI_PROVIDER_URL, apiKey: config.AI_API_KEY, model, timeoutMs: opts.timeoutMs });
  }
  return null;
}
