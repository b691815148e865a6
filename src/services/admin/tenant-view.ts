import { desc, eq, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { ApiError } from "../../errors";

/** The batch that reads everything the operator view needs: ONE round trip. */
export function tenantViewQueries(db: Db, id: string) {
  const t = schema.tenants;
  return [
    db.select().from(t).where(eq(t.id, id)).limit(1),
    db
      .select({
        id: schema.users.id,
        email: schema.users.email,
        role: schema.tenantMembers.role,
        firstName: schema.users.firstName,
        lastName: schema.users.lastName,
        isActive: schema.tenantMembers.isActive,
        createdAt: schema.tenantMembers.createdAt,
      })
      .from(schema.tenantMembers)
      .innerJoin(schema.users, eq(schema.users.id, schema.tenantMembers.userId))
      .where(eq(schema.tenantMembers.tenantId, id))
      .orderBy(schema.tenantMembers.createdAt, schema.tenantMembers.id),
    db
      .select({
        bookings: sql<number>`(SELECT count(*) FROM bookings WHERE tenant_id = ${id})`,
        customers: sql<number>`(SELECT count(*) FROM customers WHERE tenant_id = ${id})`,
        services: sql<number>`(SELECT count(*) FROM services WHERE tenant_id = ${id} AND deleted_at IS NULL)`,
        staff: sql<number>`(SELECT count(*) FROM staff_profiles WHERE tenant_id = ${id} AND deleted_at IS NULL)`,
      })
      .from(sql`(SELECT 1)`),
    db
      .select({
        id: schema.bookings.id,
        startAt: schema.bookings.startAt,
        status: schema.bookings.status,
        totalAmount: schema.bookings.totalAmount,
        currency: schema.bookings.currency,
      })
      .from(schema.bookings)
      .where(eq(schema.bookings.tenantId, id))
      .orderBy(desc(schema.bookings.createdAt), desc(schema.bookings.id))
      .limit(10),
    db
      .select({
        id: schema.auditLog.id,
        action: schema.auditLog.action,
        actorId: schema.auditLog.actorId,
        targetId: schema.auditLog.targetId,
        reason: schema.auditLog.reason,
        createdAt: schema.auditLog.createdAt,
      })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, id))
      .orderBy(desc(schema.auditLog.createdAt), desc(schema.auditLog.seq))
      .limit(50),
  ] as const;
}

type ViewRows = Awaited<ReturnType<typeof loadRows>>;
async function loadRows(db: Db, id: string) {
  return db.batch(tenantViewQueries(db, id));
}

/** Maps the batch result to the operator view (interface.md field order); null when no tenant. */
export function toOperatorView([tenantRows, members, counts, recent, audit]: ViewRows) {
  const t = tenantRows[0];
  if (!t) return null;
  const c = counts[0];
  return {
    id: t.id,
    slug: t.slug,
    businessName: t.businessName,
    businessType: t.businessType,
    email: t.email,
    phone: t.phone,
    plan: t.plan,
    planStatus: t.planStatus,
    isActive: t.isActive,
    isSuspended: t.isSuspended,
    suspendedReason: t.suspendedReason,
    suspendedAt: t.suspendedAt,
    trialEndsAt: t.trialEndsAt,
    createdAt: t.createdAt,
    customDomain: t.customDomain,
    widgetColor: t.widgetColor,
    description: t.description,
    addressLine1: t.addressLine1,
    city: t.city,
    country: t.country,
    users: members.map((m) => ({
      id: m.id,
      email: m.email,
      role: m.role,
      firstName: m.firstName,
      lastName: m.lastName,
      isActive: Boolean(m.isActive),
      createdAt: m.createdAt,
    })),
    counts: {
      bookings: Number(c?.bookings ?? 0),
      customers: Number(c?.customers ?? 0),
      services: Number(c?.services ?? 0),
      staff: Number(c?.staff ?? 0),
    },
    recentBookings: recent.map((b) => ({
      id: b.id,
      startDatetime: new Date(b.startAt).toISOString(),
      status: b.status,
      totalAmount: b.totalAmount,
      currency: b.currency,
    })),
    audit: audit.map((a) => ({
      id: a.id,
      action: a.action,
      actorId: a.actorId,
      targetId: a.targetId,
      reason: a.reason,
      createdAt: a.createdAt,
    })),
  };
}

export type OperatorTenantView = NonNullable<ReturnType<typeof toOperatorView>>;

/** GET /api/admin/tenants/:id: one db.batch; unknown id -> 404. */
export async function getOperatorTenantView(db: Db, id: string): Promise<OperatorTenantView> {
  const view = toOperatorView(await loadRows(db, id));
  if (!view) throw ApiError.notFound("Tenant");
  return view;
}
