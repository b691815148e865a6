import { sql } from "drizzle-orm";
import type { Actor } from "../../auth-context";
import { deliveryDateProblem, expiryAfterMonths, type GiftCardState, giftCardState } from "../../domain/gift-cards";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { auditInsert } from "../audit";
import { batch, group } from "../batch";
import type { Services } from "../context";
import { newCode } from "./codes";
import { type GiftCardTerms, giftCardMails } from "./gift-card-mail";
import { parseGiftCardSettings } from "./gift-card-purchase";

/** The owner's side of gift cards (design.md §32): cards issued by hand, the list with balances, voiding. */

type Ctx = Pick<Services, "db" | "now" | "config" | "queue" | "waitUntil">;

export type OwnerGiftCardRow = GiftCardTerms & {
  id: string;
  status: string;
  source: "purchase" | "owner";
  last4: string | null;
  balance: number;
  reason: string | null;
  voidReason: string | null;
  voidedAt: string | null;
  issuedAt: string | null;
  createdAt: string;
};
export type OwnerGiftCard = Omit<OwnerGiftCardRow, "status"> & { state: GiftCardState };

const COLUMNS = sql`id, status, source, last4, amount, balance, currency, expires_at AS expiresAt, buyer_name AS buyerName,
  buyer_email AS buyerEmail, recipient_name AS recipientName, recipient_email AS recipientEmail, delivery_date AS deliveryDate,
  reason, void_reason AS voidReason, voided_at AS voidedAt, issued_at AS issuedAt, created_at AS createdAt`;

const toOwnerCard = (r: OwnerGiftCardRow, nowMs: number): OwnerGiftCard => {
  const { status, ...rest } = r;
  return { ...rest, state: giftCardState({ status, balance: r.balance, expiresAt: r.expiresAt }, nowMs) };
};

export type OwnerIssueInput = {
  amount: number;
  reason: string;
  recipientName?: string;
  recipientEmail?: string;
  buyerName?: string;
  message?: string;
  deliveryDate?: string;
};

/**
 * POST /api/gift-cards: a card sold at the counter or given (no Stripe): active at once, the code
 * answered this once (and e-mailed to the recipient on the delivery date when an address is
 * given), audited `gift_card.issued` with the reason. One read, one batch.
 */
export async function issueGiftCard(ctx: Ctx, tenantId: string, actor: Actor, input: OwnerIssueInput) {
  const { db, now, config } = ctx;
  const [tenant] = await db.all<{
    slug: string;
    businessName: string;
    timezone: string;
    currency: string;
    settings: string | null;
    locale: string;
  }>(sql`
    SELECT slug, business_name AS businessName, timezone, currency, gift_card_settings AS settings, locale FROM tenants WHERE id = ${tenantId}`);
  if (!tenant) throw ApiError.notFound("Business");
  if (input.deliveryDate) {
    const problem = deliveryDateProblem(tenant.timezone, now.getTime(), input.deliveryDate);
    if (problem) throw ApiError.field("deliveryDate", problem);
  }
  const settings = parseGiftCardSettings(tenant.settings);
  const issued = await newCode(config, "GC");
  const id = newId("gft");
  const t = now.toISOString();
  const currency = tenant.currency.toUpperCase();
  const expiresAt = expiryAfterMonths(now.getTime(), settings.validityMonths).toISOString();
  const card = {
    tenantId,
    slug: tenant.slug,
    businessName: tenant.businessName,
    timezone: tenant.timezone,
    amount: input.amount,
    currency,
    expiresAt,
    buyerName: input.buyerName ?? "",
    buyerEmail: "",
    recipientName: input.recipientName ?? "",
    recipientEmail: input.recipientEmail?.toLowerCase() ?? "",
    message: input.message ?? "",
    deliveryDate: input.deliveryDate ?? null,
    // design.md §30: a card issued at the counter speaks the business's language.
    locale: tenant.locale,
  };
  const b = batch(db);
  const inserted = b.add(
    db.all<OwnerGiftCardRow>(sql`INSERT INTO gift_cards (id, tenant_id, status, source, code_hash, last4, amount, balance, currency,
        expires_at, buyer_name, recipient_name, recipient_email, message, delivery_date, reason, issued_at, issued_by, created_at, updated_at)
      VALUES (${id}, ${tenantId}, 'active', 'owner', ${issued.hash}, ${issued.last4}, ${input.amount}, ${input.amount}, ${currency},
        ${expiresAt}, ${card.buyerName}, ${card.recipientName}, ${card.recipientEmail}, ${card.message}, ${card.deliveryDate},
        ${input.reason}, ${t}, ${actor.id}, ${t}, ${t})
      RETURNING ${COLUMNS}`),
  );
  const written = sql`EXISTS (SELECT 1 FROM gift_cards WHERE id = ${id})`;
  b.add(
    auditInsert(
      db,
      {
        action: "gift_card.issued",
        actorType: actor.type,
        actorId: actor.id,
        targetType: "gift_card",
        targetId: id,
        reason: input.reason,
        metadata: { tenantId, amount: input.amount, currency, last4: issued.last4 },
      },
      now,
      written,
    ),
  );
  b.add(group(giftCardMails(db, config, card, { ...issued, receipt: false }, now, written)));
  await b.run(ctx);
  const row = inserted.result()[0];
  if (!row) throw ApiError.notFound("Business");
  return { ...toOwnerCard(row, now.getTime()), code: issued.code };
}

