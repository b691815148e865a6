import { eq, type SQL, sql } from "drizzle-orm";
import { type CloudflareSettings, type Config, cloudflareSettings } from "../../config";
import { type Db, schema } from "../../db/client";
import { effectiveStatus, failureReason, type HostnameReading, pendingTooLong } from "../../domain/custom-hostname";
import { ApiError } from "../../errors";
import { domainActiveEmail, domainFailedEmail } from "../email/domain-templates";
import { batch, type Part } from "../batch";
import type { Services } from "../context";
import { emailInsert } from "../outbox";
import { providerError } from "./cloudflare";
import { createCustomHostname, readCustomHostname } from "./hostnames";
import { hostnameDeleteJob } from "./jobs";
import { logger } from "../../lib/log";

/**
 * Asking Cloudflare where a pending domain stands and recording the answer (design.md §23): the
 * cron does it every 5 minutes per domain, "Check now" at once. Live (hostname and certificate
 * active) -> active and the owner is e-mailed; blocked, moved, or still pending 7 days after the
 * claim -> failed, the owner told why, its hostname deleted through the outbox; else the records
 * and certificate status are kept current. A domain saved before hostnames existed has none yet:
 * it is created here. Every write is fenced on the row still holding the domain and hostname that
 * were asked about, so an owner's change in between wins.
 */

const t = schema.tenants;

export type PendingDomain = {
  id: string;
  businessName: string;
  customDomain: string;
  customDomainStatus: "pending" | "active" | "failed" | null;
  customHostnameId: string | null;
  customDomainClaimedAt: string | null;
};

/** The parts that record Cloudflare's answer, for the caller's batch (its e-mails and jobs enqueue with it). */
export type Refreshed = { parts: Part[] };

/** The business owner's address, read inside the batch (else the business's contact e-mail). */
const ownerAddress = (tenantId: string) =>
  sql`COALESCE((SELECT u.email FROM tenant_members m JOIN users u ON u.id = m.user_id
    WHERE m.tenant_id = ${tenantId} AND m.role = 'owner' AND m.is_active = 1 ORDER BY m.created_at, m.id LIMIT 1),
    (SELECT email FROM tenants WHERE id = ${tenantId}))`;

async function currentReading(cf: CloudflareSettings, row: PendingDomain): Promise<{ reading: HostnameReading; createdId: string | null }> {
  if (row.customHostnameId) {
    const read = await readCustomHostname(cf, row.customHostnameId);
    if (read.kind === "failed") throw providerError("check the domain", read.answer);
    if (read.kind === "found") return { reading: read.reading, createdId: null };
  }
  // Saved before hostnames existed, or deleted at Cloudflare meanwhile: create it (again).
  const created = await createCustomHostname(cf, row.customDomain);
  return { reading: created, createdId: created.id };
}

/** Throws 502 domain_provider_error when Cloudflare refuses or cannot be reached (nothing written then). */
export async function refreshDomain(db: Db, cf: CloudflareSettings, row: PendingDomain, now: Date): Promise<Refreshed> {
  const { reading, createdId } = await currentReading(cf, row);
  const at = now.toISOString();
  const hostname = row.customDomain;
  const hostnameId = createdId ?? row.customHostnameId;
  // The window starts when the hostname is first created, for a domain saved before they existed.
  const claimedAt = row.customDomainClaimedAt ?? at;
  const fence = sql`${t.id} = ${row.id} AND ${t.customDomain} = ${hostname} AND ${t.customHostnameId} IS ${row.customHostnameId}
    AND (${t.customDomainStatus} IS NULL OR ${t.customDomainStatus} = 'pending')`;
  const became = (status: string) =>
    sql`EXISTS (SELECT 1 FROM tenants WHERE id = ${row.id} AND custom_domain = ${hostname} AND custom_domain_status = ${status}
      AND custom_domain_checked_at = ${at})`;
  const common = { customDomainSslStatus: reading.sslStatus, customDomainCheckedAt: at, customDomainClaimedAt: claimedAt };
  const parts: Part[] = [];
  const mail = (email: ReturnType<typeof domainActiveEmail>, gate: SQL) =>
    parts.push(emailInsert(db, { ...email, tenantId: row.id, to: ownerAddress(row.id) }, now, gate));
  const deleteJob = (id: string, gate: SQL) => parts.push(hostnameDeleteJob(db, row.id, { hostnameId: id, hostname }, now, gate));

  if (reading.live) {
    parts.push(
      db
        .update(t)
        .set({
          ...common,
          customDomainStatus: "active",
          customHostnameId: hostnameId,
          customDomainRecords: reading.txtRecords,
          customDomainProblem: null,
        })
        .where(fence),
    );
    mail(domainActiveEmail({ businessName: row.businessName, hostname }), became("active"));
  } else if (reading.givenUp || pendingTooLong(claimedAt, now)) {
    const reason = failureReason(reading);
    parts.push(
      db
        .update(t)
        .set({ ...common, customDomainStatus: "failed", customHostnameId: null, customDomainRecords: null, customDomainProblem: reason })
        .where(fence),
    );
    if (hostnameId) deleteJob(hostnameId, became("failed"));
    mail(domainFailedEmail({ businessName: row.businessName, hostname, reason }), became("failed"));
  } else {
    parts.push(
      db
        .update(t)
        .set({
          ...common,
          customDomainStatus: "pending",
          customHostnameId: hostnameId,
          customDomainRecords: reading.txtRecords,
          customDomainProblem: reading.problems.join(" ") || null,
        })
        .where(fence),
    );
  }
  // A hostname created here for a row the owner changed meanwhile belongs to nobody: delete it.
  if (createdId) deleteJob(createdId, sql`NOT EXISTS (SELECT 1 FROM tenants WHERE id = ${row.id} AND custom_hostname_id = ${createdId})`);
  return { parts };
}

