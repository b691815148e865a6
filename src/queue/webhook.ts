import { createDb } from "../db/client";
import { QUEUE_MAX_RETRIES, QUEUE_RETRY_MAX_SECONDS } from "../domain/webhook-retry";
import { loadConfig, type Env, type QueueMessage } from "../env";
import { deliverOne, type Clock } from "../services/webhooks/delivery";

type WebhookMessage = Extract<QueueMessage, { kind: "webhook" }>;

/**
 * With TEST_HOOKS on (the test pool only) a message may carry `testNow`, the consumer's clock, as
 * requests carry x-test-now: tests play a retry 30 s later without waiting 30 s, touching only
 * the one row the message names.
 */
function clockFor(message: Message<WebhookMessage>, testHooks: boolean): Clock {
  const testNow = testHooks ? (message.body as { testNow?: unknown }).testNow : undefined;
  const pinned = typeof testNow === "string" ? new Date(testNow) : null;
  if (!pinned || Number.isNaN(pinned.getTime())) return () => new Date();
  const offset = pinned.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}

/** Short waits ride on the message; long ones (or a message near dead-lettering) on next_attempt_at + the cron. */
function retryOrLeaveToCron(message: Message<WebhookMessage>, delaySeconds: number) {
  if (delaySeconds <= QUEUE_RETRY_MAX_SECONDS && message.attempts < QUEUE_MAX_RETRIES) {
    message.retry({ delaySeconds: Math.max(1, Math.ceil(delaySeconds)) });
  } else {
    message.ack();
  }
}

export async function processWebhookMessage(message: Message<WebhookMessage>, env: Env, _ctx: ExecutionContext) {
  const deliveryId = message.body.deliveryId;
  if (typeof deliveryId !== "string" || deliveryId === "") return message.ack();
  try {
    const config = loadConfig(env);
    const clock = clockFor(message, config.TEST_HOOKS);
    const result = await deliverOne(createDb(config), config.ENVIRONMENT, deliveryId, clock);
    if (result.kind === "sent") {
      if (result.outcome.kind === "retry") retryOrLeaveToCron(message, result.outcome.delaySeconds);
      else message.ack();
      return;
    }
    // Not claimed: gone, done, or held by another worker -> nothing to do here (a dead holder is
    // the cron's job). Pending but not yet due (an early message) -> come back when it is.
    const current = result.current;
    if (current?.status === "pending") {
      const wait = (new Date(current.nextAttemptAt).getTime() - clock().getTime()) / 1000;
      return retryOrLeaveToCron(message, wait);
    }
    message.ack();
  } catch (err) {
    // Database or configuration trouble: the row is untouched or will be re-claimed; try later.
    console.error(`webhook delivery ${deliveryId}: processing failed`, err);
    message.retry({ delaySeconds: 30 });
  }
}
