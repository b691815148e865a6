// The OpenAI-compatible chat completions the capture server answers when it plays the model, for
// the workers pool (test/integration/ai/support.ts) and the browser tests alike. No Worker or
// Node-only imports: both sides use it.

/** Where the Worker sends model calls when AI_PROVIDER_URL is `${captureUrl}/ai`. */
export const MODEL_PATH = "/ai/chat/completions";

export type ModelCall = { id?: string; name: string; arguments: unknown };
export type ScriptedAnswer = { status: number; body?: unknown; delayMs?: number };

/** One chat completion of a single choice, as the provider sends it. */
function completion(finishReason: "tool_calls" | "stop", message: object, usage: [number, number]): ScriptedAnswer {
  return {
    status: 200,
    body: {
      id: "chatcmpl-test",
      object: "chat.completion",
      choices: [{ index: 0, finish_reason: finishReason, message: { role: "assistant", ...message } }],
      usage: { prompt_tokens: usage[0], completion_tokens: usage[1], total_tokens: usage[0] + usage[1] },
    },
  };
}

/** The model asks for tools (arguments: an object is sent as JSON text, a string as it is). */
export function toolCalls(...calls: ModelCall[]): ScriptedAnswer {
  const tool_calls = calls.map((c, i) => ({
    id: c.id ?? `call_${i}_${c.name}`,
    type: "function",
    function: { name: c.name, arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments) },
  }));
  return completion("tool_calls", { content: null, tool_calls }, [100, 20]);
}

/** The model answers in text (the public assistant's JSON object when given one). */
export function answer(content: string | object): ScriptedAnswer {
  return completion("stop", { content: typeof content === "string" ? content : JSON.stringify(content) }, [150, 40]);
}
