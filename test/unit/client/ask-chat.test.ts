import { describe, expect, it } from "vitest";
import "./booking-messages";
import { askFailure, type Catalog, choicesFrom, conversation, type Turn } from "../../../src/client/booking/ask-chat";
import type { ApiAnswer } from "../../../src/client/shared/http";

const catalog: Catalog = {
  serviceName: (id) => new Map([["svc_cut", "Haircut"]]).get(id) ?? null,
  staffName: (id) =>
    new Map([
      ["stf_sam", "Sam Lee"],
      ["stf_ana", "Ana Ruiz"],
    ]).get(id) ?? null,
};

const slot = (time: string, staffProfileId = "stf_sam", staffName = "Sam Lee") => ({
  staffProfileId,
  staffName,
  startTime: `2031-06-10T${time}:00`,
  endTime: `2031-06-10T${time}:00`,
});

const failed = (status: number, body: ApiAnswer<unknown>["body"] = null): ApiAnswer<unknown> => ({ status, body, headers: null });

describe("the conversation sent with a question", () => {
  it("is the earlier turns and the question, trimmed, without empty messages", () => {
    const turns: Turn[] = [
      { role: "user", content: "  Haircut tomorrow? " },
      { role: "assistant", content: "" },
    ];
    expect(conversation(turns, " And Friday? ")).toEqual([
      { role: "user", content: "Haircut tomorrow?" },
      { role: "user", content: "And Friday?" },
    ]);
  });

  it("keeps within design.md §20: the last 20 messages, each at most 2000 characters, the question last", () => {
    const turns: Turn[] = Array.from({ length: 30 }, (_, i) => ({
      role: i % 2 ? "assistant" : "user",
      content: `m${i} ${"x".repeat(3000)}`,
    }));
    const sent = conversation(turns, "last one");
    expect(sent).toHaveLength(20);
    expect(sent.at(-1)).toEqual({ role: "user", content: "last one" });
    expect(sent[0].content.startsWith("m11 ")).toBe(true);
    expect(Math.max(...sent.map((m) => m.content.length))).toBe(2000);
  });
});

describe("suggestions as choices for the booking form", () => {
  it("one button per suggested time, named by the time when one staff member was suggested", () => {
    const offer = choicesFrom(
      { serviceId: "svc_cut", staffId: "stf_sam", date: "2031-06-10", slots: [slot("14:00"), slot("14:30")] },
      catalog,
    );
    expect(offer?.heading).toBe("Haircut with Sam Lee on Tue, Jun 10, 2031");
    expect(offer?.choices.map((c) => c.text)).toEqual(["14:00", "14:30"]);
    expect(offer?.choices[1]).toMatchObject({
      serviceId: "svc_cut",
      staffId: "stf_sam",
      date: "2031-06-10",
      startTime: "2031-06-10T14:30:00",
      label: "14:30 with Sam Lee, Tue, Jun 10, 2031: fill in the booking form for Haircut",
      summary: "Haircut with Sam Lee, Tue, Jun 10, 2031 at 14:30",
    });
  });

  it("names each time's staff member when anyone may do it, and picks that member in the form", () => {
    const offer = choicesFrom(
      { serviceId: "svc_cut", staffId: null, date: "2031-06-10", slots: [slot("09:00"), slot("09:00", "stf_ana", "Ana Ruiz")] },
      catalog,
    );
    expect(offer?.heading).toBe("Haircut on Tue, Jun 10, 2031");
    expect(offer?.choices.map((c) => [c.text, c.staffId])).toEqual([
      ["09:00 with Sam Lee", "stf_sam"],
      ["09:00 with Ana Ruiz", "stf_ana"],
    ]);
  });

  it("without times: one choice that shows the times of the day, or just picks the service", () => {
    const day = choicesFrom({ serviceId: "svc_cut", staffId: "stf_sam", date: "2031-06-10", slots: [] }, catalog);
    expect(day?.choices).toEqual([
      {
        serviceId: "svc_cut",
        staffId: "stf_sam",
        date: "2031-06-10",
        startTime: null,
        text: "Show the times on Tue, Jun 10, 2031",
        label: "Show the times on Tue, Jun 10, 2031: Haircut with Sam Lee on Tue, Jun 10, 2031",
        summary: "Haircut with Sam Lee on Tue, Jun 10, 2031",
      },
    ]);
    const service = choicesFrom({ serviceId: "svc_cut", staffId: "stf_gone", date: null, slots: [] }, catalog);
    expect(service?.choices.map((c) => [c.text, c.staffId, c.date])).toEqual([["Choose Haircut", "", null]]);
  });

  it("offers nothing without a service, or for one this page does not list", () => {
    expect(choicesFrom({ serviceId: null, staffId: "stf_sam", date: "2031-06-10", slots: [] }, catalog)).toBeNull();
    expect(choicesFrom({ serviceId: "svc_other", staffId: null, date: "2031-06-10", slots: [slot("10:00")] }, catalog)).toBeNull();
  });
});

describe("what the customer reads when asking failed", () => {
  it("turns the panel off when there is no model or no assistant for this business", () => {
    expect(askFailure(failed(503, { error: { code: "ai_unavailable", message: "x" } }))).toEqual({ kind: "off" });
    expect(askFailure(failed(404, { error: { code: "not_found", message: "x" } }))).toEqual({ kind: "off" });
  });

  it("puts field errors in plain words", () => {
    const invalid = (fieldErrors: Record<string, string[]>) =>
      failed(400, { error: { code: "invalid_request", message: "x", details: { formErrors: [], fieldErrors } } });
    expect(askFailure(invalid({ "messages.3.content": ["content must be at most 2000 characters"] }))).toEqual({
      kind: "error",
      message: "Please write your request in at most 2000 characters, then send it again.",
    });
    expect(askFailure(invalid({ messages: ["At most 20 messages"] }))).toEqual({
      kind: "error",
      message: "This conversation has become too long. Start a new conversation to ask again.",
    });
    expect(askFailure(failed(400, { error: { code: "invalid_request", message: "Malformed JSON" } }))).toMatchObject({ kind: "error" });
  });

  it("says what happened for a model failure, too many requests, no connection, anything else", () => {
    const text = (status: number, code = "x") => {
      const f = askFailure(failed(status, { error: { code, message: "provider said: secret detail" } } as never));
      return f.kind === "error" ? f.message : "off";
    };
    expect(text(502, "ai_provider_error")).toBe(
      "The assistant could not answer just now. Please try again, or choose a time with the form below.",
    );
    expect(text(429)).toMatch(/^Lots of people are asking right now/);
    expect(text(0)).toMatch(/^We could not reach the assistant/);
    expect(text(500, "internal_error")).toBe("Something went wrong on our side. Please try again.");
    expect(text(503, "unhealthy")).toBe("Something went wrong on our side. Please try again.");
  });
});
