#!/usr/bin/env node
// Local Upstash REST endpoint backed by a throwaway redis-server (nothing persisted).
//   node tools/upstash-server/cli.mjs [--port 8079] [--token dev] [--host 127.0.0.1]
// Prints UPSTASH_REDIS_REST_URL / UPSTASH_REDIS_REST_TOKEN; Ctrl-C (SIGINT) or SIGTERM stops both.
import { parseArgs } from "node:util";
import { startRedis, startUpstashServer } from "./server.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8079" },
    token: { type: "string", default: "dev" },
    host: { type: "string", default: "127.0.0.1" },
    "redis-port": { type: "string", default: "0" },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  console.log("usage: node tools/upstash-server/cli.mjs [--port 8079] [--token dev] [--host 127.0.0.1] [--redis-port 0]");
  process.exit(0);
}

const port = Number(values.port);
const redisPort = Number(values["redis-port"]);
if (!Number.isInteger(port) || port < 0 || !Number.isInteger(redisPort) || redisPort < 0) {
  console.error("--port and --redis-port must be non-negative integers");
  process.exit(2);
}

const redis = await startRedis({ port: redisPort });
/** @type {Awaited<ReturnType<typeof startUpstashServer>>} */
let upstash;
try {
  upstash = await startUpstashServer({ redisPort: redis.port, host: values.host, port, token: values.token });
} catch (err) {
  await redis.close();
  console.error(`failed to start the Upstash endpoint: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}

console.log(`UPSTASH_REDIS_REST_URL=${upstash.url}`);
console.log(`UPSTASH_REDIS_REST_TOKEN=${values.token}`);
console.log(`(redis-server on 127.0.0.1:${redis.port}; Ctrl-C to stop)`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await upstash.close();
  await redis.close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
