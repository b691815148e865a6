import type { Env, QueueMessage } from "../env";
import { processEmailMessage } from "./email";
import { processWebhookMessage } from "./webhook";

/** One queue carries pointers to outbox rows of two kinds; each kind has its own processor. */
export async function handleQueueBatch(batch: MessageBatch<QueueMessage>, env: Env, ctx: ExecutionContext) {
  for (const message of batch.messages) {
    const body = message.body;
    if (body?.kind === "email") await processEmailMessage(message as Message<typeof body>, env, ctx);
    else if (body?.kind === "webhook") await processWebhookMessage(message as Message<typeof body>, env, ctx);
    else message.ack(); // malformed: nothing to deliver, never retry it
  }
}
