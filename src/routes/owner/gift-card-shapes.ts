import { z } from "@hono/zod-openapi";
import type { OwnerGiftCard as Card } from "../../services/prepaid/gift-cards-owner";

export const OwnerGiftCard = z
  .object({
    id: z.string(),
    state: z.enum(["active", "empty", "expired", "void", "pending"]),
    source: z.enum(["purchase", "owner"]),
    last4: z.string().nullable().openapi({ description: "The code's last 4 characters; the code itself is never stored" }),
    amount: z.number().int().openapi({ description: "Minor units, when issued" }),
    balance: z.number().int().openapi({ description: "Minor units left" }),
    currency: z.string(),
    expiresAt: z.string().nullable(),
    buyerName: z.string(),
    buyerEmail: z.string(),
    recipientName: z.string(),
    recipientEmail: z.string(),
    deliveryDate: z.string().nullable(),
    reason: z.string().nullable().openapi({ description: "Why an owner issued it" }),
    voidReason: z.string().nullable(),
    voidedAt: z.string().nullable(),
    issuedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("OwnerGiftCard");

export const IssuedGiftCard = OwnerGiftCard.extend({
  code: z.string().openapi({ description: "GC-XXXX-XXXX, shown only in this answer", example: "GC-7K3M-Q9XZ" }),
}).openapi("IssuedGiftCard");

export const toOwnerGiftCard = (c: Card): z.infer<typeof OwnerGiftCard> => ({
  id: c.id,
  state: c.state,
  source: c.source,
  last4: c.last4,
  amount: c.amount,
  balance: c.balance,
  currency: c.currency,
  expiresAt: c.expiresAt,
  buyerName: c.buyerName,
  buyerEmail: c.buyerEmail,
  recipientName: c.recipientName,
  recipientEmail: c.recipientEmail,
  deliveryDate: c.deliveryDate,
  reason: c.reason,
  voidReason: c.voidReason,
  voidedAt: c.voidedAt,
  issuedAt: c.issuedAt,
  createdAt: c.createdAt,
});

export const toIssuedGiftCard = (c: Card & { code: string }): z.infer<typeof IssuedGiftCard> => ({ ...toOwnerGiftCard(c), code: c.code });
