import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { del, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { FACTORY_PASSWORD, ownerToken } from "../../helpers/factories";
import { bookableTenant, bookingRow, customerAt } from "../../helpers/booking";

// design.md §25: a customer takes their data (every business's bookings made with the account)
// and deletes the account; each business keeps its own record of them, unlinked.

const NOW = "2031-02-01T09:00:00.000Z";

async function customerWithTwoBusinesses() {
  const me = await customerAt(NOW);
  const a = await bookableTenant({ tenant: { timezone: "Europe/Paris" }, service: { price: 3000 } });
  const b = await bookableTenant({ service: { price: 5000 } });
  const book = (s: typeof a, start: string) =>
    post(
      `/api/public/${s.tenant.slug}/bookings`,
      { serviceId: s.service.id, staffProfileId: s.staff.id, startDatetime: start, customer: { firstName: "Cass", email: me.email } },
      { now: NOW, token: me.token },
    );
  const first = await book(a, "2031-03-03T10:00:00");
  const second = await book(b, "2031-03-04T11:30:00");
  expect([first.status, second.status]).toEqual([201, 201]);
  return { me, a, b, firstId: first.body.data.id as string, secondId: second.body.data.id as string };
}

describe("GET /api/me/export", () => {
  it("lists the account and every business's bookings made with it, in each business's wall clock", async () => {
    const c = await customerWithTwoBusinesses();
    const res = await get("/api/me/export", { token: c.me.token, now: NOW });
    expect(res.status).toBe(200);
    expect(res.body.data.account).toMatchObject({ id: c.me.id, email: c.me.email, firstName: "Cass", marketingOptIn: false });
    expect(res.body.data.account.passwordHash).toBeUndefined();
    const rows = res.body.data.bookings.map((b: Record<string, unknown>) => [
      b.id,
      b.businessName,
      b.startDatetime,
      b.timezone,
      b.totalAmount,
    ]);
    expect(rows).toEqual([
      [c.secondId, expect.stringContaining(c.b.tenant.slug), "2031-03-04T11:30:00", "America/New_York", 5000],
      [c.firstId, expect.stringContaining(c.a.tenant.slug), "2031-03-03T10:00:00", "Europe/Paris", 3000],
    ]);
    expect(res.body.data.bookings[0].payments).toEqual([]);
  });
});

describe("DELETE /api/me", () => {
  it("needs the password; then the account and its sessions go, and each business keeps its record, unlinked", async () => {
    const c = await customerWithTwoBusinesses();
    const wrong = await del("/api/me", { token: c.me.token, now: NOW, body: { password: "not-the-password" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.fieldErrors.password).toEqual(["The password is not correct"]);
    expect((await del("/api/me", { token: c.me.token, now: NOW })).status).toBe(400);

    const res = await del("/api/me", { token: c.me.token, now: NOW, body: { password: FACTORY_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: c.me.id });

    expect((await get("/api/me", { token: c.me.token, now: NOW })).status).toBe(401);
    const login = await post("/api/customer-auth/login", { email: c.me.email, password: FACTORY_PASSWORD });
    expect(login.status).toBe(401);
    const db = testDb();
    expect(await db.all(sql`SELECT id FROM customer_accounts WHERE id = ${c.me.id}`)).toEqual([]);
    expect(await db.all(sql`SELECT id FROM sessions WHERE subject_type = 'customer' AND subject_id = ${c.me.id}`)).toEqual([]);

    // The business's own record of the person stays, with the booking, no longer linked.
    const booking = await bookingRow(c.firstId);
    expect(booking.customerAccountId).toBeNull();
    const owner = await ownerToken(c.a.tenant.ownerId, c.a.tenant.id, "owner", new Date(NOW));
    const record = await get(`/api/customers/${booking.customerId}`, { token: owner, now: NOW });
    expect(record.body.data).toMatchObject({ firstName: "Cass", email: c.me.email, hasAccount: false, bookingCount: 1 });
    const [audit] = await db.all<{ action: string; actor_type: string }>(
      sql`SELECT action, actor_type FROM audit_log WHERE target_id = ${c.me.id}`,
    );
    expect(audit).toEqual({ action: "customer_account.deleted", actor_type: "customer" });
  });
});
