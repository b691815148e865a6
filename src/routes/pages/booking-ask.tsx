import type { FC } from "hono/jsx";
import { MAX_CHAT_MESSAGE_CHARS } from "../../shared/ai-limits";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";

/**
 * The booking page's Ask panel (issue #21, design.md §20): the customer asks in their own words,
 * the assistant answers with text and suggested times, and choosing one fills in the booking form
 * below; the assistant never books. Rendered only when a model is configured and the business has
 * the assistant on (routes/ai/provider.ts aiAvailable), so no visitor pays a request to find out.
 * The script (src/client/booking/ask.ts) writes every value with textContent.
 */
export const AskPanel: FC<{ t: Translate<BookingKey> }> = ({ t }) => (
  <section id="ask" class="card ask" aria-labelledby="ask-heading">
    <h2 id="ask-heading">{t("ask.heading")}</h2>
    <p class="muted" id="ask-intro">
      {t("ask.intro")}
    </p>
    <div id="ask-log" class="ask-log" role="log" aria-label={t("ask.log")} tabindex={0} hidden></div>
    <form id="ask-form" class="ask-form" novalidate>
      <label for="ask-input">{t("ask.input")}</label>
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
          {t("ask.send")}
        </button>
      </div>
      <p id="ask-hint" class="muted small">
        {t("ask.hint")}
      </p>
      <p id="ask-error" class="field-error" role="alert" hidden></p>
      <p id="ask-status" class="muted small ask-status" role="status" aria-live="polite"></p>
      <button type="button" id="ask-reset" class="link-button small" hidden>
        {t("ask.reset")}
      </button>
    </form>
    <p id="ask-off" class="muted" hidden>
      {t("ask.off")}
    </p>
  </section>
);
