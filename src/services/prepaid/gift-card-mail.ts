import type { SQL } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { StoredRow } from "../../db/row-of";
import type { giftCards } from "../../db/schema";
import { deliveryInstant } from "../../domain/gift-cards";
import { platformLink } from "../../lib/links";
import type { Part } from "../batch";
import { dayInWords, localeOr } from "../email/mail-language";
import { giftCardReceiptEmail, giftCardRecipientEmail, type GiftCardMailFacts } from "../email/prepaid-templates";
import { emailInsert } from "../outbox";

/** A card's value and who it is from and for, as stored: what its e-mails and the owner's list both show. */
export type GiftCardTerms = Pick<
  StoredRow<typeof giftCards>,
  "amount" | "currency" | "expiresAt" | "buyerName" | "buyerEmail" | "recipientName" | "recipientEmail" | "deliveryDate"
>;

export type CardForMail = GiftCardTerms & {
  tenantId: string;
  slug: string;
  businessName: string;
  timezone: string;
  message: string;
  /** design.md §30: the purchase page's language (the business's for a card issued by hand). */
  locale: string | null;
};

/**
 * The e-mails of an issued card (design.md §32), gated like the issue: the recipient's, with the
 * code, scheduled for 09:00 business-local on the delivery date (sensitive: the body goes once it
 * is sent), and the buyer's receipt at once (a purchase only; it names the last 4, never the code).
 */
export function giftCardMails(
  db: Db,
  config: Pick<Config, "PUBLIC_BASE_URL">,
  card: CardForMail,
  issued: { code: string; last4: string; receipt: boolean },
  now: Date,
  gate: SQL,
): Part[] {
  const locale = localeOr(card.locale);
  const facts: GiftCardMailFacts = {
    businessName: card.businessName,
    amount: card.amount,
    currency: card.currency,
    expiresOn: card.expiresAt ? dayInWords(locale, card.expiresAt) : null,
    recipientName: card.recipientName,
    buyerName: card.buyerName,
    message: card.message,
    bookUrl: platformLink(config, "/book", { slug: card.slug, lang: locale }),
    locale,
  };
  const parts: Part[] = [];
  if (card.recipientEmail) {
    const sendAt = new Date(deliveryInstant(card.timezone, card.deliveryDate, now.getTime()));
    const mail = giftCardRecipientEmail({ ...facts, code: issued.code });
    parts.push(emailInsert(db, { ...mail, tenantId: card.tenantId, to: card.recipientEmail, sendAt }, now, gate));
  }
  if (issued.receipt && card.buyerEmail) {
    const receipt = giftCardReceiptEmail({
      ...facts,
      last4: issued.last4,
      recipientEmail: card.recipientEmail,
      deliveryOn: card.deliveryDate ? dayInWords(locale, card.deliveryDate) : null,
    });
    parts.push(emailInsert(db, { ...receipt, tenantId: card.tenantId, to: card.buyerEmail }, now, gate));
  }
  return parts;
}
