import { and, desc, eq, like } from "drizzle-orm";
import { schema } from "../../../src/db/client";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { bookableTenant } from "../../helpers/booking";
import { ownerToken, type TenantOverrides, uniq } from "../../helpers/factories";
import { MODEL_PATH } from "../../helpers/ai-model";
import { captured, type Scripted, script } from "../../helpers/worker-entry";

export { answer, MODEL_PATH, type ModelCall, toolCalls } from "../../helpers/ai-model";

// The capture server plays the model (an OpenAI-compatible chat-completions endpoint at
// `${CAPTURE_URL}/ai`). Every request the Worker sends carries the system prompt, which names the
// business ("Business <slug>"), so a test scripts and reads only its own conversation by its slug.

/** A pinned request clock (Monday 2031-03-03, 12:00 in New York) and the next day's date. */
export const NOW = "2031-03-03T17:00:00.000Z";
export const TOMORROW = "2031-03-04";

export async function scriptModel(slug: string, responses: Scripted[]) {
  await script({ pathPrefix: MODEL_PATH, bodyContains: `Business ${slug}` }, responses);
}

export type SentToModel = {
  model: string;
  max_tokens: number;
  tool_choice: string;
  tools: { type: string; function: { name: string } }[];
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
};

/** What the Worker sent the model for this business, oldest first, with the HTTP details. */
export async function modelRequests(slug: string) {
  const reqs = await captured({ pathPrefix: MODEL_PATH, bodyContains: `Business ${slug}` });
  return reqs.map((r) => ({ headers: r.headers, status: r.status, body: JSON.parse(r.body) as SentToModel }));
}

/** The tool results (role "tool") the model was given in its last request, parsed. */
export function toolResults(sent: SentToModel): { id: string; result: any }[] {
  return sent.messages.filter((m) => m.role === "tool").map((m) => ({ id: m.tool_call_id ?? "", result: JSON.parse(m.content ?? "null") }));
}

export async function aiLogRows(tenantId: string) {
  const a = schema.auditLog;
  return testDb()
    .select()
    .from(a)
    .where(and(eq(a.targetId, tenantId), like(a.action, "ai.%")))
    .orderBy(desc(a.createdAt), desc(a.id));
}

/** A bookable business: one online service (30 min), one staff member working 09-17 every day. */
export async function bookableBusiness(overrides: TenantOverrides = {}) {
  const slug = overrides.slug ?? `biz-${uniq()}`;
  return bookableTenant({
    tenant: { ...overrides, slug },
    service: { name: `Haircut ${slug}`, durationMinutes: 30, price: 3500 },
    staff: { displayName: `Sam ${slug}` },
  });
}

export const ask = (content: string) => ({ messages: [{ role: "user", content }] });

export function publicChat(slug: string, body: unknown, opts: { now?: string; headers?: Record<string, string>; ip?: string } = {}) {
  return post(`/api/ai-public/${slug}/chat`, body, { now: opts.now ?? NOW, headers: opts.headers, ip: opts.ip });
}

export function ownerChat(token: string, body: unknown, opts: { now?: string; headers?: Record<string, string> } = {}) {
  return post("/api/ai/chat", body, { token, now: opts.now ?? NOW, headers: opts.headers });
}

/** An owner/staff token valid at the pinned clock NOW (tokens signed today have expired by then). */
export function tokenAtNow(userId: string, tenantId: string, role: "owner" | "admin" | "staff" = "owner") {
  return ownerToken(userId, tenantId, role, new Date(NOW));
}
