import { createClient } from "@libsql/client";

// Every bench booking row starts with these columns; each pool of rows adds its own after them
// (a customer, a buffer), and the time stamps close them.
const BOOKING_COLUMNS = [
  "id",
  "tenant_id",
  "service_id",
  "staff_id",
  "start_at",
  "end_at",
  "status",
  "confirmation_code",
  "source",
  "total_amount",
  "currency",
];
const STAMPS = ["created_at", "updated_at"];

/** A month-calendar business (design.md §16): the days endpoint's load. */
export type DaysTenant = { slug: string; serviceId: string; staffIds: string[] };

/** A business with a year of history (design.md §29): the reports' load. */
export type ReportTenant = { id: string; ownerId: string; from: string; to: string };

/** Bookings of a report business over its year: 10 staff, 5 or 6 a day each. */
export const REPORT_BOOKINGS = 20_000;

/**
 * A benchmark dataset written straight into libSQL in large multi-row inserts: `tenants` tenants
 * with 3 services, 10 bookable staff (09:00-17:00 every day) and `daysOfBookings` days of
 * bookings (3 per staff per day) from today. Besides them, two kinds of busy month-calendar
 * businesses for the days endpoint, each with 10 staff, a 30-minute service with 10 minutes of
 * clean-up after it (stored on every booking) and 43 days of bookings from today:
 * - `daysTenants` with 40 bookings a day for the business (4 per staff member, 09:00-17:00);
 * - `heavyTenants` with 40 bookings a day for EACH staff member (07:00-21:00, 15 minutes + 5).
 * And `reportTenants` (design.md §29) with the 365 days before today: 10 staff, REPORT_BOOKINGS
 * bookings (mostly completed, some no-shows, cancellations and confirmed), 4,000 customers,
 * money taken for two bookings in three (a partial refund in every twentieth), a no-show fee for
 * each no-show, a closure, date overrides and time off.
 * Returns ids the load phases pick from.
 */
