import { sql } from "drizzle-orm";
import type { Actor } from "../../auth-context";
import type { Db } from "../../db/client";
import { DAY_MS } from "../../domain/time";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { auditInsert } from "../audit";
import { batch } from "../batch";
import type { Services } from "../context";
import { newCode } from "./codes";
import { packageMail } from "./package-issue";

/** The owner's packages of sessions (design.md §32): the catalog, and packages issued by hand (sold at the counter). */

export type PackageRow = {
  id: string;
  name: string;
  serviceIds: string[];
  sessions: number;
  price: number;
  currency: string;
  validityDays: number;
  createdAt: string;
  updatedAt: string;
};
type Stored = Omit<PackageRow, "serviceIds"> & { serviceIds: string };
export type PackageInput = { name: string; serviceIds: string[]; sessions: number; price: number; validityDays: number };

const COLUMNS = sql`id, name, service_ids AS serviceIds, sessions, price, currency, validity_days AS validityDays, created_at AS createdAt,
  updated_at AS updatedAt`;
const decode = (r: Stored): PackageRow => ({ ...r, serviceIds: JSON.parse(r.serviceIds) as string[] });

const servicesOwnedSql = (tenantId: string, ids: string[]) =>
  sql`(SELECT count(*) FROM services WHERE tenant_id = ${tenantId} AND deleted_at IS NULL
    AND id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))) = ${ids.length}`;
const unknownServices = () => ApiError.field("serviceIds", "Name services of this business");

/** The list's one statement (also in the owner app's Packages view batch): offered packages, newest first. */
export function packageListQuery(db: Db, tenantId: string) {
  return db.all<Stored>(sql`SELECT ${COLUMNS} FROM packages WHERE tenant_id = ${tenantId} AND deleted_at IS NULL
    ORDER BY created_at DESC, id`);
}
export const decodePackages = (rows: Stored[]): PackageRow[] => rows.map(decode);

export async function listPackages(db: Db, tenantId: string): Promise<PackageRow[]> {
  return decodePackages(await packageListQuery(db, tenantId));
}

export async function getPackage(db: Db, tenantId: string, id: string): Promise<PackageRow> {
  const [row] = await db.all<Stored>(
    sql`SELECT ${COLUMNS} FROM packages WHERE id = ${id} AND tenant_id = ${tenantId} AND deleted_at IS NULL`,
  );
  if (!row) throw ApiError.notFound("Package");
  return decode(row);
}

/** One round trip: the insert checks the services itself and takes the business's currency. */
export async function createPackage(db: Db, tenantId: string, input: PackageInput, now: Date): Promise<PackageRow> {
  const ids = [...new Set(input.serviceIds)];
  const t = now.toISOString();
  const [row] = await db.all<Stored>(sql`
    INSERT INTO packages (id, tenant_id, name, service_ids, sessions, price, currency, validity_days, created_at, updated_at)
    SELECT ${newId("pkg")}, ${tenantId}, ${input.name}, ${JSON.stringify(ids)}, ${input.sessions}, ${input.price}, upper(t.currency),
           ${input.validityDays}, ${t}, ${t}
    FROM tenants t WHERE t.id = ${tenantId} AND ${servicesOwnedSql(tenantId, ids)}
    RETURNING ${COLUMNS}`);
  if (!row) throw unknownServices();
  return decode(row);
}

/** Packages already sold keep the terms they were sold with (package_credits holds its own copy). */
export async function updatePackage(db: Db, tenantId: string, id: string, change: Partial<PackageInput>, now: Date): Promise<PackageRow> {
  const next = { ...(await getPackage(db, tenantId, id)), ...change };
  const ids = [...new Set(next.serviceIds)];
  const [row] = await db.all<Stored>(sql`
    UPDATE packages SET name = ${next.name}, service_ids = ${JSON.stringify(ids)}, sessions = ${next.sessions}, price = ${next.price},
      validity_days = ${next.validityDays}, updated_at = ${now.toISOString()}
    WHERE id = ${id} AND tenant_id = ${tenantId} AND deleted_at IS NULL AND ${servicesOwnedSql(tenantId, ids)}
    RETURNING ${COLUMNS}`);
  if (!row) {
    await getPackage(db, tenantId, id);
    throw unknownServices();
  }
  return decode(row);
}

