import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { resourceIdsOf } from "../bookings/lookup";
import { customerReliabilityQuery, decodeCustomerReliability } from "../reliability/owner";
import type { CustomerReliability } from "../reliability/record";
import { schema, type Db } from "../../db/client";
import type { CustomerContact } from "../customer-record";
import { ApiError } from "../../errors";
import { customerGiftCardsQuery, customerPackagesQuery, toCustomerGiftCards, toSoldPackages } from "../prepaid/credits-owner";
import { customerOptOutsQuery, customerTextsOf, customerTextsQuery, tenantRegionQuery } from "../sms/records";

const c = schema.customers;
const b = schema.bookings;

/** How many bookings the customer has with this business (any status); same round trip. */
// Qualified by hand: Drizzle renders a bare column here, which inside the subquery would mean x's own column.
const bookingCount =
  sql<number>`(SELECT count(*) FROM bookings x WHERE x.customer_id = "customers"."id" AND x.tenant_id = "customers"."tenant_id")`.mapWith(
    Number,
  );

const customerColumns = {
  id: c.id,
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone,
  notes: c.notes,
  customerAccountId: c.customerAccountId,
  erasedAt: c.erasedAt,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  bookingCount,
};

export type CustomerRow = CustomerContact & {
  customerAccountId: string | null;
  erasedAt: string | null;
  createdAt: string;
  updatedAt: string;
  bookingCount: number;
};

/** `%term%` for LIKE with the user's own % and _ taken literally (ESCAPE '\'). */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The business's customers, newest first; `search` matches first name, last name, "first last",
 * e-mail or phone, case-insensitively (ASCII case folding, as SQLite's lower()). One round trip.
 */
export function listCustomers(db: Db, tenantId: string, q: { search?: string; limit: number }) {
  const where: SQL[] = [eq(c.tenantId, tenantId)];
  if (q.search) {
    const p = likePattern(q.search);
    where.push(sql`(
      lower(${c.firstName}) LIKE ${p} ESCAPE '\\' OR lower(${c.lastName}) LIKE ${p} ESCAPE '\\'
      OR lower(${c.firstName} || ' ' || ${c.lastName}) LIKE ${p} ESCAPE '\\'
      OR ${c.emailNormalized} LIKE ${p} ESCAPE '\\' OR lower(${c.phone}) LIKE ${p} ESCAPE '\\')`);
  }
  return db
    .select(customerColumns)
    .from(c)
    .where(and(...where))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(q.limit);
}

export const RECENT_BOOKINGS = 20;

const NO_RECORD: CustomerReliability = { noShows: 0, lateCancellations: 0, strikes: 0, step: "none", trusted: false, resetAt: null };

/**
 * The customer and their 20 most recent bookings (newest start first), in one batch; with `texts`
 * (design.md §27, while texts are configured) also their texts sent and received, newest first,
 * and whether their number can be texted.
 */
export async function getCustomer(db: Db, tenantId: string, id: string, opts: { texts?: boolean; nowMs?: number } = {}) {
  const s = schema.services;
  const p = schema.staffProfiles;
  const v = schema.visits;
  // While texts are off the two reads name no customer: the batch keeps its shape and reads nothing.
  const textsOf = opts.texts ? id : "";
  const nowMs = opts.nowMs ?? Date.now();
  const [[row], bookings, region, messages, optOuts, reliability, packages, giftCards] = await db.batch([
    db
      .select(customerColumns)
      .from(c)
      .where(and(eq(c.id, id), eq(c.tenantId, tenantId)))
      .limit(1),
    db
      .select({
        booking: b,
        serviceName: s.name,
        staffName: p.displayName,
        // design.md §26: an item shows its visit's code and the resources it holds.
        visitCode: v.confirmationCode,
        resourceIds: resourceIdsOf(b.id),
      })
      .from(b)
      .innerJoin(s, eq(s.id, b.serviceId))
      .innerJoin(p, eq(p.id, b.staffId))
      .leftJoin(v, eq(v.id, b.visitId))
      .where(and(eq(b.customerId, id), eq(b.tenantId, tenantId)))
      .orderBy(desc(b.startAt), desc(b.id))
      .limit(RECENT_BOOKINGS),
    tenantRegionQuery(db, tenantId),
    customerTextsQuery(db, tenantId, textsOf),
    customerOptOutsQuery(db, tenantId, textsOf),
    // design.md §28: the record (counts and step) the business's policy reads.
    customerReliabilityQuery(db, tenantId, id, nowMs),
    // design.md §32: what the customer holds (packages, gift cards bought or received), same round trip.
    customerPackagesQuery(db, tenantId, id),
    customerGiftCardsQuery(db, tenantId, id),
  ]);
  if (!row) throw ApiError.notFound("Customer");
  return {
    ...row,
    recentBookings: bookings.map((r) => ({
      ...r.booking,
      confirmationCode: r.visitCode ?? r.booking.confirmationCode,
      resourceIds: r.resourceIds,
      serviceName: r.serviceName,
      staffName: r.staffName,
    })),
    texts: opts.texts ? customerTextsOf(row.phone, region[0], messages, optOuts) : null,
    reliability: decodeCustomerReliability(reliability[0], nowMs) ?? NO_RECORD,
    credits: { packages: toSoldPackages(packages, nowMs), giftCards: toCustomerGiftCards(giftCards, nowMs) },
  };
}

export type CustomerChanges = Partial<{ firstName: string; lastName: string; phone: string; notes: string }>;

/**
 * One UPDATE ... RETURNING inside the tenant; another tenant's id changes nothing and is 404. An
 * erased record (design.md §25) is not filled in again: 409.
 */
export async function updateCustomer(db: Db, tenantId: string, id: string, changes: CustomerChanges, now: Date): Promise<CustomerRow> {
  const [row] = await db
    .update(c)
    .set({
      ...changes,
      updatedAt: now.toISOString(),
      ...(changes.firstName !== undefined || changes.lastName !== undefined ? { namesEditedAt: now.toISOString() } : {}),
    })
    .where(and(eq(c.id, id), eq(c.tenantId, tenantId), isNull(c.erasedAt)))
    .returning(customerColumns);
  if (row) return row;
  const [erased] = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.id, id), eq(c.tenantId, tenantId)));
  if (erased) throw new ApiError("conflict", "This customer's personal data was erased; the record cannot be filled in again");
  throw ApiError.notFound("Customer");
}

/** A page of the customer's texts (design.md §27), newest first; 404 for another business's customer. */
export async function listCustomerTexts(db: Db, tenantId: string, id: string, limit: number, before?: string) {
  const [exists, rows] = await db.batch([
    db
      .select({ id: c.id })
      .from(c)
      .where(and(eq(c.id, id), eq(c.tenantId, tenantId))),
    customerTextsQuery(db, tenantId, id, limit, before),
  ]);
  if (!exists[0]) throw ApiError.notFound("Customer");
  return rows.slice(0, limit);
}
