import { MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES } from "../../shared/ai-limits";
import { clockTime, humanDate } from "../../shared/format";
import type { PublicChatAnswer, SuggestedSlot } from "../shared/api-types";
import { type ApiAnswer, errorCode, errorDetails } from "../shared/http";
import { pageLocale, t } from "./i18n";

/**
 * The Ask panel's pure parts (no DOM): the conversation sent with each question, the suggestions
 * turned into choices for the booking form, and what the customer reads when a request fails.
 */

export type Turn = { role: "user" | "assistant"; content: string };

/**
 * The messages of one request (design.md §20): the earlier turns and the new question, each
 * trimmed and cut to 2000 characters, empty ones left out, the most recent 20 kept (the question
 * is always the last one).
 */
export function conversation(turns: readonly Turn[], question: string): Turn[] {
  return [...turns, { role: "user" as const, content: question }]
    .map((t) => ({ role: t.role, content: t.content.trim().slice(0, MAX_CHAT_MESSAGE_CHARS).trim() }))
    .filter((t) => t.content !== "")
    .slice(-MAX_CHAT_MESSAGES);
}

/** One way to fill in the booking form from a suggestion: a start time, or only what to choose. */
export type Choice = {
  serviceId: string;
  /** "" = "Any available". */
  staffId: string;
  date: string | null;
  /** Local `YYYY-MM-DDTHH:MM:SS`, as availability lists it; null = show the times of `date`. */
  startTime: string | null;
  /** The button's visible text, its full accessible name, and what was chosen in a sentence. */
  text: string;
  label: string;
  summary: string;
};

export type Catalog = { serviceName(id: string): string | null; staffName(id: string): string | null };

/**
 * The answer's suggestions as choices: one per suggested time (with that time's own staff
 * member), or one "show the times" choice when there is a service but no time. Nothing for a
 * service this page does not offer.
 */
export function choicesFrom(s: PublicChatAnswer["suggestions"], catalog: Catalog): { heading: string; choices: Choice[] } | null {
  const service = s.serviceId ? catalog.serviceName(s.serviceId) : null;
  if (!s.serviceId || !service) return null;
  const staffName = s.staffId ? catalog.staffName(s.staffId) : null;
  const staffId = staffName && s.staffId ? s.staffId : "";
  const day = s.date ? humanDate(s.date, pageLocale()) : null;
  const shape = staffName ? (day ? "staffDay" : "staff") : day ? "day" : "service";
  const heading = t("ask.offer", { shape, service, staff: staffName ?? "", date: day ?? "" });
  const slots = s.date ? s.slots.filter((slot) => slot.startTime.slice(0, 10) === s.date) : [];
  if (slots.length > 0) {
    const oneStaff = slots.every((slot) => slot.staffProfileId === slots[0].staffProfileId);
    return { heading, choices: slots.map((slot) => slotChoice(s.serviceId as string, service, slot, !oneStaff || !staffName)) };
  }
  const text = day ? t("ask.showTimes", { date: day }) : t("ask.chooseService", { service });
  const label = t("ask.choiceLabel", { action: text, offer: heading });
  const choice = { serviceId: s.serviceId, staffId, date: s.date, startTime: null, text, label, summary: heading };
  return { heading, choices: [choice] };
}

function slotChoice(serviceId: string, service: string, slot: SuggestedSlot, nameStaff: boolean): Choice {
  const time = clockTime(slot.startTime);
  const text = nameStaff ? t("slot.label", { time, staff: slot.staffName }) : time;
  const date = humanDate(slot.startTime, pageLocale());
  return {
    serviceId,
    staffId: slot.staffProfileId,
    date: slot.startTime.slice(0, 10),
    startTime: slot.startTime,
    text,
    label: t("ask.slotLabel", { time, staff: slot.staffName, date, service }),
    summary: t("ask.slotSummary", { service, staff: slot.staffName, date, time }),
  };
}

/** A failed request: `off` hides the panel (no model, or the assistant is off here); else a message. */
export type AskFailure = { kind: "off" } | { kind: "error"; message: string };

export function askFailure(answer: ApiAnswer<unknown>): AskFailure {
  const code = errorCode(answer);
  if ((answer.status === 503 && code === "ai_unavailable") || answer.status === 404) return { kind: "off" };
  if (answer.status === 400) return { kind: "error", message: invalidText(answer) };
  if (answer.status === 502) {
    return { kind: "error", message: t("ask.failed") };
  }
  if (answer.status === 429) return { kind: "error", message: t("ask.busy") };
  if (answer.status === 0) return { kind: "error", message: t("ask.offline") };
  return { kind: "error", message: t("error.server") };
}

/** 400 field errors in plain words (the panel keeps within the limits, so this is a safety net). */
function invalidText(answer: ApiAnswer<unknown>): string {
  const keys = Object.keys(errorDetails(answer)?.fieldErrors ?? {});
  if (keys.some((k) => k.endsWith(".content"))) {
    return t("ask.tooLong", { max: MAX_CHAT_MESSAGE_CHARS });
  }
  if (keys.includes("messages")) return t("ask.tooMany");
  return t("ask.unreadable");
}
