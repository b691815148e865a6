import type { ToolCallLog } from "../../domain/ai/log";
import { parseToolCall, type ToolDef } from "../../domain/ai/tools";
import { ApiError } from "../../errors";
import { type AiProvider, AiProviderError, type ChatMessage, type ToolCall } from "./provider";

/**
 * The tool-calling loop shared by both assistants (design.md §20 caps):
 * - at most MAX_TOOL_ROUNDS rounds of tool calls; the call after the last round offers no tools
 *   (tool_choice "none"), so the model answers with what it has; a model that still asks for tools
 *   then is a provider error (502), never an endless loop;
 * - at most MAX_CALLS_PER_ROUND calls are run per round (the rest are answered with an error);
 * - a request whose reported tokens pass TOKEN_BUDGET goes straight to that final answer;
 * - each tool result handed to the model is cut to MAX_RESULT_CHARS.
 * An unknown tool, bad arguments or a record the tool cannot see are answered to the model as a
 * tool error (it may correct itself) and logged as failed calls.
 */

export const MAX_TOOL_ROUNDS = 4;
export const MAX_CALLS_PER_ROUND = 5;
export const TOKEN_BUDGET = 24_000;
export const MAX_RESULT_CHARS = 12_000;

/** A tool failure the model may read (not found, out of range): never internal details. */
export class ToolError extends Error {}

export type ToolExecutor = (tool: ToolDef, args: unknown) => Promise<unknown>;

/** What happened so far; filled while running so a failed request still logs its tool calls. */
export type ChatTrace = { toolCalls: ToolCallLog[]; rounds: number; tokens: number | null };

export function newTrace(): ChatTrace {
  return { toolCalls: [], rounds: 0, tokens: null };
}

export type ChatRun = {
  system: string;
  messages: { role: "user" | "assistant"; content: string }[];
  tools: readonly ToolDef[];
  execute: ToolExecutor;
  maxTokens: number;
};

export async function runChat(provider: AiProvider, run: ChatRun, trace: ChatTrace): Promise<string> {
  const convo: ChatMessage[] = [{ role: "system", content: run.system }, ...run.messages];
  for (;;) {
    const final = trace.rounds >= MAX_TOOL_ROUNDS || (trace.tokens ?? 0) > TOKEN_BUDGET;
    const turn = await provider.complete({
      messages: convo,
      tools: run.tools,
      toolChoice: final ? "none" : "auto",
      maxTokens: run.maxTokens,
    });
    if (turn.tokens !== null) trace.tokens = (trace.tokens ?? 0) + turn.tokens;
    if (turn.toolCalls.length === 0) return turn.content ?? "";
    if (final) throw new AiProviderError(`tool-round cap: still calling tools after ${trace.rounds} rounds`);
    trace.rounds += 1;
    convo.push({ role: "assistant", content: turn.content ?? "", toolCalls: turn.toolCalls });
    const results = await Promise.all(turn.toolCalls.map((call, i) => runOne(run, call, i)));
    turn.toolCalls.forEach((call, i) => {
      trace.toolCalls.push(results[i].log);
      convo.push({ role: "tool", toolCallId: call.id, name: call.name, content: results[i].content });
    });
  }
}

async function runOne(run: ChatRun, call: ToolCall, index: number): Promise<{ content: string; log: ToolCallLog }> {
  const fail = (error: string) => ({ content: JSON.stringify({ error }), log: { name: call.name, ok: false, error } });
  if (index >= MAX_CALLS_PER_ROUND) return fail(`At most ${MAX_CALLS_PER_ROUND} tool calls per turn`);
  const parsed = parseToolCall(run.tools, call.name, call.arguments);
  if (!parsed.ok) return fail(parsed.error);
  try {
    const result = await run.execute(parsed.tool, parsed.args);
    const text = JSON.stringify(result);
    const content = text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}…(cut)` : text;
    return { content, log: { name: call.name, ok: true } };
  } catch (err) {
    // Records out of reach (another business's id, a deleted service) read as "not found".
    if (err instanceof ToolError) return fail(err.message);
    if (err instanceof ApiError && err.code === "not_found") return fail(err.message);
    throw err;
  }
}
