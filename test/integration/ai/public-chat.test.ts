import { describe, expect, it } from "vitest";
import { countDbRequests, post } from "../../helpers/api";
import { createService, createStaff } from "../../helpers/factories";
import {
  aiLogRows,
  answer,
  ask,
  bookableBusiness,
  modelRequests,
  NOW,
  publicChat,
  scriptModel,
  TOMORROW,
  toolCalls,
  toolResults,
} from "./support";
import { slotOn } from "../../helpers/slots";

/** A suggested time as the reply carries it tomorrow: its wall times and, since design.md §16, its real instants. */
const suggestedSlot = (staff: { id: string; displayName: string }, wall: [string, string], utc: [string, string]) =>
  slotOn(TOMORROW, { id: staff.id, name: staff.displayName }, wall, utc);

describe("POST /api/ai-public/:slug/chat", () => {
  it("runs the model's tool calls over the business's public data and suggests real free times", async () => {
    const { tenant, service, staff } = await bookableBusiness();
    await scriptModel(tenant.slug, [
      toolCalls({ name: "list_services", arguments: {} }, { name: "list_staff", arguments: {} }),
      toolCalls({ name: "get_availability", arguments: { serviceId: service.id, date: TOMORROW, earliest: "16:00" } }),
      answer({
        reply: "Sam has 16:00 or 16:30 tomorrow.",
        suggestions: { serviceId: service.id, staffId: staff.id, date: TOMORROW, slots: ["16:00", `${TOMORROW}T16:30:00`] },
      }),
    ]);

    const res = await publicChat(tenant.slug, ask("A haircut with Sam tomorrow after 4?"));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.body).toEqual({
      data: {
        reply: "Sam has 16:00 or 16:30 tomorrow.",
        suggestions: {
          serviceId: service.id,
          staffId: staff.id,
          date: TOMORROW,
          slots: [
            // design.md §16: slots carry their real instants too (EST, UTC-5).
            suggestedSlot(staff, ["16:00", "16:30"], ["21:00", "21:30"]),
            suggestedSlot(staff, ["16:30", "17:00"], ["21:30", "22:00"]),
          ],
        },
      },
    });

    // What the model saw: three calls, the configured model, key and token cap, the public tools only.
    const sent = await modelRequests(tenant.slug);
    expect(sent).toHaveLength(3);
    for (const s of sent) {
      expect(s.headers.authorization).toBe("Bearer test-ai-key");
      expect(s.body.model).toBe("test-model");
      expect(s.body.max_tokens).toBe(1024);
      expect(s.body.tool_choice).toBe("auto");
      expect(s.body.tools.map((t) => t.function.name)).toEqual(["list_services", "list_staff", "get_availability", "find_available_days"]);
    }
    expect(sent[0].body.messages[0].content).toContain("Today is Monday 2031-03-03, 12:00 local time (America/New_York)");
    expect(sent[0].body.messages.at(-1)).toEqual({ role: "user", content: "A haircut with Sam tomorrow after 4?" });
    const [services, staffList] = toolResults(sent[1].body);
    expect(services.result).toEqual([
      { id: service.id, name: service.name, description: "", durationMinutes: 30, price: 3500, currency: "USD" },
    ]);
    expect(staffList.result).toEqual([{ id: staff.id, name: staff.displayName, title: "" }]);
    const availability = toolResults(sent[2].body)[2].result;
    expect(availability.slots.map((s: { startTime: string }) => s.startTime.slice(11, 16))).toEqual(["16:00", "16:15", "16:30"]);

    const [row] = await aiLogRows(tenant.id);
    expect(row).toMatchObject({
      action: "ai.public_chat",
      actorType: "system",
      actorId: "public-assistant",
      targetType: "tenant",
      createdAt: NOW,
    });
    expect(row.metadata).toMatchObject({
      model: "test-model",
      outcome: "ok",
      errorCode: null,
      rounds: 2,
      tokens: 120 + 120 + 190,
      question: "A haircut with Sam tomorrow after 4?",
      toolCalls: [
        { name: "list_services", ok: true },
        { name: "list_staff", ok: true },
        { name: "get_availability", ok: true },
      ],
      suggestions: { kept: 5, dropped: 0 },
    });
    expect((row.metadata as { latencyMs: number }).latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("drops every suggested value no tool result of this request backs", async () => {
    const { tenant, service, staff } = await bookableBusiness();
    const unlisted = await createService(tenant.id, { name: "Not online", isOnlineBookable: false });
    await scriptModel(tenant.slug, [
      toolCalls({ name: "get_availability", arguments: { serviceId: service.id, date: TOMORROW, latest: "09:30" } }),
      answer(
        "```json\n" +
          JSON.stringify({
            reply: "Here you go.",
            // 09:00 was listed; 12:00 was not shown to the model; 09:10 is no slot; the invented staff id and
            // another date are not backed.
            suggestions: {
              serviceId: service.id,
              staffId: "stf_invented",
              date: TOMORROW,
              slots: ["09:00", "12:00", "09:10", "2031-03-05T09:00"],
            },
          }) +
          "\n```",
      ),
    ]);
    const res = await publicChat(tenant.slug, ask("Tomorrow morning?"));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      reply: "Here you go.",
      suggestions: {
        serviceId: service.id,
        staffId: null,
        date: TOMORROW,
        slots: [suggestedSlot(staff, ["09:00", "09:30"], ["14:00", "14:30"])],
      },
    });

    // A service the tools never returned (not online-bookable), a date without availability results.
    await scriptModel(tenant.slug, [
      answer({ reply: "Try this.", suggestions: { serviceId: unlisted.id, staffId: staff.id, date: TOMORROW, slots: ["10:00"] } }),
    ]);
    // A minute later, so its log row is the newest.
    const second = await publicChat(tenant.slug, ask("Anything?"), { now: "2031-03-03T17:01:00.000Z" });
    expect(second.body.data).toEqual({ reply: "Try this.", suggestions: { serviceId: null, staffId: null, date: null, slots: [] } });
    const [row] = await aiLogRows(tenant.id);
    expect(row.metadata).toMatchObject({ suggestions: { kept: 0, dropped: 4 }, toolCalls: [] });
  });

  it("takes a plain-text answer as the reply, and the days range backs a suggested date", async () => {
    const { tenant, service } = await bookableBusiness();
    await createStaff(tenant.id, { displayName: "Nobody works" }, []);
    await scriptModel(tenant.slug, [
      toolCalls({ name: "find_available_days", arguments: { serviceId: service.id, from: TOMORROW, to: "2031-03-06" } }),
      answer({ reply: "Wednesday works.", suggestions: { serviceId: service.id, date: "2031-03-05", slots: [] } }),
    ]);
    const res = await publicChat(tenant.slug, ask("Which days this week?"));
    expect(res.body.data).toEqual({
      reply: "Wednesday works.",
      suggestions: { serviceId: service.id, staffId: null, date: "2031-03-05", slots: [] },
    });
    const days = toolResults((await modelRequests(tenant.slug))[1].body)[0].result;
    expect(days).toMatchObject({ serviceId: service.id, from: TOMORROW, to: "2031-03-06", timezone: "America/New_York" });
    expect(days.days).toEqual([
      { date: TOMORROW, slots: 31, firstStartTime: `${TOMORROW}T09:00:00` },
      { date: "2031-03-05", slots: 31, firstStartTime: "2031-03-05T09:00:00" },
      { date: "2031-03-06", slots: 31, firstStartTime: "2031-03-06T09:00:00" },
    ]);

    await scriptModel(tenant.slug, [answer("  We open at nine every day.  ")]);
    const plain = await publicChat(tenant.slug, ask("When do you open?"));
    expect(plain.body.data).toEqual({
      reply: "We open at nine every day.",
      suggestions: { serviceId: null, staffId: null, date: null, slots: [] },
    });
  });

  it("answers an unknown tool and bad arguments as tool errors the model can read, and logs them as failed calls", async () => {
    const { tenant, service } = await bookableBusiness();
    await scriptModel(tenant.slug, [
      toolCalls(
        { name: "book_appointment", arguments: { serviceId: service.id, start: `${TOMORROW}T10:00:00` } },
        { name: "get_availability", arguments: { serviceId: service.id, date: "tomorrow" } },
        { name: "get_availability", arguments: "{not json" },
        { name: "list_services", arguments: [] },
      ),
      answer({ reply: "Sorry, I could not look that up.", suggestions: null }),
    ]);
    const res = await publicChat(tenant.slug, ask("Book me in at 10"));
    expect(res.status).toBe(200);
    expect(res.body.data.reply).toBe("Sorry, I could not look that up.");

    const results = toolResults((await modelRequests(tenant.slug))[1].body);
    expect(results.map((r) => r.id)).toEqual([
      "call_0_book_appointment",
      "call_1_get_availability",
      "call_2_get_availability",
      "call_3_list_services",
    ]);
    expect(results[0].result.error).toMatch(/^Unknown tool "book_appointment"/);
    expect(results[1].result.error).toBe("Invalid arguments: date: date must be a real date YYYY-MM-DD");
    expect(results[2].result.error).toBe("The arguments are not valid JSON");
    expect(results[3].result.error).toBe("The arguments must be a JSON object");

    const [row] = await aiLogRows(tenant.id);
    expect(row.metadata).toMatchObject({
      outcome: "ok",
      rounds: 1,
      toolCalls: [
        { name: "book_appointment", ok: false, error: expect.stringMatching(/^Unknown tool/) },
        { name: "get_availability", ok: false, error: expect.stringMatching(/^Invalid arguments/) },
        { name: "get_availability", ok: false, error: "The arguments are not valid JSON" },
        { name: "list_services", ok: false, error: "The arguments must be a JSON object" },
      ],
    });
  });

  it("stops a model that never stops calling tools: after 4 rounds it must answer without tools, else 502", async () => {
    const { tenant } = await bookableBusiness();
    const again = toolCalls({ name: "list_services", arguments: {} });
    await scriptModel(tenant.slug, [again, again, again, again, again]);
    const res = await publicChat(tenant.slug, ask("Loop forever"));
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: { code: "ai_provider_error", message: "The assistant could not answer; please try again" } });
    const sent = await modelRequests(tenant.slug);
    expect(sent.map((s) => s.body.tool_choice)).toEqual(["auto", "auto", "auto", "auto", "none"]);
    const [row] = await aiLogRows(tenant.id);
    expect(row.metadata).toMatchObject({ outcome: "error", errorCode: "ai_provider_error", rounds: 4 });
    expect((row.metadata as { toolCalls: unknown[] }).toolCalls).toHaveLength(4);
    expect((row.metadata as { errorReason: string }).errorReason).toMatch(/tool-round cap/);

    // The same cap, but the model answers when tools are withdrawn: that answer is the reply.
    const other = await bookableBusiness();
    await scriptModel(other.tenant.slug, [again, again, again, again, answer({ reply: "We offer haircuts.", suggestions: null })]);
    const capped = await publicChat(other.tenant.slug, ask("What do you offer?"));
    expect(capped.status).toBe(200);
    expect(capped.body.data.reply).toBe("We offer haircuts.");
    expect((await modelRequests(other.tenant.slug)).map((s) => s.body.tool_choice)).toEqual(["auto", "auto", "auto", "auto", "none"]);
  });

  it("costs one database round trip for the business, one per tool call and one for the log row", async () => {
    const { tenant, service } = await bookableBusiness();
    await scriptModel(tenant.slug, [
      toolCalls(
        { name: "list_services", arguments: {} },
        { name: "get_availability", arguments: { serviceId: service.id, date: TOMORROW } },
      ),
      answer({ reply: "ok", suggestions: null }),
    ]);
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post(`/api/ai-public/${tenant.slug}/chat`, ask("Tomorrow?"), { dbTag, now: NOW }),
    );
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(4);
  });

  it("a request past the token budget is asked to answer without tools at once", async () => {
    const { tenant } = await bookableBusiness();
    const heavy = toolCalls({ name: "list_services", arguments: {} });
    (heavy.body as { usage: { total_tokens: number } }).usage.total_tokens = 25_000;
    await scriptModel(tenant.slug, [heavy, answer({ reply: "We offer haircuts.", suggestions: null })]);
    const res = await publicChat(tenant.slug, ask("What do you offer?"));
    expect(res.status).toBe(200);
    expect((await modelRequests(tenant.slug)).map((s) => s.body.tool_choice)).toEqual(["auto", "none"]);
    const [row] = await aiLogRows(tenant.id);
    expect(row.metadata).toMatchObject({ rounds: 1, tokens: 25_190 });
  });
});
