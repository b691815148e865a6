import { z } from "@hono/zod-openapi";
import type { GiftCardBalance as Balance } from "../../services/prepaid/gift-card-balance";
import type { GiftCardPurchase } from "../../services/prepaid/gift-card-purchase";

/** The payment the buyer's browser confirms with Stripe, for every online sale (gift cards, packages). */
export const SalePaymentShape = z.object({
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  stripeAccount: z.string(),
  amount: z.number().int().openapi({ description: "Minor units" }),
  currency: z.string(),
});

export const GiftCardPurchased = z
  .object({ id: z.string(), status: z.literal("pending"), payment: SalePaymentShape })
  .openapi("GiftCardPurchased");

export const GiftCardBalance = z
  .object({
    balance: z.number().int().openapi({ description: "Minor units that can be spent now (0 for a void or expired card)" }),
    currency: z.string(),
    expiresAt: z.string().nullable(),
    status: z.enum(["active", "empty", "expired", "void"]),
  })
  .openapi("GiftCardBalance");

export const toGiftCardPurchased = (p: GiftCardPurchase): z.infer<typeof GiftCardPurchased> => ({
  id: p.id,
  status: p.status,
  payment: { ...p.payment },
});

export const toGiftCardBalance = (b: Balance): z.infer<typeof GiftCardBalance> => ({
  balance: b.balance,
  currency: b.currency,
  expiresAt: b.expiresAt,
  status: b.status,
});
