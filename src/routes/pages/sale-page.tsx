import type { Context } from "hono";
import type { FC } from "hono/jsx";
import type { AppEnv } from "../../env";
import type { BookingPageData } from "../../services/pages/booking-page";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";
import type { PageLanguage } from "./booking-language";
import { MessagePage, renderPage } from "./layout";
import { themeCss } from "./theme";

/**
 * The pages that sell online beside /book (gift cards, packages; design.md §32) answer an unknown
 * or inactive business with the booking page's 404 and a suspended one with its 503. Null when the
 * business is open and the page renders itself.
 */
export async function closedSalePage(c: Context<AppEnv>, data: BookingPageData, lang: PageLanguage, nonce: string) {
  const { t } = lang;
  const words = { lang: lang.locale, skipLabel: t("page.skip") };
  if (data.state !== "open" && data.state !== "suspended") {
    const page = (
      <MessagePage title={t("notFound.title")} heading={t("notFound.heading")} nonce={nonce} {...words}>
        <p>{t("notFound.body")}</p>
      </MessagePage>
    );
    return c.html(await renderPage(page), 404);
  }
  if (data.state === "suspended") {
    const business = data.tenant.businessName;
    const theme = themeCss(data.tenant.templateAccent, data.tenant.widgetColor);
    const page = (
      <MessagePage title={t("suspended.title", { business })} heading={t("suspended.heading")} nonce={nonce} themeCss={theme} {...words}>
        <p>{t("suspended.body", { business })}</p>
      </MessagePage>
    );
    return c.html(await renderPage(page), 503);
  }
  return null;
}

/** One required text field with its error line (the script fills `<id>-error`). */
export const SaleField: FC<{ id: string; label: string; type?: string; autocomplete: string; maxlength?: number }> = (p) => (
  <div class="field">
    <label for={p.id}>{p.label}</label>
    <input
      id={p.id}
      name={p.id}
      type={p.type ?? "text"}
      autocomplete={p.autocomplete}
      maxlength={p.maxlength}
      required
      aria-describedby={`${p.id}-error`}
    />
    <p id={`${p.id}-error`} class="field-error" hidden></p>
  </div>
);

/** The booking page's ways to what the business sells online: gift cards, packages (design.md §32). */
export const SaleLinks: FC<{ t: Translate<BookingKey>; giftUrl: string | null; packagesUrl: string | null }> = ({
  t,
  giftUrl,
  packagesUrl,
}) => (
  <>
    {giftUrl ? (
      <p class="gift-link">
        <a href={giftUrl}>{t("gift.link")}</a>
      </p>
    ) : null}
    {packagesUrl ? (
      <p class="gift-link">
        <a href={packagesUrl}>{t("packages.link")}</a>
      </p>
    ) : null}
  </>
);
