import type { Env } from "../env";

// Every minute: dispatches outbox rows the queue missed. Filled in by the outbox work.
export async function handleScheduled(_controller: ScheduledController, _env: Env, _ctx: ExecutionContext) {}
