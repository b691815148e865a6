import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, get } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import {
  createAdmin,
  createBookingRow,
  createCustomer,
  createCustomerAccount,
  createMember,
  createService,
  createStaff,
  createTenant,
} from "../../helpers/factories";

const KEYS = [
  "id",
  "slug",
  "businessName",
  "businessType",
  "email",
  "phone",
  "plan",
  "planStatus",
  "isActive",
  "isSuspended",
  "suspendedReason",
  "suspendedAt",
  "trialEndsAt",
  "createdAt",
  "customDomain",
  "widgetColor",
  "description",
  "addressLine1",
  "city",
  "country",
  "users",
  "counts",
  "recentBookings",
  "audit",
];

describe("GET /api/admin/tenants/:id", () => {
  it("returns the operator view with exact keys, members, counts, in one round trip", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant({ city: "Lisbon", country: "Portugal" });
    const staffMember = await createMember(tenant.id, "staff");
    const svc = await createService(tenant.id);
    await createService(tenant.id, { deletedAt: "2026-01-01T00:00:00.000Z" });
    const stf = await createStaff(tenant.id);
    await createCustomer(tenant.id);
    const b = await createBookingRow(tenant.id, svc.id, stf.id, new Date("2026-03-01T10:00:00.000Z"), 30);

    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      get(`/api/admin/tenants/${tenant.id}`, { token: admin.token, dbTag }),
    );
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(1);
    const v = res.body.data;
    expect(Object.keys(v)).toEqual(KEYS);
    expect(v).toMatchObject({ id: tenant.id, slug: tenant.slug, city: "Lisbon", isSuspended: false, suspendedAt: null, plan: "free" });
    expect(v.counts).toEqual({ bookings: 1, customers: 1, services: 1, staff: 1 });
    expect(v.users).toHaveLength(2);
    expect(Object.keys(v.users[0])).toEqual(["id", "email", "role", "firstName", "lastName", "isActive", "createdAt"]);
    expect(v.users.map((u: { id: string; role: string }) => [u.id, u.role]).sort()).toEqual(
      [
        [tenant.ownerId, "owner"],
        [staffMember.userId, "staff"],
      ].sort(),
    );
    expect(v.recentBookings).toEqual([
      { id: b.id, startDatetime: "2026-03-01T10:00:00.000Z", status: "confirmed", totalAmount: 2500, currency: "USD" },
    ]);
    expect(v.audit).toEqual([]);
  });

  it("shows the 10 most recent bookings and 50 most recent audit rows, newest first", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant();
    const svc = await createService(tenant.id);
    const stf = await createStaff(tenant.id);
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      const created = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      ids.push((await createBookingRow(tenant.id, svc.id, stf.id, new Date(Date.UTC(2026, 5, 1 + i, 10)), 30, { createdAt: created })).id);
    }
    const db = testDb();
    const auditIds = Array.from({ length: 51 }, (_, i) => `aud_view_${tenant.id}_${String(i).padStart(2, "0")}`);
    await db.insert(schema.auditLog).values(
      auditIds.map((id, i) => ({
        id,
        action: "tenant.updated",
        actorType: "admin",
        actorId: admin.id,
        targetType: "tenant",
        targetId: tenant.id,
        reason: `r${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        seq: 0,
      })),
    );
    const res = await get(`/api/admin/tenants/${tenant.id}`, { token: admin.token });
    expect(res.body.data.recentBookings.map((b: { id: string }) => b.id)).toEqual(ids.slice(1).reverse());
    expect(res.body.data.audit.map((a: { id: string }) => a.id)).toEqual(auditIds.slice(1).reverse());
    expect(res.body.data.audit[0]).toEqual({
      id: auditIds[50],
      action: "tenant.updated",
      actorId: admin.id,
      targetId: tenant.id,
      reason: "r50",
      createdAt: "2026-01-01T00:00:50.000Z",
    });
  });

  it("404s an unknown tenant and refuses non-admin tokens", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant();
    const customer = await createCustomerAccount();
    const missing = await get(`/api/admin/tenants/tnt_nope`, { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    for (const token of [tenant.token, customer.token, undefined]) {
      const res = await get(`/api/admin/tenants/${tenant.id}`, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized" });
    }
  });
});

describe("GET /api/admin/tenants", () => {
  it("lists newest first with the owner's e-mail, searches case-insensitively and filters by status and plan", async () => {
    const admin = await createAdmin();
    const tag = `lst${crypto.randomUUID().slice(0, 8)}`;
    const a = await createTenant({ businessName: `Alpha ${tag.toUpperCase()}`, createdAt: "2026-01-01T00:00:00.000Z" });
    const b = await createTenant({ businessName: `Beta ${tag}`, plan: "pro", isSuspended: true, createdAt: "2026-01-02T00:00:00.000Z" });
    const c = await createTenant({
      businessName: `Gamma ${tag}`,
      trialEndsAt: "2026-06-01T00:00:00.000Z",
      createdAt: "2026-01-03T00:00:00.000Z",
    });
    const d = await createTenant({
      businessName: `Delta ${tag}`,
      trialEndsAt: "2026-02-01T00:00:00.000Z",
      createdAt: "2026-01-04T00:00:00.000Z",
    });
    const q = (s: string) => get(`/api/admin/tenants?search=${tag}${s}`, { token: admin.token });

    const all = await q("");
    expect(all.status).toBe(200);
    expect(all.body.data.map((t: { id: string }) => t.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect(all.body.data[3]).toEqual({
      id: a.id,
      slug: a.slug,
      businessName: `Alpha ${tag.toUpperCase()}`,
      plan: "free",
      planStatus: "active",
      isActive: true,
      isSuspended: false,
      trialEndsAt: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      ownerEmail: a.ownerEmail,
    });
    expect((await q("&status=suspended")).body.data.map((t: { id: string }) => t.id)).toEqual([b.id]);
    expect((await q("&status=active")).body.data.map((t: { id: string }) => t.id)).toEqual([d.id, c.id, a.id]);
    expect((await q("&plan=pro")).body.data.map((t: { id: string }) => t.id)).toEqual([b.id]);
    expect((await q("&limit=2")).body.data).toHaveLength(2);
    const byOwner = await get(`/api/admin/tenants?search=${encodeURIComponent(a.ownerEmail.toUpperCase())}`, { token: admin.token });
    expect(byOwner.body.data.map((t: { id: string }) => t.id)).toEqual([a.id]);
    const bySlug = await get(`/api/admin/tenants?search=${c.slug}`, { token: admin.token });
    expect(bySlug.body.data.map((t: { id: string }) => t.id)).toEqual([c.id]);
  });

  it("trial means trial_ends_at in the future (request clock); bad queries are 400; non-admins 401", async () => {
    const admin = await createAdmin();
    const tag = `trl${crypto.randomUUID().slice(0, 8)}`;
    const future = await createTenant({ businessName: `F ${tag}`, trialEndsAt: "2099-01-01T00:00:00.000Z" });
    await createTenant({ businessName: `P ${tag}`, trialEndsAt: "2000-01-01T00:00:00.000Z" });
    const res = await get(`/api/admin/tenants?search=${tag}&status=trial`, { token: admin.token });
    expect(res.body.data.map((t: { id: string }) => t.id)).toEqual([future.id]);
    for (const qs of ["limit=0", "limit=201", "status=closed", "plan=gold"]) {
      const bad = await get(`/api/admin/tenants?${qs}`, { token: admin.token });
      expect(bad.status, qs).toBe(400);
      expect(bad.body.error.code).toBe("invalid_request");
    }
    // An unknown parameter is ignored (issue 24).
    expect((await get(`/api/admin/tenants?search=${tag}&status=trial&foo=1`, { token: admin.token })).body.data).toHaveLength(1);
    const res401 = await get(`/api/admin/tenants`, { token: future.token });
    expect(res401.status).toBe(401);
    expect(res401.body).toEqual({ error: "unauthorized" });
  });
});
