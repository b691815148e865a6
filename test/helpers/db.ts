import { env } from "cloudflare:test";
import { createDb } from "../../src/db/client";

/** A direct database handle for arranging and checking state (the same engine the Worker uses). */
export function testDb() {
  return createDb({ LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: undefined });
}
