import { desc, eq } from "drizzle-orm";
import { schema, type Db } from "../../db/client";

const p = schema.payments;

/** A tenant's payments, newest first; client secrets are never read here. */
export function listPayments(db: Db, tenantId: string, limit: number) {
  return db
    .select({
      id: p.id,
      bookingId: p.bookingId,
      amount: p.amount,
      currency: p.currency,
      kind: p.kind,
      status: p.status,
      stripePaymentIntentId: p.stripePaymentIntentId,
      createdAt: p.createdAt,
    })
    .from(p)
    .where(eq(p.tenantId, tenantId))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit);
}
