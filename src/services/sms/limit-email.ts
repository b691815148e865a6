import { render, type RenderedEmail } from "../email/templates";

/** design.md §27: the owner is told once a month that the business's texts stopped at its limit. */
export function smsLimitEmail(p: { businessName: string; month: string }): RenderedEmail {
  return render(
    "sms.limit_reached",
    `Text messages to your customers have stopped for ${p.month}`,
    [
      `Your business "${p.businessName}" has sent as many text messages this month (${p.month}) as its plan allows.`,
      "Until the month ends, confirmations, reminders and other texts to your customers are not sent. E-mails to your customers go out as usual, and every booking link still works.",
      "Texts start again on the first day of next month. To send more this month, ask the platform's support to raise your limit.",
    ],
    "This is an automatic message from the booking platform. You get it at most once a month.",
  );
}
