import type { FC } from "hono/jsx";
import type { PageService, PageStaff } from "../../services/pages/booking-page";
import { formatDuration, formatMoney } from "../../shared/format";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Locale } from "../../shared/i18n/locales";
import type { Translate } from "../../shared/i18n/messages";
import { VisitItems, VisitServices } from "./booking-visit";

type Words = { t: Translate<BookingKey> };

/** The first step: the service (design.md §11), then the services a visit adds after it (design.md §26). */
export const ServiceStep: FC<Words & { services: PageService[]; currency: string; locale: Locale }> = ({
  services,
  currency,
  t,
  locale,
}) => {
  return (
    <fieldset id="step-service">
      <legend>{t("step.service")}</legend>
      <div class="choices">
        {services.map((s) => (
          <label class="choice">
            <input
              type="radio"
              name="serviceId"
              value={s.id}
              data-name={s.name}
              data-duration={String(s.durationMinutes)}
              data-price={String(s.price)}
              data-staff-ids={s.staffIds === null ? undefined : s.staffIds.join(" ")}
              required
            />
            <span class="choice-body">
              <span class="choice-title">{s.name}</span>
              <span class="muted">
                {t("service.meta", {
                  duration: formatDuration(s.durationMinutes),
                  price: formatMoney(s.price, currency, locale),
                })}
              </span>
              {s.description ? <span class="muted small">{s.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <VisitServices services={services} currency={currency} t={t} locale={locale} />
    </fieldset>
  );
};

/** The staff step: anyone, or one of those who perform the service (the script hides the others). */
export const StaffStep: FC<Words & { staff: PageStaff[] }> = ({ staff, t }) => (
  <fieldset id="step-staff">
    <legend>{t("step.staff")}</legend>
    <div class="choices">
      <label class="choice">
        <input type="radio" name="staffId" value="" data-name={t("staff.any")} checked />
        <span class="choice-body">
          <span class="choice-title">{t("staff.any")}</span>
        </span>
      </label>
      {staff.map((p) => (
        <label class="choice">
          <input type="radio" name="staffId" value={p.id} data-name={p.displayName} />
          <span class="choice-body">
            <span class="choice-title">{p.displayName}</span>
            {p.title ? <span class="muted">{p.title}</span> : null}
          </span>
        </label>
      ))}
    </div>
  </fieldset>
);

/** Shown once the booking is made: its code, what was booked and how it was paid (design.md §32). */
export const Confirmation: FC<Words> = ({ t }) => (
  <section id="confirmation" class="confirmation" tabindex={-1} aria-labelledby="confirmation-heading" hidden>
    <h3 id="confirmation-heading">{t("confirmation.heading")}</h3>
    <p>
      {t("confirmation.code")} <strong id="confirmation-code" class="code"></strong>
    </p>
    <p id="confirmation-summary"></p>
    <p id="confirmation-price" hidden></p>
    <p id="confirmation-gift-card" hidden></p>
    <p id="confirmation-package" hidden></p>
    <VisitItems id="confirmation-items" label={t("confirmation.visitItems")} />
    <p class="muted">{t("confirmation.keep")}</p>
    <button type="button" id="book-another">
      {t("confirmation.another")}
    </button>
  </section>
);
