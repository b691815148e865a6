#!/usr/bin/env node
// Local libSQL (Hrana over HTTP) server on a database file, standing in for sqld/Turso.
//   node tools/libsql-server/cli.mjs --file .data/dev.db [--port 8080] [--host 127.0.0.1] [--token T] [--log]
// Prints LIBSQL_URL; Ctrl-C (SIGINT) or SIGTERM stops it (open transactions are rolled back).
import { parseArgs } from "node:util";
import { startLibsqlServer } from "./server.mjs";

const usage = "usage: node tools/libsql-server/cli.mjs --file <db file> [--port 8080] [--host 127.0.0.1] [--token <auth token>] [--log]";

let values;
try {
  ({ values } = parseArgs({
    options: {
      file: { type: "string" },
      port: { type: "string", default: "8080" },
      host: { type: "string", default: "127.0.0.1" },
      token: { type: "string" },
      log: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  }));
} catch (err) {
  console.error(`${err instanceof Error ? err.message : err}\n${usage}`);
  process.exit(2);
}

if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!values.file) {
  console.error(`--file is required\n${usage}`);
  process.exit(2);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error("--port must be an integer between 0 and 65535");
  process.exit(2);
}

/** @type {Awaited<ReturnType<typeof startLibsqlServer>>} */
let server;
try {
  server = await startLibsqlServer({ file: values.file, host: values.host, port, log: values.log, authToken: values.token });
} catch (err) {
  console.error(`failed to start the libSQL server: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}

console.log(`LIBSQL_URL=${server.url}`);
if (values.token) console.log(`LIBSQL_AUTH_TOKEN=${values.token}`);
console.log(`(database ${values.file}; Ctrl-C to stop)`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
