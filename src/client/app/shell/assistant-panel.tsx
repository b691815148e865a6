import { useEffect, useRef, useState } from "hono/jsx/dom";
import type { OwnerChatAnswer } from "../../shared/api-types";
import { dataOf, errorCode } from "../../shared/http";
import { Button, Dialog, TextAreaField, useMounted } from "../ui/kit";
import { type Problem, problemOf } from "../ui/problems";
import { isQuota } from "../../shared/http";
import { api } from "./api";
import { t } from "./i18n";

/** design.md §31: the business's assistant budget for today is used up; it comes back at 00:00 UTC. */
function budgetSpent(retryAfter: string | null | undefined): string {
  const hours = Math.max(1, Math.ceil(Number.parseInt(retryAfter ?? "0", 10) / 3600));
  return t("asst.budget", { hours });
}
import { conversationToSend, MAX_CHARS, type Message } from "./conversation";

/**
 * The conversation (kept while the page is open, never stored): the person asks, the assistant
 * answers from the business's data through read-only tools, or drafts text to copy. It changes
 * nothing. A 503 ai_unavailable closes it and removes the button.
 */
export function AssistantPanel(p: { onClose: () => void; onUnavailable: () => void }) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const mounted = useMounted();
  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [messages.length]);

  async function ask(e: Event) {
    e.preventDefault();
    const question = text.trim();
    if (!question) return setProblem({ message: t("asst.typeFirst"), fields: { question: t("asst.type") }, retry: false });
    const sent = conversationToSend(messages, question);
    setMessages([...messages, { role: "user", content: question }]);
    setText("");
    setBusy(true);
    setProblem(null);
    const a = await api<OwnerChatAnswer>("POST", "/api/ai/chat", { messages: sent });
    if (!mounted.current) return;
    setBusy(false);
    const got = dataOf(a);
    if (got) return setMessages((m) => [...m, { role: "assistant", content: got.reply }]);
    if (a.status === 503 && errorCode(a) === "ai_unavailable") return p.onUnavailable();
    // The question stays in the box to send again.
    setMessages((m) => m.slice(0, -1));
    setText(question);
    if (isQuota(a)) return setProblem({ message: budgetSpent(a.headers?.get("Retry-After")), fields: {}, retry: false });
    setProblem(problemOf(a, { impersonation_read_only: t("asst.readOnly") }));
  }

  return (
    <Dialog id="assistant" title={t("assistant.open")} onClose={p.onClose} wide>
      <p class="muted small">{t("asst.intro")}</p>
      <ol class="chat-log" ref={log} aria-live="polite" aria-label={t("asst.conversation")}>
        {messages.map((m) => (
          <li class={`chat-msg chat-${m.role}`}>
            <span class="visually-hidden">{m.role === "user" ? t("asst.you") : t("asst.said")} </span>
            {m.content}
          </li>
        ))}
        {busy ? <li class="chat-msg chat-assistant muted">{t("asst.thinking")}</li> : null}
      </ol>
      <form onSubmit={(e: Event) => void ask(e)} novalidate>
        <TextAreaField
          id="assistant-question"
          label={t("asst.question")}
          value={text}
          onValue={setText}
          rows={3}
          maxLength={MAX_CHARS}
          error={problem?.fields.question}
        />
        {problem && !problem.fields.question ? (
          <p class="error" role="alert">
            {problem.message}
          </p>
        ) : null}
        <div class="actions-row">
          <Button type="submit" kind="primary" busy={busy}>
            {t("asst.ask")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
