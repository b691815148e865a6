import { describe, expect, it } from "vitest";
import { PUBLIC_TOOLS } from "../../../../src/domain/ai/tools";
import { fromOpenAiResponse, toOpenAiMessages } from "../../../../src/services/ai/openai";
import { AiProviderError, type ChatMessage, withTimeout } from "../../../../src/services/ai/provider";
import { fromWorkersAiOutput, toWorkersAiInputs, workersAiProvider } from "../../../../src/services/ai/workers-ai";

const convo: ChatMessage[] = [
  { role: "system", content: "sys" },
  { role: "user", content: "hi" },
  { role: "assistant", content: "", toolCalls: [{ id: "c1", name: "list_services", arguments: "{}" }] },
  { role: "tool", toolCallId: "c1", name: "list_services", content: '[{"id":"svc_1"}]' },
];

describe("OpenAI-compatible format", () => {
  it("sends tool calls and results in the chat-completions shape", () => {
    expect(toOpenAiMessages(convo)).toEqual([
      { role: "system", content: "sys" },
      { role: "user", content: "hi" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "list_services", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "c1", content: '[{"id":"svc_1"}]' },
    ]);
  });

  it("reads text, tool calls (arguments as text or object, missing ids) and usage", () => {
    expect(fromOpenAiResponse({ choices: [{ message: { content: "hello" } }], usage: { total_tokens: 9 } })).toEqual({
      content: "hello",
      toolCalls: [],
      tokens: 9,
    });
    expect(
      fromOpenAiResponse({
        choices: [
          {
            message: {
              content: null,
              tool_calls: [{ function: { name: "list_staff", arguments: { a: 1 } } }, { id: "x", function: { name: "list_services" } }],
            },
          },
        ],
      }),
    ).toEqual({
      content: null,
      toolCalls: [
        { id: "call_0", name: "list_staff", arguments: '{"a":1}' },
        { id: "x", name: "list_services", arguments: "{}" },
      ],
      tokens: null,
    });
    for (const bad of [null, {}, { choices: [] }, { choices: [{}] }, { choices: [{ message: { content: "  " } }] }]) {
      expect(() => fromOpenAiResponse(bad)).toThrow(AiProviderError);
    }
  });
});

describe("Workers AI binding format", () => {
  it("offers the tools unless an answer is required, and replays tool turns as text", () => {
    const inputs = toWorkersAiInputs({ messages: convo, tools: PUBLIC_TOOLS, toolChoice: "auto", maxTokens: 300 });
    expect(inputs.max_tokens).toBe(300);
    expect(inputs.tools?.map((t) => ("name" in t ? t.name : ""))).toEqual(PUBLIC_TOOLS.map((t) => t.name));
    expect(inputs.messages.slice(2)).toEqual([
      { role: "assistant", content: '[{"name":"list_services","arguments":{}}]' },
      { role: "tool", content: '{"tool":"list_services","result":[{"id":"svc_1"}]}' },
    ]);
    expect(toWorkersAiInputs({ messages: convo, tools: PUBLIC_TOOLS, toolChoice: "none", maxTokens: 300 }).tools).toBeUndefined();
  });

  it("reads the binding's output", () => {
    expect(fromWorkersAiOutput({ response: "hi", usage: { total_tokens: 5 } })).toEqual({ content: "hi", toolCalls: [], tokens: 5 });
    expect(fromWorkersAiOutput("plain")).toEqual({ content: "plain", toolCalls: [], tokens: null });
    expect(fromWorkersAiOutput({ response: null, tool_calls: [{ name: "list_staff", arguments: { x: 1 } }] })).toEqual({
      content: null,
      toolCalls: [{ id: "call_0", name: "list_staff", arguments: '{"x":1}' }],
      tokens: null,
    });
    for (const bad of [null, 3, "", { request_id: "r" }, { response: "" }, { tool_calls: [{ arguments: {} }] }]) {
      expect(() => fromWorkersAiOutput(bad)).toThrow(AiProviderError);
    }
  });

  it("maps a failing or slow binding to provider errors", async () => {
    const failing = { run: async () => Promise.reject(new Error("3040: capacity")) } as unknown as Ai;
    await expect(
      workersAiProvider(failing, "m", 1000).complete({ messages: convo, tools: [], toolChoice: "auto", maxTokens: 10 }),
    ).rejects.toThrow("Workers AI failed: 3040: capacity");
    await expect(withTimeout(20, () => new Promise((r) => setTimeout(r, 500)))).rejects.toThrow("timeout after 20 ms");
  });
});
