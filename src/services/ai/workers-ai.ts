import { type AiProvider, AiProviderError, type ChatMessage, type CompletionRequest, type ModelTurn, withTimeout } from "./provider";

/**
 * The Workers AI binding (`[ai] binding = "AI"`), native input/output of the function-calling text
 * models (Llama 3.3 70B by default: `AI_MODEL` picks another). Typed against that model's inputs in
 * @cloudflare/workers-types, so a change of the binding's shape fails the typecheck.
 */

type TypedModel = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";
type Inputs = Extract<AiModels[TypedModel]["inputs"], { messages: unknown }>;
type Output = AiModels[TypedModel]["postProcessedOutputs"];

/** Our conversation -> the binding's messages: tool calls and results travel as text turns. */
export function toWorkersAiInputs(req: CompletionRequest): Inputs {
  const messages = req.messages.map((m: ChatMessage) => {
    if (m.role === "tool") return { role: "tool", content: JSON.stringify({ tool: m.name, result: safeJson(m.content) }) };
    if (m.role === "assistant" && m.toolCalls?.length) {
      return { role: "assistant", content: JSON.stringify(m.toolCalls.map((t) => ({ name: t.name, arguments: safeJson(t.arguments) }))) };
    }
    return { role: m.role, content: m.content };
  });
  const inputs: Inputs = { messages, max_tokens: req.maxTokens, temperature: 0.2 };
  // The binding has no tool_choice: "none" is "no tools offered".
  if (req.toolChoice === "auto") {
    inputs.tools = req.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
  }
  return inputs;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function fromWorkersAiOutput(out: Output | unknown): ModelTurn {
  if (typeof out === "string") {
    if (!out.trim()) throw new AiProviderError("malformed model output: empty");
    return { content: out, toolCalls: [], tokens: null };
  }
  if (out === null || typeof out !== "object" || !("response" in out || "tool_calls" in out)) {
    throw new AiProviderError("malformed model output: not a text-generation result");
  }
  const o = out as { response?: unknown; tool_calls?: unknown; usage?: { total_tokens?: unknown } };
  const calls = Array.isArray(o.tool_calls) ? o.tool_calls : [];
  const toolCalls = calls.map((c: unknown, i) => {
    const call = (c ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof call.name !== "string" || !call.name) throw new AiProviderError("malformed model output: tool call without a name");
    const args = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {});
    return { id: `call_${i}`, name: call.name, arguments: args };
  });
  const content = typeof o.response === "string" ? o.response : null;
  if (toolCalls.length === 0 && !content?.trim()) throw new AiProviderError("malformed model output: neither text nor tool calls");
  const tokens = typeof o.usage?.total_tokens === "number" ? o.usage.total_tokens : null;
  return { content, toolCalls, tokens };
}

export function workersAiProvider(ai: Ai, model: string, timeoutMs: number): AiProvider {
  return {
    model,
    async complete(req: CompletionRequest): Promise<ModelTurn> {
      const out = await withTimeout(timeoutMs, async (signal) => {
        try {
          return await ai.run(model as TypedModel, toWorkersAiInputs(req), { signal });
        } catch (err) {
          if (signal.aborted) throw err;
          throw new AiProviderError(`Workers AI failed: ${err instanceof Error ? err.message.slice(0, 120) : "error"}`);
        }
      });
      return fromWorkersAiOutput(out);
    },
  };
}
