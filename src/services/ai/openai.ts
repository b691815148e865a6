import { z } from "zod";
import { type AiProvider, AiProviderError, type ChatMessage, type CompletionRequest, type ModelTurn, withTimeout } from "./provider";

/**
 * OpenAI-compatible chat completions over HTTP (`POST {AI_PROVIDER_URL}/chat/completions`): Workers
 * AI's OpenAI endpoint, OpenAI, llama.cpp's server and Ollama all speak it, tool calls included.
 */

const MAX_RESPONSE_CHARS = 1_000_000;

const responseSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.object({
                id: z.string().nullish(),
                function: z.object({
                  name: z.string().min(1),
                  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
                }),
              }),
            )
            .nullish(),
        }),
      }),
    )
    .min(1),
  usage: z.object({ total_tokens: z.number().nullish() }).nullish(),
});

export function toOpenAiMessages(messages: ChatMessage[]) {
  return messages.map((m) => {
    if (m.role === "tool") return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
    if (m.role === "assistant" && m.toolCalls?.length) {
      return {
        role: "assistant",
        content: m.content || null,
        tool_calls: m.toolCalls.map((t) => ({ id: t.id, type: "function", function: { name: t.name, arguments: t.arguments } })),
      };
    }
    return { role: m.role, content: m.content };
  });
}

/** The provider's JSON -> one model turn; anything unexpected is a malformed answer. */
export function fromOpenAiResponse(json: unknown): ModelTurn {
  const parsed = responseSchema.safeParse(json);
  if (!parsed.success) throw new AiProviderError("malformed model output: not a chat completion");
  const { message } = parsed.data.choices[0];
  const toolCalls = (message.tool_calls ?? []).map((t, i) => ({
    id: t.id || `call_${i}`,
    name: t.function.name,
    arguments: typeof t.function.arguments === "string" ? t.function.arguments : JSON.stringify(t.function.arguments ?? {}),
  }));
  const content = message.content ?? null;
  if (toolCalls.length === 0 && !content?.trim()) throw new AiProviderError("malformed model output: neither text nor tool calls");
  return { content, toolCalls, tokens: parsed.data.usage?.total_tokens ?? null };
}

export function openAiCompatibleProvider(o: { baseUrl: string; apiKey?: string; model: string; timeoutMs: number }): AiProvider {
  const url = `${o.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    model: o.model,
    async complete(req: CompletionRequest): Promise<ModelTurn> {
      const body = {
        model: o.model,
        messages: toOpenAiMessages(req.messages),
        tools: req.tools.map((t) => ({
          type: "function",
          function: { name: t.name, description: t.description, parameters: t.parameters },
        })),
        tool_choice: req.toolChoice,
        max_tokens: req.maxTokens,
        temperature: 0.2,
        stream: false,
      };
      const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
      if (o.apiKey) headers.Authorization = `Bearer ${o.apiKey}`;
      const text = await withTimeout(o.timeoutMs, async (signal) => {
        const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body), signal });
        const answer = await res.text();
        if (!res.ok) throw new AiProviderError(`provider answered ${res.status}`);
        return answer;
      });
      if (text.length > MAX_RESPONSE_CHARS) throw new AiProviderError("malformed model output: too large");
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new AiProviderError("malformed model output: not JSON");
      }
      return fromOpenAiResponse(json);
    },
  };
}
