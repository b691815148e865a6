import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth-context";
import { schema, type Db } from "../../db/client";
import { auditInsert } from "../audit";

/**
 * The tenant's connected Stripe account (Stripe Connect). Changing where a business's money goes
 * is audited in the same atomic batch as the change, and only when it changes.
 */

const t = schema.tenants;

export async function getStripeAccount(db: Db, tenantId: string) {
  const [row] = await db.select({ accountId: t.stripeAccountId }).from(t).where(eq(t.id, tenantId));
  return row?.accountId ?? null;
}

/** One round trip: the audit row (reading the old value) runs first in the batch, then the update. */
export async function setStripeAccount(db: Db, tenantId: string, actor: Actor, accountId: string | null, now: Date) {
  const at = now.toISOString();
  const action = accountId ? "tenant.stripe_connected" : "tenant.stripe_disconnected";
  const before = sql`(SELECT stripe_account_id FROM tenants WHERE id = ${tenantId})`;
  await db.batch([
    auditInsert(
      db,
      {
        action,
        actorType: actor.type,
        actorId: actor.id,
        targetType: "tenant",
        targetId: tenantId,
        diff: sql`json_object('stripeAccountId', json_object('before', ${before}, 'after', ${accountId}))`,
      },
      now,
      sql`EXISTS (SELECT 1 FROM tenants WHERE id = ${tenantId} AND stripe_account_id IS NOT ${accountId})`,
    ),
    db.update(t).set({ stripeAccountId: accountId, updatedAt: at }).where(eq(t.id, tenantId)),
  ]);
  return accountId;
}
