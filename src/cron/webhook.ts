import type { Env } from "../env";

// Built by the webhooks work: find due deliveries and send them.
export async function dispatchDueWebhooks(_controller: ScheduledController, _env: Env, _ctx: ExecutionContext) {}
