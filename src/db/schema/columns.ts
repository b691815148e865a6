import { type AnySQLiteColumn, index, integer, text } from "drizzle-orm/sqlite-core";

// Conventions: ids are random text; metadata timestamps are ISO-8601 UTC text (sortable);
// booking and time-off instants are integer epoch milliseconds, so overlap checks are integer
// comparisons on an index; money is integer minor units; flags are 0/1 integers.
// The builders below are the column groups the tables repeat, so a convention is written once.
// Every name stays a literal (src/db/row-of.ts types rows by it), and a builder changes no column:
// `npm run db:generate` must keep reporting no schema changes.

/** The random text id every table with an id of its own starts with. */
export const id = () => text("id").primaryKey();
export const createdAt = () => text("created_at").notNull();
export const updatedAt = () => text("updated_at").notNull();
/** The row's metadata stamps, for tables whose rows are edited after they are written. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
// Generic over the name so the column keeps its literal SQL name (src/db/row-of.ts types rows by it).
export const flag = <N extends string>(name: N) => integer(name, { mode: "boolean" });

/** How a row a business owns starts where its tenant_id has no foreign key (tenantRow in ./accounts.ts has one). */
export const tenantKeyedRow = () => ({ id: id(), tenantId: text("tenant_id").notNull() });

/** A required reference to another table's id (the referenced table is read lazily, as drizzle wants). */
export const requiredRef = <N extends string>(name: N, target: () => AnySQLiteColumn) => text(name).notNull().references(target);

/** An interval of instants [start_at, end_at), epoch ms: a booking, time off, a window, a held resource. */
export const instants = () => ({
  startAt: integer("start_at").notNull(),
  endAt: integer("end_at").notNull(),
});

/** Time someone or something cannot be booked (staff or resource time off): the interval, why, when entered. */
export const blockedTime = () => ({
  ...instants(),
  reason: text("reason").notNull().default(""),
  createdAt: createdAt(),
});

/** An amount of money in minor units and the currency it is in. */
export const money = () => ({
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
});

/**
 * The lifecycle columns the outbox engine claims and fences on (src/services/outbox/engine.ts), the
 * same in email_outbox, webhook_deliveries and jobs. `status` stays with each table: its values differ.
 */
export const outboxLifecycle = () => ({
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: text("next_attempt_at").notNull(),
  lockedAt: text("locked_at"),
  lastError: text("last_error"),
});

/**
 * The indexes the outbox engine reads each of those tables by: the due rows of a status, and a
 * tenant's rows of a status by last change (the failed-jobs list, newest failure first). Named
 * `<table>_status_idx` and `<table>_tenant_status_idx`.
 */
export const outboxIndexes = (
  table: string,
  t: { status: AnySQLiteColumn; nextAttemptAt: AnySQLiteColumn; tenantId: AnySQLiteColumn; updatedAt: AnySQLiteColumn },
) => [
  index(`${table}_status_idx`).on(t.status, t.nextAttemptAt),
  index(`${table}_tenant_status_idx`).on(t.tenantId, t.status, t.updatedAt),
];

/** A single-use link's secret, kept only as its SHA-256, its end and its use (password resets, invitations). */
export const singleUseToken = () => ({
  tokenHash: text("token_hash").notNull(),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
  createdAt: createdAt(),
});
