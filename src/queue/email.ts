import { createDb } from "../db/client";
import { type Env, type QueueMessage, loadConfig } from "../env";
import { deliverOutboxEmail } from "../services/email/delivery";
import { emailProviderFromConfig } from "../services/email/provider";
import { emailRetryDelaySeconds } from "../services/email/retry-policy";

type EmailMessage = Extract<QueueMessage, { kind: "email" }>;

/** Cloudflare Queues accept delays up to 12 h. */
const MAX_QUEUE_DELAY_S = 12 * 3600;

/**
 * One message = one pointer to an outbox row. The row, not the message, decides: a redelivered
 * or duplicate message finds the row already sent or held and is acked without sending.
 */
export async function processEmailMessage(message: Message<EmailMessage>, env: Env, _ctx: ExecutionContext) {
  const outboxId = message.body.outboxId;
  try {
    const config = loadConfig(env);
    const result = await deliverOutboxEmail(createDb(config), emailProviderFromConfig(config), outboxId, () => new Date());
    if (result.kind === "delivered") {
      if (result.outcome.kind === "retry") message.retry({ delaySeconds: result.outcome.delaySeconds });
      else message.ack();
      return;
    }
    const current = result.current;
    if (current?.status === "pending") {
      // Arrived before the row's backoff elapsed (clock skew): come back when it is due.
      const waitS = Math.ceil((Date.parse(current.nextAttemptAt) - Date.now()) / 1000);
      message.retry({ delaySeconds: Math.min(MAX_QUEUE_DELAY_S, Math.max(1, waitS)) });
      return;
    }
    // Sent, failed, gone, or held by a live claim (the holder or the cron finishes it).
    message.ack();
  } catch (err) {
    // Database or config unreachable: the row is untouched; try the message again later (and
    // the cron would find the row anyway).
    console.error(`email message for ${outboxId} could not be processed; retrying`, err);
    message.retry({ delaySeconds: emailRetryDelaySeconds(message.attempts) });
  }
}
