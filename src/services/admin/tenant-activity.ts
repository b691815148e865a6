import { and, asc, desc, eq, gte, isNull, like, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { ApiError } from "../../errors";
import { type PeriodTotals, totalsQuery } from "../reports/summary";

/**
 * What the operator console derives beside GET /api/admin/tenants/:id (interface.md: Owner,
 * Payments and AI activity are not part of that response), in ONE libSQL round trip.
 */
export type TenantActivity = {
  owner: { id: string; email: string; firstName: string; lastName: string; lastLoginAt: string | null } | null;
  payments: { count: number; last30DaysTotal: number; currency: string };
  aiActivity: { last7Days: number };
  services: { id: string; name: string; price: number; durationMinutes: number; isActive: boolean }[];
  staff: { id: string; displayName: string; isBookable: boolean }[];
  /** design.md §25: a scheduled (or completed) deletion; null when none. */
  deletion: { scheduledAt: string | null; dueAt: string; reason: string | null; deletedAt: string | null } | null;
  /** design.md §29: the report's totals of the bookings starting in the last 30 days. */
  last30Days: PeriodTotals;
};

const DAY_MS = 86_400_000;

export async function getTenantActivity(db: Db, tenantId: string, now: Date): Promise<TenantActivity> {
  const t = schema.tenants;
  const m = schema.tenantMembers;
  const u = schema.users;
  const p = schema.payments;
  const a = schema.auditLog;
  const s = schema.services;
  const st = schema.staffProfiles;
  const since30 = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const since7 = new Date(now.getTime() - 7 * DAY_MS).toISOString();

  const report = totalsQuery(db, tenantId, now.getTime() - 30 * DAY_MS, now.getTime());
  const [tenantRows, ownerRows, paymentRows, aiRows, serviceRows, staffRows, reportRows] = await db.batch([
    db
      .select({
        id: t.id,
        currency: t.currency,
        deletionScheduledAt: t.deletionScheduledAt,
        deletionDueAt: t.deletionDueAt,
        deletionReason: t.deletionReason,
        deletedAt: t.deletedAt,
      })
      .from(t)
      .where(eq(t.id, tenantId))
      .limit(1),
    // The owner: the oldest active owner membership's user.
    db
      .select({ id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, lastLoginAt: u.lastLoginAt })
      .from(m)
      .innerJoin(u, eq(u.id, m.userId))
      .where(and(eq(m.tenantId, tenantId), eq(m.role, "owner"), eq(m.isActive, true)))
      .orderBy(asc(m.createdAt), asc(m.id))
      .limit(1),
    // Succeeded payments only; the 30-day total sums the tenant's own currency (amounts in
    // different currencies cannot be added up).
    db
      .select({
        count: sql<number>`count(*)`,
        last30DaysTotal: sql<number>`coalesce(sum(CASE WHEN ${p.createdAt} >= ${since30} AND upper(${p.currency}) = upper((SELECT currency FROM tenants WHERE id = ${tenantId})) THEN ${p.amount} ELSE 0 END), 0)`,
      })
      .from(p)
      .where(and(eq(p.tenantId, tenantId), eq(p.status, "succeeded"))),
    db
      .select({ count: sql<number>`count(*)` })
      .from(a)
      .where(and(eq(a.targetType, "tenant"), eq(a.targetId, tenantId), like(a.action, "ai.%"), gte(a.createdAt, since7))),
    db
      .select({ id: s.id, name: s.name, price: s.price, durationMinutes: s.durationMinutes, isActive: s.isActive })
      .from(s)
      .where(and(eq(s.tenantId, tenantId), isNull(s.deletedAt)))
      .orderBy(desc(s.createdAt), desc(s.id))
      .limit(5),
    db
      .select({ id: st.id, displayName: st.displayName, isBookable: st.isBookable })
      .from(st)
      .where(and(eq(st.tenantId, tenantId), isNull(st.deletedAt)))
      .orderBy(desc(st.createdAt), desc(st.id))
      .limit(5),
    report.statement,
  ]);
  const tenant = tenantRows[0];
  if (!tenant) throw ApiError.notFound("Tenant");
  return {
    owner: ownerRows[0] ?? null,
    payments: {
      count: Number(paymentRows[0]?.count ?? 0),
      last30DaysTotal: Number(paymentRows[0]?.last30DaysTotal ?? 0),
      currency: tenant.currency.toUpperCase(),
    },
    aiActivity: { last7Days: Number(aiRows[0]?.count ?? 0) },
    services: serviceRows,
    staff: staffRows,
    deletion: tenant.deletionDueAt
      ? { scheduledAt: tenant.deletionScheduledAt, dueAt: tenant.deletionDueAt, reason: tenant.deletionReason, deletedAt: tenant.deletedAt }
      : null,
    last30Days: report.decode(reportRows),
  };
}
