import type { ToolSpec } from "../../domain/ai/tools";

/**
 * One chat model behind two transports (design.md §20): the Workers AI binding when bound, else an
 * OpenAI-compatible chat-completions endpoint (Workers AI's own, OpenAI, a local llama.cpp or
 * Ollama server). Tool calling drives both. Neither configured: the AI routes answer 503.
 */

export type ToolCall = { id: string; name: string /** JSON text as the model wrote it. */; arguments: string };

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | { role: "tool"; toolCallId: string; name: string; content: string };

export type CompletionRequest = {
  messages: ChatMessage[];
  tools: readonly ToolSpec[];
  /** "none": the model must answer in text now (the tool-round cap was reached). */
  toolChoice: "auto" | "none";
  maxTokens: number;
};

export type ModelTurn = { content: string | null; toolCalls: ToolCall[]; tokens: number | null };

export interface AiProvider {
  readonly model: string;
  complete(req: CompletionRequest): Promise<ModelTurn>;
}

/** Anything the model side got wrong: answered as 502 ai_provider_error; `reason` goes to the AI log. */
export class AiProviderError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/** Runs `work` with an abort signal that fires after `ms`; a timeout becomes an AiProviderError. */
export async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new AiProviderError(`timeout after ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } catch (err) {
    if (err instanceof AiProviderError) throw err;
    if (controller.signal.aborted) throw new AiProviderError(`timeout after ${ms} ms`);
    throw new AiProviderError(`provider unreachable: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    clearTimeout(timer);
  }
}
