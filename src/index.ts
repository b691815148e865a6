import { app } from "./app";
import { handleScheduled } from "./cron";
import type { Env, QueueMessage } from "./config";
import { handleQueueBatch } from "./queue";

export default {
  fetch: app.fetch,
  queue: handleQueueBatch,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env, QueueMessage>;
