import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { requireRole } from "../../middleware/auth";
import { giftCardsView } from "../../services/owner/views/gift-cards";
import { openApiRouter } from "../openapi";
import { OwnerGiftCard, toOwnerGiftCard } from "./gift-card-shapes";
import { answer, view, viewRoute } from "./view-context";

/**
 * GET /api/businesses/me/views/gift-cards: the Gift cards page (`/app/gift-cards`, design.md §32) in
 * ONE call like every page view (§15). Owners and admins, like the gift-card API (money of the business).
 */

const GiftCardsView = view("GiftCardsView", {
  cards: z.array(OwnerGiftCard).openapi({ description: "The 100 most recent paid or issued cards, newest first, with balances" }),
});

const giftCards = viewRoute({
  path: "/gift-cards",
  summary: "The Gift cards page: the business's gift cards with their balances and states",
  data: GiftCardsView,
  middleware: [requireRole("owner", "admin")],
});

export const giftCardViewRoutes = openApiRouter<OwnerEnv>().openapi(giftCards, async (c) => {
  const auth = c.var.auth;
  const v = await giftCardsView({ db: c.var.services.db, now: c.var.services.now, tenantId: auth.tenantId });
  return c.json({ data: answer(c, v.business, { cards: v.cards.map(toOwnerGiftCard) }) }, 200);
});
