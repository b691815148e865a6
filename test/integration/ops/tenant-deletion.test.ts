import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { get, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import {
  createAdmin,
  createBookingRow,
  createCustomer,
  createMember,
  createService,
  createStaff,
  createTenant,
} from "../../helpers/factories";
import { cronAt } from "../notifications/support";
import { webhookEndpoint } from "../../helpers/booking";

// design.md §25: an operator schedules a suspended tenant's deletion; the owner is e-mailed then
// and 7 days before; 30 days later the cron deletes its personal data unless it was restored.
// The cron runs confined to the test's own business at pinned instants.

const S = new Date("2031-08-01T10:00:00.000Z");
const day = (d: number, minutes = 0) => new Date(S.getTime() + d * 86_400_000 + minutes * 60_000);

async function suspendedBusiness() {
  const tenant = await createTenant({
    isSuspended: true,
    suspendedAt: S.toISOString(),
    suspendedReason: "Unpaid",
    customDomain: `book-${crypto.randomUUID().slice(0, 8)}.example.test`,
    customDomainStatus: "active",
    customHostnameId: `cfh_${crypto.randomUUID().slice(0, 12)}`,
  });
  const service = await createService(tenant.id);
  const staff = await createStaff(tenant.id);
  const customer = await createCustomer(tenant.id, { phone: "+1 415 555 0111", notes: "VIP" });
  const booking = await createBookingRow(tenant.id, service.id, staff.id, day(-10), 30, { customerId: customer.id, notes: "Window seat" });
  await createMember(tenant.id, "staff");
  await webhookEndpoint(tenant.id);
  await testDb()
    .insert(schema.apiKeys)
    .values({
      id: newId("key"),
      tenantId: tenant.id,
      name: "Zapier",
      scope: "read",
      prefix: "bk_x",
      keyHash: crypto.randomUUID(),
      createdBy: tenant.ownerId,
      createdAt: S.toISOString(),
    });
  const [row] = await testDb().select().from(schema.tenants).where(sql`id = ${tenant.id}`);
  return { tenant, customer, booking, hostnameId: row.customHostnameId! };
}

const schedule = (token: string, id: string, body: unknown, now: Date) =>
  post(`/api/admin/tenants/${id}/schedule-deletion`, body, { token, now });

async function emailsOf(tenantId: string, kind: string) {
  return testDb().all<{ to_email: string; subject: string }>(
    sql`SELECT to_email, subject FROM email_outbox WHERE tenant_id = ${tenantId} AND kind = ${kind}`,
  );
}

async function leftOf(tenantId: string) {
  const db = testDb();
  const count = async (table: string) =>
    Number((await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE tenant_id = ${tenantId}`))[0].n);
  return {
    customers: await count("customers"),
    members: await count("tenant_members"),
    apiKeys: await count("api_keys"),
    endpoints: await count("webhook_endpoints"),
    bookings: await count("bookings"),
  };
}

describe("POST /api/admin/tenants/:id/schedule-deletion", () => {
  it("schedules a suspended tenant 30 days ahead, audited, e-mails the owner, then reminds 7 days before, once", async () => {
    const b = await suspendedBusiness();
    const admin = await createAdmin(S);
    const res = await schedule(admin.token, b.tenant.id, { reason: "Closed for good" }, S);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      tenantId: b.tenant.id,
      scheduledAt: S.toISOString(),
      dueAt: day(30).toISOString(),
      reason: "Closed for good",
    });
    expect(await emailsOf(b.tenant.id, "tenant.deletion_scheduled")).toEqual([
      { to_email: b.tenant.ownerEmail, subject: expect.stringContaining("will be deleted") },
    ]);
    const [audit] = await testDb().all<{ reason: string; actor_id: string }>(
      sql`SELECT reason, actor_id FROM audit_log WHERE target_id = ${b.tenant.id} AND action = 'tenant.deletion_scheduled'`,
    );
    expect(audit).toEqual({ reason: "Closed for good", actor_id: admin.id });
    const activity = await get(`/api/admin/tenants/${b.tenant.id}/activity`, { token: admin.token, now: S });
    expect(activity.body.data.deletion).toEqual({
      scheduledAt: S.toISOString(),
      dueAt: day(30).toISOString(),
      reason: "Closed for good",
      deletedAt: null,
    });

    await cronAt(day(23, -1), b.tenant.id);
    expect(await emailsOf(b.tenant.id, "tenant.deletion_reminder")).toEqual([]);
    await cronAt(day(23), b.tenant.id);
    await cronAt(day(24), b.tenant.id);
    expect(await emailsOf(b.tenant.id, "tenant.deletion_reminder")).toEqual([
      { to_email: b.tenant.ownerEmail, subject: expect.stringContaining("will be deleted in 7 days") },
    ]);

    const again = await schedule(admin.token, b.tenant.id, { reason: "twice" }, day(0, 60));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("already scheduled");
  });

  it("only a suspended tenant; a reason is required; unknown 404", async () => {
    const admin = await createAdmin(S);
    const active = await createTenant();
    const refused = await schedule(admin.token, active.id, { reason: "no" }, S);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("suspended");
    const b = await suspendedBusiness();
    expect((await schedule(admin.token, b.tenant.id, {}, S)).status).toBe(400);
    expect((await schedule(admin.token, b.tenant.id, { reason: " " }, S)).status).toBe(400);
    expect((await schedule(admin.token, "tnt_missing_for_sure", { reason: "x" }, S)).status).toBe(404);
    expect((await schedule(b.tenant.token, b.tenant.id, { reason: "x" }, S)).status).toBe(401);
  });
});

describe("the deletion itself", () => {
  it("30 days later the cron deletes customers, bookings' personal fields, memberships, API keys and endpoints; the books and tenant.* audit stay", async () => {
    const b = await suspendedBusiness();
    const admin = await createAdmin(S);
    await schedule(admin.token, b.tenant.id, { reason: "Closed for good" }, S);

    await cronAt(day(30, -1), b.tenant.id);
    expect((await leftOf(b.tenant.id)).customers).toBe(1);
    await cronAt(day(30), b.tenant.id);

    expect(await leftOf(b.tenant.id)).toEqual({ customers: 0, members: 0, apiKeys: 0, endpoints: 0, bookings: 1 });
    const [booking] = await testDb().select().from(schema.bookings).where(sql`id = ${b.booking.id}`);
    expect(booking).toMatchObject({ customerId: null, notes: "", totalAmount: 2500, status: "confirmed" });
    const [tenant] = await testDb().select().from(schema.tenants).where(sql`id = ${b.tenant.id}`);
    expect(tenant).toMatchObject({ deletedAt: day(30).toISOString(), isActive: false, customDomain: null, customHostnameId: null });
    // Its custom hostname goes at Cloudflare through the outbox (design.md §23's job).
    const hostnameJobs = await testDb().all<{ kind: string; idempotency_key: string }>(
      sql`SELECT kind, idempotency_key FROM jobs WHERE tenant_id = ${b.tenant.id} AND kind = 'cloudflare.hostname_delete'`,
    );
    expect(hostnameJobs).toEqual([{ kind: "cloudflare.hostname_delete", idempotency_key: `hostname-delete-${b.hostnameId}` }]);
    const actions = (
      await testDb().all<{ action: string }>(sql`SELECT action FROM audit_log WHERE target_id = ${b.tenant.id} ORDER BY created_at, seq`)
    ).map((a) => a.action);
    expect(actions).toEqual(["tenant.deletion_scheduled", "tenant.deleted"]);
  });

  it("texts and what bookings hold of guests (numbers, typed names, network) go with the business; an opt-out of such a number stays, as its hash", async () => {
    const b = await suspendedBusiness();
    const db = testDb();
    const t = S.toISOString();
    const phone = `+1415555${String(crypto.getRandomValues(new Uint32Array(1))[0] % 10_000).padStart(4, "0")}`;
    await db.run(
      sql`UPDATE bookings SET sms_opt_in = 1, sms_phone = ${phone}, sms_phone_typed = '(415) 555-0111', guest_first_name = 'Ada',
        guest_last_name = 'Lovelace', guest_phone = '(415) 555-0111', client_network = '203.0.113.7' WHERE id = ${b.booking.id}`,
    );
    await db.run(sql`INSERT INTO sms_messages (id, tenant_id, customer_id, booking_id, direction, phone, body, status, created_at, updated_at)
      VALUES (${`sms_${b.tenant.id}`}, ${b.tenant.id}, ${b.customer.id}, ${b.booking.id}, 'out', ${phone}, 'See you at 10:00', 'delivered', ${t}, ${t})`);
    await db.run(sql`INSERT OR IGNORE INTO sms_opt_outs (phone, keyword, created_at) VALUES (${phone}, 'STOP', ${t})`);
    const admin = await createAdmin(S);
    await schedule(admin.token, b.tenant.id, { reason: "Closed for good" }, S);

    await cronAt(day(30), b.tenant.id);
    const [tenant] = await db.select().from(schema.tenants).where(sql`id = ${b.tenant.id}`);
    expect(tenant.deletedAt).toBe(day(30).toISOString());
    expect(await db.all(sql`SELECT id FROM sms_messages WHERE tenant_id = ${b.tenant.id}`)).toEqual([]);
    const [booking] = await db.select().from(schema.bookings).where(sql`id = ${b.booking.id}`);
    expect(booking).toMatchObject({
      smsPhone: null,
      smsPhoneTyped: "",
      guestFirstName: null,
      guestLastName: null,
      guestPhone: null,
      clientNetwork: null,
    });
    expect(await db.all(sql`SELECT phone FROM sms_opt_outs WHERE phone = ${phone}`)).toEqual([]);
    const [hashed] = await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM sms_opt_outs WHERE phone LIKE 'sha256:%' AND keyword = 'STOP' AND created_at = ${t}`,
    );
    expect(hashed.n).toBeGreaterThan(0);
  });

  it("gift cards and packages keep their balances under the code alone; the names, addresses and account links go", async () => {
    const b = await suspendedBusiness();
    const db = testDb();
    const t = S.toISOString();
    const giftId = newId("gft");
    const creditId = newId("pkc");
    const packageId = newId("pkg");
    await db.insert(schema.giftCards).values({
      id: giftId,
      tenantId: b.tenant.id,
      status: "active",
      source: "owner",
      codeHash: `hash-${giftId}`,
      last4: "AB12",
      amount: 5000,
      balance: 3000,
      currency: "USD",
      buyerName: "Ada Lovelace",
      buyerEmail: "ada@example.test",
      recipientName: "Bea",
      recipientEmail: "bea@example.test",
      message: "Happy birthday",
      customerId: b.customer.id,
      createdAt: t,
      updatedAt: t,
    });
    await db.insert(schema.packages).values({
      id: packageId,
      tenantId: b.tenant.id,
      name: "Five cuts",
      serviceIds: [],
      sessions: 5,
      price: 12000,
      currency: "USD",
      validityDays: 365,
      createdAt: t,
      updatedAt: t,
    });
    await db.insert(schema.packageCredits).values({
      id: creditId,
      tenantId: b.tenant.id,
      packageId,
      status: "active",
      source: "owner",
      codeHash: `hash-${creditId}`,
      last4: "CD34",
      serviceIds: [],
      sessions: 5,
      credits: 4,
      price: 12000,
      currency: "USD",
      buyerName: "Ada Lovelace",
      buyerEmail: "ada@example.test",
      customerId: b.customer.id,
      customerAccountId: `cus_${creditId}`,
      createdAt: t,
      updatedAt: t,
    });
    const admin = await createAdmin(S);
    await schedule(admin.token, b.tenant.id, { reason: "Closed for good" }, S);

    await cronAt(day(30), b.tenant.id);
    const [tenant] = await db.select().from(schema.tenants).where(sql`id = ${b.tenant.id}`);
    expect(tenant.deletedAt).toBe(day(30).toISOString());
    const [card] = await db.select().from(schema.giftCards).where(sql`id = ${giftId}`);
    expect(card).toMatchObject({
      buyerName: "",
      buyerEmail: "",
      recipientName: "",
      recipientEmail: "",
      message: "",
      customerId: null,
      balance: 3000,
    });
    const [credit] = await db.select().from(schema.packageCredits).where(sql`id = ${creditId}`);
    expect(credit).toMatchObject({ buyerName: "", buyerEmail: "", customerId: null, customerAccountId: null, credits: 4 });
  });

  it("restoring the tenant cancels the deletion", async () => {
    const b = await suspendedBusiness();
    const admin = await createAdmin(S);
    await schedule(admin.token, b.tenant.id, { reason: "Closed for good" }, S);
    const later = await createAdmin(day(5));
    const restored = await patch(
      `/api/admin/tenants/${b.tenant.id}`,
      { isSuspended: false, reason: "They paid" },
      { token: later.token, now: day(5) },
    );
    expect(restored.status).toBe(200);
    const activity = await get(`/api/admin/tenants/${b.tenant.id}/activity`, { token: later.token, now: day(5) });
    expect(activity.body.data.deletion).toBeNull();
    const [audit] = await testDb().all<{ diff: string }>(
      sql`SELECT diff FROM audit_log WHERE target_id = ${b.tenant.id} AND action = 'tenant.restored'`,
    );
    expect(JSON.parse(audit.diff).deletionDueAt).toEqual({ before: day(30).toISOString(), after: null });
    await cronAt(day(31), b.tenant.id);
    expect(await leftOf(b.tenant.id)).toMatchObject({ customers: 1, apiKeys: 1, endpoints: 1 });
  });
});
