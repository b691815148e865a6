import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uniqueViolation } from "../../db/unique-violation";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { batch } from "../batch";

/** The owner's promo codes (design.md §32): a list, create, change, delete (soft: bookings keep naming it). */

export type PromoCodeRow = {
  id: string;
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  serviceIds: string[] | null;
  validFrom: string | null;
  validTo: string | null;
  maxUses: number | null;
  uses: number;
  firstVisitOnly: boolean;
  createdAt: string;
  updatedAt: string;
};

type Stored = Omit<PromoCodeRow, "serviceIds" | "firstVisitOnly"> & { serviceIds: string | null; firstVisitOnly: number };

/** What the owner sets on a code: all of it but what the server keeps (id, uses, stamps). */
export type PromoCodeInput = Omit<PromoCodeRow, "id" | "uses" | "createdAt" | "updatedAt">;

const COLUMNS = sql`id, code, percent_off AS percentOff, amount_off AS amountOff, service_ids AS serviceIds, valid_from AS validFrom,
  valid_to AS validTo, max_uses AS maxUses, uses, first_visit_only AS firstVisitOnly, created_at AS createdAt, updated_at AS updatedAt`;

const decode = (r: Stored): PromoCodeRow => ({
  ...r,
  serviceIds: r.serviceIds ? (JSON.parse(r.serviceIds) as string[]) : null,
  firstVisitOnly: r.firstVisitOnly === 1,
});

/** Every service named is one of the business's (not deleted): checked inside the write itself. */
const servicesOwnedSql = (tenantId: string, ids: string[] | null) =>
  ids === null
    ? sql`1`
    : sql`(SELECT count(*) FROM services WHERE tenant_id = ${tenantId} AND deleted_at IS NULL
        AND id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))) = ${ids.length}`;

const codeTaken = () => ApiError.field("code", "Another promo code of this business already uses this code");
const unknownServices = () => ApiError.field("serviceIds", "Name services of this business");

function checked(input: PromoCodeInput): PromoCodeInput {
  if ((input.percentOff === null) === (input.amountOff === null)) {
    throw ApiError.field("percentOff", "Give either percentOff or amountOff");
  }
  if (input.validFrom && input.validTo && input.validTo < input.validFrom) {
    throw ApiError.field("validTo", "The last valid day comes on or after the first");
  }
  if (input.maxUses !== null && input.maxUses < 0) throw ApiError.field("maxUses", "At least 1");
  return { ...input, serviceIds: input.serviceIds ? [...new Set(input.serviceIds)] : null };
}

/** The list's one statement (also in the owner app's Promo codes view batch): live codes, newest first. */
export function promoCodeListQuery(db: Db, tenantId: string) {
  return db.all<Stored>(sql`SELECT ${COLUMNS} FROM promo_codes WHERE tenant_id = ${tenantId} AND deleted_at IS NULL
    ORDER BY created_at DESC, id`);
}
export const decodePromoCodes = (rows: Stored[]): PromoCodeRow[] => rows.map(decode);

export async function listPromoCodes(db: Db, tenantId: string): Promise<PromoCodeRow[]> {
  return decodePromoCodes(await promoCodeListQuery(db, tenantId));
}

/** One round trip: the insert checks the services itself; a code taken is the unique index's refusal. */
export async function createPromoCode(db: Db, tenantId: string, raw: PromoCodeInput, now: Date): Promise<PromoCodeRow> {
  const input = checked(raw);
  const t = now.toISOString();
  const serviceIds = input.serviceIds ? JSON.stringify(input.serviceIds) : null;
  const b = batch(db);
  const inserted = b.add(
    db.all<Stored>(sql`
      INSERT INTO promo_codes (id, tenant_id, code, percent_off, amount_off, service_ids, valid_from, valid_to, max_uses, uses,
                               first_visit_only, created_at, updated_at)
      SELECT ${newId("prm")}, ${tenantId}, ${input.code}, ${input.percentOff}, ${input.amountOff}, ${serviceIds}, ${input.validFrom},
             ${input.validTo}, ${input.maxUses}, 0, ${input.firstVisitOnly ? 1 : 0}, ${t}, ${t}
      WHERE ${servicesOwnedSql(tenantId, input.serviceIds)}
      RETURNING ${COLUMNS}`),
  );
  try {
    await b.run();
  } catch (err) {
    if (uniqueViolation(err)) throw codeTaken();
    throw err;
  }
  const [row] = inserted.result();
  if (!row) throw unknownServices();
  return decode(row);
}

async function current(db: Db, tenantId: string, id: string): Promise<PromoCodeRow> {
  const [row] = await db.all<Stored>(
    sql`SELECT ${COLUMNS} FROM promo_codes WHERE id = ${id} AND tenant_id = ${tenantId} AND deleted_at IS NULL`,
  );
  if (!row) throw ApiError.notFound("Promo code");
  return decode(row);
}

/** A change merged over the code as it is (percentOff and amountOff replace each other); its uses so far stay. */
export async function updatePromoCode(
  db: Db,
  tenantId: string,
  id: string,
  change: Partial<PromoCodeInput>,
  now: Date,
): Promise<PromoCodeRow> {
  const was = await current(db, tenantId, id);
  const off =
    change.percentOff != null
      ? { percentOff: change.percentOff, amountOff: null }
      : change.amountOff != null
        ? { percentOff: null, amountOff: change.amountOff }
        : { percentOff: was.percentOff, amountOff: was.amountOff };
  const next = checked({ ...was, ...change, ...off });
  const serviceIds = next.serviceIds ? JSON.stringify(next.serviceIds) : null;
  let rows: Stored[];
  try {
    rows = await db.all<Stored>(sql`
      UPDATE promo_codes SET code = ${next.code}, percent_off = ${next.percentOff}, amount_off = ${next.amountOff},
        service_ids = ${serviceIds}, valid_from = ${next.validFrom}, valid_to = ${next.validTo}, max_uses = ${next.maxUses},
        first_visit_only = ${next.firstVisitOnly ? 1 : 0}, updated_at = ${now.toISOString()}
      WHERE id = ${id} AND tenant_id = ${tenantId} AND deleted_at IS NULL AND ${servicesOwnedSql(tenantId, next.serviceIds)}
      RETURNING ${COLUMNS}`);
  } catch (err) {
    if (uniqueViolation(err)) throw codeTaken();
    throw err;
  }
  if (!rows[0]) {
    await current(db, tenantId, id);
    throw unknownServices();
  }
  return decode(rows[0]);
}

/** Deleted codes are no longer accepted; bookings that used one keep naming it. */
export async function deletePromoCode(db: Db, tenantId: string, id: string, now: Date): Promise<{ id: string }> {
  const t = now.toISOString();
  const rows = await db.all<{ id: string }>(sql`
    UPDATE promo_codes SET deleted_at = ${t}, updated_at = ${t} WHERE id = ${id} AND tenant_id = ${tenantId} AND deleted_at IS NULL
    RETURNING id`);
  if (!rows[0]) throw ApiError.notFound("Promo code");
  return rows[0];
}
