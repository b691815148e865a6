import { type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { BOM, type Cell, csvRow } from "../domain/csv";
import { formatLocalDate } from "../domain/time";
import type { OwnerEnv } from "../env";
import { logger } from "../lib/log";
import { validate } from "../lib/validate";
import { requireOwner, requireRole } from "../middleware/auth";
import { noStore } from "../middleware/cache";
import {
  BOOKING_HEADER,
  bookingCells,
  bookingInstants,
  bookingPage,
  CUSTOMER_HEADER,
  customerCells,
  customerInstants,
  customerPage,
  nextBookingCursor,
  nextCustomerCursor,
  pageZone,
} from "../services/reports/exports";
import { rangeInstants } from "../services/reports/summary";
import type { OwnerAuth } from "../auth-context";
import { checkRange, reportFields } from "./owner/report-shapes";
import { zoneOf } from "./owner/reports";

/**
 * CSV exports (design.md §29), outside /api because the API speaks JSON (interface.md): the
 * owner's Bearer token or an API key, owners and admins only. The first page is read before the
 * answer starts, so a refused key or a bad range still gets its status and error envelope; the
 * rest streams a page per round trip (services/reports/exports.ts), and a page that fails later
 * breaks the download rather than ending the file early as if it were whole.
 */

export const exportRoutes = new Hono<OwnerEnv>();
exportRoutes.use("*", noStore, requireOwner, requireRole("owner", "admin"));

const rangeQuery = z.object({ from: reportFields.from, to: reportFields.to }).strict().superRefine(checkRange);

/** §31: confirmation codes for owners and admins signed in as themselves and `write` keys only. */
function showCodes(auth: OwnerAuth): SQL {
  if (auth.via === "api_key") return sql`(SELECT scope = 'write' FROM api_keys WHERE id = ${auth.keyId})`;
  return auth.impersonation ? sql`0` : sql`1`;
}

type Pages<R, C> = {
  first: R[];
  next: (rows: R[]) => C | null;
  fetch: (cursor: C) => Promise<R[]>;
  lines: (rows: R[]) => string;
};

/** The CSV file as a stream: BOM, header, then each page as it is read. */
function csvStream<R, C>(header: readonly Cell[], p: Pages<R, C>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = p.next(p.first);
  let head: string | null = BOM + csvRow(header) + p.lines(p.first);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (head !== null) {
        controller.enqueue(encoder.encode(head));
        head = null;
      } else if (cursor) {
        try {
          const rows = await p.fetch(cursor);
          cursor = p.next(rows);
          controller.enqueue(encoder.encode(p.lines(rows)));
        } catch (err) {
          logger.error("csv export: reading a page failed", { error: err });
          controller.error(new Error("export interrupted"));
          return;
        }
      }
      if (!cursor) controller.close();
    },
  });
}

const csvHeaders = (filename: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename}"`,
  "X-Content-Type-Options": "nosniff",
});

exportRoutes.get("/bookings.csv", validate("query", rangeQuery), async (c) => {
  const q = c.req.valid("query");
  const auth = c.var.auth;
  const timeZone = await zoneOf(c);
  const { lo, hi } = rangeInstants(timeZone, q.from, q.to);
  const params = { tenantId: auth.tenantId, lo, hi, showCodes: showCodes(auth) };
  const db = c.var.services.db;
  const lines = (rows: Awaited<ReturnType<typeof bookingPage>>) => {
    const zone = pageZone(timeZone, bookingInstants(rows));
    return rows.map((r) => csvRow(bookingCells(r, zone))).join("");
  };
  const first = await bookingPage(db, params, null);
  const body = csvStream(BOOKING_HEADER, { first, next: nextBookingCursor, fetch: (cur) => bookingPage(db, params, cur), lines });
  return c.body(body, 200, csvHeaders(`bookings-${formatLocalDate(q.from)}-to-${formatLocalDate(q.to)}.csv`));
});

exportRoutes.get("/customers.csv", async (c) => {
  const tenantId = c.var.auth.tenantId;
  const db = c.var.services.db;
  const lines = (rows: Awaited<ReturnType<typeof customerPage>>) => {
    if (!rows.length) return "";
    const zone = pageZone(rows[0].timezone, customerInstants(rows));
    return rows.map((r) => csvRow(customerCells(r, zone))).join("");
  };
  const first = await customerPage(db, tenantId, null);
  const body = csvStream(CUSTOMER_HEADER, { first, next: nextCustomerCursor, fetch: (cur) => customerPage(db, tenantId, cur), lines });
  return c.body(body, 200, csvHeaders("customers.csv"));
});
