import type { FC } from "hono/jsx";
import { MAX_CHAT_MESSAGE_CHARS } from "../../shared/ai-limits";

/**
 * The booking page's Ask panel (issue #21, design.md §20): the customer asks in their own words,
 * the assistant answers with text and suggested times, and choosing one fills in the booking form
 * below; the assistant never books. Rendered only when a model is configured and the business has
 * the assistant on (routes/ai/provider.ts aiAvailable), so no visitor pays a request to find out.
 * The script (src/client/booking/ask.ts) writes every value with textContent.
 */
export const AskPanel: FC = () => (
  <section id="ask" class="card ask" aria-labelledby="ask-heading">
    <h2 id="ask-heading">Ask for a time</h2>
    <p class="muted" id="ask-intro">
      Say what you would like, for example "a haircut next Tuesday after 5". We suggest free times and fill in the form below; nothing is
      booked until you confirm.
    </p>
    <div id="ask-log" class="ask-log" role="log" aria-label="Conversation with the booking assistant" tabindex={0} hidden></div>
    <form id="ask-form" class="ask-form" novalidate>
      <label for="ask-input">Your request</label>
      <div class="ask-row">
        <textarea
          id="ask-input"
          name="message"
          rows={2}
          maxlength={MAX_CHAT_MESSAGE_CHARS}
          autocomplete="off"
          aria-describedby="ask-hint ask-error"
        ></textarea>
        <button type="submit" id="ask-send" class="primary">
          Ask
        </button>
      </div>
      <p id="ask-hint" class="muted small">
        Press Enter to send, Shift+Enter for a new line.
      </p>
      <p id="ask-error" class="field-error" role="alert" hidden></p>
      <p id="ask-status" class="muted small ask-status" role="status" aria-live="polite"></p>
      <button type="button" id="ask-reset" class="link-button small" hidden>
        Start a new conversation
      </button>
    </form>
    <p id="ask-off" class="muted" hidden>
      The assistant is not available right now. You can still choose a time with the form below.
    </p>
  </section>
);
