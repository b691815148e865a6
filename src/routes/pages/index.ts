import { type Context, Hono } from "hono";
import type { AppEnv } from "../../env";
import { adminPageRoutes } from "./admin";
import { appPageRoutes } from "./app";
import { bookingPageResponse } from "./booking";
import { giftPageResponse } from "./gift";
import { packagesPageResponse } from "./packages";
import { customDomainOf, domainKey } from "./host";
import type { PageTenantKey } from "../../services/pages/booking-page";
import { platformHostOnly } from "../../middleware/platform-host";
import { landingPage, notFoundPage } from "./landing";
import { resetPasswordPageRoutes } from "./reset-password";
import { shortLinkRoutes } from "./short-link";
import { widgetRoutes } from "./widget";

/**
 * Web pages (design.md §11), mounted at "/" after every /api route: the booking page (also at `/`
 * of a tenant's custom domain), the widget's status, the operator console. Their scripts and
 * stylesheet (and /widget.js) are static assets (wrangler.toml [assets]), served before the Worker
 * runs; an asset path that does not exist falls through to the HTML 404 below.
 */
export const pageRoutes = new Hono<AppEnv>();

pageRoutes.route("/", widgetRoutes);
// design.md §18: the operator console answers only on the platform host (`/admin/*` also matches `/admin`).
pageRoutes.use("/admin/*", platformHostOnly(notFoundPage));
pageRoutes.route("/", adminPageRoutes);
// The owner app too: a tenant's custom domain is its booking page, not anyone's back office.
pageRoutes.use("/app/*", platformHostOnly(notFoundPage));
pageRoutes.route("/", appPageRoutes);
pageRoutes.route("/", resetPasswordPageRoutes);
pageRoutes.route("/", shortLinkRoutes);

pageRoutes.get("/", async (c) => {
  const domain = customDomainOf(c);
  // A host no tenant claims gets the landing page; a claimed one follows the 404/503 rules.
  if (domain) return bookingPageResponse(c, domainKey(c, domain), { onUnknown: () => landingPage(c) });
  return landingPage(c);
});

/**
 * A business's page at a fixed path: the business named by `?slug=`, or without one the custom
 * domain it is served on (a custom domain's /book is still its own booking page), else the 404 page.
 */
const businessPage =
  (respond: (c: Context<AppEnv>, key: PageTenantKey) => Promise<Response>) =>
  (c: Context<AppEnv>): Promise<Response> => {
    const slug = (c.req.query("slug") ?? "").trim().toLowerCase();
    if (slug) return respond(c, { slug });
    const domain = customDomainOf(c);
    if (domain) return respond(c, domainKey(c, domain));
    return notFoundPage(c);
  };

pageRoutes.get("/book", businessPage(bookingPageResponse));
// design.md §32: the gift-card page and the package shop, beside /book (a custom domain's are its own business's).
pageRoutes.get("/gift", businessPage(giftPageResponse));
pageRoutes.get("/packages", businessPage(packagesPageResponse));

// Anything else a browser asks for gets an HTML 404; unknown /api paths keep the JSON envelope.
pageRoutes.get("*", (c) => (c.req.path === "/api" || c.req.path.startsWith("/api/") ? c.notFound() : notFoundPage(c)));