export async function seedBenchData(
  url: string,
  opts: { tenants: number; daysOfBookings: number; daysTenants: number; heavyTenants: number; writePool: number; reportTenants: number },
) {
  const client = createClient({ url });
  const now = new Date().toISOString();
  const tenants: { id: string; slug: string; serviceId: string; serviceIds: string[]; staffIds: string[] }[] = [];
  // design.md §26: each bench business has 2 rooms and 2 basins; its third service needs one of
  // each and its second has processing time, so a visit of its 3 services exercises both.
  const resourceRows: (string | number | null)[][] = [];
  const visitServiceUpdates: { sql: string; args: string[] }[] = [];
  const codes: string[] = [];
  const stmts: { sql: string; args: (string | number | null)[] }[] = [];
  const insert = (table: string, cols: string[], rows: (string | number | null)[][]) => {
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200);
      stmts.push({
        sql: `INSERT INTO ${table} (${cols.join(",")}) VALUES ${chunk.map(() => `(${cols.map(() => "?").join(",")})`).join(",")}`,
        args: chunk.flat(),
      });
    }
  };
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  let code = 0;
  const userRows: (string | number | null)[][] = [];
  const tenantRows: (string | number | null)[][] = [];
  const memberRows: (string | number | null)[][] = [];
  const serviceRows: (string | number | null)[][] = [];
  const staffRows: (string | number | null)[][] = [];
  const hourRows: (string | number | null)[][] = [];
  const bookingRows: (string | number | null)[][] = [];
  const customerRows: (string | number | null)[][] = [];
  for (let t = 0; t < opts.tenants; t++) {
    const id = `tnt_bench${t}`;
    const slug = `bench-${t}`;
    const userId = `usr_bench${t}`;
    userRows.push([userId, `owner${t}@bench.test`, "pbkdf2$1$AA==$AA==", now, now]);
    // The business address receives the notice of every booking change, as a real business's would.
    tenantRows.push([id, slug, `Bench Salon ${t}`, "America/New_York", "USD", `owner${t}@bench.test`, now, now]);
    memberRows.push([`mem_bench${t}`, id, userId, "owner", now]);
    customerRows.push([
      `cst_bench${t}`,
      id,
      `customer${t}@bench.test`,
      `customer${t}@bench.test`,
      "Ada",
      "Lovelace",
      "+1 555 0100",
      now,
      now,
    ]);
    const services = [0, 1, 2].map((s) => `svc_bench${t}_${s}`);
    services.forEach((sid, s) => {
      serviceRows.push([sid, id, `Service ${s}`, 30 + 15 * s, 2500 + 1000 * s, s, now, now]);
    });
    const staffIds = Array.from({ length: 10 }, (_, s) => `stf_bench${t}_${s}`);
    staffIds.forEach((sid, s) => {
      staffRows.push([sid, id, `Staff ${s}`, s, now, now]);
      for (let d = 0; d < 7; d++) hourRows.push([`hrs_b${t}_${s}_${d}`, id, sid, d, 540, 1020]);
      for (let day = 0; day < opts.daysOfBookings; day++) {
        for (const hour of [14, 16, 19]) {
          const start = today.getTime() + day * 86_400_000 + hour * 3_600_000;
          const c = `BK-${(code++).toString(36).toUpperCase().padStart(6, "0")}`;
          if (codes.length < 5000) codes.push(c);
          bookingRows.push([`bkg_${c}`, id, services[0], sid, start, start + 30 * 60_000, "confirmed", c, "online", 2500, "USD", now, now]);
        }
      }
    });
    tenants.push({ id, slug, serviceId: services[0], serviceIds: services, staffIds });
    for (const [k, [name, type]] of [
      ["Room A", "room"],
      ["Room B", "room"],
      ["Basin 1", "basin"],
      ["Basin 2", "basin"],
    ].entries())
      resourceRows.push([`res_bench${t}_${k}`, id, name, type, now, now]);
    visitServiceUpdates.push(
      { sql: "UPDATE services SET processing_offset_minutes = 15, processing_minutes = 20 WHERE id = ?", args: [services[1]] },
      { sql: `UPDATE services SET resource_types = '["room","basin"]' WHERE id = ?`, args: [services[2]] },
    );
  }

  // Month-calendar businesses (see above). UTC hours: New York is UTC-4/-5, so 13:00-21:00 UTC
  // lies inside 09:00-17:00 local, and 11:00 UTC + 56 quarter-hours inside 07:00-21:00 local.
  const calendars = (count: number, kind: "days" | "heavy") => {
    const out: DaysTenant[] = [];
    for (let t = 0; t < count; t++) {
      const id = `tnt_${kind}${t}`;
      const slug = `${kind}-${t}`;
      const userId = `usr_${kind}${t}`;
      userRows.push([userId, `${kind}${t}@bench.test`, "pbkdf2$1$AA==$AA==", now, now]);
      tenantRows.push([id, slug, `Calendar ${kind} ${t}`, "America/New_York", "USD", "", now, now]);
      memberRows.push([`mem_${kind}${t}`, id, userId, "owner", now]);
      const serviceId = `svc_${kind}${t}`;
      serviceRows.push([serviceId, id, "Cut", 30, 3000, 0, now, now]);
      bufferedServices.push(serviceId);
      const staffIds = Array.from({ length: 10 }, (_, s) => `stf_${kind}${t}_${s}`);
      staffIds.forEach((sid, s) => {
        staffRows.push([sid, id, `Staff ${s}`, s, now, now]);
        for (let d = 0; d < 7; d++)
          hourRows.push([`hrs_${kind}${t}_${s}_${d}`, id, sid, d, kind === "days" ? 540 : 420, kind === "days" ? 1020 : 1260]);
        for (let day = 0; day < 43; day++) {
          const base = today.getTime() + day * 86_400_000;
          const starts =
            kind === "days"
              ? [13, 15, 17, 19].map((h) => base + h * 3_600_000 + s * 600_000)
              : Array.from({ length: 56 }, (_, q) => q)
                  .filter((q) => (q + s) % 7 !== 0)
                  .slice(0, 40)
                  .map((q) => base + 11 * 3_600_000 + q * 900_000);
          const minutes = kind === "days" ? 30 : 15;
          const after = kind === "days" ? 10 : 5;
          for (const start of starts) {
            const c = `BK-${(code++).toString(36).toUpperCase().padStart(6, "0")}`;
            calendarBookingRows.push([
              `bkg_${c}`,
              id,
              serviceId,
              sid,
              start,
              start + minutes * 60_000,
              "confirmed",
              c,
              "online",
              3000,
              "USD",
              after,
              now,
              now,
            ]);
          }
        }
      });
      out.push({ slug, serviceId, staffIds });
    }
    return out;
  };
  const bufferedServices: string[] = [];
  const calendarBookingRows: (string | number | null)[][] = [];
  const daysTenants = calendars(opts.daysTenants, "days");
  const writes = writePools(tenants, today.getTime(), opts.writePool, () => `BK-${(code++).toString(36).toUpperCase().padStart(6, "0")}`);
  const heavyTenants = calendars(opts.heavyTenants, "heavy");
  const report = reportBusinesses(
    opts.reportTenants,
    today.getTime(),
    now,
    () => `BK-${(code++).toString(36).toUpperCase().padStart(6, "0")}`,
  );
  userRows.push(...report.users);
  tenantRows.push(...report.tenants);
  memberRows.push(...report.members);
  serviceRows.push(...report.services);
  staffRows.push(...report.staff);
  hourRows.push(...report.hours);
  insert("users", ["id", "email", "password_hash", "created_at", "updated_at"], userRows);
  insert("tenants", ["id", "slug", "business_name", "timezone", "currency", "email", "created_at", "updated_at"], tenantRows);
  insert(
    "customers",
    ["id", "tenant_id", "email", "email_normalized", "first_name", "last_name", "phone", "created_at", "updated_at"],
    customerRows,
  );
  insert("tenant_members", ["id", "tenant_id", "user_id", "role", "created_at"], memberRows);
  insert("services", ["id", "tenant_id", "name", "duration_minutes", "price", "order_index", "created_at", "updated_at"], serviceRows);
  insert("staff_profiles", ["id", "tenant_id", "display_name", "order_index", "created_at", "updated_at"], staffRows);
  insert("staff_hours", ["id", "tenant_id", "staff_id", "weekday", "start_minute", "end_minute"], hourRows);
  insert("bookings", [...BOOKING_COLUMNS, ...STAMPS], bookingRows);
  insert("bookings", [...BOOKING_COLUMNS, ...STAMPS, "customer_id"], writes.rows);
  insert("bookings", [...BOOKING_COLUMNS, "buffer_after_minutes", ...STAMPS], calendarBookingRows);
  insert(
    "customers",
    ["id", "tenant_id", "email", "email_normalized", "first_name", "last_name", "created_at", "updated_at"],
    report.customers,
  );
  insert("bookings", [...BOOKING_COLUMNS, ...STAMPS, "customer_id"], report.bookings);
  insert(
    "payments",
    ["id", "tenant_id", "booking_id", "amount", "currency", "kind", "status", "refunded_amount", "created_at", "updated_at"],
    report.payments,
  );
  insert("staff_time_off", ["id", "tenant_id", "staff_id", "start_at", "end_at", "created_at"], report.timeOff);
  insert("staff_date_overrides", ["id", "tenant_id", "staff_id", "date", "intervals", "created_at", "updated_at"], report.overrides);
  insert("business_closures", ["id", "tenant_id", "start_date", "end_date", "created_at"], report.closures);
  insert("resources", ["id", "tenant_id", "name", "type", "created_at", "updated_at"], resourceRows);
  stmts.push(...visitServiceUpdates);
  for (const id of bufferedServices) stmts.push({ sql: "UPDATE services SET buffer_after_minutes = 10 WHERE id = ?", args: [id] });
  // Modest batches (about 2,000 rows each): the local server on a busy machine reset the
  // connection now and then on 10,000-row requests.
  for (let i = 0; i < stmts.length; i += 10) await client.batch(stmts.slice(i, i + 10), "write");
  client.close();
  return {
    tenants,
    codes,
    bookings: bookingRows.length + calendarBookingRows.length + writes.rows.length + report.bookings.length,
    daysTenants,
    heavyTenants,
    moves: writes.moves,
    cancels: writes.cancels,
    statusChanges: writes.statusChanges,
    reportTenants: report.out,
  };
}

