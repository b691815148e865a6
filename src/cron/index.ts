import type { Env } from "../env";
import { dispatchDueEmails } from "./email";
import { dispatchDueWebhooks } from "./webhook";

/** Every minute: the safety net that delivers whatever the queue missed (lost enqueue, crashed consumer). */
export async function handleScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
  const results = await Promise.allSettled([dispatchDueEmails(controller, env, ctx), dispatchDueWebhooks(controller, env, ctx)]);
  for (const r of results) if (r.status === "rejected") console.error("scheduled dispatch failed", r.reason);
}
