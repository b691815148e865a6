import type { Config } from "../../config";
import { emailKind } from "../email/delivery";
import { hostnameDeleteHandler } from "../domains/jobs";
import { emailProviderFromConfig } from "../email/provider";
import { paymentJobHandlers } from "../payments/jobs";
import { mailSettings } from "../notifications/booking-mail";
import { reminderHandler } from "../notifications/reminders";
import { webhookKind } from "../webhooks/delivery";
import { type JobHandler, jobKind } from "./jobs";
import { testHttpHandler } from "./test-http";
import type { AnyKind } from "./types";

/**
 * Handlers of the kinds that live in the `jobs` table. A new side effect is one entry here,
 * written with `jobInsert` + `enqueue`; the queue consumer, the cron and the failed-jobs list pick
 * it up. Payments (design.md §21): `stripe.refund`, `stripe.cancel_intent`, `stripe.fee_charge`;
 * custom domains (design.md §23): `cloudflare.hostname_delete`; reminders (`booking.reminder`,
 * design.md §17) are built in outboxKinds.
 */
function jobHandlers(config: Config): JobHandler[] {
  return [...paymentJobHandlers(config), hostnameDeleteHandler(config)];
}

/** Every kind the queue consumer and the cron run, in the order the cron claims them. */
export function outboxKinds(config: Config): AnyKind[] {
  const handlers = config.TEST_HOOKS ? [...jobHandlers(config), testHttpHandler] : jobHandlers(config);
  const provider = emailProviderFromConfig(config);
  return [
    emailKind(provider),
    webhookKind(config.ENVIRONMENT),
    // Reminders (design.md §17) need the provider and the link base, so they are built here.
    jobKind(reminderHandler(provider, mailSettings(config))),
    ...handlers.map(jobKind),
  ];
}
