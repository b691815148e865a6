import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import { auditInsert } from "../audit";
import { batch, type Part, wrote } from "../batch";
import { deletionReminderEmail, deletionScheduledEmail } from "../email/ops-templates";
import { type HostnameDeletePayload, hostnameDeleteJob } from "../domains/jobs";
import type { Services } from "../context";
import { emailInsert, type JobPointer } from "../outbox";
import { MESSAGE_JOB_KINDS } from "../privacy/customer-erasure";
import { optedOutNumbersQuery, tenantErasureExtensions, tenantErasureRemaining, tenantNumbersSql } from "../privacy/erasure-extensions";

/**
 * Scheduled tenant deletion (design.md §25). An operator schedules a suspended tenant; 30 days
 * later the cron deletes its personal data in bounded batches unless it was restored meanwhile
 * (restoring clears the schedule: ../admin/tenant-patch.ts). The owner is e-mailed at scheduling
 * and 7 days before. What stays: the tenant row (ids, plan, deleted_at), bookings' times,
 * services, staff, status and amounts, payments and refunds (the books), and audit rows (ids only).
 */
export const DELETION_DELAY_DAYS = 30;
export const DELETION_REMINDER_DAYS = 7;
/** Rows each statement deletes per cron run: a large business goes over several runs. */
export const DELETION_BATCH = 500;

const days = (n: number) => n * 86_400_000;

/** The owner's address (the first active owner, else the business e-mail), read inside the batch. */
const ownerAddress = (tenantId: string) => sql`COALESCE((SELECT u.email FROM tenant_members m JOIN users u ON u.id = m.user_id
  WHERE m.tenant_id = ${tenantId} AND m.role = 'owner' AND m.is_active = 1 ORDER BY m.created_at, m.id LIMIT 1),
  (SELECT NULLIF(email, '') FROM tenants WHERE id = ${tenantId}))`;

export type DeletionSchedule = { tenantId: string; scheduledAt: string; dueAt: string; reason: string };

type Due = { id: string; hostname: string | null; hostnameId: string | null };

type TenantState = { id: string; businessName: string; isSuspended: number; deletionDueAt: string | null; deletedAt: string | null };

/** POST /api/admin/tenants/:id/schedule-deletion: one atomic batch (schedule, audit, owner e-mail). */
export async function scheduleTenantDeletion(
  ctx: Pick<Services, "db" | "now" | "queue" | "waitUntil">,
  tenantId: string,
  reason: string,
  adminId: string,
) {
  const { db, now } = ctx;
  const t = now.toISOString();
  const dueAt = new Date(now.getTime() + days(DELETION_DELAY_DAYS)).toISOString();
  const [[tenant]] = await db.batch([
    db.all<TenantState>(sql`SELECT id, business_name AS businessName, is_suspended AS isSuspended, deletion_due_at AS deletionDueAt,
      deleted_at AS deletedAt FROM tenants WHERE id = ${tenantId}`),
  ]);
  if (!tenant) throw ApiError.notFound("Tenant");
  if (tenant.deletedAt) throw new ApiError("conflict", "This tenant has been deleted already");
  if (tenant.deletionDueAt) throw new ApiError("conflict", `This tenant is already scheduled for deletion on ${tenant.deletionDueAt}`);
  if (!tenant.isSuspended) throw new ApiError("conflict", "Only a suspended tenant can be scheduled for deletion; suspend it first");
  const applied = sql`EXISTS (SELECT 1 FROM tenants WHERE id = ${tenantId} AND deletion_scheduled_at = ${t})`;
  const email = emailInsert(
    db,
    { ...deletionScheduledEmail({ businessName: tenant.businessName, dueAt, reason }), tenantId, to: ownerAddress(tenantId) },
    now,
    applied,
  );
  const b = batch(db);
  const update = b.add(
    db.run(sql`UPDATE tenants SET deletion_scheduled_at = ${t}, deletion_due_at = ${dueAt}, deletion_reason = ${reason},
      deletion_reminded_at = NULL, updated_at = ${t}
      WHERE id = ${tenantId} AND is_suspended = 1 AND deletion_due_at IS NULL AND deleted_at IS NULL`),
  );
  b.add(
    auditInsert(
      db,
      {
        action: "tenant.deletion_scheduled",
        actorType: "admin",
        actorId: adminId,
        targetType: "tenant",
        targetId: tenantId,
        reason,
        diff: { deletionDueAt: { before: null, after: dueAt } },
      },
      now,
      applied,
    ),
  );
  b.add(email);
  // The route enqueues the owner's e-mail (its pointer only if it was written).
  // The owner's e-mail is enqueued after commit.
  await b.run(ctx);
  if (!wrote(update.result())) throw new ApiError("conflict", "The tenant was changed concurrently; try again");
  return { schedule: { tenantId, scheduledAt: t, dueAt, reason } satisfies DeletionSchedule };
}

