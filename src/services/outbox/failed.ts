import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { RowOf } from "../../db/row-of";
import type { emailOutbox, webhookDeliveries } from "../../db/schema";
import { ApiError } from "../../errors";
import { LISTED_STORES } from "./stores";

/**
 * Failed jobs of every kind in one list (design.md §22: the owner app and the operator console
 * show them together): e-mails, webhook deliveries and the jobs-table kinds (Stripe calls), of one
 * business, newest failure first. Never a body, payload or secret: what failed, to whom, how often
 * it was tried and the last error.
 */
export type FailedJob = {
  id: string;
  /** "email", "webhook", or a jobs-table kind such as "stripe_call". */
  kind: string;
  /** The e-mail's template kind, the webhook's event type, or the job kind again. */
  type: string;
  /** The recipient's address, the webhook endpoint's id (its URL may carry a token), or the job's idempotency key. */
  target: string;
  attempts: number;
  lastError: string | null;
  /** The receiver's HTTP status for webhooks; null otherwise. */
  lastStatusCode: number | null;
  createdAt: string;
  failedAt: string;
  /** The owner may retry it from the app (their e-mails and webhooks; an e-mail that still has its body). */
  retryable: boolean;
};

/**
 * failedJobsQuery's row: the lifecycle columns every store shares (typed from email_outbox's, src/db/row-of.ts)
 * and the ones each store computes.
 */
type FailedRow = RowOf<typeof emailOutbox, "id" | "attempts" | "last_error" | "created_at"> &
  RowOf<typeof webhookDeliveries, "last_status_code"> & {
    kind: string;
    type: string;
    target: string;
    failed_at: string;
    retryable: number;
  };

/**
 * One statement: each store's newest `limit` failures through its (tenant_id, status, updated_at)
 * index, merged and cut to `limit`. updated_at of a failed row is when it failed. The stores come
 * from the registry (./stores.ts), so a new kind shows here with no change.
 */
export function failedJobsQuery(db: Db, tenantId: string, limit: number) {
  const parts = LISTED_STORES.map(
    (s) => sql`SELECT * FROM (SELECT id, ${s.kind} AS kind, ${s.type} AS type, ${s.target} AS target, attempts, last_error,
        ${s.statusCode} AS last_status_code, created_at, updated_at AS failed_at,
        (${s.ownerRetry}) AND NOT ${s.retryBlocked} AS retryable
      FROM ${sql.raw(s.table)} WHERE tenant_id = ${tenantId} AND status = 'failed' ORDER BY updated_at DESC LIMIT ${limit})`,
  );
  return db.all<FailedRow>(sql`
    SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) ORDER BY failed_at DESC, id DESC LIMIT ${limit}`);
}

export function toFailedJob(r: FailedRow): FailedJob {
  return {
    id: r.id,
    kind: r.kind,
    type: r.type,
    target: r.target,
    attempts: r.attempts,
    lastError: r.last_error,
    lastStatusCode: r.last_status_code,
    createdAt: r.created_at,
    failedAt: r.failed_at,
    retryable: r.retryable === 1,
  };
}

/** The caller's own business (owner app): one round trip. */
export async function listFailedJobs(db: Db, tenantId: string, limit: number): Promise<FailedJob[]> {
  return (await failedJobsQuery(db, tenantId, limit)).map(toFailedJob);
}

/** Any business (operator console): the tenant's existence and its list in one round trip. */
export async function listTenantFailedJobs(db: Db, tenantId: string, limit: number): Promise<FailedJob[]> {
  const [tenant, rows] = await db.batch([
    db.all<{ id: string }>(sql`SELECT id FROM tenants WHERE id = ${tenantId}`),
    failedJobsQuery(db, tenantId, limit),
  ]);
  if (tenant.length === 0) throw ApiError.notFound("Tenant");
  return rows.map(toFailedJob);
}
