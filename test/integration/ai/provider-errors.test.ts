import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { createTenant } from "../../helpers/factories";
import {
  aiLogRows,
  answer,
  ask,
  bookableBusiness,
  modelRequests,
  ownerChat,
  publicChat,
  scriptModel,
  tokenAtNow,
  toolCalls,
} from "./support";

const PROVIDER_ERROR = { error: { code: "ai_provider_error", message: "The assistant could not answer; please try again" } };

describe("AI provider failures", () => {
  it("a provider slower than the timeout is 502, logged as a timeout with the tool calls made before it", async () => {
    const { tenant } = await bookableBusiness();
    await scriptModel(tenant.slug, [toolCalls({ name: "list_services", arguments: {} }), { ...answer("too late"), delayMs: 3000 }]);
    // Without the timeout the scripted model would answer "too late" after 3 s, with a 200.
    const res = await publicChat(tenant.slug, ask("Hello?"), { headers: { "x-test-ai-timeout-ms": "300" } });
    expect(res.status).toBe(502);
    expect(res.body).toEqual(PROVIDER_ERROR);
    const [row] = await aiLogRows(tenant.id);
    expect(row.metadata).toMatchObject({
      outcome: "error",
      errorCode: "ai_provider_error",
      errorReason: "timeout after 300 ms",
      rounds: 1,
      toolCalls: [{ name: "list_services", ok: true }],
    });
  });

  it("a provider 500, 401 or 429 is 502 and says which status in the log", async () => {
    for (const status of [500, 401, 429]) {
      const { tenant } = await bookableBusiness();
      await scriptModel(tenant.slug, [{ status, body: { error: { message: "upstream trouble" } } }]);
      const res = await publicChat(tenant.slug, ask("Hi"));
      expect(res.status).toBe(502);
      expect(res.body).toEqual(PROVIDER_ERROR);
      expect(res.text).not.toContain("upstream trouble");
      const [row] = await aiLogRows(tenant.id);
      expect(row.metadata).toMatchObject({ outcome: "error", errorReason: `provider answered ${status}` });
    }
  });

  it("malformed model output is 502: not JSON, no choices, an empty message, a tool call without a name, an empty reply", async () => {
    const cases: { body: unknown; reason: string }[] = [
      { body: "<html>gateway</html>", reason: "malformed model output: not JSON" },
      { body: { choices: [] }, reason: "malformed model output: not a chat completion" },
      {
        body: { choices: [{ message: { role: "assistant", content: "" } }] },
        reason: "malformed model output: neither text nor tool calls",
      },
      {
        body: { choices: [{ message: { role: "assistant", content: null, tool_calls: [{ id: "x", function: { arguments: "{}" } }] } }] },
        reason: "malformed model output: not a chat completion",
      },
      { body: answer({ reply: "   ", suggestions: null }).body, reason: "malformed model output: no reply text" },
    ];
    for (const c of cases) {
      const { tenant } = await bookableBusiness();
      await scriptModel(tenant.slug, [{ status: 200, body: c.body }]);
      const res = await publicChat(tenant.slug, ask("Hi"));
      expect(res.status, c.reason).toBe(502);
      expect(res.body).toEqual(PROVIDER_ERROR);
      const [row] = await aiLogRows(tenant.id);
      expect(row.metadata).toMatchObject({ outcome: "error", errorReason: c.reason });
    }
  });

  it("the owner assistant fails the same way", async () => {
    const tenant = await createTenant();
    await scriptModel(tenant.slug, [{ status: 503, body: "overloaded" }]);
    const res = await ownerChat(await tokenAtNow(tenant.ownerId, tenant.id), ask("Summarise today"));
    expect(res.status).toBe(502);
    expect(res.body).toEqual(PROVIDER_ERROR);
    const [row] = await aiLogRows(tenant.id);
    expect(row).toMatchObject({ action: "ai.owner_chat", actorType: "user", actorId: tenant.ownerId });
    expect(row.metadata).toMatchObject({ outcome: "error", errorReason: "provider answered 503" });
  });
});

describe("AI routes without a provider", () => {
  it("answer 503 ai_unavailable on every route that talks to a model, call no model and write no log row; the log stays readable", async () => {
    const { tenant } = await bookableBusiness();
    await scriptModel(tenant.slug, [answer({ reply: "should not be asked", suggestions: null })]);
    const off = { headers: { "x-test-ai": "off" } };
    const unavailable = { error: { code: "ai_unavailable", message: "The assistant is not available" } };

    const pub = await publicChat(tenant.slug, ask("Hi"), off);
    expect(pub.status).toBe(503);
    expect(pub.body).toEqual(unavailable);
    const own = await ownerChat(await tokenAtNow(tenant.ownerId, tenant.id), ask("Hi"), off);
    expect(own.status).toBe(503);
    expect(own.body).toEqual(unavailable);
    // design.md §20: the log is a record, readable without a model (issue #33).
    const log = await get("/api/ai/log", { token: tenant.token, ...off });
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual([]);

    expect(await modelRequests(tenant.slug)).toHaveLength(0);
    expect(await aiLogRows(tenant.id)).toHaveLength(0);
    // The scripted answer is still waiting: the next real request gets it.
    const next = await publicChat(tenant.slug, ask("Hi"));
    expect(next.body.data.reply).toBe("should not be asked");
  });
});
