import { eq, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { lastQuestion, type ToolCallLog } from "../../domain/ai/log";
import { parseModelReply } from "../../domain/ai/reply";
import { Evidence, filterSuggestions, type Suggestions } from "../../domain/ai/suggestions";
import { OWNER_TOOLS, PUBLIC_TOOLS } from "../../domain/ai/tools";
import { ApiError } from "../../errors";
import type { MemberRole } from "../../auth-context";
import { selectPublicTenant } from "../public-tenant";
import { type AiBudget, assertWithinBudget, usedTodayQuery } from "./budget";
import { availabilityDays, type DaysAvailability } from "./days";
import { type AiAction, type AiActor, writeAiLog } from "./log";
import { type ChatRun, type ChatTrace, newTrace, runChat } from "./loop";
import { ownerToolExecutor } from "./owner-tools";
import { ownerSystemPrompt, publicSystemPrompt } from "./prompts";
import { type AiProvider, AiProviderError } from "./provider";
import { publicToolExecutor } from "./public-tools";

/**
 * The two assistants (design.md §20). Each request: one read of the business, the model loop with
 * read-only tools, one audit row (the AI log) whatever the outcome, then the answer. Nothing else
 * is written, so a failed request leaves only its log row.
 */

export type ChatMessageIn = { role: "user" | "assistant"; content: string };

export type AiCtx = {
  db: Db;
  now: Date;
  provider: AiProvider;
  maxTokens: number;
  /** Requests per business and UTC day (design.md §31). */
  budget: AiBudget;
  /** The days-range reader (see ./days.ts). */
  days?: DaysAvailability;
};

type Logged = { tenantId: string; action: AiAction; actor: AiActor; question: string };

/** Runs the loop and writes the log row; a provider failure is logged, then answered 502. */
async function runLogged<T>(
  ctx: AiCtx,
  log: Logged,
  run: ChatRun,
  finish: (content: string) => { result: T; suggestions?: { kept: number; dropped: number } } | null,
): Promise<T> {
  const trace: ChatTrace = newTrace();
  const started = Date.now();
  const entry = (outcome: "ok" | "error", extra: { errorReason?: string; suggestions?: { kept: number; dropped: number } } = {}) => ({
    model: ctx.provider.model,
    latencyMs: Date.now() - started,
    outcome,
    ...(outcome === "error" ? { errorCode: "ai_provider_error" } : {}),
    toolCalls: trace.toolCalls as ToolCallLog[],
    rounds: trace.rounds,
    tokens: trace.tokens,
    question: log.question,
    ...extra,
  });
  let finished: ReturnType<typeof finish>;
  try {
    const content = await runChat(ctx.provider, run, trace);
    finished = finish(content);
    if (!finished) throw new AiProviderError("malformed model output: no reply text");
  } catch (err) {
    if (!(err instanceof AiProviderError)) throw err;
    await writeAiLog(ctx.db, log.tenantId, log.action, log.actor, entry("error", { errorReason: err.reason }), ctx.now);
    throw new ApiError("ai_provider_error", "The assistant could not answer; please try again");
  }
  await writeAiLog(ctx.db, log.tenantId, log.action, log.actor, entry("ok", { suggestions: finished.suggestions }), ctx.now);
  return finished.result;
}

const countKept = (s: Suggestions) => (s.serviceId ? 1 : 0) + (s.staffId ? 1 : 0) + (s.date ? 1 : 0) + s.slots.length;

function countProposed(raw: unknown): number {
  if (raw === null || typeof raw !== "object") return 0;
  const r = raw as Record<string, unknown>;
  const present = (v: unknown) => (v === null || v === undefined || v === "" ? 0 : 1);
  return (
    present(r.serviceId) +
    present(r.staffId ?? r.staffProfileId) +
    present(r.date) +
    (Array.isArray(r.slots) ? Math.min(r.slots.length, 50) : 0)
  );
}

export type PublicChatResult = { reply: string; suggestions: Suggestions };

/**
 * POST /api/ai-public/:slug/chat. Hidden business or assistant switched off: 404 not_found; the
 * business's public budget for today spent: 429.
 */
export async function publicChat(ctx: AiCtx, slug: string, messages: ChatMessageIn[]): Promise<PublicChatResult> {
  const [[tenant], used] = await ctx.db.batch([
    selectPublicTenant(ctx.db, slug),
    usedTodayQuery(ctx.db, sql`(SELECT id FROM tenants WHERE slug = ${slug})`, "ai.public_chat", ctx.now),
  ]);
  if (!tenant?.aiAssistantEnabled) throw ApiError.notFound("Business");
  assertWithinBudget(used, ctx.budget.public, ctx.now);
  const evidence = new Evidence();
  const execute = publicToolExecutor(ctx, slug, tenant.currency, ctx.days ?? availabilityDays, evidence);
  return runLogged(
    ctx,
    { tenantId: tenant.id, action: "ai.public_chat", actor: { type: "system", id: "public-assistant" }, question: lastQuestion(messages) },
    { system: publicSystemPrompt(tenant, ctx.now), messages, tools: PUBLIC_TOOLS, execute, maxTokens: ctx.maxTokens },
    (content) => {
      const parsed = parseModelReply(content);
      if (!parsed) return null;
      const suggestions = filterSuggestions(parsed.suggestions, evidence);
      const kept = countKept(suggestions);
      return {
        result: { reply: parsed.reply, suggestions },
        suggestions: { kept, dropped: Math.max(0, countProposed(parsed.suggestions) - kept) },
      };
    },
  );
}

/** POST /api/ai/chat: the caller's business (suspended or not: the owner API keeps working); 429 past today's owner budget. */
export async function ownerChat(
  ctx: AiCtx,
  owner: { tenantId: string; userId: string; role: MemberRole },
  messages: ChatMessageIn[],
): Promise<{ reply: string }> {
  const [[tenant], used] = await ctx.db.batch([
    ctx.db.select().from(schema.tenants).where(eq(schema.tenants.id, owner.tenantId)).limit(1),
    usedTodayQuery(ctx.db, owner.tenantId, "ai.owner_chat", ctx.now),
  ]);
  if (!tenant) throw ApiError.notFound("Business");
  assertWithinBudget(used, ctx.budget.owner, ctx.now);
  const execute = ownerToolExecutor(ctx, { ...owner, timezone: tenant.timezone }, ctx.days ?? availabilityDays);
  return runLogged(
    ctx,
    { tenantId: tenant.id, action: "ai.owner_chat", actor: { type: "user", id: owner.userId }, question: lastQuestion(messages) },
    { system: ownerSystemPrompt(tenant, owner.role, ctx.now), messages, tools: OWNER_TOOLS, execute, maxTokens: ctx.maxTokens },
    (content) => {
      const parsed = parseModelReply(content);
      return parsed ? { result: { reply: parsed.reply } } : null;
    },
  );
}
