import type { Env, QueueMessage } from "../env";

type WebhookMessage = Extract<QueueMessage, { kind: "webhook" }>;

// Built by the webhooks work: claim the delivery, POST it signed, mark delivered / schedule retry.
export async function processWebhookMessage(message: Message<WebhookMessage>, _env: Env, _ctx: ExecutionContext) {
  message.ack();
}
