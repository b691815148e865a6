import type { Config } from "../../config";
import { emailKind } from "../email/delivery";
import { emailProviderFromConfig } from "../email/provider";
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
  return [emailKind(emailProviderFromConfig(config)), webhookKind(config.ENVIRONMENT), ...handlers.map(jobKind)];
}
