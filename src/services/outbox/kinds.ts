import type { Config } from "../../config";
import { emailKind } from "../email/delivery";
import { emailProviderFromConfig } from "../email/provider";
import { paymentJobHandlers } from "../payments/jobs";
import { mailSettings } from "../notifications/booking-mail";
import { reminderHandler } from "../notifications/reminders";
import { storedMailRenderer } from "../notifications/stored-mail";
import { webhookKind } from "../webhooks/delivery";
import { type JobHandler, jobKind } from "./jobs";
import { testHttpHandler } from "./test-http";
import type { AnyKind } from "./types";

/**
 * Handlers of the kinds that live in the `jobs` table. A new side effect is one entry here,
 * written with `jobInsert` + `enqueue`; the queue consumer, the cron and the failed-jobs list pick
 * it up. Payments (design.md §21): `stripe.refund`, `stripe.cancel_intent`, `stripe.fee_charge`;
 * reminders (`booking.reminder`, design.md §17) are built in outboxKinds.
 */
function jobHandlers(config: Config): JobHandler[] {
  return paymentJobHandlers(config);
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
  ];
}
