import { eq, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { newId } from "../../lib/ids";

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
export async function setStripeAccount(db: Db, tenantId: string, userId: string, accountId: string | null, now: Date) {
  const at = now.toISOString();
  const action = accountId ? "tenant.stripe_connected" : "tenant.stripe_disconnected";
  await db.batch([
    db.run(sql`
      INSERT INTO audit_log (id, action, actor_type, actor_id, target_type, target_id, reason, diff, metadata, created_at, seq)
      SELECT ${newId("aud")}, ${action}, 'user', ${userId}, 'tenant', ${tenantId}, NULL,
             json_object('stripeAccountId', json_object('before', tn.stripe_account_id, 'after', ${accountId})), NULL, ${at}, 0
      FROM tenants tn
      WHERE tn.id = ${tenantId} AND tn.stripe_account_id IS NOT ${accountId}`),
    db.update(t).set({ stripeAccountId: accountId, updatedAt: at }).where(eq(t.id, tenantId)),
  ]);
  return accountId;
}
