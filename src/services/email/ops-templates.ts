import type { AlertCondition } from "../../domain/health";
import { render, type RenderedEmail } from "./templates";

// E-mails of the operations work (design.md §24, §25): operator alerts and tenant deletion notices.

const humanDate = (iso: string) => new Date(iso).toUTCString();

/** The owner of a suspended business learns that it will be deleted, when, and how to stop it. */
export function deletionScheduledEmail(p: { businessName: string; dueAt: string; reason: string }): RenderedEmail {
  return render(
    "tenant.deletion_scheduled",
    `Your business ${p.businessName} will be deleted on ${humanDate(p.dueAt).slice(0, 16)}`,
    [
      `Your business "${p.businessName}" is suspended on our booking platform and is now scheduled for deletion on ${humanDate(p.dueAt)}.`,
      `Reason: ${p.reason}`,
      "On that date its customers, the personal details on its bookings, its team's access, API keys, webhook endpoints and custom domain are deleted for good.",
      "If this is a mistake, contact platform support before then: restoring the business cancels the deletion.",
    ],
    "This is an automatic message from the booking platform.",
  );
}

/** Seven days before: the last reminder. */
export function deletionReminderEmail(p: { businessName: string; dueAt: string }): RenderedEmail {
  return render(
    "tenant.deletion_reminder",
    `Reminder: ${p.businessName} will be deleted in 7 days`,
    [
      `Your suspended business "${p.businessName}" will be deleted on ${humanDate(p.dueAt)}.`,
      "If you want to keep it, contact platform support before then: restoring the business cancels the deletion.",
    ],
    "This is an automatic message from the booking platform.",
  );
}

/** An operator alert (sent around the outbox, straight to the provider). */
export function operatorAlertEmail(p: { condition: AlertCondition; value: number; threshold: number; at: string }): RenderedEmail {
  const [subject, line] =
    p.condition === "failed_jobs"
      ? [
          `[booking platform] ${p.value} jobs failed in the last hour`,
          `${p.value} side effects (e-mails, webhook deliveries, Stripe calls, reminders) failed for good in the last hour; the alert threshold is ${p.threshold}.`,
        ]
      : [
          `[booking platform] jobs have been waiting ${Math.round(p.value / 60)} minutes`,
          `The oldest job that is due has been waiting ${Math.round(p.value / 60)} minutes (more than ${Math.round(p.threshold / 60)}): the queue or the cron is not keeping up.`,
        ];
  return render(
    `ops.alert.${p.condition}`,
    subject,
    [
      line,
      `Checked at ${p.at}.`,
      "The operator console's Jobs page (/admin/jobs) lists them; the operator health (/api/admin/system/health) shows the backlog and the cron.",
      "This alert is sent at most once an hour per condition.",
    ],
    "Sent by the booking platform's cron.",
  );
}
