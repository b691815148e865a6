import type { Config } from "../../config";
import { emailKind } from "../email/delivery";
import { emailProviderFromConfig } from "../email/provider";
import { mailSettings } from "../notifications/booking-mail";
import { reminderHandler } from "../notifications/reminders";
import { webhookKind } from "../webhooks/delivery";
import { type JobHandler, jobKind } from "./jobs";
import { testHttpHandler } from "./test-http";
import type { AnyKind } from "./types";

/**
 * Handlers of the kinds that live in the `jobs` table. A new side effect is one entry here (the
 * payments work adds `stripe_call`: refunds, PaymentIntent cancels, fee charges), written with
 * `jobInsert` + `enqueue`; the queue consumer, the cron and the failed-jobs list pick it up.
 */
const JOB_HANDLERS: JobHandler[] = [];

/** Every kind the queue consumer and the cron run, in the order the cron claims them. */
export function outboxKinds(config: Config): AnyKind[] {
  const handlers = config.TEST_HOOKS ? [...JOB_HANDLERS, testHttpHandler] : JOB_HANDLERS;
  const provider = emailProviderFromConfig(config);
  return [
    emailKind(provider),
    webhookKind(config.ENVIRONMENT),
    // Reminders (design.md §17) need the provider and the link base, so they are built here.
    jobKind(reminderHandler(provider, mailSettings(config))),
    ...handlers.map(jobKind),
  ];
}
