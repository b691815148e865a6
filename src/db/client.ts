import { type Client, createClient, type InArgs, type InStatement } from "@libsql/client/web";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/libsql/web";
import type { Query, SQL } from "drizzle-orm/sql";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Config } from "../config";
import * as schema from "./schema";

/** Drizzle's query builders over libSQL; without the relational `db.query` API (nothing uses it). */
export type Db = ReturnType<typeof drizzle<Record<string, never>>>;

/**
 * One client per request: the HTTP client holds no socket between requests, so creating it is
 * cheap, and nothing outlives the request that made it. `tag` appends a path segment the local
 * libSQL server counts requests by (tests only; Turso never sees it). Drizzle gets no `schema`:
 * with one it extracts the relations of every table on each construction, 0.2 ms of CPU per
 * request for an API (`db.query`) this code does not use (docs/benchmarks.md).
 */
export function createDb(config: Pick<Config, "LIBSQL_URL" | "LIBSQL_AUTH_TOKEN">, tag?: string, counter?: RoundTrips): Db {
  let url = config.LIBSQL_URL;
  if (tag) url = `${url.replace(/\/+$/, "")}/t/${encodeURIComponent(tag)}/`;
  const client = createClient({
    url,
    authToken: config.LIBSQL_AUTH_TOKEN,
    intMode: "number",
    fetch: counter ? counted(counter) : undefined,
  });
  return drizzle(withoutSqlCache(client));
}

/**
 * @libsql/client's HTTP `batch` puts every statement text under 5 KB in a per-batch SQL cache: one
 * `store_sql` request per statement in the same pipeline, each answered, then the steps refer to
 * the stored ids. The cache dies with the batch (a new stream each time), so it saves nothing and
 * costs per statement: the extra requests' promises, encoding, decoding and the server's work. A
 * create's write batch has about ten statements; measured with the cache off, a create took about
 * 0.4 ms less Worker JS and 1.2 ms less workerd CPU, the libSQL server 0.4 ms less (issue #42,
 * docs/benchmarks.md). The cache leaves a statement whose text is not a primitive string alone,
 * and the text is sent as `"" + sql`: a String object goes out inline, exactly as written.
 */
function withoutSqlCache(client: Client): Client {
  const batch = client.batch.bind(client);
  client.batch = (statements, mode) => batch(statements.map(inline), mode);
  return client;
}

const inline = (statement: InStatement | [string, InArgs?]): InStatement => {
  if (Array.isArray(statement)) return { sql: new String(statement[0]) as unknown as string, args: statement[1] };
  const { sql, args } = typeof statement === "string" ? { sql: statement, args: undefined } : statement;
  return { sql: new String(sql) as unknown as string, args };
};

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
