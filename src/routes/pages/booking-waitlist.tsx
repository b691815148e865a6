import type { FC } from "hono/jsx";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";
import { CaptchaSlot } from "./captcha-slot";

type Words = { t: Translate<BookingKey> };

/**
 * The booking page's waitlist (design.md §28): "Join the waitlist" when the chosen date has no time
 * for the chosen service (the button sits with the times), the panel with its windows picker and
 * the customer's details, and the manage link's view (`?waitlist=`), which lets the customer leave.
 * The script (src/client/booking/waitlist.ts) fills and shows them; the page is usable without
 * them.
 */

export const WaitlistButton: FC<Words> = ({ t }) => (
  <button type="button" id="waitlist-open" class="link-button" hidden>
    {t("waitlist.join")}
  </button>
);

const Field: FC<{ id: string; label: string; type?: string; autocomplete?: string; required?: boolean; max?: number }> = (p) => (
  <div class="field">
    <label for={p.id}>{p.label}</label>
    <input
      id={p.id}
      type={p.type ?? "text"}
      autocomplete={p.autocomplete}
      maxlength={p.max}
      required={p.required}
      aria-describedby={`${p.id}-error`}
    />
    <p id={`${p.id}-error`} class="field-error" hidden></p>
  </div>
);

/** `captcha`: the business has bot protection on (design.md §31): joins ask for the check too. */
export const WaitlistPanel: FC<Words & { captcha: boolean }> = ({ captcha, t }) => (
  <section id="waitlist" class="waitlist" tabindex={-1} aria-labelledby="waitlist-heading" hidden>
    <h3 id="waitlist-heading">{t("waitlist.join")}</h3>
    <p id="waitlist-intro"></p>
    {/* A template until the customer opens it: its fields are not in the page beside the booking form's. */}
    <template id="waitlist-content">
      <form id="waitlist-form" novalidate>
        <fieldset>
          <legend>{t("waitlist.when")}</legend>
          <p class="field-hint">{t("waitlist.hint")}</p>
          <ol id="waitlist-windows" class="windows"></ol>
          <button type="button" id="waitlist-add">
            {t("waitlist.add")}
          </button>
        </fieldset>
        <fieldset>
          <legend>{t("waitlist.details")}</legend>
          <div class="grid-2">
            <Field id="wl-firstName" label={t("field.firstName")} autocomplete="given-name" required max={100} />
            <Field id="wl-lastName" label={t("field.lastName")} autocomplete="family-name" max={100} />
            <Field id="wl-email" label={t("field.email")} type="email" autocomplete="email" required />
            <Field id="wl-phone" label={t("waitlist.phone")} type="tel" autocomplete="tel" max={40} />
          </div>
        </fieldset>
        {captcha ? <CaptchaSlot id="waitlist-captcha" label={t("captcha.label")} /> : null}
        <div id="waitlist-error" class="error" role="alert" hidden></div>
        <div class="actions">
          <button type="submit" id="waitlist-submit" class="primary">
            {t("waitlist.join")}
          </button>
          <button type="button" id="waitlist-cancel">
            {t("waitlist.back")}
          </button>
        </div>
      </form>
    </template>
    <p id="waitlist-done" class="success" role="status" aria-live="polite" hidden></p>
  </section>
);

export const WaitlistManage: FC<Words> = ({ t }) => (
  <section id="waitlist-manage" class="card" tabindex={-1} aria-labelledby="waitlist-manage-heading" hidden>
    <h2 id="waitlist-manage-heading">{t("waitlist.manageHeading")}</h2>
    <dl id="waitlist-manage-details" class="details"></dl>
    <p id="waitlist-manage-status" role="status" aria-live="polite"></p>
    <div id="waitlist-manage-error" class="error" role="alert" hidden></div>
    <button type="button" id="waitlist-leave" hidden>
      {t("waitlist.leave")}
    </button>
  </section>
);
