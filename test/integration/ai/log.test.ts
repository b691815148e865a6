import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signToken } from "../../../src/lib/jwt";
import { get, post } from "../../helpers/api";
import { createAdmin, createMember } from "../../helpers/factories";
import { aiLogRows, answer, ask, bookableBusiness, scriptModel, toolCalls } from "./support";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** Three AI requests at distinct times: a public chat, an owner chat that failed, an owner chat. */
async function businessWithLog() {
  const biz = await bookableBusiness();
  const { tenant } = biz;
  await scriptModel(tenant.slug, [
    toolCalls({ name: "list_services", arguments: {} }),
    answer({ reply: "We do haircuts.", suggestions: { serviceId: biz.service.id } }),
    { status: 500, body: "down" },
    answer("Here is your summary."),
  ]);
  const first = await post(`/api/ai-public/${tenant.slug}/chat`, ask("What do you do?"), { now: minutesAgo(30) });
  expect(first.status).toBe(200);
  const failed = await post("/api/ai/chat", ask("Summarise today"), { token: tenant.token, now: minutesAgo(20) });
  expect(failed.status).toBe(502);
  const ok = await post("/api/ai/chat", ask("Summarise today, please"), { token: tenant.token, now: minutesAgo(10) });
  expect(ok.status).toBe(200);
  return biz;
}

describe("GET /api/ai/log", () => {
  it("lists the business's AI requests newest first with tools, model, latency and outcome", async () => {
    const { tenant } = await businessWithLog();
    const other = await businessWithLog();
    const res = await get("/api/ai/log", { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const entries = res.body.data;
    expect(entries).toHaveLength(3);
    expect(entries.map((e: { action: string; outcome: string }) => `${e.action}:${e.outcome}`)).toEqual([
      "ai.owner_chat:ok",
      "ai.owner_chat:error",
      "ai.public_chat:ok",
    ]);
    expect(entries[2]).toEqual({
      id: expect.stringMatching(/^aud_/),
      action: "ai.public_chat",
      actor: { type: "system", id: "public-assistant" },
      outcome: "ok",
      errorCode: null,
      errorReason: null,
      model: "test-model",
      latencyMs: expect.any(Number),
      rounds: 1,
      tokens: 310,
      toolCalls: [{ name: "list_services", ok: true, error: null }],
      question: "What do you do?",
      suggestions: { kept: 1, dropped: 0 },
      createdAt: expect.any(String),
    });
    expect(entries[1]).toMatchObject({
      actor: { type: "user", id: tenant.ownerId },
      outcome: "error",
      errorCode: "ai_provider_error",
      errorReason: "provider answered 500",
      toolCalls: [],
      question: "Summarise today",
    });
    expect(JSON.stringify(entries)).not.toContain(other.tenant.slug);

    const limited = await get("/api/ai/log?limit=2", { token: tenant.token });
    expect(limited.body.data.map((e: { id: string }) => e.id)).toEqual(entries.slice(0, 2).map((e: { id: string }) => e.id));
    for (const bad of ["limit=0", "limit=201", "limit=abc"]) {
      const r = await get(`/api/ai/log?${bad}`, { token: tenant.token });
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code).toBe("invalid_request");
    }
    // A parameter the log does not take is ignored (issue 24).
    expect((await get("/api/ai/log?limit=2&since=yesterday", { token: tenant.token })).body.data).toHaveLength(2);
    // Any member may read it; no token may not.
    const staff = await createMember(tenant.id, "staff");
    expect((await get("/api/ai/log", { token: staff.token })).body.data).toHaveLength(3);
    expect((await get("/api/ai/log")).status).toBe(401);
  });

  it("keeps at most 200 characters of the last question and nothing else of the conversation", async () => {
    const { tenant } = await bookableBusiness();
    await scriptModel(tenant.slug, [answer({ reply: "Noted.", suggestions: null })]);
    const question = `${"a".repeat(195)}TAIL-PRIVATE-PART`;
    const res = await post(
      `/api/ai-public/${tenant.slug}/chat`,
      {
        messages: [
          { role: "user", content: "My phone is 555-0199 and my card ends 4242" },
          { role: "assistant", content: "Thanks." },
          { role: "user", content: question },
        ],
      },
      {},
    );
    expect(res.status).toBe(200);
    const [row] = await aiLogRows(tenant.id);
    const stored = JSON.stringify(row);
    expect((row.metadata as { question: string }).question).toBe(question.slice(0, 200));
    expect(stored).not.toContain("PRIVATE");
    expect(stored).not.toContain("555-0199");
    expect(stored).not.toContain("Noted.");
  });

  it("is readable with an operator's impersonation token (read-only)", async () => {
    const { tenant } = await businessWithLog();
    const admin = await createAdmin();
    const launched = await post(
      `/api/admin/tenants/${tenant.id}/impersonate`,
      { reason: "Ticket 88: AI log question" },
      { token: admin.token },
    );
    const res = await get("/api/ai/log", { token: launched.body.data.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
  });
});

describe("the console's AI activity", () => {
  it("counts the AI log rows of the last 7 days", async () => {
    const { tenant } = await businessWithLog();
    const admin = await createAdmin();
    const res = await get(`/api/admin/tenants/${tenant.id}/activity`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.aiActivity).toEqual({ last7Days: 3 });

    // Eight days later the same rows no longer count (the request clock is pinned, the admin token re-issued).
    const later = new Date(Date.now() + 8 * 86_400_000);
    const { token } = await signToken(
      env.JWT_SECRET,
      { sub: admin.id, sid: "ses_later", aud: "super_admin", email: admin.email, name: "Ada" },
      3600,
      later,
    );
    const laterRes = await get(`/api/admin/tenants/${tenant.id}/activity`, { token, now: later });
    expect(laterRes.status).toBe(200);
    expect(laterRes.body.data.aiActivity).toEqual({ last7Days: 0 });
  });
});

describe("the AI log on a platform without a model (design.md §20, issue #33)", () => {
  it("stays readable: GET /api/ai/log, the app's view and its page answer, also to an impersonating operator", async () => {
    const { tenant } = await businessWithLog();
    const off = { "x-test-ai": "off" };
    // The routes that talk to a model are off...
    expect((await post("/api/ai/chat", ask("Hi"), { token: tenant.token, headers: off })).status).toBe(503);
    // ...the record is not.
    const log = await get("/api/ai/log", { token: tenant.token, headers: off });
    expect(log.status).toBe(200);
    expect(log.body.data).toHaveLength(3);
    const view = await get("/api/businesses/me/views/ai-log", { token: tenant.token, headers: off });
    expect(view.status).toBe(200);
    expect(view.body.data.entries).toEqual(log.body.data);
    const page = await get("/app/ai-log", { headers: off });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-assistant="off"');

    const admin = await createAdmin();
    const started = await post(`/api/admin/tenants/${tenant.id}/impersonate`, { reason: "Reading the AI log" }, { token: admin.token });
    expect(started.status).toBe(201);
    const asOperator = await get("/api/ai/log", { token: started.body.data.token, headers: off });
    expect(asOperator.status).toBe(200);
    expect(asOperator.body.data).toHaveLength(3);
  });
});