const pendingColumns = {
  id: t.id,
  businessName: t.businessName,
  customDomain: t.customDomain,
  customDomainStatus: t.customDomainStatus,
  customHostnameId: t.customHostnameId,
  customDomainClaimedAt: t.customDomainClaimedAt,
};

export type DomainCheckCtx = Pick<Services, "db" | "now" | "config" | "queue" | "waitUntil">;

/**
 * POST /api/businesses/me/custom-domain/check: a pending domain is re-read at Cloudflare now; an
 * active or failed one (or any without Cloudflare) is answered as stored. Returns the tenant row.
 */
export async function checkDomainNow(ctx: DomainCheckCtx, tenantId: string) {
  const { db, now } = ctx;
  const [row] = await db.select().from(t).where(eq(t.id, tenantId)).limit(1);
  if (!row) throw ApiError.notFound("Business");
  if (!row.customDomain) throw new ApiError("not_found", "No custom domain is set");
  const cf = cloudflareSettings(ctx.config);
  if (!cf || effectiveStatus(row.customDomainStatus, true) !== "pending") return row;
  const done = await refreshDomain(db, cf, { ...row, customDomain: row.customDomain }, now);
  const b = batch(db);
  for (const part of done.parts) b.add(part);
  const reread = b.add(db.select().from(t).where(eq(t.id, tenantId)).limit(1));
  await b.run(ctx);
  const [after] = reread.result();
  if (!after) throw ApiError.notFound("Business");
  return after;
}

/** Domains one cron run re-reads at most: bounds its subrequests (one to a few Cloudflare calls each). */
export const DOMAIN_CHECKS_PER_RUN = 25;

/**
 * The cron's part (every minute): claims the pending domains whose last check is 5 minutes old
 * (or that have no hostname yet) by stamping them, in ONE statement, so overlapping runs never
 * ask twice; asks Cloudflare about each in parallel; records every answer in ONE batch. A domain
 * Cloudflare did not answer for waits for its next turn. The e-mails and jobs written are
 * performed by the same cron run's outbox dispatch, which comes after this.
 */
export async function refreshDueDomains(db: Db, config: Config, now: Date, scope: { tenantId?: string } = {}) {
  const cf = cloudflareSettings(config);
  if (!cf) return { checked: 0, failedCalls: 0 };
  const at = now.toISOString();
  const due = new Date(now.getTime() - 5 * 60_000).toISOString();
  const claimed = (await db
    .update(t)
    .set({ customDomainCheckedAt: at })
    .where(
      sql`${t.id} IN (SELECT id FROM tenants WHERE custom_domain IS NOT NULL
        AND (custom_domain_status IS NULL OR custom_domain_status = 'pending')
        AND (custom_domain_checked_at IS NULL OR custom_domain_checked_at <= ${due})
        AND (${scope.tenantId ?? null} IS NULL OR id = ${scope.tenantId ?? null})
        ORDER BY custom_domain_checked_at LIMIT ${DOMAIN_CHECKS_PER_RUN})`,
    )
    .returning(pendingColumns)) as PendingDomain[];
  if (claimed.length === 0) return { checked: 0, failedCalls: 0 };
  let failedCalls = 0;
  const outcomes = await Promise.all(
    claimed.map(async (row) => {
      try {
        return await refreshDomain(db, cf, row, now);
      } catch (err) {
        failedCalls += 1;
        logger.warn("custom domain: Cloudflare did not answer; next check in 5 minutes", { actor: "cron", tenantId: row.id, error: err });
        return null;
      }
    }),
  );
  // No enqueue: the cron's own outbox dispatch, which runs next, performs what this writes.
  const b = batch(db);
  for (const part of outcomes.flatMap((o) => o?.parts ?? [])) b.add(part);
  await b.run();
  return { checked: claimed.length, failedCalls };
}
