import { escapeHtml } from "../../lib/html";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales";
import { greeting, mailText } from "./mail-language";

/**
 * `sensitive`: the body holds a secret (a reset or invite link). The outbox then blanks text and
 * html in the write that marks the row sent or failed (design.md §18); mark every such template.
 */
export type RenderedEmail = {
  kind: string;
  subject: string;
  text: string;
  html: string;
  sensitive?: boolean;
  /** Files sent with it (a booking's .ics), content base64 as the provider takes it. */
  attachments?: EmailAttachment[];
  /** design.md §30: the language it is written in, sent as its Content-Language (absent = English). */
  language?: string;
};

export type EmailAttachment = { filename: string; content: string };

// E-mails about bookings (customer and notices) are in ./booking-templates.ts.

/**
 * Paragraphs -> plain text and a minimal HTML body; every interpolated value is escaped in HTML.
 * `language` (design.md §30): the locale the words are in, named by `<html lang>` and, through the
 * outbox row, the Content-Language header; absent = English.
 */
export function render(kind: string, subject: string, paragraphs: string[], footer: string, language?: Locale): RenderedEmail {
  const text = [...paragraphs, "", footer].join("\n\n").replace(/\n{3,}/g, "\n\n");
  const lang = language ? ` lang="${escapeHtml(language)}"` : "";
  const html =
    `<!doctype html><html${lang}><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">` +
    paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("") +
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p></body></html>`;
  return language ? { kind, subject, text, html, language } : { kind, subject, text, html };
}

export function suspensionEmail(p: { businessName: string; reason: string | null }): RenderedEmail {
  return render(
    "tenant.suspended",
    `Your business ${p.businessName} has been suspended`,
    [
      `Your business "${p.businessName}" has been suspended on our booking platform.`,
      `Reason: ${p.reason?.trim() ? p.reason : "No reason was given."}`,
      "While suspended, your public booking page and widget are unavailable and customers cannot make new bookings. Existing bookings are not changed, and your team can still sign in.",
      "Please contact platform support to resolve this.",
    ],
    "This is an automatic message from the booking platform.",
  );
}

/** A customer account's reset link (design.md §18), in the language of whoever asked (§30). */
export function passwordResetEmail(p: { firstName: string; resetUrl: string; expiresInMinutes: number; locale?: Locale }): RenderedEmail {
  const locale = p.locale ?? DEFAULT_LOCALE;
  const t = mailText(locale);
  const email = render(
    "customer.password_reset",
    t("reset.subject"),
    [greeting(t, p.firstName), t("reset.customer", { minutes: p.expiresInMinutes }), p.resetUrl, t("reset.notYou")],
    t("reset.footer"),
    locale,
  );
  return { ...email, sensitive: true };
}

/** Owner/staff accounts (design.md §18): same link page as customers, its own kind; the member's language (§30). */
export function userPasswordResetEmail(p: { resetUrl: string; expiresInMinutes: number; locale?: Locale }): RenderedEmail {
  const locale = p.locale ?? DEFAULT_LOCALE;
  const t = mailText(locale);
  const email = render(
    "user.password_reset",
    t("reset.subject"),
    [greeting(t, ""), t("reset.member", { minutes: p.expiresInMinutes }), p.resetUrl, t("reset.notYou")],
    t("reset.footer"),
    locale,
  );
  return { ...email, sensitive: true };
}

/** A new member sets their own password from this link (design.md §13, §18); nobody else ever chooses it. */
export function memberInviteEmail(p: {
  firstName: string;
  inviterName: string;
  businessName: string;
  role: string;
  inviteUrl: string;
  expiresInDays: number;
}): RenderedEmail {
  const email = render(
    "member.invite",
    `You have been added to ${p.businessName}`,
    [
      `Hi ${p.firstName || "there"},`,
      `${p.inviterName} added you to ${p.businessName} on the booking platform as ${p.role === "admin" ? "an admin" : "a staff member"}.`,
      `Choose your password within ${p.expiresInDays} days to sign in:`,
      p.inviteUrl,
      "If you did not expect this, ignore this e-mail; nobody can sign in to the account until a password is chosen.",
    ],
    "This link can be used once.",
  );
  return { ...email, sensitive: true };
}