/** A seeded booking a write phase acts on (issue #42): by code (public routes) or id (owner routes). */
export type PoolBooking = { id: string; code: string; tenant: number; staff: number };

/**
 * Confirmed bookings of the bench tenants' customer (`cst_bench<t>`, so every change e-mails a
 * customer and the business) for the write phases, far ahead of every read:
 * - `moves`: one per staff member on day 60, each moved again and again by the reschedule phase
 *   (to a slot of its own staff member, days 180+);
 * - `cancels` and `statusChanges`: `perPool` each, every one used once (days 200+ and 260+).
 * Each is a distinct (staff member, start), as the active-booking index wants.
 */
function writePools(
  tenants: { id: string; serviceId: string; staffIds: string[] }[],
  today: number,
  perPool: number,
  nextCode: () => string,
) {
  const rows: (string | number | null)[][] = [];
  const now = new Date().toISOString();
  const add = (t: number, s: number, start: number): PoolBooking => {
    const code = nextCode();
    const tenant = tenants[t];
    rows.push([
      `bkg_${code}`,
      tenant.id,
      tenant.serviceId,
      tenant.staffIds[s],
      start,
      start + 30 * 60_000,
      "confirmed",
      code,
      "online",
      2500,
      "USD",
      now,
      now,
    ]);
    customerOf.push(`cst_bench${t}`);
    return { id: `bkg_${code}`, code, tenant: t, staff: s };
  };
  const customerOf: string[] = [];
  const moves: PoolBooking[] = [];
  for (let t = 0; t < tenants.length; t++) for (let s = 0; s < 10; s++) moves.push(add(t, s, today + 60 * 86_400_000 + 20 * 3_600_000));
  const pool = (firstDay: number) => {
    const out: PoolBooking[] = [];
    for (let m = 0; m < perPool; m++) {
      const t = m % tenants.length;
      const s = Math.floor(m / tenants.length) % 10;
      const k = Math.floor(m / (tenants.length * 10));
      out.push(add(t, s, today + (firstDay + Math.floor(k / 16)) * 86_400_000 + (13 * 60 + (k % 16) * 30) * 60_000));
    }
    return out;
  };
  const cancels = pool(200);
  const statusChanges = pool(260);
  // The customer column goes last: the seeded bookings' column list plus one.
  return { rows: rows.map((r, i) => [...r, customerOf[i]]), moves, cancels, statusChanges };
}

