import { Hono } from "hono";
import type { AppEnv } from "../../env";
import type { Config } from "../../config";
import { loadWidgetStatus, UNKNOWN_WIDGET, type WidgetStatus } from "../../services/pages/booking-page";
import { giftCardsOnSale } from "../../services/prepaid/gift-cards-on-sale";
import { packagesOnSaleOf } from "../../services/prepaid/packages-on-sale";
import { safeHexColor } from "../../shared/color";
import { chooseLocale, DEFAULT_LOCALE, type Locale, normalizeBookingLanguages } from "../../shared/i18n/locales";
import { bookingText } from "./booking-language";

const SLUG = /^[a-z0-9-]{1,63}$/;

/**
 * GET /widget/status `data` (read by /widget.js): only a validated hex colour, only popup or inline;
 * `locale` and `words` (design.md §30): the widget's words in the embed's `data-lang` when the
 * business offers it, else in the business's locale, so the widget script carries no catalog;
 * `giftCards`: whether the business sells gift cards (design.md §32: the widget links to /gift then);
 * `packages`: whether it sells packages online (the widget links to /packages then).
 */
export function toWidgetStatus(s: WidgetStatus, config: Pick<Config, "STRIPE_SECRET_KEY">, requested?: string) {
  const businessLocale = s.locale ?? DEFAULT_LOCALE;
  const offered = normalizeBookingLanguages(s.bookingLanguages, businessLocale);
  const locale: Locale = chooseLocale({ requested, offered, businessLocale });
  const t = bookingText(locale);
  const business = s.businessName ?? "";
  return {
    giftCards: s.status === "available" && giftCardsOnSale(config, s) !== null,
    packages: s.status === "available" && packagesOnSaleOf(config, s, s.packages).length > 0,
    status: s.status,
    widgetColor: s.widgetColor === null ? null : safeHexColor(s.widgetColor),
    widgetMode: s.widgetMode === null ? null : s.widgetMode === "inline" ? ("inline" as const) : ("popup" as const),
    businessName: s.businessName,
    locale,
    words: {
      button: t("book.heading"),
      frameTitle: t("page.title", { business }),
      unavailableButton: t("widget.unavailable"),
      unavailable: t("suspended.body", { business }),
      giftCards: t("gift.link"),
      packages: t("packages.link"),
    },
  };
}

/**
 * The embeddable widget: /widget.js (a static asset built from src/client/widget/, see
 * scripts/build-client.ts) runs on any site, so it asks /widget/status (CORS *) whether
 * the slug can take bookings. The public profile cannot tell suspended from unknown (both 404),
 * and the widget must show "temporarily unavailable" for a suspended tenant.
 */
export const widgetRoutes = new Hono<AppEnv>()
  // Plain GETs need no preflight, but a host page (or a proxy in front of it) may add headers
  // that make the browser ask first; the answer carries no credentials, so any origin may.
  .options("/widget/status", (c) => {
    c.header("Access-Control-Allow-Origin", "*");
    c.header("Access-Control-Allow-Methods", "GET, OPTIONS");
    const asked = c.req.header("Access-Control-Request-Headers");
    if (asked) c.header("Access-Control-Allow-Headers", asked);
    c.header("Access-Control-Max-Age", "86400");
    return c.body(null, 204);
  })
  .get("/widget/status", async (c) => {
    c.header("Access-Control-Allow-Origin", "*");
    c.header("Cache-Control", "no-store");
    c.header("X-Content-Type-Options", "nosniff");
    const slug = (c.req.query("slug") ?? "").trim().toLowerCase();
    // A malformed slug costs no query.
    const status = SLUG.test(slug) ? await loadWidgetStatus(c.var.services.db, slug) : UNKNOWN_WIDGET;
    return c.json({ data: toWidgetStatus(status, c.var.services.config, c.req.query("lang")) });
  });
