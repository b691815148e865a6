import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";

/**
 * A package credit at booking (design.md §32): `packageCode` names a sold package, or `usePackage:
 * true` spends one the signed-in customer account holds. The package is read in the create's read
 * batch; one credit is taken in the create's ONE write batch, a condition of the booking's own guard
 * (`credits > 0`) and a decrement gated on the booking, so concurrent creates can never take the
 * credits below zero. Nothing is charged for the session.
 */

export type PackageRow = { id: string; status: string; credits: number; serviceIds: string; expiresAt: string | null };

/** The package and which items of the booking it pays (one credit each). */
export type PackageTake = { id: string; covered: boolean[]; count: number };

export type PackageAsk = { kind: "code"; hash: string | null } | { kind: "account"; accountId: string | null };

const COLUMNS = sql`id, status, credits, service_ids AS serviceIds, expires_at AS expiresAt`;

/** The package named by its code's HMAC, or the account's live package for one of the services (soonest expiry first). */
export function packageQuery(db: Db, tenantId: SQL, ask: PackageAsk, serviceIds: readonly string[], nowIso: string) {
  if (ask.kind === "code") {
    return db.all<PackageRow>(
      sql`SELECT ${COLUMNS} FROM package_credits WHERE tenant_id = ${tenantId} AND code_hash = ${ask.hash ?? ""} LIMIT 1`,
    );
  }
  return db.all<PackageRow>(sql`SELECT ${COLUMNS} FROM package_credits
    WHERE tenant_id = ${tenantId} AND customer_account_id = ${ask.accountId ?? ""} AND status = 'active' AND credits > 0
      AND (expires_at IS NULL OR expires_at > ${nowIso})
      AND EXISTS (SELECT 1 FROM json_each(service_ids) WHERE value IN (${sql.join(
        serviceIds.map((id) => sql`${id}`),
        sql`, `,
      )}))
    ORDER BY expires_at, created_at LIMIT 1`);
}

/**
 * The credits to take, one per item of `serviceIds` the package covers (a visit may have several),
 * or 400 naming why (`fieldErrors.packageCode`, or `usePackage` for an account's). A visit needs a
 * session for every item the package covers: a package with fewer left pays for none of them.
 */
export function packageCover(row: PackageRow | undefined, ask: PackageAsk, serviceIds: readonly string[], nowMs: number): PackageTake {
  const field = ask.kind === "account" ? "usePackage" : "packageCode";
  const refuse = (message: string) => ApiError.field(field, message);
  if (ask.kind === "account") {
    if (!ask.accountId) throw refuse("Sign in to the account that holds your package to use it");
    if (!row) throw refuse("Your account holds no package with a session left for this service");
  } else {
    if (!row || row.status === "pending") throw refuse("No package has this code");
    if (row.status === "void") throw refuse("This package is no longer valid");
    if (row.expiresAt && Date.parse(row.expiresAt) <= nowMs) throw refuse("This package has expired");
    if (row.credits <= 0) throw refuse("This package has no sessions left");
  }
  const included = JSON.parse(row.serviceIds) as string[];
  const covered = serviceIds.map((id) => included.includes(id));
  const count = covered.filter(Boolean).length;
  if (count === 0) throw refuse("This package does not cover this service");
  if (row.credits < count) throw refuse(`This package has ${row.credits} of the ${count} sessions this visit needs`);
  return { id: row.id, covered, count };
}

/** The sessions are left and the package is live: part of the booking's own guard. */
export const packageGuard = (take: PackageTake, now: Date): SQL =>
  sql`EXISTS (SELECT 1 FROM package_credits WHERE id = ${take.id} AND status = 'active' AND credits >= ${take.count}
    AND (expires_at IS NULL OR expires_at > ${now.toISOString()}))`;

/** The credits taken, gated on the booking. */
export function packageUse(db: Db, take: PackageTake, now: Date, inserted: SQL) {
  return db.run(sql`UPDATE package_credits SET credits = credits - ${take.count}, updated_at = ${now.toISOString()}
    WHERE id = ${take.id} AND credits >= ${take.count} AND ${inserted}`);
}

export const packageShortSql = (take: PackageTake | null, now: Date): SQL => (take ? sql`NOT ${packageGuard(take, now)}` : sql`0`);
