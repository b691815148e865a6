import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import { type AuditEntry, auditInsert } from "../audit";
import { batch, wrote } from "../batch";
import type { Services } from "../context";
import { enqueue, type JobPointer } from "../outbox";
import { type JobState, LISTED_STORES, type ListedStore, stateCondition, stuckSql } from "../outbox/stores";

/**
 * Jobs of every kind across tenants (design.md §24): the operator's list, retry and discard, and
 * the owner's retry of their own e-mails and webhooks. Generic over the engine's stores
 * (../outbox/stores.ts): a kind added to the jobs table shows up here with no change.
 */

export type JobRow = {
  id: string;
  kind: string;
  type: string;
  tenantId: string | null;
  businessName: string | null;
  status: string;
  target: string;
  attempts: number;
  lastError: string | null;
  lastStatusCode: number | null;
  dueAt: string;
  lockedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The row still has what a retry sends (an e-mail's body). */
  retryAllowed: number;
  sortAt: string | null;
};

const columns = (s: ListedStore) => sql`id, ${s.kind} AS kind, ${s.type} AS type, tenant_id AS tenantId, status, ${s.target} AS target,
  attempts, last_error AS lastError, ${s.statusCode} AS lastStatusCode, next_attempt_at AS dueAt, locked_at AS lockedAt,
  created_at AS createdAt, updated_at AS updatedAt, NOT ${s.retryBlocked} AS retryAllowed`;

/** Newest failure first; the longest-waiting pending and stuck jobs first. */
const ORDER: Record<JobState, { column: string; desc: boolean }> = {
  failed: { column: "updated_at", desc: true },
  suppressed: { column: "updated_at", desc: true },
  pending: { column: "next_attempt_at", desc: false },
  stuck: { column: "locked_at", desc: false },
};

export type JobQuery = { state: JobState; kind?: string; tenantId?: string; limit: number; cursor?: { at: string; id: string } };

/** `cursor` as the list hands it out: opaque to clients, base64url of [sortAt, id]. */
export function encodeCursor(row: Pick<JobRow, "sortAt" | "id">): string {
  return btoa(JSON.stringify([row.sortAt ?? "", row.id]))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function decodeCursor(raw: string): { at: string; id: string } | null {
  try {
    const v: unknown = JSON.parse(atob(raw.replace(/-/g, "+").replace(/_/g, "/")));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === "string" && typeof v[1] === "string" && v[1].length <= 64) {
      return { at: v[0], id: v[1] };
    }
  } catch {
    // not ours
  }
  return null;
}

/**
 * One statement: each store's first `limit + 1` rows of the state (its status index), merged,
 * with the business's name. The extra row says whether a next page exists.
 */
export async function listJobs(db: Db, q: JobQuery, now: Date): Promise<{ jobs: JobRow[]; nextCursor: string | null }> {
  const { column, desc } = ORDER[q.state];
  const dir = sql.raw(desc ? "DESC" : "ASC");
  const col = sql.raw(column);
  const after = q.cursor
    ? desc
      ? sql`AND (${col} < ${q.cursor.at} OR (${col} = ${q.cursor.at} AND id < ${q.cursor.id}))`
      : sql`AND (${col} > ${q.cursor.at} OR (${col} = ${q.cursor.at} AND id > ${q.cursor.id}))`
    : sql``;
  const parts = LISTED_STORES.map(
    (s) => sql`SELECT * FROM (SELECT ${columns(s)}, ${col} AS sortAt FROM ${sql.raw(s.table)}
      WHERE ${stateCondition(q.state, now)} ${q.kind ? sql`AND ${s.kind} = ${q.kind}` : sql``}
        ${q.tenantId ? sql`AND tenant_id = ${q.tenantId}` : sql``} ${after}
      ORDER BY ${col} ${dir}, id ${dir} LIMIT ${q.limit + 1})`,
  );
  const rows = await db.all<JobRow>(sql`
    SELECT x.*, t.business_name AS businessName FROM (${sql.join(parts, sql` UNION ALL `)}) x LEFT JOIN tenants t ON t.id = x.tenantId
    ORDER BY x.sortAt ${dir}, x.id ${dir} LIMIT ${q.limit + 1}`);
  const jobs = rows.slice(0, q.limit);
  return { jobs, nextCursor: rows.length > q.limit ? encodeCursor(jobs[jobs.length - 1]) : null };
}

export type JobActor = Pick<AuditEntry, "actorType" | "actorId">;

/** Who may act: the operator on any job, an owner on their business's e-mails and webhooks. */
export type JobScope = { kind: "operator" } | { kind: "owner"; tenantId: string };

const scopeSql = (s: ListedStore, scope: JobScope) =>
  scope.kind === "operator" ? sql`` : sql`AND tenant_id = ${scope.tenantId} AND (${s.ownerRetry})`;

/** The job, whichever store holds it, after the change: the batch's last statement. */
function readBack(db: Db, id: string, scope: JobScope) {
  const parts = LISTED_STORES.map(
    (s) => sql`SELECT ${columns(s)}, NULL AS sortAt, (${s.ownerRetry}) AS ownerMay FROM ${sql.raw(s.table)}
      WHERE id = ${id} ${scope.kind === "owner" ? sql`AND tenant_id = ${scope.tenantId}` : sql``}`,
  );
  return db.all<JobRow & { ownerMay: number }>(sql`
    SELECT x.*, t.business_name AS businessName FROM (${sql.join(parts, sql` UNION ALL `)}) x LEFT JOIN tenants t ON t.id = x.tenantId`);
}

type Change = { action: "job.retried" | "job.discarded"; set: (s: ListedStore) => SQL; from: (s: ListedStore) => SQL; reason?: string };

/**
 * One atomic batch: for each store a conditional UPDATE of the row (only from the states the change
 * allows) and the audit row, gated on that UPDATE having changed it; then the row as it is now.
 */
async function changeJob(db: Db, id: string, change: Change, scope: JobScope, actor: JobActor, now: Date) {
  const b = batch(db);
  const updates = LISTED_STORES.map((s) => {
    const table = sql.raw(s.table);
    const update = b.add(db.run(sql`UPDATE ${table} SET ${change.set(s)} WHERE id = ${id} AND (${change.from(s)}) ${scopeSql(s, scope)}`));
    b.add(
      auditInsert(
        db,
        {
          action: change.action,
          ...actor,
          targetType: "job",
          targetId: id,
          reason: change.reason ?? null,
          metadata: sql`(SELECT json_object('kind', ${s.kind}, 'type', ${s.type}, 'tenantId', tenant_id, 'store', ${s.table})
            FROM ${table} WHERE id = ${id})`,
        },
        now,
        sql`changes() > 0`,
      ),
    );
    return update;
  });
  const after = b.add(readBack(db, id, scope));
  await b.run();
  const changed = updates.some((u) => wrote(u.result()));
  const [row] = after.result();
  if (!row) throw ApiError.notFound("Job");
  return { row, changed };
}

/** Why a job cannot take this change, in words an operator or owner acts on. */
function refusal(row: JobRow & { ownerMay: number }, scope: JobScope, what: "retry" | "discard", now: Date): ApiError {
  if (scope.kind === "owner" && !row.ownerMay) return new ApiError("forbidden", "Only the platform operator can retry payment calls");
  const stuck = row.status === "sending" && row.lockedAt !== null && Date.parse(row.lockedAt) < now.getTime() - 5 * 60_000;
  if (what === "retry" && row.status === "failed" && !row.retryAllowed)
    return new ApiError("conflict", "This e-mail's content was removed (a one-time link or erased personal data); it cannot be sent again");
  const why: Record<string, string> = {
    pending: "it is already waiting to run",
    sending: stuck ? "it changed meanwhile" : "it is being performed right now",
    discarded: "it was discarded",
    cancelled: "it was cancelled",
    suppressed: "it was suppressed by a sending limit",
  };
  return new ApiError("conflict", `This job cannot be ${what === "retry" ? "retried" : "discarded"}: ${why[row.status] ?? "it is done"}`);
}

const retryFrom = (now: Date) => (s: ListedStore) => sql`(status = 'failed' OR (${stuckSql(now)})) AND NOT ${s.retryBlocked}`;

/**
 * Back to pending, due now, claimable by the queue or the cron. The kind performs it with the
 * job's own idempotency key (an e-mail's id, a webhook's event id, a Stripe call's key), so a
 * third party that already acted does not act again; two retries at once: one wins, one is 409.
 * Attempts are kept: the kind's retry policy continues from where it gave up.
 */
/** The retried job is enqueued after its change commits, like every use case's writes. */
export async function retryJob(ctx: Pick<Services, "db" | "now" | "queue" | "waitUntil">, id: string, scope: JobScope, actor: JobActor) {
  const { db, now } = ctx;
  const t = now.toISOString();
  const { row, changed } = await changeJob(
    db,
    id,
    {
      action: "job.retried",
      set: () => sql`status = 'pending', next_attempt_at = ${t}, locked_at = NULL, updated_at = ${t}`,
      from: retryFrom(now),
    },
    scope,
    actor,
    now,
  );
  if (!changed) throw refusal(row, scope, "retry", now);
  const pointer: JobPointer = { kind: row.kind, id: row.id };
  ctx.waitUntil(enqueue(ctx.queue, [pointer]));
  return { row };
}

/** Never performed: failed, waiting, suppressed or stuck jobs only. An e-mail's body goes with it. */
export async function discardJob(db: Db, id: string, reason: string, actor: JobActor, now: Date) {
  const t = now.toISOString();
  const { row, changed } = await changeJob(
    db,
    id,
    {
      action: "job.discarded",
      reason,
      set: (s) => sql`status = 'discarded', locked_at = NULL, updated_at = ${t} ${s.discardSet}`,
      from: () => sql`status IN ('failed', 'pending', 'suppressed') OR (${stuckSql(now)})`,
    },
    { kind: "operator" },
    actor,
    now,
  );
  if (!changed) throw refusal(row, { kind: "operator" }, "discard", now);
  return row;
}
