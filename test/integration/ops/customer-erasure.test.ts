import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { del, get, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createMember, createTenant, ownerToken, uniq } from "../../helpers/factories";
import { bookableTenant, bookingRow, webhookEndpoint } from "../../helpers/booking";

// design.md §25: a business erases a customer. The person appears nowhere afterwards (lists,
// search, exports, stored e-mail bodies, webhook payloads), but their bookings still count in the
// business's books. Clocks are pinned; every row belongs to the test's own business.

const BOOKED_AT = "2031-03-01T09:00:00.000Z";
const ERASE_AT = "2031-04-20T09:00:00.000Z";

async function customerWithHistory() {
  const s = await bookableTenant({ service: { price: 4500 } });
  await webhookEndpoint(s.tenant.id);
  const person = {
    firstName: "Ada",
    lastName: `Lovelace${uniq()}`,
    email: `ada-${uniq()}${uniq()}@example.test`,
    phone: "+1 415 555 0142",
    notes: "Allergic to lavender",
  };
  const past = await post(
    `/api/public/${s.tenant.slug}/bookings`,
    { serviceId: s.service.id, staffProfileId: s.staff.id, startDatetime: "2031-03-12T10:00:00", customer: person },
    { now: BOOKED_AT },
  );
  const later = await post(
    `/api/public/${s.tenant.slug}/bookings`,
    { serviceId: s.service.id, staffProfileId: s.staff.id, startDatetime: "2031-05-14T10:00:00", customer: person },
    { now: BOOKED_AT },
  );
  expect([past.status, later.status]).toEqual([201, 201]);
  const customerId = (await bookingRow(past.body.data.id)).customerId!;
  const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(ERASE_AT));
  return { ...s, person, customerId, token, pastId: past.body.data.id as string, upcomingId: later.body.data.id as string };
}

/** Everything stored for the business that could name the person. */
async function traces(tenantId: string) {
  const db = testDb();
  const [emails, deliveries, customers] = await db.batch([
    db.all<{ to_email: string; subject: string; text_body: string; html_body: string; status: string; kind: string }>(
      sql`SELECT to_email, subject, text_body, html_body, status, kind FROM email_outbox WHERE tenant_id = ${tenantId}`,
    ),
    db.all<{ payload: string; status: string }>(sql`SELECT payload, status FROM webhook_deliveries WHERE tenant_id = ${tenantId}`),
    db.all<Record<string, unknown>>(sql`SELECT * FROM customers WHERE tenant_id = ${tenantId}`),
  ]);
  return {
    emails,
    deliveries,
    customers,
    text: JSON.stringify({ emails, deliveries, customers }),
    messages: JSON.stringify({ emails, deliveries }),
  };
}

