import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Aliased } from "../../db/row-of";
import type { tenants } from "../../db/schema";
import { effectiveSmsLimit, localMonth } from "../../domain/sms/limits";
import { ApiError } from "../../errors";
import { auditInsert } from "../audit";
import { batch } from "../batch";

/**
 * The business's monthly text limit and what it used this month (design.md §27): the owner reads
 * both (settings), the operator sets another limit (`PUT /api/admin/tenants/:id/sms-limit`,
 * audited `tenant.sms_limit_changed`, since interface.md's tenant PATCH accepts no other field).
 */

export type SmsUsage = { limit: number; usedThisMonth: number; month: string };

/** The tenant's columns the usage needs, typed from the schema (src/db/row-of.ts). */
type UsageRow = Aliased<typeof tenants, { plan: "plan"; smsMonthlyLimit: "sms_monthly_limit"; timezone: "timezone" }>;

/**
 * The two months the business's local month can be at `now` (every zone is within a day of UTC),
 * so the count is read in the same batch as the zone that picks one of them.
 */
const candidateMonths = (now: Date) => [
  ...new Set([localMonth("Etc/GMT+12", now.getTime()), localMonth("Pacific/Kiritimati", now.getTime())]),
];

function usageQueries(db: Db, tenantId: string, now: Date) {
  const months = candidateMonths(now);
  return [
    db.all<UsageRow>(sql`SELECT plan, sms_monthly_limit AS smsMonthlyLimit, timezone FROM tenants WHERE id = ${tenantId}`),
    db.all<{ month: string; n: number }>(sql`
      SELECT month, count(*) AS n FROM sms_messages
      WHERE tenant_id = ${tenantId} AND month IN (${sql.join(
        months.map((m) => sql`${m}`),
        sql`, `,
      )}) AND status NOT IN ('suppressed', 'cancelled')
      GROUP BY month`),
  ] as const;
}

function usageOf(row: UsageRow, counts: { month: string; n: number }[], now: Date): SmsUsage {
  const month = localMonth(row.timezone, now.getTime());
  return {
    limit: effectiveSmsLimit(row.plan, row.smsMonthlyLimit),
    usedThisMonth: counts.find((c) => c.month === month)?.n ?? 0,
    month,
  };
}

/** The statements of a usage read, for a caller's batch, and how to read their results. */
export function smsUsageQueries(db: Db, tenantId: string, now: Date) {
  const [tenant, counts] = usageQueries(db, tenantId, now);
  return {
    statements: [tenant, counts] as const,
    read: (rows: [UsageRow[], { month: string; n: number }[]]): SmsUsage | null => (rows[0][0] ? usageOf(rows[0][0], rows[1], now) : null),
  };
}

/**
 * The operator's limit for one business (`null`: back to its plan's). Two round trips: the
 * current value and usage, then the change guarded by the value read, with its audit row gated on
 * it. The same value again changes nothing and writes no audit row (like the tenant PATCH).
 */
export async function setSmsLimit(
  db: Db,
  p: { tenantId: string; limit: number | null; reason: string; adminId: string },
  now: Date,
): Promise<SmsUsage> {
  const [rows, counts] = await db.batch(usageQueries(db, p.tenantId, now));
  const before = rows[0];
  if (!before) throw ApiError.notFound("Tenant");
  if (before.smsMonthlyLimit !== p.limit) {
    const b = batch(db);
    const update = b.add(
      db.run(sql`UPDATE tenants SET sms_monthly_limit = ${p.limit}, updated_at = ${now.toISOString()}
        WHERE id = ${p.tenantId} AND sms_monthly_limit IS ${before.smsMonthlyLimit}`),
    );
    b.add(
      auditInsert(
        db,
        {
          action: "tenant.sms_limit_changed",
          actorType: "admin",
          actorId: p.adminId,
          targetType: "tenant",
          targetId: p.tenantId,
          reason: p.reason,
          diff: { smsMonthlyLimit: { before: before.smsMonthlyLimit, after: p.limit } },
          metadata: {
            effectiveBefore: effectiveSmsLimit(before.plan, before.smsMonthlyLimit),
            effectiveAfter: effectiveSmsLimit(before.plan, p.limit),
          },
        },
        now,
        sql`changes() > 0`,
      ),
    );
    await b.run();
    if (update.result().rowsAffected === 0) throw new ApiError("conflict", "The limit was changed concurrently; try again");
  }
  return usageOf({ ...before, smsMonthlyLimit: p.limit }, counts, now);
}
