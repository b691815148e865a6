import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { patch } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createCustomerAccount, createTenant } from "../../helpers/factories";
import { tenantOutboxRows } from "../../helpers/outbox";

const NOW = "2026-04-01T12:00:00.000Z";

async function auditRows(tenantId: string) {
  return testDb().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, tenantId)).orderBy(asc(schema.auditLog.seq));
}
async function tenantRow(id: string) {
  return (await testDb().select().from(schema.tenants).where(eq(schema.tenants.id, id)))[0];
}
async function suspensionEmails(tenantId: string) {
  return tenantOutboxRows(testDb(), tenantId, "tenant.suspended");
}

describe("PATCH /api/admin/tenants/:id", () => {
  it("suspends: one tenant.suspended row with the full diff, one e-mail to the owner, the view after", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant();
    const res = await patch(
      `/api/admin/tenants/${tenant.id}`,
      { isSuspended: true, suspendedReason: "Unpaid", reason: " ops ticket 1 " },
      { token: admin.token, now: NOW },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: tenant.id, isSuspended: true, suspendedReason: "Unpaid", suspendedAt: NOW });
    expect(res.body.data.audit).toHaveLength(1);
    const rows = await auditRows(tenant.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "tenant.suspended",
      actorType: "admin",
      actorId: admin.id,
      targetType: "tenant",
      reason: " ops ticket 1 ",
    });
    expect(rows[0].diff).toEqual({
      isSuspended: { before: false, after: true },
      suspendedAt: { before: null, after: NOW },
      suspendedReason: { before: null, after: "Unpaid" },
    });
    const mails = await suspensionEmails(tenant.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].toEmail).toBe(tenant.ownerEmail);
    expect(mails[0].textBody).toContain("Unpaid");

    // Repeating it changes nothing: no row, no e-mail, no re-stamp.
    const again = await patch(
      `/api/admin/tenants/${tenant.id}`,
      { isSuspended: true, suspendedReason: "Unpaid", reason: "again" },
      { token: admin.token, now: "2026-04-02T12:00:00.000Z" },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.suspendedAt).toBe(NOW);
    expect(await auditRows(tenant.id)).toHaveLength(1);
    expect(await suspensionEmails(tenant.id)).toHaveLength(1);
  });

  it("two concurrent suspends write one audit row and one e-mail", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant();
    const body = { isSuspended: true, suspendedReason: "Race", reason: "race" };
    const results = await Promise.all([1, 2, 3].map(() => patch(`/api/admin/tenants/${tenant.id}`, body, { token: admin.token })));
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect((await auditRows(tenant.id)).map((r) => r.action)).toEqual(["tenant.suspended"]);
    expect(await suspensionEmails(tenant.id)).toHaveLength(1);
    expect((await tenantRow(tenant.id)).isSuspended).toBe(true);
  });

  it("restores: tenant.restored clears suspendedAt and suspendedReason", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant({ isSuspended: true, suspendedAt: "2026-01-01T00:00:00.000Z", suspendedReason: "Fraud" });
    const res = await patch(`/api/admin/tenants/${tenant.id}`, { isSuspended: false, reason: "cleared" }, { token: admin.token, now: NOW });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isSuspended: false, suspendedAt: null, suspendedReason: null });
    const rows = await auditRows(tenant.id);
    expect(rows.map((r) => r.action)).toEqual(["tenant.restored"]);
    expect(rows[0].diff).toEqual({
      isSuspended: { before: true, after: false },
      suspendedAt: { before: "2026-01-01T00:00:00.000Z", after: null },
      suspendedReason: { before: "Fraud", after: null },
    });
    expect(await suspensionEmails(tenant.id)).toHaveLength(0);
  });

  it("plan always writes tenant.plan_changed; plan + trialEndsAt also writes tenant.updated with distinct seq", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant();
    const same = await patch(`/api/admin/tenants/${tenant.id}`, { plan: "free", reason: "confirm" }, { token: admin.token, now: NOW });
    expect(same.status).toBe(200);
    expect((await auditRows(tenant.id)).map((r) => [r.action, r.diff])).toEqual([
      ["tenant.plan_changed", { plan: { before: "free", after: "free" } }],
    ]);

    const tenant2 = await createTenant();
    const res = await patch(
      `/api/admin/tenants/${tenant2.id}`,
      { plan: "pro", trialEndsAt: "2026-05-01T02:00:00+02:00", reason: "upgrade" },
      { token: admin.token, now: NOW },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ plan: "pro", trialEndsAt: "2026-05-01T00:00:00.000Z" });
    const rows = await auditRows(tenant2.id);
    expect(rows.map((r) => [r.action, r.seq, r.diff])).toEqual([
      ["tenant.plan_changed", 0, { plan: { before: "free", after: "pro" } }],
      ["tenant.updated", 1, { trialEndsAt: { before: null, after: "2026-05-01T00:00:00.000Z" } }],
    ]);
  });

  it("suspendedReason alone writes tenant.updated", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant({ isSuspended: true, suspendedAt: "2026-01-01T00:00:00.000Z", suspendedReason: "A" });
    const res = await patch(`/api/admin/tenants/${tenant.id}`, { suspendedReason: "B", reason: "typo" }, { token: admin.token, now: NOW });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isSuspended: true, suspendedReason: "B", suspendedAt: "2026-01-01T00:00:00.000Z" });
    const rows = await auditRows(tenant.id);
    expect(rows.map((r) => [r.action, r.diff])).toEqual([["tenant.updated", { suspendedReason: { before: "A", after: "B" } }]]);
    expect(await suspensionEmails(tenant.id)).toHaveLength(0);
  });

  it("400s bad bodies and changes nothing; 404 unknown; 401 for non-admin tokens", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant();
    const before = await tenantRow(tenant.id);
    const bad: [unknown, string | null][] = [
      [{ isSuspended: true }, "reason"],
      [{ isSuspended: true, reason: "   " }, "reason"],
      [{ reason: "only" }, null],
      [{ isSuspended: true, reason: "x", businessName: "New" }, null],
      [{ plan: "gold", reason: "x" }, "plan"],
      [{ trialEndsAt: "not a date", reason: "x" }, "trialEndsAt"],
      [{ suspendedReason: "x".repeat(501), reason: "x" }, "suspendedReason"],
      [{ plan: "pro", reason: "x".repeat(501) }, "reason"],
    ];
    for (const [body, field] of bad) {
      const res = await patch(`/api/admin/tenants/${tenant.id}`, body, { token: admin.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      if (field) expect(Object.keys(res.body.error.details.fieldErrors)).toContain(field);
    }
    expect(await tenantRow(tenant.id)).toEqual(before);
    expect(await auditRows(tenant.id)).toHaveLength(0);

    const missing = await patch(`/api/admin/tenants/tnt_nope`, { plan: "pro", reason: "x" }, { token: admin.token });
    expect(missing.status).toBe(404);
    const customer = await createCustomerAccount();
    for (const token of [tenant.token, customer.token]) {
      const res = await patch(`/api/admin/tenants/${tenant.id}`, { isSuspended: true, reason: "x" }, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized" });
    }
    expect((await tenantRow(tenant.id)).isSuspended).toBe(false);
  });
});
