import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { requireRole } from "../../middleware/auth";
import { issueGiftCard, listGiftCards, voidGiftCard } from "../../services/prepaid/gift-cards-owner";
import { GIFT_MESSAGE_MAX } from "../../shared/gift-cards";
import { emailField, idParam, limitOffsetQuery, ownerReasonField } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { IssuedGiftCard, OwnerGiftCard, toIssuedGiftCard, toOwnerGiftCard } from "./gift-card-shapes";

/** design.md §32, owner side: gift cards issued by hand, the list with balances, voiding (owners and admins). */

const writers = requireRole("owner", "admin");
const tags = ["Gift cards"];

const issueBody = z
  .object({
    amount: z.number().int("Use whole minor units (cents)").min(1, "Above 0").max(100_000_000, "That amount is too large"),
    reason: ownerReasonField.openapi({ description: "Why it is issued by hand (a counter sale, a goodwill gesture); audited" }),
    recipientName: z.string().trim().max(200, "At most 200 characters").optional(),
    recipientEmail: emailField.optional().openapi({ description: "When given, the code is e-mailed there on the delivery date" }),
    buyerName: z.string().trim().max(200, "At most 200 characters").optional(),
    message: z.string().trim().max(GIFT_MESSAGE_MAX, `At most ${GIFT_MESSAGE_MAX} characters`).optional(),
    deliveryDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date YYYY-MM-DD")
      .optional(),
  })
  .strict();

const route = routeGroup({ tags, security: security.owner });
const issue = route.post("/", "Issues a gift card by hand (sold at the counter; no Stripe): active at once, its code answered only here", {
  middleware: [writers],
  body: issueBody,
  created: IssuedGiftCard,
  errors: [400, 401, 403],
});
const list = route.get("/", "The business's gift cards with their balances, newest first (a purchase appears once paid)", {
  middleware: [writers],
  query: limitOffsetQuery,
  ok: z.array(OwnerGiftCard),
  errors: [400, 401, 403],
});
const voidCard = route.post("/{id}/void", "Voids a gift card with a reason (audited): it can no longer be spent", {
  description: "409 conflict when it is already void.",
  middleware: [writers],
  params: idParam,
  body: z.object({ reason: ownerReasonField }).strict(),
  ok: OwnerGiftCard,
  errors: [400, 401, 403, 404, 409],
});

export const giftCardRoutes = openApiRouter<OwnerEnv>()
  .openapi(issue, async (c) => {
    const card = await issueGiftCard(c.var.services, c.var.auth.tenantId, c.var.auth.actor, c.req.valid("json"));
    return c.json({ data: toIssuedGiftCard(card) }, 201);
  })
  .openapi(list, async (c) => {
    const cards = await listGiftCards(c.var.services, c.var.auth.tenantId, c.req.valid("query"));
    return c.json({ data: cards.map(toOwnerGiftCard) }, 200);
  })
  .openapi(voidCard, async (c) => {
    const { id } = c.req.valid("param");
    const card = await voidGiftCard(c.var.services, c.var.auth.tenantId, c.var.auth.actor, id, c.req.valid("json").reason);
    return c.json({ data: toOwnerGiftCard(card) }, 200);
  });