/** No longer offered; packages already sold keep their credits. */
export async function deletePackage(db: Db, tenantId: string, id: string, now: Date): Promise<{ id: string }> {
  const t = now.toISOString();
  const [row] = await db.all<{ id: string }>(sql`
    UPDATE packages SET deleted_at = ${t}, updated_at = ${t} WHERE id = ${id} AND tenant_id = ${tenantId} AND deleted_at IS NULL RETURNING id`);
  if (!row) throw ApiError.notFound("Package");
  return row;
}

export type IssuedPackage = {
  id: string;
  packageId: string;
  code: string;
  last4: string;
  credits: number;
  serviceIds: string[];
  expiresAt: string;
  buyerName: string;
  buyerEmail: string;
};

/**
 * POST /api/packages/:id/issue: a package sold at the counter (no Stripe), active at once with all
 * its sessions, its code answered this once; held by the customer account of `buyerEmail` when
 * there is one, and e-mailed to `buyerEmail` (./package-issue.ts). Audited `package.issued` with the
 * reason. One read, one batch.
 */
export async function issuePackage(
  ctx: Pick<Services, "db" | "now" | "config" | "queue" | "waitUntil">,
  tenantId: string,
  actor: Actor,
  packageId: string,
  input: { reason: string; buyerName?: string; buyerEmail?: string },
): Promise<IssuedPackage> {
  const { db, now, config } = ctx;
  // One read: the package, and the business's name and page for the buyer's e-mail.
  const [packs, tenants] = await db.batch([
    db.all<Stored>(sql`SELECT ${COLUMNS} FROM packages WHERE id = ${packageId} AND tenant_id = ${tenantId} AND deleted_at IS NULL`),
    db.all<{ slug: string; businessName: string }>(sql`SELECT slug, business_name AS businessName FROM tenants WHERE id = ${tenantId}`),
  ]);
  if (!packs[0] || !tenants[0]) throw ApiError.notFound("Package");
  const pack = decode(packs[0]);
  const issued = await newCode(config, "PK");
  const id = newId("pkc");
  const t = now.toISOString();
  const expiresAt = new Date(now.getTime() + pack.validityDays * DAY_MS).toISOString();
  const buyerEmail = input.buyerEmail?.toLowerCase() ?? "";
  const b = batch(db);
  b.add(
    db.run(sql`
      INSERT INTO package_credits (id, tenant_id, package_id, status, source, code_hash, last4, service_ids, sessions, credits, price, currency,
        expires_at, buyer_name, buyer_email, customer_account_id, reason, issued_at, issued_by, created_at, updated_at)
      VALUES (${id}, ${tenantId}, ${pack.id}, 'active', 'owner', ${issued.hash}, ${issued.last4}, ${JSON.stringify(pack.serviceIds)},
        ${pack.sessions}, ${pack.sessions}, ${pack.price}, ${pack.currency}, ${expiresAt}, ${input.buyerName ?? ""}, ${buyerEmail},
        (SELECT id FROM customer_accounts WHERE email = ${buyerEmail} AND ${buyerEmail} <> ''), ${input.reason}, ${t}, ${actor.id}, ${t}, ${t})`),
  );
  b.add(
    auditInsert(
      db,
      {
        action: "package.issued",
        actorType: actor.type,
        actorId: actor.id,
        targetType: "package_credit",
        targetId: id,
        reason: input.reason,
        metadata: { tenantId, packageId: pack.id, sessions: pack.sessions, last4: issued.last4 },
      },
      now,
    ),
  );
  // The buyer gets the code by e-mail too, so it is not only in the owner's one answer.
  const forMail = {
    ...tenants[0],
    tenantId,
    packageName: pack.name,
    sessions: pack.sessions,
    expiresAt,
    buyerName: input.buyerName ?? "",
    buyerEmail,
  };
  const mail = packageMail(db, config, forMail, issued.code, null, now);
  if (mail) b.add(mail);
  await b.run(ctx);
  return {
    id,
    packageId: pack.id,
    code: issued.code,
    last4: issued.last4,
    credits: pack.sessions,
    serviceIds: pack.serviceIds,
    expiresAt,
    buyerName: input.buyerName ?? "",
    buyerEmail,
  };
}
