import { type Config, smsConfig } from "../../config";
import { linkBase } from "../../lib/links";
import { emailKind } from "../email/delivery";
import { hostnameDeleteHandler } from "../domains/jobs";
import { emailProviderFromConfig } from "../email/provider";
import { paymentJobHandlers } from "../payments/jobs";
import { mailSettings } from "../notifications/booking-mail";
import { reminderHandler } from "../notifications/reminders";
import { storedMailRenderer } from "../notifications/stored-mail";
import { smsHandler } from "../sms/delivery";
import { smsReminderHandler } from "../sms/reminders";
import { webhookKind } from "../webhooks/delivery";
import { type JobHandler, jobKind } from "./jobs";
import { testHttpHandler } from "./test-http";
import { waitlistOfferHandler } from "../waitlist/offer-job";
import type { AnyKind } from "./types";

/**
 * Handlers of the kinds that live in the `jobs` table. A new side effect is one entry here,
 * written with `jobInsert` + `enqueue`; the queue consumer, the cron and the failed-jobs list pick
 * it up. Payments (design.md §21): `stripe.refund`, `stripe.cancel_intent`, `stripe.fee_charge`;
 * custom domains (design.md §23): `cloudflare.hostname_delete`; texts (design.md §27), only while
 * Twilio is configured: `sms` (one text, sent at most once) and `sms.reminder`; the waitlist's offers
 * (design.md §28): `waitlist.offer`; reminders
 * (`booking.reminder`, design.md §17) are built in outboxKinds.
 */
function jobHandlers(config: Config): JobHandler[] {
  return [...paymentJobHandlers(config), hostnameDeleteHandler(config), waitlistOfferHandler(config)];
}

/** Texts (design.md §27) run only while Twilio is configured; their jobs wait otherwise. */
function textKinds(config: Config): AnyKind[] {
  const sms = smsConfig(config);
  if (!sms) return [];
  return [jobKind(smsHandler(sms, config.SMS_STATUS_CHECK_MINUTES)), jobKind(smsReminderHandler(linkBase(config)))];
}

/** Every kind the queue consumer and the cron run, in the order the cron claims them. */
export function outboxKinds(config: Config): AnyKind[] {
  const handlers = config.TEST_HOOKS ? [...jobHandlers(config), testHttpHandler] : jobHandlers(config);
  const provider = emailProviderFromConfig(config);
  // Booking e-mails and reminders render with the link base and sender of the config (design.md §17).
  const settings = mailSettings(config);
  return [
    emailKind(provider, storedMailRenderer(settings)),
    webhookKind(config.ENVIRONMENT),
    jobKind(reminderHandler(provider, settings)),
    ...handlers.map(jobKind),
    ...textKinds(config),
  ];
}
