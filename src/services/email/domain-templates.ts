import { type RenderedEmail, render } from "./templates";

// The owner's e-mails about a custom domain (design.md §23): live, or given up and why.

const FOOTER = "This is an automatic message from the booking platform.";

export function domainActiveEmail(p: { businessName: string; hostname: string }): RenderedEmail {
  return render(
    "domain.active",
    `${p.hostname} now shows your booking page`,
    [
      `Good news: ${p.hostname} is set up and secured with a certificate. Customers who open https://${p.hostname} now see the booking page of "${p.businessName}".`,
      "Keep the DNS records you added in place: removing them takes the domain offline again.",
    ],
    FOOTER,
  );
}

export function domainFailedEmail(p: { businessName: string; hostname: string; reason: string }): RenderedEmail {
  return render(
    "domain.failed",
    `${p.hostname} could not be set up`,
    [
      `We could not set up ${p.hostname} for "${p.businessName}", so it does not show your booking page.`,
      `Why: ${p.reason}`,
      "To try again, save the domain once more under Settings → Custom domain and add the DNS records shown there at your DNS provider (the verification record is new each time). Your booking page keeps working at its usual address meanwhile.",
    ],
    FOOTER,
  );
}
