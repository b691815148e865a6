import { type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { group, type Fragment } from "../batch";
import { newCode } from "./codes";
import { type CardForMail, giftCardMails } from "./gift-card-mail";

const CARD_COLUMNS = sql`g.id, g.tenant_id AS tenantId, t.slug, t.business_name AS businessName, t.timezone, g.amount, g.currency,
  g.expires_at AS expiresAt, g.buyer_name AS buyerName, g.buyer_email AS buyerEmail, g.recipient_name AS recipientName,
  g.recipient_email AS recipientEmail, g.message, g.delivery_date AS deliveryDate, g.status,
  COALESCE(g.locale, t.locale) AS locale`;

type SaleCard = CardForMail & { id: string; status: string };

/**
 * The issue of a bought card, for the batch that applies its `payment_intent.succeeded` (payments/
 * confirm.ts): one read of the card (only on this event), a fresh code, then parts gated on the
 * event being applied by that batch (`applied`): the card becomes active with its balance, the
 * code's HMAC and last 4, and its e-mails are written only if this statement issued it. A card
 * issued before (a redelivery that got through) is never issued twice: its status is no longer
 * pending. Null when the payment is not a card's sale.
 */
export async function giftCardSaleIssue(
  ctx: { db: Db; config: Config; now: Date },
  paymentId: string,
  applied: SQL,
): Promise<Fragment | null> {
  const { db, config, now } = ctx;
  const [card] = await db.all<SaleCard>(sql`SELECT ${CARD_COLUMNS} FROM gift_cards g JOIN tenants t ON t.id = g.tenant_id
    WHERE g.payment_id = ${paymentId} LIMIT 1`);
  if (card?.status !== "pending") return null;
  const issued = await newCode(config, "GC");
  const t = now.toISOString();
  const update = db.run(sql`UPDATE gift_cards SET status = 'active', balance = amount, code_hash = ${issued.hash}, last4 = ${issued.last4},
      issued_at = ${t}, updated_at = ${t}
    WHERE id = ${card.id} AND status = 'pending' AND ${applied}`);
  const mine = sql`EXISTS (SELECT 1 FROM gift_cards WHERE id = ${card.id} AND code_hash = ${issued.hash})`;
  return group([update, ...giftCardMails(db, config, card, { ...issued, receipt: true }, now, sql`${applied} AND ${mine}`)]);
}
