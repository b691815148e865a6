import type { Context } from "hono";
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { schema } from "../../db/client";
import { isConfirmationCode, normalizeConfirmationCode } from "../../domain/confirmation-code";
import { rateLimitClientKey } from "../../domain/ip";
import type { AppEnv } from "../../env";
import { CODE_MISS } from "../../middleware/rate-limit";
import { RateLimitStoreError } from "../../services/rate-limit";
import { pagesLanguage } from "../../shared/i18n/pages";
import { MessagePage, renderPage } from "./layout";
import { newNonce, setPageHeaders } from "./security";
import { logger } from "../../lib/log";

/**
 * `/b/<code>` (design.md §27): the short manage link of every text. It opens the booking page on
 * that booking (`/book?slug=<slug>&code=<code>`, which finds it by code as the e-mails' link does).
 * A code that names no booking counts in the failed-lookup budget of §18, like one sent to
 * /api/public/booking/:code: a client past it gets 429 here and there, before any lookup. When the
 * limiter's store cannot answer, the link still works (a customer with a real code must get in).
 */
export const shortLinkRoutes = new Hono<AppEnv>();

const budgetKey = (c: Context<AppEnv>) => `${CODE_MISS.prefix}:${rateLimitClientKey(c.req.header("CF-Connecting-IP"))}`;

/** An error page in the visitor's language (design.md §30: Accept-Language among the supported locales). */
async function page(c: Context<AppEnv>, status: 404 | 429) {
  const nonce = newNonce();
  setPageHeaders(c, { nonce, secret: true });
  c.header("Vary", "Accept-Language", { append: true });
  const { locale, t } = pagesLanguage(c.req.header("Accept-Language"));
  const heading = t(status === 429 ? "short.tooManyTitle" : "short.notFoundTitle");
  return c.html(
    await renderPage(
      <MessagePage title={heading} heading={heading} nonce={nonce} lang={locale} skipLabel={t("page.skip")}>
        <p>{t(status === 429 ? "short.tooMany" : "short.notFound")}</p>
      </MessagePage>,
    ),
    status,
  );
}

async function storeCall<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof RateLimitStoreError)) throw err;
    logger.error("rate limiter store unavailable; request allowed", { group: CODE_MISS.prefix, error: err });
    return null;
  }
}

shortLinkRoutes.get("/b/:code", async (c) => {
  const nowMs = c.var.services.now.getTime();
  const key = budgetKey(c);
  const budget = await storeCall(() => c.var.services.limiter.peek(key, CODE_MISS.limit, CODE_MISS.windowMs, nowMs));
  if (budget && !budget.allowed) {
    c.header("Retry-After", String(Math.max(1, budget.retryAfterSeconds)));
    return page(c, 429);
  }
  const code = normalizeConfirmationCode(c.req.param("code"));
  const b = schema.bookings;
  const t = schema.tenants;
  const [found] = isConfirmationCode(code)
    ? await c.var.services.db
        .select({ slug: t.slug, locale: b.locale })
        .from(b)
        .innerJoin(t, eq(t.id, b.tenantId))
        .where(eq(b.confirmationCode, code))
        .limit(1)
    : [];
  if (!found) {
    await storeCall(() => c.var.services.limiter.record(key, CODE_MISS.windowMs, nowMs));
    return page(c, 404);
  }
  // The link carries the code: no referrer, no cache (like the page it opens).
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  // The booking page opens in the language the booking was made in (design.md §30).
  const query = new URLSearchParams({ slug: found.slug, code, ...(found.locale ? { lang: found.locale } : {}) });
  return c.redirect(`/book?${query}`, 302);
});