describe("DELETE /api/customers/:id", () => {
  it("refuses while bookings are ahead (409 customer_has_upcoming_bookings) and changes nothing", async () => {
    const c = await customerWithHistory();
    const res = await del(`/api/customers/${c.customerId}`, { token: c.token, now: ERASE_AT });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("customer_has_upcoming_bookings");
    expect(res.body.error.message).toContain("1 upcoming booking");
    const still = await get(`/api/customers/${c.customerId}`, { token: c.token, now: ERASE_AT });
    expect(still.body.data).toMatchObject({ firstName: "Ada", email: c.person.email, erasedAt: null });
    expect((await bookingRow(c.upcomingId)).status).toBe("confirmed");
  });

  it("with ?cancelUpcoming=true cancels them as the business, then erases: the person appears nowhere, the books stay", async () => {
    const c = await customerWithHistory();
    const admin = await createAdmin(new Date(ERASE_AT));
    const before = await get(`/api/admin/tenants/${c.tenant.id}`, { token: admin.token, now: ERASE_AT });
    expect((await traces(c.tenant.id)).text).toContain(c.person.email);
    // The second public booking stored what the guest typed and the network it came from (design.md §31).
    expect(await bookingRow(c.upcomingId)).toMatchObject({ guestLastName: c.person.lastName, clientNetwork: expect.any(String) });

    const res = await del(`/api/customers/${c.customerId}?cancelUpcoming=true`, { token: c.token, now: ERASE_AT });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: c.customerId, erasedAt: ERASE_AT, alreadyErased: false, cancelledBookingIds: [c.upcomingId] });

    // The record shows as "Deleted customer"; search by anything of theirs finds nothing.
    const one = await get(`/api/customers/${c.customerId}`, { token: c.token, now: ERASE_AT });
    expect(one.body.data).toMatchObject({
      firstName: "Deleted customer",
      lastName: "",
      email: "",
      phone: "",
      notes: "",
      erasedAt: ERASE_AT,
    });
    for (const term of [c.person.email, c.person.lastName, "415 555", "Ada"]) {
      const found = await get(`/api/customers?search=${encodeURIComponent(term)}`, { token: c.token, now: ERASE_AT });
      expect(found.body.data, term).toEqual([]);
    }
    const exported = await get(`/api/customers/${c.customerId}/export`, { token: c.token, now: ERASE_AT });
    expect(exported.status).toBe(200);
    for (const value of [c.person.email, c.person.lastName, c.person.phone, c.person.notes]) expect(exported.text).not.toContain(value);

    // Stored e-mail bodies and webhook payloads no longer name them; queued messages were dropped.
    const t = await traces(c.tenant.id);
    for (const value of [c.person.email, c.person.lastName, c.person.notes]) expect(t.text, value).not.toContain(value);
    expect(t.messages).not.toContain(c.customerId);
    expect(t.emails.filter((e) => e.status === "pending")).toEqual([]);
    expect(t.deliveries.filter((d) => d.status === "pending")).toEqual([]);

    // The books: both bookings, their times, status and amounts, still counted.
    const after = await get(`/api/admin/tenants/${c.tenant.id}`, { token: admin.token, now: ERASE_AT });
    expect(after.body.data.counts.bookings).toBe(before.body.data.counts.bookings);
    expect(after.body.data.counts.customers).toBe(before.body.data.counts.customers);
    const past = await bookingRow(c.pastId);
    expect(past).toMatchObject({ status: "confirmed", totalAmount: 4500, customerId: c.customerId, notes: "" });
    expect((await bookingRow(c.upcomingId)).status).toBe("cancelled");
    for (const id of [c.pastId, c.upcomingId]) {
      const row = await bookingRow(id);
      expect(row, id).toMatchObject({ guestFirstName: null, guestLastName: null, guestPhone: null, clientNetwork: null, smsPhone: null });
      const detail = await get(`/api/bookings/${id}`, { token: c.token, now: ERASE_AT });
      for (const value of [c.person.email, c.person.lastName]) expect(detail.text, value).not.toContain(value);
    }
    const list = await get(`/api/bookings?from=2031-03-01T00:00:00Z&to=2031-06-01T00:00:00Z`, { token: c.token, now: ERASE_AT });
    expect(list.body.data.map((b: { id: string; totalAmount: number }) => [b.id, b.totalAmount]).sort()).toEqual(
      [
        [c.pastId, 4500],
        [c.upcomingId, 4500],
      ].sort(),
    );

    const [audit] = await testDb().all<{ action: string; actor_id: string; target_type: string }>(
      sql`SELECT action, actor_id, target_type FROM audit_log WHERE target_id = ${c.customerId}`,
    );
    expect(audit).toEqual({ action: "customer.erased", actor_id: c.tenant.ownerId, target_type: "customer" });

    // An erased record is not filled in again.
    const refill = await patch(`/api/customers/${c.customerId}`, { firstName: "Ada" }, { token: c.token, now: ERASE_AT });
    expect(refill.status).toBe(409);
    expect(refill.body.error.code).toBe("conflict");

    // Again: nothing more to do.
    const again = await del(`/api/customers/${c.customerId}`, { token: c.token, now: ERASE_AT });
    expect(again.body.data).toMatchObject({ alreadyErased: true, cancelledBookingIds: [] });
  });

  it("drops their queued texts and blanks the texts' bodies and numbers; an opt-out of their number stays, as its hash", async () => {
    const c = await customerWithHistory();
    const db = testDb();
    const t = BOOKED_AT;
    // A number of this test's own: opt-outs are for every business.
    const phone = `+1415555${String(crypto.getRandomValues(new Uint32Array(1))[0] % 10_000).padStart(4, "0")}`;
    await db.run(sql`INSERT INTO sms_messages (id, tenant_id, customer_id, direction, phone, body, status, job_id, created_at, updated_at) VALUES
      ('sms_sent_${sql.raw(c.customerId)}', ${c.tenant.id}, ${c.customerId}, 'out', ${phone}, 'Ada, see you at 10:00', 'delivered', NULL, ${t}, ${t}),
      ('sms_wait_${sql.raw(c.customerId)}', ${c.tenant.id}, ${c.customerId}, 'out', ${phone}, 'Ada, reminder', 'pending', 'job_sms_${sql.raw(c.customerId)}', ${t}, ${t})`);
    await db.run(sql`INSERT INTO jobs (id, kind, tenant_id, idempotency_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
      VALUES (${`job_sms_${c.customerId}`}, 'sms', ${c.tenant.id}, ${`sms_wait_${c.customerId}`}, ${JSON.stringify({ messageId: `sms_wait_${c.customerId}` })},
        'pending', 0, '2031-05-13T14:00:00.000Z', ${t}, ${t})`);
    await db.run(sql`INSERT OR IGNORE INTO sms_opt_outs (phone, keyword, created_at) VALUES (${phone}, 'STOP', ${t})`);

    expect((await del(`/api/customers/${c.customerId}?cancelUpcoming=true`, { token: c.token, now: ERASE_AT })).status).toBe(200);
    const texts = await db.all<{ id: string; phone: string; body: string; status: string }>(
      sql`SELECT id, phone, body, status FROM sms_messages WHERE customer_id = ${c.customerId} ORDER BY id`,
    );
    expect(texts).toEqual([
      { id: `sms_sent_${c.customerId}`, phone: "", body: "", status: "delivered" },
      { id: `sms_wait_${c.customerId}`, phone: "", body: "", status: "cancelled" },
    ]);
    const [job] = await db.all<{ status: string }>(sql`SELECT status FROM jobs WHERE id = ${`job_sms_${c.customerId}`}`);
    expect(job.status).toBe("cancelled");
    // The number itself is gone from the opt-outs; its hash stays (test/integration/sms/erased-opt-out.test.ts checks it still stops texts).
    expect(await db.all(sql`SELECT phone FROM sms_opt_outs WHERE phone = ${phone}`)).toEqual([]);
    const [hashed] = await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM sms_opt_outs WHERE phone LIKE 'sha256:%' AND created_at = ${t} AND keyword = 'STOP'`,
    );
    expect(hashed.n).toBeGreaterThan(0);
  });

  it("a later booking with the same e-mail makes a new record", async () => {
    const c = await customerWithHistory();
    await del(`/api/customers/${c.customerId}?cancelUpcoming=true`, { token: c.token, now: ERASE_AT });
    const again = await post(
      `/api/public/${c.tenant.slug}/bookings`,
      { serviceId: c.service.id, staffProfileId: c.staff.id, startDatetime: "2031-05-20T10:00:00", customer: c.person },
      { now: ERASE_AT },
    );
    expect(again.status).toBe(201);
    const fresh = (await bookingRow(again.body.data.id)).customerId;
    expect(fresh).not.toBe(c.customerId);
  });

  it("is for owners and admins of the business: staff 403, another business's customer 404, bad query 400", async () => {
    const c = await customerWithHistory();
    const staff = await createMember(c.tenant.id, "staff");
    const staffToken = await ownerToken(staff.userId, c.tenant.id, "staff", new Date(ERASE_AT));
    expect((await del(`/api/customers/${c.customerId}?cancelUpcoming=true`, { token: staffToken, now: ERASE_AT })).status).toBe(403);
    expect((await get(`/api/customers/${c.customerId}/export`, { token: staffToken, now: ERASE_AT })).status).toBe(403);
    const other = await createTenant();
    const otherToken = await ownerToken(other.ownerId, other.id, "owner", new Date(ERASE_AT));
    expect((await del(`/api/customers/${c.customerId}?cancelUpcoming=true`, { token: otherToken, now: ERASE_AT })).status).toBe(404);
    expect((await get(`/api/customers/${c.customerId}/export`, { token: otherToken, now: ERASE_AT })).status).toBe(404);
    const bad = await del(`/api/customers/${c.customerId}?cancelUpcoming=yes`, { token: c.token, now: ERASE_AT });
    expect(bad.status).toBe(400);
    expect((await get(`/api/customers/${c.customerId}`, { token: c.token, now: ERASE_AT })).body.data.erasedAt).toBeNull();
  });
});

describe("GET /api/customers/:id/export", () => {
  it("hands over the record, every booking, payments and the messages sent (kind, channel, time; no bodies)", async () => {
    const c = await customerWithHistory();
    const res = await get(`/api/customers/${c.customerId}/export`, { token: c.token, now: ERASE_AT });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.customer).toMatchObject({
      id: c.customerId,
      firstName: "Ada",
      lastName: c.person.lastName,
      email: c.person.email,
      phone: c.person.phone,
      hasAccount: false,
      marketingOptIn: null,
      erasedAt: null,
    });
    expect(
      d.bookings.map((b: { id: string; serviceName: string; staffName: string; startDatetime: string; totalAmount: number }) => [
        b.id,
        b.serviceName,
        b.staffName,
        b.startDatetime,
        b.totalAmount,
      ]),
    ).toEqual([
      [c.pastId, "Cut", "Sam", "2031-03-12T14:00:00.000Z", 4500],
      [c.upcomingId, "Cut", "Sam", "2031-05-14T14:00:00.000Z", 4500],
    ]);
    expect(d.bookings[0].notes).toBe(c.person.notes);
    expect(d.payments).toEqual([]);
    expect(d.messages.length).toBeGreaterThanOrEqual(2);
    expect(d.messages[0]).toEqual({
      kind: "booking.confirmed",
      channel: "email",
      status: expect.any(String),
      createdAt: BOOKED_AT,
      sentAt: null,
    });
    expect(res.text).not.toContain("Hi Ada");
  });
});
