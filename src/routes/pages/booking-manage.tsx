import type { FC } from "hono/jsx";
import type { PageStaff } from "../../services/pages/booking-page";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Locale } from "../../shared/i18n/locales";
import type { Translate } from "../../shared/i18n/messages";
import { MonthCalendar } from "./booking-calendar";

/**
 * "Manage a booking" on the booking page (design.md §11, §17): look a booking up by its code, pay a
 * held one, reschedule or cancel it. The script (src/client/booking/manage.ts) fills it in.
 */
export const ManageSection: FC<{ t: Translate<BookingKey>; code: string; staff: PageStaff[]; weekStart: 0 | 1; locale: Locale }> = ({
  t,
  code,
  staff,
  weekStart,
  locale,
}) => (
  <section id="manage" class="card" aria-labelledby="manage-heading">
    <h2 id="manage-heading">{t("manage.heading")}</h2>
    <form id="lookup-form" class="inline-form">
      <div class="field">
        <label for="lookup-code">{t("manage.code")}</label>
        <input
          id="lookup-code"
          name="code"
          autocomplete="off"
          autocapitalize="characters"
          placeholder="BK-XXXXXX"
          value={code}
          maxlength={20}
          required
        />
      </div>
      <button type="submit">{t("manage.find")}</button>
    </form>
    <div id="manage-error" class="error" role="alert" hidden></div>
    <div id="manage-result" hidden>
      <dl id="manage-details" class="details"></dl>
      <p id="manage-message" class="success" role="status" aria-live="polite"></p>
      <button type="button" id="manage-pay" class="primary" hidden>
        {t("manage.pay")}
      </button>
      <div id="manage-actions">
        <form id="reschedule-form">
          <fieldset>
            <legend>{t("reschedule.legend")}</legend>
            <p id="reschedule-note" class="muted" hidden></p>
            <div id="reschedule-controls">
              <div class="field reschedule-staff">
                <label for="reschedule-staff">{t("reschedule.with")}</label>
                <select id="reschedule-staff" name="staffId">
                  <option value="">{t("staff.any")}</option>
                  {staff.map((p) => (
                    <option value={p.id}>{p.displayName}</option>
                  ))}
                </select>
              </div>
              <MonthCalendar prefix="rcal" label={t("reschedule.date")} weekStart={weekStart} t={t} locale={locale} />
            </div>
            <p id="reschedule-status" class="muted" role="status" aria-live="polite"></p>
            <div id="reschedule-slots" class="slots"></div>
            <button type="submit" id="reschedule-button" disabled>
              {t("reschedule.button")}
            </button>
          </fieldset>
        </form>
        <form id="cancel-form">
          <fieldset>
            <legend>{t("cancel.legend")}</legend>
            <div class="field">
              <label for="cancel-reason">{t("cancel.reason")}</label>
              <textarea id="cancel-reason" name="reason" rows={2} maxlength={500}></textarea>
            </div>
            <button type="submit" class="danger">
              {t("cancel.button")}
            </button>
          </fieldset>
        </form>
      </div>
    </div>
  </section>
);