/** A business whose deletion has come: still suspended, not restored, not done. */
const dueSql = (scopeTenantId?: string) =>
  sql`deletion_due_at IS NOT NULL AND deleted_at IS NULL AND is_suspended = 1 ${scopeTenantId ? sql`AND id = ${scopeTenantId}` : sql``}`;

/**
 * The cron's part: the 7-day reminders due (outbox e-mails, one per tenant ever), then the next
 * business whose deletion is due, one bounded batch of it. Returns the e-mails to enqueue and
 * what was done. `scopeTenantId` (tests' scoped runs) confines it to one business.
 */
export async function runTenantDeletions(
  db: Db,
  now: Date,
  scopeTenantId?: string,
): Promise<{
  pointers: JobPointer[];
  reminded: number;
  deleting: string | null;
  deleted: boolean;
}> {
  const t = now.toISOString();
  const remindFrom = new Date(now.getTime() + days(DELETION_REMINDER_DAYS)).toISOString();
  const [remind, due, optedOut] = await db.batch([
    db.all<{ id: string; businessName: string; dueAt: string }>(sql`
      SELECT id, business_name AS businessName, deletion_due_at AS dueAt FROM tenants
      WHERE ${dueSql(scopeTenantId)} AND deletion_reminded_at IS NULL AND deletion_due_at <= ${remindFrom} AND deletion_due_at > ${t}
      ORDER BY deletion_due_at LIMIT 20`),
    db.all<Due>(sql`SELECT id, custom_domain AS hostname, custom_hostname_id AS hostnameId FROM tenants
      WHERE ${dueSql(scopeTenantId)} AND deletion_due_at <= ${t}
      ORDER BY deletion_due_at LIMIT 1`),
    // That business's numbers still opted out plainly: kept as hashes by this run (design.md §25).
    optedOutNumbersQuery(
      db,
      tenantNumbersSql(
        sql`(SELECT id FROM tenants WHERE ${dueSql(scopeTenantId)} AND deletion_due_at <= ${t} ORDER BY deletion_due_at LIMIT 1)`,
      ),
      DELETION_BATCH,
    ),
  ]);
  const tenantId = due[0]?.id ?? null;
  const hostname = due[0]?.hostname && due[0].hostnameId ? { hostname: due[0].hostname, hostnameId: due[0].hostnameId } : null;
  if (remind.length === 0 && !tenantId) return { pointers: [], reminded: 0, deleting: null, deleted: false };
  const b = batch(db);
  for (const r of remind) {
    const marked = sql`EXISTS (SELECT 1 FROM tenants WHERE id = ${r.id} AND deletion_reminded_at = ${t})`;
    b.add(db.run(sql`UPDATE tenants SET deletion_reminded_at = ${t} WHERE id = ${r.id} AND deletion_reminded_at IS NULL`));
    b.add(
      emailInsert(
        db,
        { ...deletionReminderEmail({ businessName: r.businessName, dueAt: r.dueAt }), tenantId: r.id, to: ownerAddress(r.id) },
        now,
        marked,
      ),
    );
  }
  // The last part is the `tenant.deleted` audit row: written exactly when the deletion completed.
  const finished = tenantId
    ? deletionParts(
        db,
        tenantId,
        now,
        hostname,
        optedOut.map((r) => r.phone),
      )
        .map((part) => b.add(part))
        .at(-1)
    : undefined;
  // The cron enqueues the reminders written (the cron's own batches enqueue nothing by themselves).
  const pointers = await b.run();
  return { pointers, reminded: remind.length, deleting: tenantId, deleted: finished?.result() === true };
}

/**
 * One bounded pass over a due business. Children before parents (foreign keys): bookings let go of
 * customers before customers go, deliveries before endpoints. The last statement stamps
 * deleted_at (and writes `tenant.deleted`) only when nothing personal is left, so a large business
 * simply takes several runs.
 */
