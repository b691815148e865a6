import { and, eq, sql } from "drizzle-orm";
import { type Db, schema } from "../../src/db/client";

// The one reader of what a change wrote for others to receive: outbox e-mails and webhook
// deliveries, as stored. It takes the database handle, so both the workers tests (`testDb()`) and
// the e2e stack (`e2eDb`) read the same way; test/helpers/mail.ts renders e-mails stored as facts.

export type OutboxRow = typeof schema.emailOutbox.$inferSelect;

/** The outbox e-mails to `to` (of `kind` when given), oldest first, as stored. */
export async function outboxRows(db: Db, to: string, kind?: string): Promise<OutboxRow[]> {
  const o = schema.emailOutbox;
  return (
    db
      .select()
      .from(o)
      .where(and(eq(o.toEmail, to), kind ? eq(o.kind, kind) : undefined))
      // Rows of one pinned instant share created_at: the order they were written in breaks the tie.
      .orderBy(o.createdAt, sql`rowid`)
  );
}

/** The outbox e-mails of a business (of `kind` when given), oldest first, as stored. */
export async function tenantOutboxRows(db: Db, tenantId: string, kind?: string): Promise<OutboxRow[]> {
  const o = schema.emailOutbox;
  return db
    .select()
    .from(o)
    .where(and(eq(o.tenantId, tenantId), kind ? eq(o.kind, kind) : undefined))
    .orderBy(o.createdAt, sql`rowid`);
}

/** One outbox e-mail by id (undefined at run time when gone: purged or erased, as a destructured select). */
export async function outboxRow(db: Db, id: string) {
  const [row] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id));
  return row;
}

/** The webhook deliveries of a business (of `eventType` when given), oldest first. */
export async function webhookDeliveries(db: Db, tenantId: string, eventType?: string) {
  const d = schema.webhookDeliveries;
  return db
    .select()
    .from(d)
    .where(and(eq(d.tenantId, tenantId), eventType ? eq(d.eventType, eventType) : undefined))
    .orderBy(d.createdAt, sql`rowid`);
}
