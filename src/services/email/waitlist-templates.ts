import { cleanName } from "../../domain/sms/templates";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales";
import { clockIn, greeting, humanDateTime, mailText } from "./mail-language";
import { type RenderedEmail, render } from "./templates";

/**
 * E-mails of the public waitlist (design.md §28), in the entry's language (§30: the page's language
 * at join, else the business's). Names arrive without control characters (§31).
 */

export type WaitlistWindow = { startAt: number; endAt: number };

export function waitlistJoinedEmail(p: {
  businessName: string;
  firstName: string;
  serviceName: string;
  timezone: string;
  windows: WaitlistWindow[];
  manageUrl: string;
  locale?: Locale;
}): RenderedEmail {
  const locale = p.locale ?? DEFAULT_LOCALE;
  const t = mailText(locale);
  const business = cleanName(p.businessName);
  // A window lies within one day: its end is written as a time of that day.
  const windows = p.windows.map(
    (w) => `- ${t("waitlist.joined.window", { start: humanDateTime(locale, p.timezone, w.startAt), end: clockIn(p.timezone, w.endAt) })}`,
  );
  const email = render(
    "waitlist.joined",
    t("waitlist.joined.subject", { business }),
    [
      greeting(t, cleanName(p.firstName)),
      t("waitlist.joined.intro", { business, service: cleanName(p.serviceName), count: p.windows.length }),
      windows.join("\n"),
      t("waitlist.joined.how"),
      t("waitlist.joined.leave", { url: p.manageUrl }),
    ],
    t("waitlist.joined.footer"),
    locale,
  );
  // The manage link is a secret: the outbox keeps no body once it is sent (design.md §18).
  return { ...email, sensitive: true };
}

export function waitlistOfferEmail(p: {
  businessName: string;
  firstName: string;
  serviceName: string;
  staffName: string;
  timezone: string;
  startAt: number;
  bookUrl: string;
  locale?: Locale;
}): RenderedEmail {
  const locale = p.locale ?? DEFAULT_LOCALE;
  const t = mailText(locale);
  const business = cleanName(p.businessName);
  const when = humanDateTime(locale, p.timezone, p.startAt);
  return render(
    "waitlist.offer",
    t("waitlist.offer.subject", { business, when }),
    [
      greeting(t, cleanName(p.firstName)),
      t("waitlist.offer.intro", { service: cleanName(p.serviceName), staff: cleanName(p.staffName), when }),
      t("waitlist.offer.book", { url: p.bookUrl }),
      t("waitlist.offer.others"),
    ],
    t("waitlist.offer.footer"),
    locale,
  );
}
