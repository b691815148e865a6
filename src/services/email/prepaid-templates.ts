import { formatMoney } from "../../shared/format";
import { type RenderedEmail, render } from "./templates";

/** E-mails about prepaid money (design.md §32). Codes appear only in e-mails marked sensitive. */

export type GiftCardMailFacts = {
  businessName: string;
  amount: number;
  currency: string;
  /** e.g. "31 March 2031" (the business's wording of the expiry date). */
  expiresOn: string;
  recipientName: string;
  buyerName: string;
  message: string;
  /** The booking page where the card is spent. */
  bookUrl: string;
};

const footer = (businessName: string) => `Sent on behalf of ${businessName}.`;

/** To the recipient, on the delivery date: the code itself (the only place it is ever written). */
export function giftCardRecipientEmail(f: GiftCardMailFacts & { code: string }): RenderedEmail {
  const money = formatMoney(f.amount, f.currency);
  const from = f.buyerName ? `${f.buyerName} sent you` : "You have received";
  const email = render(
    "gift_card.delivered",
    `A gift card for ${f.businessName}`,
    [
      `Hi ${f.recipientName || "there"},`,
      `${from} a gift card of ${money} for ${f.businessName}.`,
      ...(f.message ? [`"${f.message}"`] : []),
      `Your code: ${f.code}`,
      `Enter it when you book (${f.bookUrl}); what a booking costs is taken from the card first. It can be used until ${f.expiresOn}.`,
      "Keep this code safe: whoever has it can spend the card.",
    ],
    footer(f.businessName),
  );
  return { ...email, sensitive: true };
}

/** To the buyer, when the payment succeeded: what was bought, never the code. */
export function giftCardReceiptEmail(f: GiftCardMailFacts & { last4: string; recipientEmail: string; deliveryOn: string }): RenderedEmail {
  const money = formatMoney(f.amount, f.currency);
  return render(
    "gift_card.receipt",
    `Your gift card for ${f.businessName}`,
    [
      `Hi ${f.buyerName || "there"},`,
      `Thank you: your payment of ${money} for a gift card of ${f.businessName} went through.`,
      `The card (ending ${f.last4}) goes to ${f.recipientName || f.recipientEmail} at ${f.recipientEmail} on ${f.deliveryOn}. It can be used until ${f.expiresOn}.`,
      "This e-mail is your receipt.",
    ],
    footer(f.businessName),
  );
}

export type PackageMailFacts = {
  businessName: string;
  buyerName: string;
  packageName: string;
  sessions: number;
  /** What was paid online, or null for a package the business issued by hand. */
  paid: { amount: number; currency: string } | null;
  code: string;
  /** e.g. "31 March 2032". */
  expiresOn: string;
  bookUrl: string;
};

/** To the buyer of a package (bought online or issued at the counter): its code, so the e-mail is sensitive. */
export function packageCodeEmail(f: PackageMailFacts): RenderedEmail {
  const email = render(
    "package.issued",
    `Your package at ${f.businessName}`,
    [
      `Hi ${f.buyerName || "there"},`,
      f.paid
        ? `Thank you: your payment of ${formatMoney(f.paid.amount, f.paid.currency)} for "${f.packageName}" went through. This e-mail is your receipt.`
        : `${f.businessName} has issued you the package "${f.packageName}".`,
      `Your package code: ${f.code}`,
      `It holds ${f.sessions} sessions. Enter the code when you book (${f.bookUrl}) and one session pays for the booking. It can be used until ${f.expiresOn}.`,
      "Keep this code safe: whoever has it can use the sessions.",
    ],
    footer(f.businessName),
  );
  return { ...email, sensitive: true };
}
