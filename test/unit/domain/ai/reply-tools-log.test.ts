import { describe, expect, it } from "vitest";
import { aiLogMetadata, lastQuestion } from "../../../../src/domain/ai/log";
import { parseModelReply } from "../../../../src/domain/ai/reply";
import { OWNER_TOOLS, PUBLIC_TOOLS, parseToolCall } from "../../../../src/domain/ai/tools";

describe("parseModelReply", () => {
  it("reads the JSON object, fenced or with prose around it, and plain text as a bare reply", () => {
    const obj = { reply: "Tuesday at 5", suggestions: { serviceId: "svc_1" } };
    expect(parseModelReply(JSON.stringify(obj))).toEqual(obj);
    expect(parseModelReply(`Sure!\n\`\`\`json\n${JSON.stringify(obj)}\n\`\`\``)).toEqual(obj);
    expect(parseModelReply(`Here: ${JSON.stringify(obj)} - enjoy`)).toEqual(obj);
    expect(parseModelReply("  Just text.  ")).toEqual({ reply: "Just text.", suggestions: null });
    expect(parseModelReply("x".repeat(5000))?.reply).toHaveLength(4000);
  });

  it("is null for nothing to show", () => {
    expect(parseModelReply("   ")).toBeNull();
    expect(parseModelReply('{"reply": "  "}')).toBeNull();
    expect(parseModelReply('{"answer": "hi"}')).toBeNull();
  });
});

describe("parseToolCall", () => {
  it("checks names and arguments strictly; no tool takes a business", () => {
    expect(parseToolCall(PUBLIC_TOOLS, "list_services", "")).toMatchObject({ ok: true, args: {} });
    expect(parseToolCall(PUBLIC_TOOLS, "get_availability", '{"serviceId":"svc_1","date":"2031-03-04","earliest":"17:00"}')).toMatchObject({
      ok: true,
      args: { serviceId: "svc_1", date: { year: 2031, month: 3, day: 4 }, earliest: "17:00" },
    });
    expect(parseToolCall(PUBLIC_TOOLS, "list_bookings", "{}")).toEqual({
      ok: false,
      error: expect.stringMatching(/^Unknown tool "list_bookings"/),
    });
    expect(parseToolCall(PUBLIC_TOOLS, "get_availability", '{"serviceId":"s","date":"2031-02-30"}')).toEqual({
      ok: false,
      error: "Invalid arguments: date: date must be a real date YYYY-MM-DD",
    });
    expect(parseToolCall(PUBLIC_TOOLS, "get_availability", '{"serviceId":"s","date":"2031-03-04","earliest":"5pm"}')).toEqual({
      ok: false,
      error: "Invalid arguments: earliest: earliest must be HH:MM",
    });
    expect(parseToolCall(OWNER_TOOLS, "list_bookings", '{"from":"2031-03-04","slug":"x","tenantId":"y"}')).toEqual({
      ok: false,
      error: "Invalid arguments: unknown argument(s): slug, tenantId",
    });
    expect(parseToolCall(OWNER_TOOLS, "search_customers", '"cleo"')).toEqual({ ok: false, error: "The arguments must be a JSON object" });
    expect(parseToolCall(OWNER_TOOLS, "search_customers", "{")).toEqual({ ok: false, error: "The arguments are not valid JSON" });
    for (const t of OWNER_TOOLS) {
      for (const key of Object.keys(t.parameters.properties)) expect(["slug", "tenantId", "businessId"]).not.toContain(key);
    }
  });
});

describe("AI log metadata", () => {
  it("cuts the question to 200 characters and bounds every free-text field", () => {
    const m = aiLogMetadata({
      model: "m",
      latencyMs: 12.6,
      outcome: "error",
      errorCode: "ai_provider_error",
      errorReason: "r".repeat(500),
      toolCalls: Array.from({ length: 30 }, () => ({ name: "n".repeat(100), ok: false, error: "e".repeat(300) })),
      rounds: 4,
      tokens: null,
      question: "q".repeat(2000),
    });
    expect(m.latencyMs).toBe(13);
    expect(m.question).toHaveLength(200);
    expect(m.errorReason).toHaveLength(200);
    expect(m.toolCalls).toHaveLength(20);
    expect(m.toolCalls[0].name).toHaveLength(64);
    expect(m.toolCalls[0].error).toHaveLength(200);
    expect(m.suggestions).toBeNull();
  });

  it("takes the last user message as the question", () => {
    expect(
      lastQuestion([
        { role: "user", content: "first" },
        { role: "assistant", content: "reply" },
        { role: "user", content: "second" },
      ]),
    ).toBe("second");
    expect(lastQuestion([])).toBe("");
  });
});
