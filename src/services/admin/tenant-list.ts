import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";

export type TenantListQuery = {
  search?: string;
  status?: "active" | "suspended" | "trial";
  plan?: "free" | "pro" | "enterprise";
  limit: number;
  /** How many of the newest-first list to skip (paging). */
  offset?: number;
};

export type TenantListItem = {
  id: string;
  slug: string;
  businessName: string;
  plan: string;
  planStatus: string;
  isActive: boolean;
  isSuspended: boolean;
  trialEndsAt: string | null;
  createdAt: string;
  ownerEmail: string | null;
};

/** GET /api/admin/tenants: newest first, one round trip. The owner is the oldest active owner membership. */
export async function listTenants(db: Db, q: TenantListQuery, now: Date): Promise<TenantListItem[]> {
  const owner = sql`(SELECT u.email FROM tenant_members m JOIN users u ON u.id = m.user_id
    WHERE m.tenant_id = t.id AND m.role = 'owner' AND m.is_active = 1 ORDER BY m.created_at, m.id LIMIT 1)`;
  const where: SQL[] = [sql`1 = 1`];
  if (q.search) {
    // `%` and `_` are literal: escape them for LIKE.
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(sql`(lower(t.business_name) LIKE ${like} ESCAPE '\\' OR lower(t.slug) LIKE ${like} ESCAPE '\\'
      OR lower(t.email) LIKE ${like} ESCAPE '\\' OR lower(coalesce(${owner}, '')) LIKE ${like} ESCAPE '\\')`);
  }
  if (q.status === "suspended") where.push(sql`t.is_suspended = 1`);
  if (q.status === "active") where.push(sql`t.is_suspended = 0 AND t.is_active = 1`);
  if (q.status === "trial") where.push(sql`t.trial_ends_at IS NOT NULL AND t.trial_ends_at > ${now.toISOString()}`);
  if (q.plan) where.push(sql`t.plan = ${q.plan}`);
  const rows = await db.all<{
    id: string;
    slug: string;
    business_name: string;
    plan: string;
    plan_status: string;
    is_active: number;
    is_suspended: number;
    trial_ends_at: string | null;
    created_at: string;
    owner_email: string | null;
  }>(sql`SELECT t.id, t.slug, t.business_name, t.plan, t.plan_status, t.is_active, t.is_suspended, t.trial_ends_at, t.created_at,
      ${owner} AS owner_email
    FROM tenants t WHERE ${sql.join(where, sql` AND `)} ORDER BY t.created_at DESC, t.id DESC LIMIT ${q.limit} OFFSET ${q.offset ?? 0}`);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    businessName: r.business_name,
    plan: r.plan,
    planStatus: r.plan_status,
    isActive: Boolean(r.is_active),
    isSuspended: Boolean(r.is_suspended),
    trialEndsAt: r.trial_ends_at,
    createdAt: r.created_at,
    ownerEmail: r.owner_email,
  }));
}
