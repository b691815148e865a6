// PENDING: rename to suspension.test.ts once PATCH /api/admin/tenants/:id (admin work) lands; it
// is named .pending.ts so the suite stays green meanwhile (still typechecked).
import { describe, expect, it } from "vitest";
import { patch } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createTenant, uniq } from "../../helpers/factories";
import { eventually, providerRequests } from "./outbox-harness";
import { outboxRows } from "../../helpers/outbox";

// Through the real operator route: the PATCH writes the outbox row in its own batch and enqueues
// it; the local queue hands the message to the Worker's consumer, which sends it to the provider.

const outboxRowsTo = (to: string) => outboxRows(testDb(), to);

describe("suspension e-mail", () => {
  it("a suspension delivers one e-mail with the reason to the owner", async () => {
    const tenant = await createTenant({ businessName: `Salon ${uniq()}` });
    const admin = await createAdmin();
    const reason = `Chargebacks under review ${uniq()}`;
    const res = await patch(
      `/api/admin/tenants/${tenant.id}`,
      { isSuspended: true, suspendedReason: reason, reason: "risk team request" },
      { token: admin.token },
    );
    expect(res.status).toBe(200);

    const [email] = await eventually(
      async () => {
        const r = await providerRequests(tenant.ownerEmail);
        return r.length ? r : undefined;
      },
      20_000,
      "the suspension e-mail",
    );
    const body = JSON.parse(email.body);
    expect(body.to).toEqual([tenant.ownerEmail]);
    expect(body.subject).toMatch(/suspended/i);
    expect(body.text).toContain(`Reason: ${reason}`);
    expect(body.html).toContain(reason);

    const rows = await eventually(async () => {
      const r = await outboxRowsTo(tenant.ownerEmail);
      return r.every((row) => row.status === "sent") ? r : undefined;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "tenant.suspended", tenantId: tenant.id, attempts: 1 });
    expect(email.headers["idempotency-key"]).toBe(rows[0].id);
    expect(await providerRequests(tenant.ownerEmail)).toHaveLength(1);
  });

  it("repeating the suspension does not e-mail the owner again", async () => {
    const tenant = await createTenant();
    const admin = await createAdmin();
    const body = { isSuspended: true, suspendedReason: `Unpaid ${uniq()}`, reason: "billing" };
    expect((await patch(`/api/admin/tenants/${tenant.id}`, body, { token: admin.token })).status).toBe(200);
    expect((await patch(`/api/admin/tenants/${tenant.id}`, body, { token: admin.token })).status).toBe(200);

    await eventually(async () => {
      const rows = await outboxRowsTo(tenant.ownerEmail);
      return rows.length > 0 && rows.every((r) => r.status === "sent") ? rows : undefined;
    }, 20_000);
    expect(await outboxRowsTo(tenant.ownerEmail)).toHaveLength(1);
    expect(await providerRequests(tenant.ownerEmail)).toHaveLength(1);
  });
});
