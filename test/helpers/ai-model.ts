// The OpenAI-compatible chat completions the capture server answers when it plays the model, for
// the workers pool (test/integration/ai/support.ts) and the browser tests alike. No Worker or
// Node-only imports: both sides use it.

/** Where the Worker sends model calls when AI_PROVIDER_URL is `${captureUrl}/ai`. */
export const MODEL_PATH = "/ai/chat/completions";

export type ModelCall = { id?: string; name: string; arguments: unknown };
export type ScriptedAnswer = { status: number; body?: unknown; delayMs?: number };

/** The model asks for tools (arguments: an object is sent as JSON text, a string as it is). */
export function toolCalls(...calls: ModelCall[]): ScriptedAnswer {
  return {
    status: 200,
    body: {
      id: "chatcmpl-test",
      object: "chat.completion",
      choices: [
        {
          index: 0,
          finish_reason: "tool_calls",
          message: {
            role: "assistant",
            content: null,
            tool_calls: calls.map((c, i) => ({
              id: c.id ?? `call_${i}_${c.name}`,
              type: "function",
              function: { name: c.name, arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments) },
            })),
          },
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
    },
  };
}

/** The model answers in text (the public assistant's JSON object when given one). */
export function answer(content: string | object): ScriptedAnswer {
  return {
    status: 200,
    body: {
      id: "chatcmpl-test",
      object: "chat.completion",
      choices: [
        {
          index: 0,
          finish_reason: "stop",
          message: { role: "assistant", content: typeof content === "string" ? content : JSON.stringify(content) },
        },
      ],
      usage: { prompt_tokens: 150, completion_tokens: 40, total_tokens: 190 },
    },
  };
}
