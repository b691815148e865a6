import type { Env } from "../env";

// Built by the outbox work: find pending / stuck rows and deliver them.
export async function dispatchDueEmails(_controller: ScheduledController, _env: Env, _ctx: ExecutionContext) {}