function deletionParts(db: Db, tenantId: string, now: Date, hostname: HostnameDeletePayload | null, optedOut: string[]): Part[] {
  const t = now.toISOString();
  const n = DELETION_BATCH;
  const own = (table: string, extra: SQL = sql``) =>
    sql`SELECT id FROM ${sql.raw(table)} WHERE tenant_id = ${tenantId} ${extra} LIMIT ${n}`;
  const personalBooking = sql`AND (customer_id IS NOT NULL OR customer_account_id IS NOT NULL OR notes <> '' OR cancel_reason IS NOT NULL)`;
  const kinds = sql.join(
    MESSAGE_JOB_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  // Audit rows about the business and its bookings stay with their ids; what people wrote or asked
  // in them goes. tenant.* rows are the operator's and finance's record and stay whole.
  const personalAudit = sql`(target_id = ${tenantId} OR (target_type = 'booking' AND target_id IN (SELECT id FROM bookings WHERE tenant_id = ${tenantId})))
    AND action NOT LIKE 'tenant.%' AND (reason IS NOT NULL OR diff IS NOT NULL OR metadata IS NOT NULL)`;
  const deleted = sql`EXISTS (SELECT 1 FROM tenants WHERE id = ${tenantId} AND deleted_at = ${t})`;
  const left = sql`
    NOT EXISTS (SELECT 1 FROM bookings WHERE tenant_id = ${tenantId} ${personalBooking})
    AND NOT EXISTS (SELECT 1 FROM customers WHERE tenant_id = ${tenantId})
    AND NOT EXISTS (SELECT 1 FROM booking_cards WHERE tenant_id = ${tenantId})
    AND NOT EXISTS (SELECT 1 FROM tenant_members WHERE tenant_id = ${tenantId})
    AND NOT EXISTS (SELECT 1 FROM api_keys WHERE tenant_id = ${tenantId})
    AND NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE tenant_id = ${tenantId})
    AND NOT EXISTS (SELECT 1 FROM email_outbox WHERE tenant_id = ${tenantId})
    AND NOT EXISTS (SELECT 1 FROM audit_log WHERE ${personalAudit})
    AND NOT ${tenantErasureRemaining(tenantId)}`;
  return [
    db.run(sql`UPDATE bookings SET customer_id = NULL, customer_account_id = NULL, notes = '', cancel_reason = NULL
      WHERE id IN (${own("bookings", personalBooking)})`),
    db.run(sql`DELETE FROM booking_cards WHERE id IN (${own("booking_cards")})`),
    db.run(
      sql`DELETE FROM customers WHERE id IN (${own("customers", sql`AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.customer_id = customers.id)`)})`,
    ),
    db.run(sql`DELETE FROM tenant_members WHERE id IN (${own("tenant_members")})`),
    db.run(sql`DELETE FROM sessions WHERE id IN (${own("sessions")})`),
    db.run(sql`DELETE FROM api_keys WHERE id IN (${own("api_keys")})`),
    db.run(sql`DELETE FROM webhook_deliveries WHERE id IN (${own("webhook_deliveries")})`),
    db.run(
      sql`DELETE FROM webhook_endpoints WHERE id IN (${own("webhook_endpoints", sql`AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = webhook_endpoints.id)`)})`,
    ),
    db.run(sql`DELETE FROM email_outbox WHERE id IN (${own("email_outbox")})`),
    db.run(sql`UPDATE jobs SET status = 'cancelled', updated_at = ${t}
      WHERE id IN (${own("jobs", sql`AND status = 'pending' AND kind IN (${kinds})`)})`),
    db.run(sql`UPDATE audit_log SET reason = NULL, diff = NULL, metadata = NULL WHERE id IN (
      SELECT id FROM audit_log WHERE ${personalAudit} LIMIT ${n})`),
    ...tenantErasureExtensions(db, tenantId, n, now, optedOut),
    db.run(sql`UPDATE tenants SET deleted_at = ${t}, is_active = 0, custom_domain = NULL, custom_domain_status = NULL,
        custom_hostname_id = NULL, updated_at = ${t}
      WHERE id = ${tenantId} AND deleted_at IS NULL AND ${left}`),
    // Its custom hostname at Cloudflare goes through the outbox (design.md §23's job), once deleted here.
    ...(hostname ? [hostnameDeleteJob(db, tenantId, hostname, now, deleted)] : []),
    // Last: its value (written or not) says whether the deletion completed in this run.
    auditInsert(
      db,
      { action: "tenant.deleted", actorType: "system", actorId: "cron", targetType: "tenant", targetId: tenantId },
      now,
      deleted,
    ),
  ];
}
