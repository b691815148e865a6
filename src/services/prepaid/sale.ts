import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { newId } from "../../lib/ids";
import { requireCaptcha } from "../captcha";
import { createPaymentIntent } from "../payments/stripe";

/**
 * What every online sale of prepaid money shares (design.md §32: gift cards and packages): the
 * business's selling account, §31's bot check, the PaymentIntent on the connected account and the
 * sale's `pending` payment row. The caller writes that row in the same batch as what it sells
 * (pending, without a code) and the signed `payment_intent.succeeded` issues it (./sale-issue.ts).
 */

/** The tenant columns a sale reads (`FROM tenants`), in the caller's one read. */
export const SALE_TENANT_COLUMNS = sql`id, timezone, currency, stripe_account_id AS account, stripe_charges_enabled AS chargesEnabled,
  bot_protection AS botProtection, locale`;

export type SaleTenant = {
  id: string;
  timezone: string;
  currency: string;
  account: string | null;
  chargesEnabled: number;
  botProtection: number;
  locale: string;
};

/** The connected account that takes the sale's money, or null when the business cannot sell online now. */
export function sellingAccount(config: Pick<Config, "STRIPE_SECRET_KEY">, tenant: SaleTenant): string | null {
  return tenant.account && tenant.chargesEnabled && config.STRIPE_SECRET_KEY ? tenant.account : null;
}

export type SalePayment = { clientSecret: string; publishableKey: string | null; stripeAccount: string; amount: number; currency: string };

export type SaleRequest = {
  kind: "gift_card_sale" | "package_sale";
  amount: number;
  currency: string;
  /** Names what is sold (`gift_card_id` / `package_credit_id`); `tenant_id` is added. */
  metadata: Record<string, string>;
  idempotencyKey: string;
  captchaToken?: string;
  clientIp?: string;
};

/**
 * The bot check, then the PaymentIntent (Stripe refusing throws 502 payment_provider_error before
 * anything is written); answers the payment row's id, its insert for the caller's batch, and the
 * `payment` the buyer's browser confirms.
 */
export async function openSale(ctx: { db: Db; config: Config; now: Date }, tenant: SaleTenant, account: string, sale: SaleRequest) {
  const { db, config, now } = ctx;
  await requireCaptcha(config, { botProtection: Boolean(tenant.botProtection) }, sale.captchaToken, sale.clientIp);
  const currency = sale.currency.toUpperCase();
  const intent = await createPaymentIntent(config, {
    connectedAccountId: account,
    amount: sale.amount,
    currency,
    metadata: { ...sale.metadata, tenant_id: tenant.id },
    idempotencyKey: sale.idempotencyKey,
  });
  const t = now.toISOString();
  const paymentId = newId("pay");
  const insert = db.run(sql`INSERT INTO payments (id, tenant_id, booking_id, amount, currency, kind, status, stripe_payment_intent_id,
      client_secret, stripe_account_id, created_at, updated_at)
    VALUES (${paymentId}, ${tenant.id}, NULL, ${sale.amount}, ${currency}, ${sale.kind}, 'pending', ${intent.id}, ${intent.clientSecret},
      ${account}, ${t}, ${t})`);
  const payment: SalePayment = {
    clientSecret: intent.clientSecret,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    stripeAccount: account,
    amount: sale.amount,
    currency,
  };
  return { paymentId, insert, payment };
}
