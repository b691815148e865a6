import { createClient } from "@libsql/client/web";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/libsql/web";
import type { Config } from "../config";
import * as schema from "./schema";

export type Db = ReturnType<typeof drizzle<typeof schema>>;

/**
 * One client per request: the HTTP client holds no socket between requests, so creating it is
 * cheap, and nothing outlives the request that made it. `tag` appends a path segment the local
 * libSQL server counts requests by (tests only; Turso never sees it).
 */
export function createDb(config: Pick<Config, "LIBSQL_URL" | "LIBSQL_AUTH_TOKEN">, tag?: string): Db {
  let url = config.LIBSQL_URL;
  if (tag) url = `${url.replace(/\/+$/, "")}/t/${encodeURIComponent(tag)}/`;
  const client = createClient({ url, authToken: config.LIBSQL_AUTH_TOKEN, intMode: "number" });
  return drizzle(client, { schema });
}

export { schema };

/**
 * One round trip, atomic, for a list of statements built at run time. Drizzle types `batch` for a
 * literal tuple; the results come back in order, typed by the caller where it reads them.
 */
export async function runBatch(db: Db, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
