import type { Env, QueueMessage } from "../env";

// Consumer of EMAIL_QUEUE. Filled in by the outbox work; until then messages are acknowledged
// so nothing loops (the rows stay pending in the outbox and the cron will deliver them).
export async function handleQueueBatch(batch: MessageBatch<QueueMessage>, _env: Env, _ctx: ExecutionContext) {
  for (const message of batch.messages) message.ack();
}
