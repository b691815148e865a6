import { cleanName } from "../../domain/sms/templates";
import { type RenderedEmail, render } from "./templates";

/** E-mails of the public waitlist (design.md §28). Names arrive without control characters (§31). */

export function waitlistJoinedEmail(p: {
  businessName: string;
  firstName: string;
  serviceName: string;
  windows: string[];
  manageUrl: string;
}): RenderedEmail {
  const business = cleanName(p.businessName);
  const email = render(
    "waitlist.joined",
    `You are on the waitlist of ${business}`,
    [
      `Hi ${cleanName(p.firstName) || "there"},`,
      `You are on the waitlist of ${business} for ${cleanName(p.serviceName)} at these times:`,
      p.windows.map((w) => `- ${w}`).join("\n"),
      "When one of these times frees up, we e-mail you a link to book it. The first to book it gets it.",
      `To leave the waitlist: ${p.manageUrl}`,
    ],
    "Keep this e-mail: its link lets you leave the waitlist.",
  );
  // The manage link is a secret: the outbox keeps no body once it is sent (design.md §18).
  return { ...email, sensitive: true };
}

export function waitlistOfferEmail(p: {
  businessName: string;
  firstName: string;
  serviceName: string;
  staffName: string;
  when: string;
  bookUrl: string;
}): RenderedEmail {
  const business = cleanName(p.businessName);
  return render(
    "waitlist.offer",
    `A time is free at ${business}: ${p.when}`,
    [
      `Hi ${cleanName(p.firstName) || "there"},`,
      `A time you asked for is free: ${cleanName(p.serviceName)} with ${cleanName(p.staffName)}, ${p.when}.`,
      `Book it here: ${p.bookUrl}`,
      "We also told a few others on the waitlist; the first to book it gets it. If it is gone, you stay on the waitlist.",
    ],
    "You receive this because you joined the waitlist. The link in your waitlist confirmation e-mail lets you leave it.",
  );
}
