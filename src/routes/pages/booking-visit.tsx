import type { BookingKey } from "../../shared/i18n/booking";
import type { Locale } from "../../shared/i18n/locales";
import type { Translate } from "../../shared/i18n/messages";
import type { FC } from "hono/jsx";
import type { PageService } from "../../services/pages/booking-page";
import { formatDuration, formatMoney } from "../../shared/format";

/** design.md §26: at most this many services in one visit (the first one plus four added). */
export const MAX_VISIT_SERVICES = 5;

/**
 * "Add another service" (design.md §26): under the first service's choice, the services added to
 * the visit in order, each with its remove button, and the chooser of the next one. Hidden until a
 * service is chosen; the booking script (src/client/booking/visit.ts) fills the list.
 */
export const VisitServices: FC<{ services: PageService[]; currency: string; t: Translate<BookingKey>; locale: Locale }> = ({
  services,
  currency,
  t,
  locale,
}) => (
  <div id="visit" class="visit" hidden>
    <ol id="visit-list" class="visit-list" start={2} aria-label={t("visit.added")} hidden></ol>
    <div id="visit-add" class="visit-add">
      <div class="field">
        <label for="visit-service">{t("visit.another")}</label>
        <select id="visit-service">
          <option value="">{t("visit.choose")}</option>
          {services.map((s) => (
            <option value={s.id}>
              {t("visit.option", {
                service: s.name,
                duration: formatDuration(s.durationMinutes),
                price: formatMoney(s.price, currency, locale),
              })}
            </option>
          ))}
        </select>
      </div>
      <button type="button" id="visit-add-button">
        {t("visit.add")}
      </button>
    </div>
    <p id="visit-note" class="muted small" role="status" aria-live="polite"></p>
  </div>
);

/** The items of a visit, in the summary before booking and on the confirmation (filled by the script). */
export const VisitItems: FC<{ id: string; label: string }> = ({ id, label }) => (
  <div id={id} class="visit-summary" data-label={label} hidden></div>
);
