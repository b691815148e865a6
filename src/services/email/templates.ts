import { escapeHtml } from "../../lib/html";

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

/** Paragraphs -> plain text and a minimal HTML body; every interpolated value is escaped in HTML. */
export function render(kind: string, subject: string, paragraphs: string[], footer: string): RenderedEmail {
  const text = [...paragraphs, "", footer].join("\n\n").replace(/\n{3,}/g, "\n\n");
  const html =
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">` +
    paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("") +
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p></body></html>`;
  return { kind, subject, text, html };
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

export function passwordResetEmail(p: { firstName: string; resetUrl: string; expiresInMinutes: number }): RenderedEmail {
  const email = render(
    "customer.password_reset",
    "Reset your password",
    [
      `Hi ${p.firstName || "there"},`,
      `Someone asked to reset the password of your booking account. If it was you, use this link within ${p.expiresInMinutes} minutes:`,
      p.resetUrl,
      "If it was not you, ignore this e-mail; your password stays the same.",
    ],
    "This link can be used once.",
  );
  return { ...email, sensitive: true };
}

/** Owner/staff accounts (design.md §18): same link page as customers, its own kind. */
export function userPasswordResetEmail(p: { resetUrl: string; expiresInMinutes: number }): RenderedEmail {
  const email = render(
    "user.password_reset",
    "Reset your password",
    [
      "Hi there,",
      `Someone asked to reset the password you use to manage your business on the booking platform. If it was you, use this link within ${p.expiresInMinutes} minutes:`,
      p.resetUrl,
      "If it was not you, ignore this e-mail; your password stays the same.",
    ],
    "This link can be used once.",
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
