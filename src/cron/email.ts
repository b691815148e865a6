import { createDb } from "../db/client";
import { type Env, loadConfig } from "../env";
import { dispatchDueOutboxEmails } from "../services/email/delivery";
import { emailProviderFromConfig } from "../services/email/provider";
import { CRON_BATCH_SIZE } from "../services/email/retry-policy";

/**
 * Every minute: send whatever is due that the queue did not (lost enqueue, queue down, crashed
 * consumer, retry whose message was dropped) directly, through the same claim/send path, so a
 * broken queue still ends in delivery.
 *
 * The clock is wall time, never the controller's scheduledTime, so nothing (a test scheduling a
 * tick in the future included) can make rows due before their backoff ran out.
 */
export async function dispatchDueEmails(_controller: ScheduledController, env: Env, _ctx: ExecutionContext) {
  const config = loadConfig(env);
  const clock = () => new Date();
  const summary = await dispatchDueOutboxEmails(createDb(config), emailProviderFromConfig(config), clock, { limit: CRON_BATCH_SIZE });
  if (summary.claimed > 0) console.log(`email cron: ${JSON.stringify(summary)}`);
}
