import { createDb } from "../db/client";
import { CRON_BATCH_SIZE } from "../domain/webhook-retry";
import { loadConfig, type Env } from "../env";
import { dispatchDue } from "../services/webhooks/delivery";

/**
 * Every minute: sends deliveries that are due (long retry delays live in next_attempt_at, not in
 * the queue), whose enqueue was lost, or whose claimer died mid-send. The real clock is used, not
 * the controller's scheduledTime: due-ness must not depend on when the tick was planned.
 */
export async function dispatchDueWebhooks(_controller: ScheduledController, env: Env, _ctx: ExecutionContext) {
  const config = loadConfig(env);
  const summary = await dispatchDue(createDb(config), config.ENVIRONMENT, () => new Date(), { limit: CRON_BATCH_SIZE });
  if (summary.claimed > 0) console.log("webhook cron", JSON.stringify(summary));
}
