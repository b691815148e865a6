import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { type Config, cloudflareSettings } from "../../config";
import { type Db, schema } from "../../db/client";
import { effectiveStatus } from "../../domain/custom-hostname";
import { ApiError } from "../../errors";
import { type Part, runPart } from "../batch";
import { createCustomHostname, deleteCustomHostname } from "./hostnames";
import { hostnameDeleteJob } from "./jobs";
import { logger } from "../../lib/log";

/**
 * Saving a business's custom domain (design.md §23), as part of PATCH /api/businesses/me. With
 * Cloudflare on, the custom hostname is created first (a refusal is 502 domain_provider_error and
 * nothing is saved); then the owner's batch stores it pending, frees the domain from an older
 * claim that never became active, and queues the delete of the hostnames no claim uses any more.
 * If that batch does not happen, the hostname just created is deleted again: nothing half-made.
 * Without Cloudflare the domain is active at once, as before.
 */

const t = schema.tenants;
type TenantInsert = typeof t.$inferInsert;

export type DomainColumns = Pick<
  TenantInsert,
  | "customDomain"
  | "customDomainStatus"
  | "customHostnameId"
  | "customDomainSslStatus"
  | "customDomainRecords"
  | "customDomainCheckedAt"
  | "customDomainClaimedAt"
  | "customDomainProblem"
>;

export type DomainChange = {
  /** Written by the tenant's UPDATE, with the rest of the PATCH. */
  set: DomainColumns;
  /** Before that UPDATE, gated like it: the older claim this one replaces lets go of the domain. */
  before(gate: SQL): Part[];
  /** After it, gated like it: delete jobs for the hostnames no claim uses any more (enqueued by the batch). */
  after(gate: SQL): Part[];
  /** The batch did not happen: delete what was created at Cloudflare. */
  undo(): Promise<void>;
};

const CLEARED: DomainColumns = {
  customDomain: null,
  customDomainStatus: null,
  customHostnameId: null,
  customDomainSslStatus: null,
  customDomainRecords: null,
  customDomainCheckedAt: null,
  customDomainClaimedAt: null,
  customDomainProblem: null,
};

/** SQL: the row's domain does not serve yet (pending, failed, or saved before hostnames existed while Cloudflare is on). */
const notActiveSql = (cloudflareOn: boolean) =>
  sql`(custom_domain_status IN ('pending', 'failed') OR (custom_domain_status IS NULL AND ${cloudflareOn ? 1 : 0} = 1))`;

/**
 * What saving `next` (normalised, or null to clear) changes; null when nothing does (the same
 * domain again, unless it failed: saving a failed domain again starts over). Its first round trip
 * reads the tenant and whoever else claims the domain; Cloudflare is called only after it.
 */
export async function prepareDomainChange(
  ctx: { db: Db; now: Date; config: Config },
  tenantId: string,
  next: string | null,
): Promise<DomainChange | null> {
  const { db, now } = ctx;
  const cf = cloudflareSettings(ctx.config);
  const cloudflareOn = cf !== null;
  const mine = db.select({ domain: t.customDomain, status: t.customDomainStatus, hostnameId: t.customHostnameId }).from(t);
  const [[current], others] = await db.batch([
    mine.where(eq(t.id, tenantId)).limit(1),
    db
      .select({ id: t.id, status: t.customDomainStatus, hostnameId: t.customHostnameId })
      .from(t)
      .where(and(eq(t.customDomain, next ?? ""), ne(t.id, tenantId), sql`${next !== null ? 1 : 0} = 1`))
      .limit(1),
  ]);
  if (!current) throw ApiError.notFound("Business");
  if (next === current.domain && (next === null || effectiveStatus(current.status, cloudflareOn) !== "failed")) return null;
  const other = others[0];
  if (next !== null && other && effectiveStatus(other.status, cloudflareOn) === "active") {
    throw new ApiError("domain_taken", "This custom domain is already used by another business");
  }

  const at = now.toISOString();
  let set: DomainColumns = CLEARED;
  let createdId: string | null = null;
  if (next !== null && cf) {
    const created = await createCustomHostname(cf, next, new Set(other?.hostnameId ? [other.hostnameId] : []));
    createdId = created.id;
    set = {
      customDomain: next,
      // Cloudflare may already have everything (a domain set up before, saved again).
      customDomainStatus: created.live ? "active" : "pending",
      customHostnameId: created.id,
      customDomainSslStatus: created.sslStatus,
      customDomainRecords: created.txtRecords,
      customDomainCheckedAt: at,
      customDomainClaimedAt: at,
      customDomainProblem: created.problems.join(" ") || null,
    };
  } else if (next !== null) {
    set = { ...CLEARED, customDomain: next, customDomainStatus: "active", customDomainClaimedAt: at };
  }

  const job = (owner: string, hostnameId: string, hostname: string, gate: SQL) =>
    hostnameDeleteJob(db, owner, { hostnameId, hostname }, now, gate);
  const replaced = next !== null && other && effectiveStatus(other.status, cloudflareOn) !== "active" ? other : null;
  return {
    set,
    before(gate) {
      if (!replaced || next === null) return [];
      return [
        db
          .update(t)
          .set(CLEARED)
          .where(sql`${t.id} = ${replaced.id} AND ${t.customDomain} = ${next} AND ${notActiveSql(cloudflareOn)} AND ${gate}`),
        ...(replaced.hostnameId ? [job(replaced.id, replaced.hostnameId, next, gate)] : []),
      ];
    },
    after(gate) {
      const old = current.hostnameId;
      return old && old !== createdId && current.domain ? [job(tenantId, old, current.domain, gate)] : [];
    },
    async undo() {
      if (!createdId || !cf) return;
      if (await deleteCustomHostname(cf, createdId)) return;
      try {
        // Left to the cron: the request that would enqueue it failed.
        await runPart(db, job(tenantId, createdId, next ?? "", sql`1`));
      } catch (err) {
        logger.error("a custom hostname of a save that failed is left at Cloudflare", { hostnameId: createdId, error: err });
      }
    },
  };
}
