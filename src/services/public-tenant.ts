import { and, eq } from "drizzle-orm";
import { schema, type Db } from "../db/client";

export type TenantRow = typeof schema.tenants.$inferSelect;

/** The condition every public route puts on its tenant: it exists, is active and not suspended. */
export function publicTenantWhere(slug: string) {
  return and(eq(schema.tenants.slug, slug), eq(schema.tenants.isActive, true), eq(schema.tenants.isSuspended, false));
}

export function selectPublicTenant(db: Db, slug: string) {
  return db.select().from(schema.tenants).where(publicTenantWhere(slug)).limit(1);
}

export async function findPublicTenant(db: Db, slug: string): Promise<TenantRow | undefined> {
  const [row] = await selectPublicTenant(db, slug);
  return row;
}
