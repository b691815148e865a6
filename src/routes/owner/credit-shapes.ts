import { z } from "@hono/zod-openapi";
import type { CustomerGiftCard as CardRow, SoldPackage as SoldRow } from "../../services/prepaid/credits-owner";

/** What customers hold (design.md §32), as the owner app shows it: sold packages and a customer's gift cards. */

const State = z.enum(["active", "empty", "expired", "void", "pending"]).openapi({
  description: "active; empty (no sessions or balance left); expired; void (by the owner)",
});

export const SoldPackage = z
  .object({
    id: z.string(),
    packageId: z.string(),
    packageName: z.string(),
    state: State,
    source: z.enum(["purchase", "owner"]).openapi({ description: "Bought online, or issued by hand (sold at the counter)" }),
    last4: z.string().nullable().openapi({ description: "The code's last 4 characters; the code itself is never stored" }),
    sessions: z.number().int(),
    credits: z.number().int().openapi({ description: "Sessions left" }),
    price: z.number().int().openapi({ description: "Minor units, as sold" }),
    currency: z.string(),
    expiresAt: z.string().nullable(),
    buyerName: z.string(),
    buyerEmail: z.string(),
    reason: z.string().nullable().openapi({ description: "Why an owner issued it" }),
    issuedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("SoldPackage");

export const CustomerGiftCard = z
  .object({
    id: z.string(),
    state: State,
    last4: z.string().nullable(),
    amount: z.number().int(),
    balance: z.number().int(),
    currency: z.string(),
    expiresAt: z.string().nullable(),
    relation: z.enum(["bought", "received"]).openapi({ description: "The customer bought it, or it was given to their e-mail" }),
    createdAt: z.string(),
  })
  .openapi("CustomerGiftCard");

export const CustomerCredits = z
  .object({
    packages: z.array(SoldPackage).openapi({ description: "Bought by the customer (record, account or e-mail), newest first" }),
    giftCards: z.array(CustomerGiftCard).openapi({ description: "Bought by or given to the customer, newest first" }),
  })
  .openapi("CustomerCredits");

export const toSoldPackage = (p: SoldRow): z.infer<typeof SoldPackage> => ({
  id: p.id,
  packageId: p.packageId,
  packageName: p.packageName,
  state: p.state,
  source: p.source,
  last4: p.last4,
  sessions: p.sessions,
  credits: p.credits,
  price: p.price,
  currency: p.currency,
  expiresAt: p.expiresAt,
  buyerName: p.buyerName,
  buyerEmail: p.buyerEmail,
  reason: p.reason,
  issuedAt: p.issuedAt,
  createdAt: p.createdAt,
});

export const toCustomerGiftCard = (c: CardRow): z.infer<typeof CustomerGiftCard> => ({
  id: c.id,
  state: c.state,
  last4: c.last4,
  amount: c.amount,
  balance: c.balance,
  currency: c.currency,
  expiresAt: c.expiresAt,
  relation: c.relation,
  createdAt: c.createdAt,
});

export const toCustomerCredits = (c: { packages: SoldRow[]; giftCards: CardRow[] }): z.infer<typeof CustomerCredits> => ({
  packages: c.packages.map(toSoldPackage),
  giftCards: c.giftCards.map(toCustomerGiftCard),
});
