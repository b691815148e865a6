import { sql } from "drizzle-orm";
import { deliveryDateProblem, expiryAfterMonths, purchaseAmountProblem } from "../../domain/gift-cards";
import { formatLocalDate, localDateOf } from "../../domain/time";
import { ApiError, fieldErrorMap } from "../../errors";
import { newId } from "../../lib/ids";
import { GIFT_CARD_DEFAULTS, type GiftCardSettings } from "../../shared/gift-cards";
import { batch } from "../batch";
import type { Services } from "../context";
import { publicTenantSql } from "../public-tenant";
import { openSale, SALE_TENANT_COLUMNS, type SalePayment, type SaleTenant, sellingAccount } from "./sale";
import type { Locale } from "../../shared/i18n/locales";
import { localeOr } from "../email/mail-language";

export type GiftCardPurchaseInput = {
  amount: number;
  buyer: { name: string; email: string };
  recipient: { name: string; email: string };
  message?: string;
  /** Business-local YYYY-MM-DD; today when omitted. */
  deliveryDate?: string;
  captchaToken?: string;
  clientIp?: string;
  /** The signed-in customer account buying it (their account then lists the card). */
  customerAccountId?: string;
  /** design.md §30: the purchase page's language, of the card's e-mails (else the business's). */
  locale?: Locale;
};

export type GiftCardPurchase = {
  id: string;
  status: "pending";
  payment: SalePayment;
};

type TenantRow = SaleTenant & { settings: string | null };

type Ctx = Pick<Services, "db" | "now" | "config" | "queue" | "waitUntil">;

export const parseGiftCardSettings = (raw: string | null): GiftCardSettings =>
  raw ? { ...GIFT_CARD_DEFAULTS, ...(JSON.parse(raw) as Partial<GiftCardSettings>) } : GIFT_CARD_DEFAULTS;

/**
 * POST /api/public/:slug/gift-cards (design.md §32). Paid like a deposit (§21): one read, the
 * bot check, the PaymentIntent on the business's connected account (metadata gift_card_id,
 * tenant_id), then ONE write: the card `pending` (no code, no balance) and its sale payment. The
 * code exists only once the signed `payment_intent.succeeded` issues it (./gift-card-issue.ts).
 * Stripe refusing writes nothing (502 payment_provider_error). The expiry is fixed now, from the
 * validity the business offered when the card was bought.
 */
export async function purchaseGiftCard(ctx: Ctx, slug: string, input: GiftCardPurchaseInput): Promise<GiftCardPurchase> {
  const { db, now, config } = ctx;
  const [tenant] = await db.all<TenantRow>(sql`
    SELECT ${SALE_TENANT_COLUMNS}, gift_card_settings AS settings FROM tenants WHERE ${publicTenantSql(slug)} LIMIT 1`);
  if (!tenant) throw ApiError.notFound("Business");
  const settings = parseGiftCardSettings(tenant.settings);
  const account = sellingAccount(config, tenant);
  // A business that does not sell them (or can no longer take charges) has no gift-card shop.
  if (!settings.enabled || !account) throw ApiError.notFound("Gift cards");

  const fieldErrors = fieldErrorMap();
  const amountProblem = purchaseAmountProblem(input.amount, settings, tenant.currency);
  if (amountProblem) fieldErrors.amount = [amountProblem];
  const nowMs = now.getTime();
  const deliveryDate = input.deliveryDate ?? formatLocalDate(localDateOf(tenant.timezone, nowMs));
  const dateProblem = deliveryDateProblem(tenant.timezone, nowMs, deliveryDate);
  if (dateProblem) fieldErrors.deliveryDate = [dateProblem];
  if (Object.keys(fieldErrors).length > 0) throw ApiError.validation({ formErrors: [], fieldErrors });

  const id = newId("gft");
  const sale = await openSale(ctx, tenant, account, {
    kind: "gift_card_sale",
    amount: input.amount,
    currency: tenant.currency,
    metadata: { gift_card_id: id },
    idempotencyKey: `gift-card-${id}-sale`,
    captchaToken: input.captchaToken,
    clientIp: input.clientIp,
  });

  const t = now.toISOString();
  const b = batch(db);
  b.add(sale.insert);
  b.add(
    db.run(sql`INSERT INTO gift_cards (id, tenant_id, status, source, amount, balance, currency, expires_at, buyer_name, buyer_email,
        recipient_name, recipient_email, message, delivery_date, payment_id, customer_account_id, locale, created_at, updated_at)
      VALUES (${id}, ${tenant.id}, 'pending', 'purchase', ${input.amount}, 0, ${sale.payment.currency},
        ${expiryAfterMonths(nowMs, settings.validityMonths).toISOString()}, ${input.buyer.name}, ${input.buyer.email.toLowerCase()},
        ${input.recipient.name}, ${input.recipient.email.toLowerCase()}, ${input.message ?? ""}, ${deliveryDate}, ${sale.paymentId},
        ${input.customerAccountId ?? null}, ${input.locale ?? localeOr(tenant.locale)}, ${t}, ${t})`),
  );
  await b.run(ctx);
  return { id, status: "pending", payment: sale.payment };
}