type Rows = (string | number | null)[][];

/** The report businesses' rows (see seedBenchData). UTC 13:00-21:00 lies inside 09:00-17:00 New York time. */
function reportBusinesses(count: number, todayMs: number, now: string, nextCode: () => string) {
  const r = {
    users: [] as Rows,
    tenants: [] as Rows,
    members: [] as Rows,
    services: [] as Rows,
    staff: [] as Rows,
    hours: [] as Rows,
    customers: [] as Rows,
    bookings: [] as Rows,
    payments: [] as Rows,
    timeOff: [] as Rows,
    overrides: [] as Rows,
    closures: [] as Rows,
    out: [] as ReportTenant[],
  };
  const DAY = 86_400_000;
  const first = todayMs - 365 * DAY;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  for (let t = 0; t < count; t++) {
    const id = `tnt_report${t}`;
    const ownerId = `usr_report${t}`;
    r.users.push([ownerId, `report${t}@bench.test`, "pbkdf2$1$AA==$AA==", now, now]);
    r.tenants.push([id, `report-${t}`, `Report Salon ${t}`, "America/New_York", "USD", "", now, now]);
    r.members.push([`mem_report${t}`, id, ownerId, "owner", now]);
    const services = [0, 1, 2, 3, 4].map((k) => `svc_report${t}_${k}`);
    for (const [k, sid] of services.entries()) r.services.push([sid, id, `Service ${k}`, 60, 2500 + 500 * k, k, now, now]);
    for (let c = 0; c < 4000; c++)
      r.customers.push([`cst_report${t}_${c}`, id, `c${c}@r${t}.bench`, `c${c}@r${t}.bench`, `C${c}`, "R", now, now]);
    let n = 0;
    for (let s = 0; s < 10; s++) {
      const sid = `stf_report${t}_${s}`;
      r.staff.push([sid, id, `Staff ${s}`, s, now, now]);
      for (let d = 0; d < 7; d++) r.hours.push([`hrs_report${t}_${s}_${d}`, id, sid, d, 540, 1020]);
      r.timeOff.push([
        `off_report${t}_${s}`,
        id,
        sid,
        first + (40 + s) * DAY + 13 * 3_600_000,
        first + (40 + s) * DAY + 21 * 3_600_000,
        now,
      ]);
      r.overrides.push([
        `ovr_report${t}_${s}`,
        id,
        sid,
        day(first + (100 + s) * DAY),
        JSON.stringify([{ startMinute: 600, endMinute: 840 }]),
        now,
        now,
      ]);
    }
    r.closures.push([`cls_report${t}`, id, day(first + 200 * DAY), day(first + 202 * DAY), now]);
    for (let d = 0; d < 365 && n < REPORT_BOOKINGS; d++) {
      for (let s = 0; s < 10 && n < REPORT_BOOKINGS; s++) {
        const perDay = (d * 10 + s) % 20 < 9 ? 6 : 5; // 5 or 6 a day: REPORT_BOOKINGS in the year
        for (let j = 0; j < perDay && n < REPORT_BOOKINGS; j++, n++) {
          const start = first + d * DAY + (13 + j) * 3_600_000;
          const status = n % 20 === 7 ? "no_show" : n % 10 === 3 ? "cancelled" : d > 358 ? "confirmed" : "completed";
          const c = nextCode();
          const bookingId = `bkg_${c}`;
          r.bookings.push([
            bookingId,
            id,
            services[n % 5],
            `stf_report${t}_${s}`,
            start,
            start + 3_600_000,
            status,
            c,
            "online",
            3000,
            "USD",
            now,
            now,
            `cst_report${t}_${n % 4000}`,
          ]);
          // Paid when booked (the day before), the fee when marked: the year's payments lie in the
          // range by creation time too, as the money of no booking is looked up by.
          const paidAt = new Date(start - DAY).toISOString();
          if (n % 3 !== 0) {
            const refunded = n % 20 === 1 ? 1000 : 0;
            const state = refunded ? "partially_refunded" : "succeeded";
            r.payments.push([`pay_${c}`, id, bookingId, 3000, "USD", "full", state, refunded, paidAt, paidAt]);
          }
          const feeAt = new Date(start + 3_600_000).toISOString();
          if (status === "no_show") r.payments.push([`fee_${c}`, id, bookingId, 1500, "USD", "no_show_fee", "succeeded", 0, feeAt, feeAt]);
        }
      }
    }
    r.out.push({ id, ownerId, from: day(first), to: day(todayMs - DAY) });
  }
  return r;
}
