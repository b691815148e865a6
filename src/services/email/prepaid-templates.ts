import { formatMoney } from "../../shared/format";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales";
import { greeting, mailText } from "./mail-language";
import { type RenderedEmail, render } from "./templates";

/**
 * E-mails about prepaid money (design.md §32), in the purchase page's language (§30: the business's
 * for a card issued at the counter). Codes appear only in e-mails marked sensitive.
 */

export type GiftCardMailFacts = {
  businessName: string;
  amount: number;
  currency: string;
  /** The expiry date in words in `locale` ("31 March 2031"); null: the card lasts until it is used up. */
  expiresOn: string | null;
  recipientName: string;
  buyerName: string;
  message: string;
  /** The booking page where the card is spent. */
  bookUrl: string;
  locale?: Locale;
};

const wordsOf = (f: GiftCardMailFacts) => {
  const locale = f.locale ?? DEFAULT_LOCALE;
  return { locale, t: mailText(locale), amount: formatMoney(f.amount, f.currency, locale) };
};

const expiry = (f: GiftCardMailFacts) => ({ expires: f.expiresOn ? "yes" : "no", expiry: f.expiresOn ?? "" });

/** To the recipient, on the delivery date: the code itself (the only place it is ever written). */
export function giftCardRecipientEmail(f: GiftCardMailFacts & { code: string }): RenderedEmail {
  const { locale, t, amount } = wordsOf(f);
  const business = f.businessName;
  const email = render(
    "gift_card.delivered",
    t("gift.recipient.subject", { business }),
    [
      greeting(t, f.recipientName),
      t("gift.recipient.intro", { hasBuyer: f.buyerName ? "yes" : "no", buyer: f.buyerName, amount, business }),
      ...(f.message ? [t("gift.recipient.message", { message: f.message })] : []),
      t("gift.recipient.code", { code: f.code }),
      t("gift.recipient.use", { url: f.bookUrl, ...expiry(f) }),
      t("gift.recipient.safe"),
    ],
    t("footer.business", { business }),
    locale,
  );
  return { ...email, sensitive: true };
}

/** To the buyer, when the payment succeeded: what was bought, never the code. `deliveryOn` null: today. */
export function giftCardReceiptEmail(
  f: GiftCardMailFacts & { last4: string; recipientEmail: string; deliveryOn: string | null },
): RenderedEmail {
  const { locale, t, amount } = wordsOf(f);
  const business = f.businessName;
  return render(
    "gift_card.receipt",
    t("gift.receipt.subject", { business }),
    [
      greeting(t, f.buyerName),
      t("gift.receipt.thanks", { amount, business }),
      t("gift.receipt.delivery", {
        last4: f.last4,
        recipient: f.recipientName || f.recipientEmail,
        email: f.recipientEmail,
        today: f.deliveryOn ? "no" : "yes",
        delivery: f.deliveryOn ?? "",
        ...expiry(f),
      }),
      t("gift.receipt.receipt"),
    ],
    t("footer.business", { business }),
    locale,
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
  /** The last day in words in `locale` ("31 March 2032"); null: until its sessions are used. */
  expiresOn: string | null;
  bookUrl: string;
  locale?: Locale;
};

/** To the buyer of a package (bought online or issued at the counter): its code, so the e-mail is sensitive. */
export function packageCodeEmail(f: PackageMailFacts): RenderedEmail {
  const locale = f.locale ?? DEFAULT_LOCALE;
  const t = mailText(locale);
  const business = f.businessName;
  const pack = f.packageName;
  const email = render(
    "package.issued",
    t("package.subject", { business }),
    [
      greeting(t, f.buyerName),
      f.paid
        ? t("package.paid", { amount: formatMoney(f.paid.amount, f.paid.currency, locale), package: pack })
        : t("package.issued", { business, package: pack }),
      t("package.code", { code: f.code }),
      t("package.use", { sessions: f.sessions, url: f.bookUrl, expires: f.expiresOn ? "yes" : "no", expiry: f.expiresOn ?? "" }),
      t("package.safe"),
    ],
    t("footer.business", { business }),
    locale,
  );
  return { ...email, sensitive: true };
}
