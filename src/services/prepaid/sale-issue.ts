import type { SQL } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Fragment } from "../batch";
import { giftCardSaleIssue } from "./gift-card-issue";
import { packageSaleIssue } from "./package-issue";

/** The PaymentIntent metadata that names what an online sale sold (./sale.ts), instead of a booking. */
export const SALE_METADATA_KEYS = ["gift_card_id", "package_credit_id"] as const;

/**
 * What a sale's succeeded payment issues in the event's batch (design.md §32): the gift card or the
 * package it paid for. Null for any other payment, or a sale issued before.
 */
export function saleIssue(
  ctx: { db: Db; config: Config; now: Date },
  payment: { id: string; kind: string },
  applied: SQL,
): Promise<Fragment | null> | null {
  if (payment.kind === "gift_card_sale") return giftCardSaleIssue(ctx, payment.id, applied);
  if (payment.kind === "package_sale") return packageSaleIssue(ctx, payment.id, applied);
  return null;
}
