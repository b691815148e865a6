import type { FC } from "hono/jsx";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";

/**
 * A customer's sign-in on the public pages (issue #43): "Have an account? Sign in" (e-mail and
 * password, or "Create an account" with a first name), then "Signed in as … · Sign out". Its own
 * form beside the booking form (forms do not nest; Enter and password managers work as on any
 * sign-in). src/client/booking/account.ts drives it; the session is the tab's. The form's fields
 * are a template the script puts in place when the customer opens it, so a page nobody signs in
 * on has one "E-mail" field, the booking's.
 */
export const AccountPanel: FC<{ t: Translate<BookingKey>; lede: string }> = ({ t, lede }) => (
  <section id="account" class="account" aria-label={t("account.label")}>
    <div id="account-out">
      <p class="account-line">
        <span id="account-lede">{lede}</span>{" "}
        <button type="button" id="account-open" class="link-button">
          {t("account.signIn")}
        </button>
      </p>
      <form id="account-form" class="account-form" novalidate hidden></form>
      <template id="account-fields">
        <div class="grid-2">
          <div class="field" id="account-firstName-field" hidden>
            <label for="account-firstName">{t("account.firstName")}</label>
            <input id="account-firstName" name="firstName" autocomplete="given-name" maxlength={100} />
          </div>
          <div class="field">
            <label for="account-email">{t("account.email")}</label>
            <input id="account-email" name="email" type="email" autocomplete="username" maxlength={254} />
          </div>
          <div class="field">
            <label for="account-password">{t("account.password")}</label>
            <input id="account-password" name="password" type="password" autocomplete="current-password" maxlength={200} />
            <p id="account-password-hint" class="field-hint" hidden>
              {t("account.passwordHint")}
            </p>
          </div>
        </div>
        <div id="account-error" class="error" role="alert" hidden></div>
        <div class="account-actions">
          <button type="submit" id="account-submit" class="primary">
            {t("account.signIn")}
          </button>
          <p>
            <span id="account-switch-lead">{t("account.newHere")}</span>{" "}
            <button type="button" id="account-switch" class="link-button">
              {t("account.create")}
            </button>
          </p>
        </div>
      </template>
    </div>
    <p id="account-in" class="account-line" tabindex={-1} hidden>
      <span id="account-who"></span> ·{" "}
      <button type="button" id="account-sign-out" class="link-button" data-words="account.signOut"></button>
    </p>
  </section>
);

/**
 * The booking form's offer of a package the signed-in account holds (design.md §32): shown by the
 * script when one with sessions left covers the chosen service(s); ticked, the booking sends
 * `usePackage: true` and one session pays for it.
 */
export const PackageChoice: FC = () => (
  <div id="usePackage-box" class="field consent" hidden>
    <label class="check" for="usePackage">
      <input type="checkbox" id="usePackage" aria-describedby="usePackage-error" />
      <span id="usePackage-label"></span>
    </label>
    <p id="usePackage-error" class="field-error" hidden></p>
  </div>
);

/** The booking page's line before "Sign in": an invitation, or, where the business takes no guests, what it asks. */
export function accountLede(t: Translate<BookingKey>, tenant: { businessName: string; allowGuestBooking: boolean }): string {
  return tenant.allowGuestBooking ? t("account.have") : t("account.required", { business: tenant.businessName });
}
