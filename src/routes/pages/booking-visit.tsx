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
export const VisitServices: FC<{ services: PageService[]; currency: string }> = ({ services, currency }) => (
  <div id="visit" class="visit" hidden>
    <ol id="visit-list" class="visit-list" start={2} aria-label="Services added to this visit" hidden></ol>
    <div id="visit-add" class="visit-add">
      <div class="field">
        <label for="visit-service">Another service in the same visit (optional)</label>
        <select id="visit-service">
          <option value="">Choose a service</option>
          {services.map((s) => (
            <option value={s.id}>
              {s.name} ({formatDuration(s.durationMinutes)}, {formatMoney(s.price, currency)})
            </option>
          ))}
        </select>
      </div>
      <button type="button" id="visit-add-button">
        Add another service
      </button>
    </div>
    <p id="visit-note" class="muted small" role="status" aria-live="polite"></p>
  </div>
);

/** The items of a visit, in the summary before booking and on the confirmation (filled by the script). */
export const VisitItems: FC<{ id: string; label: string }> = ({ id, label }) => (
  <div id={id} class="visit-summary" data-label={label} hidden></div>
);
