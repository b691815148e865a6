import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { amountFigure, type Cell } from "../../domain/csv";
import { MONEY_TAKEN_STATUSES, moneyTakenKinds } from "../../domain/reports";
import { DAY_MS, formatWall, instantToWall, type ZoneOffsets, zoneSegments } from "../../domain/time";
import { currencyDigits } from "../../shared/format";
import { visitCodeSql } from "../bookings/lookup";
import type { CustomerContact } from "../customer-record";

/**
 * The CSV exports' rows (design.md §29), a page at a time: keyset pages of EXPORT_PAGE_ROWS rows,
 * one round trip each, so however big the business, the Worker holds one page (about a megabyte
 * at most) while the route streams it out. Bookings are exactly the ones the report counts (every
 * status but holds), with the money the report counts; customers every record of the business.
 */

export const EXPORT_PAGE_ROWS = 1000;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Where a page starts: after the last row of the previous one. */
export type BookingCursor = { startAt: number; id: string } | null;
export type CustomerCursor = { key: string } | null;

type BookingRow = {
  id: string;
  code: string | null;
  status: string;
  startAt: number;
  endAt: number;
  service: string;
  staff: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  notes: string;
  source: string;
  price: number;
  paid: number;
  refunded: number;
  currency: string;
  createdAt: string;
  giftCard: number;
  packageSession: number;
};

export const BOOKING_HEADER = [
  "Booking ID",
  "Confirmation code",
  "Status",
  "Start (local)",
  "End (local)",
  "Time zone",
  "Service",
  "Staff",
  "Customer first name",
  "Customer last name",
  "Customer e-mail",
  "Customer phone",
  "Notes",
  "Source",
  "Price",
  "Paid",
  "Refunded",
  "Currency",
  "Created (local)",
  // design.md §32: what prepaid money paid for the booking (added last, so earlier columns keep their places).
  "Paid by gift card",
  "Package session",
] as const;

export type BookingPageParams = {
  tenantId: string;
  lo: number;
  hi: number;
  /** §31: confirmation codes only for owners and admins and `write` keys; else the column is empty. */
  showCodes: SQL;
};

/** One page of the range's bookings (by start, then id) after `cursor`. */
export async function bookingPage(db: Db, p: BookingPageParams, cursor: BookingCursor): Promise<BookingRow[]> {
  const after = cursor ? sql`AND (b.start_at, b.id) > (${cursor.startAt}, ${cursor.id})` : sql``;
  const taken = sql`p.tenant_id = b.tenant_id AND p.status IN (${list(MONEY_TAKEN_STATUSES)}) AND p.kind IN (${list(moneyTakenKinds())})
    AND upper(p.currency) = upper(b.currency)`;
  return db.all<BookingRow>(sql`
    SELECT b.id, CASE WHEN ${p.showCodes} THEN ${visitCodeSql(sql`b`)} END AS code, b.status, b.start_at AS startAt, b.end_at AS endAt,
      s.name AS service, st.display_name AS staff, c.first_name AS firstName, c.last_name AS lastName, c.email, c.phone,
      b.notes, b.source, b.total_amount AS price, b.currency, b.created_at AS createdAt,
      (SELECT total(p.amount) FROM payments p WHERE p.booking_id = b.id AND ${taken}) AS paid,
      (SELECT total(p.refunded_amount) FROM payments p WHERE p.booking_id = b.id AND ${taken}) AS refunded,
      (SELECT total(p.amount) FROM payments p WHERE p.booking_id = b.id AND p.kind = 'gift_card_redemption' AND p.status = 'succeeded')
        AS giftCard,
      b.package_credit_id IS NOT NULL AS packageSession
    FROM bookings b
    JOIN services s ON s.id = b.service_id
    JOIN staff_profiles st ON st.id = b.staff_id
    LEFT JOIN customers c ON c.id = b.customer_id
    WHERE b.tenant_id = ${p.tenantId} AND b.start_at >= ${p.lo} AND b.start_at < ${p.hi} ${after}
      AND b.status <> 'pending' AND NOT (b.status = 'cancelled' AND b.hold_expires_at IS NOT NULL)
    ORDER BY b.start_at, b.id
    LIMIT ${EXPORT_PAGE_ROWS}`);
}

export type PageZone = ZoneOffsets & { timeZone: string };

/**
 * The zone's offsets over every instant a page shows (one walk of the zone database for the page,
 * a few transitions a year), so each cell's local time is integer arithmetic.
 */
