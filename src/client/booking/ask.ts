import type { PublicChatAnswer } from "../shared/api-types";
import { byId, el, maybeById, queryAll, setText, show } from "../shared/dom";
import { dataOf } from "../shared/http";
import { publicApi } from "./api";
import { askFailure, type Catalog, type Choice, choicesFrom, conversation, type Turn } from "./ask-chat";
import { prefillBookingForm } from "./ask-prefill";
import { t } from "./i18n";
import type { BookingFlow } from "./flow";
import { enc, page } from "./page";

/**
 * The Ask panel (issue #21): the customer asks in their own words, POST /api/ai-public/:slug/chat
 * answers with a reply (shown as text) and suggestions (shown as buttons); a button fills in the
 * booking form below, which the customer then confirms as usual. Present only when the server
 * rendered #ask (a model is configured, the business has the assistant on); a 503 ai_unavailable
 * or 404 later turns it off. 429s wait with the page's backoff (publicApi).
 */
export function startAsk(form: HTMLFormElement, flow: BookingFlow): void {
  const panel = maybeById("ask");
  if (!panel) return;
  const askForm = byId("ask-form", HTMLFormElement);
  const input = byId("ask-input", HTMLTextAreaElement);
  const send = byId("ask-send", HTMLButtonElement);
  const log = byId("ask-log");
  const error = byId("ask-error");
  const status = byId("ask-status");
  const reset = byId("ask-reset", HTMLButtonElement);
  const turns: Turn[] = [];
  let busy = false;

  const catalog: Catalog = {
    serviceName: (id) => nameOf(form, "serviceId", id),
    staffName: (id) => nameOf(form, "staffId", id),
  };

  function showError(message: string) {
    setText(error, message);
    show(error, message !== "");
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }

  function turnOff() {
    show(askForm, false);
    show(log, false);
    show(byId("ask-intro"), false);
    show(byId("ask-off"), true);
  }

  function addMessage(role: Turn["role"], text: string): HTMLElement {
    const who = t("ask.who", { role });
    const message = el("div", { class: `ask-msg ask-${role}` }, [
      el("span", { class: "ask-who", text: who }),
      el("p", { class: "ask-text", text }),
    ]);
    log.append(message);
    show(log, true);
    return message;
  }

  function addSuggestions(message: HTMLElement, answer: PublicChatAnswer) {
    const offer = choicesFrom(answer.suggestions, catalog);
    if (!offer) return;
    const buttons = offer.choices.map((choice) => {
      const button = el("button", { type: "button", class: "ask-choice", "aria-label": choice.label, text: choice.text });
      button.addEventListener("click", () => void choose(choice, button));
      return button;
    });
    message.append(
      el("div", { class: "ask-suggestions", role: "group", "aria-label": t("ask.suggestions", { offer: offer.heading }) }, [
        el("p", { class: "ask-offer", text: offer.heading }),
        el("div", { class: "ask-choices" }, buttons),
      ]),
    );
  }

  async function choose(choice: Choice, button: HTMLButtonElement) {
    if (!readyForm(form)) {
      setText(status, t("ask.finishFirst"));
      return;
    }
    for (const other of queryAll("button.ask-choice", log)) other.removeAttribute("aria-current");
    button.setAttribute("aria-current", "true");
    setText(status, t("ask.filling"));
    const outcome = await prefillBookingForm(flow, choice);
    if (outcome === "picked") {
      setText(status, t("ask.filled", { summary: choice.summary }));
      return; // the booking flow moved the focus to the details step
    }
    if (outcome === "missing") {
      setText(status, t("ask.serviceGone"));
    } else if (outcome === "gone") {
      setText(status, t("ask.taken"));
    } else {
      setText(status, t("ask.showFree"));
    }
    const step = byId("step-slot");
    step.scrollIntoView({ block: "nearest" });
    // The first free time, else the calendar's day (its one tab stop) to choose another date.
    (queryAll<HTMLElement>("#slots button", form)[0] ?? form.querySelector<HTMLElement>('#cal-days button[tabindex="0"]'))?.focus();
  }

  async function ask() {
    if (busy) return;
    const question = input.value.trim();
    if (!question) {
      showError(t("ask.empty"));
      input.focus();
      return;
    }
    busy = true;
    showError("");
    send.disabled = true;
    setText(send, t("ask.asking"));
    log.setAttribute("aria-busy", "true");
    setText(status, t("ask.looking"));
    const messages = conversation(turns, question);
    const answer = await publicApi<PublicChatAnswer>("POST", `/api/ai-public/${enc(page.slug)}/chat`, { messages });
    busy = false;
    send.disabled = false;
    setText(send, t("ask.send"));
    log.removeAttribute("aria-busy");
    setText(status, "");
    const data = dataOf(answer);
    if (!data) {
      const failure = askFailure(answer);
      if (failure.kind === "off") return turnOff();
      // What the customer typed stays in the box for another try.
      showError(failure.message);
      input.focus();
      return;
    }
    turns.push({ role: "user", content: question }, { role: "assistant", content: data.reply });
    addMessage("user", question);
    addSuggestions(addMessage("assistant", data.reply), data);
    // Typed meanwhile? Keep it; else the box is ready for the next question.
    if (input.value.trim() === question) input.value = "";
    show(reset, true);
    log.scrollTop = log.scrollHeight;
  }

  askForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void ask();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void ask();
    }
  });
  input.addEventListener("input", () => {
    if (!error.hidden) showError("");
  });
  reset.addEventListener("click", () => {
    turns.length = 0;
    setText(log, "");
    show(log, false);
    setText(status, "");
    showError("");
    show(reset, false);
    input.focus();
  });
}

function nameOf(form: HTMLFormElement, name: string, id: string): string | null {
  const input = queryAll<HTMLInputElement>(`input[name=${name}]`, form).find((i) => i.value === id);
  return input?.dataset.name ?? null;
}

/** The form can take a suggestion: shown, or shown again after a confirmation ("Book another"). */
function readyForm(form: HTMLFormElement): boolean {
  if (!form.hidden) return true;
  const confirmation = maybeById("confirmation");
  if (!confirmation || confirmation.hidden) return false; // the payment step is open
  byId("book-another", HTMLButtonElement).click();
  return !form.hidden;
}
