import type { Column, Table } from "drizzle-orm";

// Issue #34 item 5: hand-written SQL on the hot paths (``db.all<Row>(sql`...`)``, prepared
// statements) names columns as text. Their row types come from here, from the schema, so renaming a
// column or changing its type fails the typecheck instead of an integration test. Types only: no
// code runs and no statement changes.

/** A column's SQL name when the schema states it as a literal (helpers typed `string` are left out). */
type LiteralName<C> = C extends Column ? (string extends C["_"]["name"] ? never : C["_"]["name"]) : never;

/** A table's columns keyed by their SQL names (`start_at`), not their schema keys (`startAt`). */
type BySqlName<T extends Table> = {
  [K in keyof T["_"]["columns"] as LiteralName<T["_"]["columns"][K]>]: T["_"]["columns"][K];
};

/** What the driver hands back for a column: flags as 0/1 numbers and JSON as text, as stored. */
type Stored<C extends Column> =
  | (C["_"]["columnType"] extends "SQLiteBoolean"
      ? number
      : C["_"]["columnType"] extends "SQLiteTextJson" | "SQLiteBlobJson"
        ? string
        : C["_"]["data"])
  | (C["_"]["notNull"] extends true ? never : null);

/** A SQL column name of table T: a typo or a renamed column fails the typecheck. */
export type SqlColumn<T extends Table> = keyof BySqlName<T> & string;

/**
 * The row of a SELECT that names `N` (SQL names) of table T, typed as stored:
 * `db.all<RowOf<typeof bookings, "id" | "start_at">>(sql`SELECT id, start_at FROM bookings ...`)`.
 * Columns the statement computes or aliases are added beside it (`RowOf<...> & { n: number }`).
 */
export type RowOf<T extends Table, N extends SqlColumn<T>> = { [K in N]: Stored<BySqlName<T>[K]> };

/**
 * A row whose columns keep the names a statement gives them (`s.name AS staff_name`): each key
 * maps to a column of T, and the value type is that column's. `Aliased<typeof staff, { staff_name: "display_name" }>`.
 */
export type Aliased<T extends Table, M extends Record<string, SqlColumn<T>>> = { [K in keyof M]: Stored<BySqlName<T>[M[K]]> };

/**
 * Table T's row as stored, keyed by the schema's keys (`startAt`): for statements that alias each
 * column to its key (`duration_minutes AS durationMinutes`). `Pick<StoredRow<typeof services>, "id" | "price">`.
 */
export type StoredRow<T extends Table> = {
  [K in keyof T["_"]["columns"]]: T["_"]["columns"][K] extends Column ? Stored<T["_"]["columns"][K]> : never;
};

/** The columns of a LEFT JOINed table: each may be NULL when no row matched. */
export type LeftJoined<R> = { [K in keyof R]: R[K] | null };