/** The list's one statement (also in the owner app's Gift cards view batch): newest first, paid cards only. */
export function giftCardListQuery(db: Services["db"], tenantId: string, page: { limit: number; offset: number }) {
  return db.all<OwnerGiftCardRow>(sql`SELECT ${COLUMNS} FROM gift_cards
    WHERE tenant_id = ${tenantId} AND status <> 'pending' ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`);
}

export const toOwnerCards = (rows: OwnerGiftCardRow[], nowMs: number) => rows.map((r) => toOwnerCard(r, nowMs));

/** GET /api/gift-cards: newest first, with balances; one statement. */
export async function listGiftCards(ctx: Pick<Services, "db" | "now">, tenantId: string, page: { limit: number; offset: number }) {
  return toOwnerCards(await giftCardListQuery(ctx.db, tenantId, page), ctx.now.getTime());
}

/**
 * POST /api/gift-cards/:id/void { reason }: the card can no longer be spent (its balance stays
 * recorded for the books), audited `gift_card.voided` with the reason and the balance it had. One
 * batch: the UPDATE only moves an active card; a second void is 409 conflict.
 */
export async function voidGiftCard(ctx: Ctx, tenantId: string, actor: Actor, id: string, reason: string) {
  const { db, now } = ctx;
  const t = now.toISOString();
  const b = batch(db);
  const before = b.add(db.all<{ status: string }>(sql`SELECT status FROM gift_cards WHERE id = ${id} AND tenant_id = ${tenantId}`));
  const updated = b.add(
    db.all<OwnerGiftCardRow>(sql`UPDATE gift_cards SET status = 'void', void_reason = ${reason}, voided_at = ${t}, voided_by = ${actor.id},
        updated_at = ${t}
      WHERE id = ${id} AND tenant_id = ${tenantId} AND status = 'active' RETURNING ${COLUMNS}`),
  );
  b.add(
    auditInsert(
      db,
      {
        action: "gift_card.voided",
        actorType: actor.type,
        actorId: actor.id,
        targetType: "gift_card",
        targetId: id,
        reason,
        metadata: sql`(SELECT json_object('tenantId', tenant_id, 'balance', balance, 'currency', currency) FROM gift_cards WHERE id = ${id})`,
      },
      now,
      sql`EXISTS (SELECT 1 FROM gift_cards WHERE id = ${id} AND tenant_id = ${tenantId} AND voided_at = ${t} AND status = 'void')`,
    ),
  );
  await b.run(ctx);
  const row = updated.result()[0];
  if (row) return toOwnerCard(row, now.getTime());
  const was = before.result()[0]?.status;
  if (!was || was === "pending") throw ApiError.notFound("Gift card");
  throw new ApiError("conflict", "This gift card is already void");
}
