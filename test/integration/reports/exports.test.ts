import { newApiKey } from "../../helpers/api-keys";
import { SELF } from "cloudflare:test";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EXPORT_PAGE_ROWS } from "../../../src/services/reports/exports";
import { get } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createBookingRow, createCustomer, createMember, createService, createStaff, createTenant } from "../../helpers/factories";
import { dateOf, expectedSummary, FROM, local, reportSalon, TO } from "./support";

// The CSV exports (design.md §29): RFC 4180 read back with a CSV parser, UTF-8 with a BOM, local
// times, a header row, text a spreadsheet would run as a formula made harmless, amounts as plain
// figures; owners, admins and API keys only; pages streamed however many bookings there are.

async function download(path: string, token?: string) {
  const res = await SELF.fetch(`http://localhost${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true, fatal: true }).decode(bytes) };
}

/** The file as records of named columns (the parser strips the BOM only when asked, so its presence is checked first). */
function records(text: string): Record<string, string>[] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  return parse(text, { bom: true, columns: true, relax_column_count: false, skip_empty_lines: false });
}

const figure = (minor: number) => (minor / 100).toFixed(2);

describe("GET /exports/bookings.csv", () => {
  it("lists the report's bookings with local times and the money taken, as a CSV file a parser reads back", async () => {
    const s = await reportSalon();
    await reportSalon(); // another business with the same rows: none of them in this file
    const { res, bytes, text } = await download(`/exports/bookings.csv?from=${FROM}&to=${TO}`, s.tenant.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="bookings-${FROM}-to-${TO}.csv"`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte order mark
    expect(text.split("\r\n")[0]).toBe(
      "\uFEFFBooking ID,Confirmation code,Status,Start (local),End (local),Time zone,Service,Staff,Customer first name,Customer last name,Customer e-mail,Customer phone,Notes,Source,Price,Paid,Refunded,Currency,Created (local),Paid by gift card,Package session",
    );
    const rows = records(text);
    const counted = s.rows
      .filter((r) => dateOf(new Date(r.startAt)) >= FROM && dateOf(new Date(r.startAt)) <= TO && r.status !== "pending" && !r.releasedHold)
      .sort((a, b) => a.startAt - b.startAt);
    expect(rows.map((r) => r["Booking ID"])).toEqual(counted.map((r) => r.id));
    const crossing = rows.find((r) => r["Start (local)"] === "2031-03-09 01:30")!;
    expect(crossing["End (local)"]).toBe("2031-03-09 03:30"); // one real hour across the spring-forward night
    expect(crossing["Time zone"]).toBe("America/New_York");
    const lastEvening = rows.find((r) => r["Start (local)"] === "2031-03-31 23:30")!;
    expect(lastEvening.Status).toBe("completed");
    expect(lastEvening["Confirmation code"]).toMatch(/^BK-[A-Z0-9]{6}$/);
    const partial = rows.find((r) => r["Start (local)"] === "2031-03-12 14:00")!;
    expect([partial.Status, partial.Paid, partial.Refunded, partial.Currency, partial.Price]).toEqual([
      "cancelled",
      figure(2000),
      figure(800),
      "USD",
      figure(2500),
    ]);
    // The file's money adds up to the report's (money of no booking is in the report only).
    const want = expectedSummary(s, FROM, TO);
    const loose = s.loose.filter((l) => l.counted).reduce((n, l) => n + l.amount, 0);
    const sum = (col: string) => Math.round(rows.reduce((n, r) => n + Number(r[col]) * 100, 0));
    expect(sum("Paid")).toBe(want.totals.revenue - loose);
    expect(sum("Refunded")).toBe(want.totals.refunded);
  });

  it("makes text a spreadsheet would run harmless and keeps commas, quotes and line breaks inside their cells", async () => {
    const t = await createTenant({ timezone: "Europe/Lisbon", currency: "EUR" });
    const staff = await createStaff(t.id, { displayName: "\tTabby" });
    const service = await createService(t.id, { name: '-Colour, "deluxe"' });
    const customer = await createCustomer(t.id, {
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: "@SUM(A1)",
      phone: "+351 912 345 678",
    });
    await createBookingRow(t.id, service.id, staff.id, local("2031-06-10T09:00", "Europe/Lisbon"), 45, {
      customerId: customer.id,
      notes: 'line one\r\nline two, with "quotes"\n\r=cmd',
      currency: "EUR",
      totalAmount: 4550,
    });
    const { res, text } = await download("/exports/bookings.csv?from=2031-06-10&to=2031-06-10", t.token);
    expect(res.status).toBe(200);
    const [row] = records(text);
    expect(row["Customer first name"]).toBe('\'=HYPERLINK("http://evil.example")');
    expect(row["Customer last name"]).toBe("'@SUM(A1)");
    expect(row["Customer phone"]).toBe("'+351 912 345 678");
    expect(row.Service).toBe('\'-Colour, "deluxe"');
    expect(row.Staff).toBe("'\tTabby");
    expect(row.Notes).toBe('line one\r\nline two, with "quotes"\n\r=cmd'); // starts with a letter: kept as typed
    expect(row["Customer e-mail"]).toBe(customer.email);
    expect([row["Start (local)"], row["End (local)"], row.Price, row.Currency]).toEqual([
      "2031-06-10 09:00",
      "2031-06-10 09:45",
      "45.50",
      "EUR",
    ]);
    // Every record has the header's number of fields (the parser above would have refused otherwise).
    expect(Object.keys(row)).toHaveLength(21);
  });

  it("streams every booking of a business bigger than one page, in order", async () => {
    const t = await createTenant({ timezone: "UTC" });
    const staff = await createStaff(t.id);
    const service = await createService(t.id);
    const n = EXPORT_PAGE_ROWS * 2 + 7;
    const start = Date.parse("2031-05-01T00:00:00Z");
    // Written in one statement: n bookings 10 minutes apart (a few share a start with another staff's id order).
    await testDb().run(sql`
      WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i + 1 < ${n})
      INSERT INTO bookings (id, tenant_id, service_id, staff_id, start_at, end_at, status, confirmation_code, currency, total_amount, created_at, updated_at)
      SELECT printf('bkg_exp_%s_%06d', ${t.id}, i), ${t.id}, ${service.id}, ${staff.id}, ${start} + i * 600000, ${start} + i * 600000 + 600000,
             'completed', printf('BK-%06d', abs(random()) % 1000000) || '-' || ${t.id} || i, 'USD', 100, '2031-04-01T00:00:00.000Z', '2031-04-01T00:00:00.000Z'
      FROM k`);
    const { res, text } = await download("/exports/bookings.csv?from=2031-05-01&to=2031-05-31", t.token);
    expect(res.status).toBe(200);
    const rows = records(text);
    expect(rows).toHaveLength(n);
    expect(rows[0]["Start (local)"]).toBe("2031-05-01 00:00");
    expect(rows[n - 1]["Booking ID"]).toBe(`bkg_exp_${t.id}_${String(n - 1).padStart(6, "0")}`);
    expect(new Set(rows.map((r) => r["Booking ID"])).size).toBe(n);
  });

  it("is for owners, admins and API keys: codes only for members signed in as themselves and write keys", async () => {
    const s = await reportSalon();
    const path = `/exports/bookings.csv?from=${FROM}&to=${TO}`;
    const admin = await createMember(s.tenant.id, "admin");
    const adminFile = records((await download(path, admin.token)).text);
    expect(adminFile.every((r) => /^BK-/.test(r["Confirmation code"]))).toBe(true);
    const readKey = records((await download(path, (await newApiKey(s.tenant.token, "read")).key)).text);
    expect(readKey.length).toBeGreaterThan(0);
    expect(readKey.every((r) => r["Confirmation code"] === "")).toBe(true);
    const writeKey = records((await download(path, (await newApiKey(s.tenant.token, "write")).key)).text);
    expect(writeKey.every((r) => /^BK-/.test(r["Confirmation code"]))).toBe(true);

    const staff = await download(path, s.benMember.token);
    expect(staff.res.status).toBe(403);
    expect(JSON.parse(staff.text).error.code).toBe("forbidden");
    const none = await download(path);
    expect(none.res.status).toBe(401);
    expect(JSON.parse(none.text)).toEqual({ error: "unauthorized" });
  });

  it("refuses a bad range with 400 invalid_request naming the field", async () => {
    const t = await createTenant();
    for (const [query, field] of [
      ["from=2031-03-02&to=2031-03-01", "to"],
      ["from=2031-01-01&to=2032-01-02", "to"],
      ["from=nope&to=2031-03-01", "from"],
      ["to=2031-03-01", "from"],
    ]) {
      const res = await get(`/exports/bookings.csv?${query}`, { token: t.token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      expect(res.body.error.details.fieldErrors[field]).toBeDefined();
    }
  });
});

describe("GET /exports/customers.csv", () => {
  it("lists every customer of the business with their bookings and visits in local time, and no one else's", async () => {
    const s = await reportSalon();
    const other = await reportSalon();
    const { res, text } = await download("/exports/customers.csv", s.tenant.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="customers.csv"');
    const rows = records(text);
    expect(rows.map((r) => r["Customer ID"]).sort()).toEqual(
      Object.values(s.customers)
        .map((c) => c.id)
        .sort(),
    );
    expect(rows.map((r) => r["Customer ID"])).not.toContain(other.customers.c1.id);
    const c3 = rows.find((r) => r["Customer ID"] === s.customers.c3.id)!;
    const mine = s.rows.filter((r) => r.customer === "c3");
    expect(c3.Bookings).toBe(String(mine.length));
    expect(c3["First visit (local)"]).toBe("2031-02-10 10:00");
    expect(c3["Last visit (local)"]).toBe("2031-04-01 00:30");
    expect(c3["E-mail"]).toBe(s.customers.c3.email);
    expect(c3["Online account"]).toBe("no");
    expect((await download("/exports/customers.csv", s.benMember.token)).res.status).toBe(403);
  });
});
