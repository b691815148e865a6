/**
 * What the AI log keeps of one assistant request (design.md §20): tools used, model, latency,
 * outcome, and at most 200 characters of what the person asked, never the conversation. Pure.
 */

export const QUESTION_CHARS = 200;
const MAX_LOGGED_CALLS = 20;

export type ToolCallLog = { name: string; ok: boolean; error?: string };

export type AiLogInput = {
  model: string;
  latencyMs: number;
  outcome: "ok" | "error";
  /** The error code answered (ai_provider_error) when outcome is error. */
  errorCode?: string;
  /** Why, in a few words (timeout, provider status, malformed output, tool-round cap). */
  errorReason?: string;
  toolCalls: ToolCallLog[];
  rounds: number;
  tokens: number | null;
  question: string;
  /** Public assistant: how many suggested fields survived the evidence check, and how many were dropped. */
  suggestions?: { kept: number; dropped: number };
};

export type AiLogMetadata = {
  model: string;
  latencyMs: number;
  outcome: "ok" | "error";
  errorCode: string | null;
  errorReason: string | null;
  toolCalls: ToolCallLog[];
  rounds: number;
  tokens: number | null;
  question: string;
  suggestions: { kept: number; dropped: number } | null;
};

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

export function aiLogMetadata(i: AiLogInput): AiLogMetadata {
  return {
    model: cut(i.model, 100),
    latencyMs: Math.max(0, Math.round(i.latencyMs)),
    outcome: i.outcome,
    errorCode: i.errorCode ?? null,
    errorReason: i.errorReason ? cut(i.errorReason, 200) : null,
    toolCalls: i.toolCalls.slice(0, MAX_LOGGED_CALLS).map((c) => ({
      name: cut(c.name, 64),
      ok: c.ok,
      ...(c.error ? { error: cut(c.error, 200) } : {}),
    })),
    rounds: i.rounds,
    tokens: i.tokens,
    question: cut(i.question, QUESTION_CHARS),
    suggestions: i.suggestions ?? null,
  };
}

/** The last thing the person asked: what the log keeps of the conversation (cut to 200 characters). */
export function lastQuestion(messages: { role: string; content: string }[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === "user") return cut(messages[i].content, QUESTION_CHARS);
  return "";
}
