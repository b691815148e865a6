import type { Context } from "hono";
import type { FC } from "hono/jsx";
import type { AppEnv } from "../../env";
import type { PagePackage, PageService, PageTenantKey } from "../../services/pages/booking-page";
import { packagesOnSaleOf } from "../../services/prepaid/packages-on-sale";
import { formatMoney } from "../../shared/format";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";
import { ASSET_URLS } from "./asset-urls";
import type { PageLanguage } from "./booking-language";
import { BuyerFields, nothingOnSalePage, openSalePage, SaleSteps, SaleSubmit, salePage } from "./sale-page";

/**
 * The package shop `/packages?slug=` (design.md §32): the packages of sessions the business sells
 * online, the buyer's name and e-mail, then Stripe's Payment Element on the business's connected
 * account (src/client/packages/); the code is e-mailed once Stripe confirms. Nothing on sale is a
 * plain page with the way to the booking page; unknown, inactive and suspended businesses answer
 * as the booking page does. One libSQL read (the booking page's, which carries the packages).
 */
export async function packagesPageResponse(c: Context<AppEnv>, key: PageTenantKey) {
  const sale = await openSalePage(c, key, (config, data) => {
    const offers = packagesOnSaleOf(config, data.tenant, data.packages);
    return offers.length > 0 ? offers : null;
  });
  if ("closed" in sale) return sale.closed;
  const s = sale.open;
  const { t } = s.lang;
  const title = t("packages.title", { business: s.business });
  if (!s.offer) {
    const words = { title, heading: t("packages.heading"), body: t("packages.empty", { business: s.business }), book: t("packages.book") };
    return nothingOnSalePage(c, s, words, 200);
  }
  return salePage(c, s, {
    title,
    bodyClass: "booking packages",
    script: ASSET_URLS.packagesJs,
    bookLabel: t("packages.book"),
    children: <PackageForm t={t} lang={s.lang} offers={s.offer} services={s.data.services} captcha={s.siteKey !== null} />,
  });
}

/** The services a package pays for, by name in the page's language's list form; ones no longer bookable online are left out. */
function coveredServices(offer: PagePackage, services: PageService[], locale: string): string {
  const names = offer.serviceIds.flatMap((id) => services.find((s) => s.id === id)?.name ?? []);
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(names);
}

const PackageForm: FC<{
  t: Translate<BookingKey>;
  lang: PageLanguage;
  offers: PagePackage[];
  services: PageService[];
  captcha: boolean;
}> = ({ t, lang, offers, services, captcha }) => (
  <section id="packages" class="card" aria-labelledby="packages-heading">
    <h2 id="packages-heading">{t("packages.heading")}</h2>
    <p>{t("packages.lede")}</p>
    <form id="package-form" class="steps" novalidate>
      <fieldset id="package" aria-describedby="package-error">
        <legend>{t("packages.choose")}</legend>
        <div class="choices">
          {offers.map((offer) => {
            const covers = coveredServices(offer, services, lang.locale);
            const price = formatMoney(offer.price, offer.currency.toUpperCase(), lang.locale);
            return (
              <label class="choice">
                <input
                  type="radio"
                  name="package"
                  value={offer.id}
                  data-name={offer.name}
                  data-sessions={String(offer.sessions)}
                  data-price={String(offer.price)}
                  data-currency={offer.currency.toUpperCase()}
                />
                <span class="choice-body">
                  <span class="choice-title">{offer.name}</span>
                  <span class="muted">{t("packages.offer", { sessions: offer.sessions, price })}</span>
                  {covers ? <span class="muted small">{t("packages.covers", { services: covers })}</span> : null}
                  <span class="muted small">{t("packages.validity", { days: offer.validityDays })}</span>
                </span>
              </label>
            );
          })}
        </div>
        <p id="package-error" class="field-error" hidden></p>
      </fieldset>
      <BuyerFields legend={t("packages.you")} name={t("packages.buyerName")} email={t("packages.buyerEmail")} />
      <SaleSubmit t={t} prefix="package" captcha={captcha} />
    </form>
    <SaleSteps prefix="package" payHeading={t("packages.payHeading")} doneHeading={t("packages.doneHeading")} />
  </section>
);