export function pageZone(timeZone: string, instants: number[]): PageZone {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const t of instants) {
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  if (!(lo <= hi)) return { timeZone, segments: [] };
  return { timeZone, segments: zoneSegments(timeZone, lo - DAY_MS, hi + DAY_MS) };
}

/** A local wall time `YYYY-MM-DD HH:MM` of an instant (what spreadsheets read as a date and time). */
const localTime = (zone: PageZone, ms: number) => formatWall(instantToWall(zone, ms)).slice(0, 16).replace("T", " ");

export function bookingCells(r: BookingRow, zone: PageZone): Cell[] {
  const digits = currencyDigits(r.currency);
  return [
    r.id,
    r.code,
    r.status,
    localTime(zone, r.startAt),
    localTime(zone, r.endAt),
    zone.timeZone,
    r.service,
    r.staff,
    r.firstName,
    r.lastName,
    r.email,
    r.phone,
    r.notes,
    r.source,
    amountFigure(r.price, digits),
    amountFigure(r.paid, digits),
    amountFigure(r.refunded, digits),
    r.currency,
    localTime(zone, Date.parse(r.createdAt)),
    amountFigure(r.giftCard, digits),
    r.packageSession ? "yes" : "",
  ];
}

/** Every instant a page of bookings shows. */
export const bookingInstants = (rows: BookingRow[]) => rows.flatMap((r) => [r.startAt, r.endAt, Date.parse(r.createdAt)]);

export const nextBookingCursor = (rows: BookingRow[]): BookingCursor =>
  rows.length === EXPORT_PAGE_ROWS ? { startAt: rows[rows.length - 1].startAt, id: rows[rows.length - 1].id } : null;

type CustomerRow = CustomerContact & {
  key: string;
  hasAccount: number;
  bookings: number;
  firstVisit: number | null;
  lastVisit: number | null;
  createdAt: string;
  timezone: string;
};

export const CUSTOMER_HEADER = [
  "Customer ID",
  "First name",
  "Last name",
  "E-mail",
  "Phone",
  "Notes",
  "Online account",
  "Bookings",
  "First visit (local)",
  "Last visit (local)",
  "Created (local)",
] as const;

/**
 * One page of the business's customers after `cursor`, in the order of its unique (tenant, e-mail)
 * index (no sort, however many there are). Each row carries the business's zone, so the export
 * needs no read before its first page.
 */
export async function customerPage(db: Db, tenantId: string, cursor: CustomerCursor): Promise<CustomerRow[]> {
  const after = cursor ? sql`AND c.email_normalized > ${cursor.key}` : sql``;
  // By customer_id alone, on its index (a customer record belongs to one business already; `+`
  // keeps the status test off the (status, hold) index).
  const visited = sql`e.customer_id = c.id AND +e.status IN ('confirmed', 'completed')`;
  return db.all<CustomerRow>(sql`
    SELECT c.email_normalized AS key, c.id, c.first_name AS firstName, c.last_name AS lastName, c.email, c.phone, c.notes,
      c.customer_account_id IS NOT NULL AS hasAccount, c.created_at AS createdAt,
      (SELECT COUNT(*) FROM bookings e WHERE e.customer_id = c.id) AS bookings,
      (SELECT MIN(e.start_at) FROM bookings e WHERE ${visited}) AS firstVisit,
      (SELECT MAX(e.start_at) FROM bookings e WHERE ${visited}) AS lastVisit,
      t.timezone
    FROM customers c JOIN tenants t ON t.id = c.tenant_id
    WHERE c.tenant_id = ${tenantId} ${after}
    ORDER BY c.email_normalized
    LIMIT ${EXPORT_PAGE_ROWS}`);
}

export function customerCells(r: CustomerRow, zone: PageZone): Cell[] {
  const when = (ms: number | null) => (ms === null ? null : localTime(zone, ms));
  return [
    r.id,
    r.firstName,
    r.lastName,
    r.email,
    r.phone,
    r.notes,
    r.hasAccount ? "yes" : "no",
    r.bookings,
    when(r.firstVisit),
    when(r.lastVisit),
    localTime(zone, Date.parse(r.createdAt)),
  ];
}

/** Every instant a page of customers shows. */
export const customerInstants = (rows: CustomerRow[]) =>
  rows.flatMap((r) => [
    Date.parse(r.createdAt),
    ...(r.firstVisit === null ? [] : [r.firstVisit]),
    ...(r.lastVisit === null ? [] : [r.lastVisit]),
  ]);

export const nextCustomerCursor = (rows: CustomerRow[]): CustomerCursor =>
  rows.length === EXPORT_PAGE_ROWS ? { key: rows[rows.length - 1].key } : null;
