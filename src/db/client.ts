import { createClient, type InArgs } from "@libsql/client/web";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/libsql/web";
import type { Query, SQL } from "drizzle-orm/sql";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Config } from "../config";
import { pipelineClient, pipelineEndpoint } from "./hrana";
import * as schema from "./schema";

/** Drizzle's query builders over libSQL; without the relational `db.query` API (nothing uses it). */
export type Db = ReturnType<typeof drizzle<Record<string, never>>>;

/**
 * One client per request: the HTTP client holds no socket between requests, so creating it is
 * cheap, and nothing outlives the request that made it. `tag` appends a path segment the local
 * libSQL server counts requests by (tests only; Turso never sees it). Drizzle gets no `schema`:
 * with one it extracts the relations of every table on each construction, 0.2 ms of CPU per
 * request for an API (`db.query`) this code does not use (docs/benchmarks.md).
 *
 * `execute` and `batch` go out as one Hrana pipeline request each (./hrana.ts); the library's
 * client is made only for what else a caller asks (an interactive transaction, `migrate`).
 */
export function createDb(config: Pick<Config, "LIBSQL_URL" | "LIBSQL_AUTH_TOKEN">, tag?: string, counter?: RoundTrips): Db {
  let url = config.LIBSQL_URL;
  if (tag) url = `${url.replace(/\/+$/, "")}/t/${encodeURIComponent(tag)}/`;
  const fetchVia = counter ? counted(counter) : (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init);
  const settings = { url, authToken: config.LIBSQL_AUTH_TOKEN, intMode: "number" as const, fetch: counter ? fetchVia : undefined };
  const client = pipelineClient({ ...pipelineEndpoint(url, config.LIBSQL_AUTH_TOKEN), fetch: fetchVia }, () => createClient(settings));
  return drizzle(client);
}

/** How many HTTP requests a request's database client made (design.md §24: `dbRoundTrips` in its log line). */
export type RoundTrips = { count: number };

/** Every HTTP request of the client is one round trip (a batch is one request). */
function counted(counter: RoundTrips): typeof fetch {
  return (input, init) => {
    counter.count += 1;
    return fetch(input, init);
  };
}

export { schema };

type Statement = BatchItem<"sqlite">;
/** Each statement's result, position by position: `[update, insert, ...rest]` -> `[ResultSet, Row[], ...]`. */
export type BatchResults<T extends readonly Statement[]> = { -readonly [K in keyof T]: T[K]["_"]["result"] };

/**
 * One round trip, atomic, for statements built at run time. Drizzle's own `batch` takes only a
 * non-empty literal tuple; this one keeps the tuple's shape, so the fixed statements' results come
 * back typed and need no cast. Services build such batches with the batch builder
 * (src/services/batch.ts), which runs them through here and hands each part its own results.
 */
export async function runBatch<const T extends readonly Statement[]>(db: Db, statements: T): Promise<BatchResults<T>> {
  if (statements.length === 0) return [] as BatchResults<T>;
  return (await db.batch(statements as unknown as [Statement, ...Statement[]])) as BatchResults<T>;
}

const dialect = new SQLiteAsyncDialect();

/**
 * A statement rendered once to its text and parameters, to be run again as it is (allRendered).
 * Rendering walks the template's chunks with class checks: about 0.1 ms for availability's
 * statement, which a request that repeats the same statement need not pay (docs/benchmarks.md).
 */
export const renderSql = (statement: SQL): Query => dialect.sqlToQuery(statement);

/** Runs a rendered statement; its rows, read by column name like `db.all`'s. */
export async function allRendered<T>(db: Db, q: Query): Promise<T[]> {
  const result = await db.$client.execute({ sql: q.sql, args: q.params as InArgs });
  return result.rows as unknown as T[];
}
