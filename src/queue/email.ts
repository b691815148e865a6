import type { Env, QueueMessage } from "../env";

type EmailMessage = Extract<QueueMessage, { kind: "email" }>;

// Built by the outbox work: claim the row, send, mark sent / schedule retry.
export async function processEmailMessage(message: Message<EmailMessage>, _env: Env, _ctx: ExecutionContext) {
  message.ack();
}
