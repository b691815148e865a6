import { createClient } from "@libsql/client";

/** A month-calendar business (design.md §16): the days endpoint's load. */
export type DaysTenant = { slug: string; serviceId: string; staffIds: string[] };

/**
 * A benchmark dataset written straight into libSQL in large multi-row inserts: `tenants` tenants
 * with 3 services, 10 bookable staff (09:00-17:00 every day) and `daysOfBookings` days of
 * bookings (3 per staff per day) from today. Besides them, two kinds of busy month-calendar
 * businesses for the days endpoint, each with 10 staff, a 30-minute service with 10 minutes of
 * clean-up after it (stored on every booking) and 43 days of bookings from today:
 * - `daysTenants` with 40 bookings a day for the business (4 per staff member, 09:00-17:00);
 * - `heavyTenants` with 40 bookings a day for EACH staff member (07:00-21:00, 15 minutes + 5).
 * Returns ids the load phases pick from.
 */
export async function seedBenchData(
  url: string,
  opts: { tenants: number; daysOfBookings: number; daysTenants: number; heavyTenants: number; writePool: number },
) {
  const client = createClient({ url });
  const now = new Date().toISOString();
  const tenants: { id: string; slug: string; serviceId: string; staffIds: string[] }[] = [];
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
    tenants.push({ id, slug, serviceId: services[0], staffIds });
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
  insert(
    "bookings",
    [
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
      "created_at",
      "updated_at",
    ],
    bookingRows,
  );
  insert(
    "bookings",
    [
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
      "created_at",
      "updated_at",
      "customer_id",
    ],
    writes.rows,
  );
  insert(
    "bookings",
    [
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
      "buffer_after_minutes",
      "created_at",
      "updated_at",
    ],
    calendarBookingRows,
  );
  for (const id of bufferedServices) stmts.push({ sql: "UPDATE services SET buffer_after_minutes = 10 WHERE id = ?", args: [id] });
  // Modest batches (about 2,000 rows each): the local server on a busy machine reset the
  // connection now and then on 10,000-row requests.
  for (let i = 0; i < stmts.length; i += 10) await client.batch(stmts.slice(i, i + 10), "write");
  client.close();
  return {
    tenants,
    codes,
    bookings: bookingRows.length + calendarBookingRows.length + writes.rows.length,
    daysTenants,
    heavyTenants,
    moves: writes.moves,
    cancels: writes.cancels,
    statusChanges: writes.statusChanges,
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
