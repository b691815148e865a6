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
 * The run's clock is the later of wall time and the controller's scheduledTime (they agree in
 * production; a test may schedule a run in the future to let backoffs elapse).
 */
export async function dispatchDueEmails(controller: ScheduledController, env: Env, _ctx: ExecutionContext) {
  const config = loadConfig(env);
  const ahead = Math.max(0, controller.scheduledTime - Date.now());
  const clock = () => new Date(Date.now() + ahead);
  const summary = await dispatchDueOutboxEmails(createDb(config), emailProviderFromConfig(config), clock, { limit: CRON_BATCH_SIZE });
  if (summary.claimed > 0) console.log(`email cron: ${JSON.stringify(summary)}`);
}
