import { describe, expect, it } from "vitest";
import { runPart } from "../../../src/services/batch";
import { emailInsert } from "../../../src/services/outbox";
import { countDbRequests, get } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createMember, createTenant, uniq } from "../../helpers/factories";
import { scriptProvider } from "../email/outbox-harness";
import { createEndpoint, writeEvent, receiver as webhookReceiver } from "../webhooks/harness";
import { aheadOfWallClock, plus, pointerMessage, receiver, writeJob } from "./harness";
import { deliverBatch, script } from "../../helpers/worker-entry";

// design.md §22: failed jobs of every kind in one list, for the owner app and the operator
// console. Each failure happens for real (provider, integrator, third party refusing) through
// the queue consumer, on pinned clocks so the order is known.

/** A business with one failed e-mail, webhook delivery and jobs-table job, plus work that did not fail. */
async function businessWithFailures() {
  const tenant = await createTenant();
  const t0 = aheadOfWallClock();
  // The webhook gives up when a retry would pass 24 h after its event; the others fail just after.
  const failAt = plus(t0, 24 * 3600);

  const to = `failing-${uniq()}${uniq()}@example.test`;
  const secretText = `Secret body ${uniq()}`;
  const email = emailInsert(
    testDb(),
    { kind: "test.email", subject: "Hi", text: secretText, html: `<p>${secretText}</p>`, tenantId: tenant.id, to },
    t0,
  );
  await runPart(testDb(), email);
  await scriptProvider(to, [{ status: 422, body: { message: "Invalid `to` field" } }]);
  await deliverBatch([pointerMessage({ kind: "email", id: email.id }, { testNow: plus(failAt, -5) })]);

  const hook = webhookReceiver();
  const endpoint = await createEndpoint(tenant.token, hook.url);
  const { deliveryIds } = await writeEvent(tenant.id, t0, "booking.created", { bookingId: `bkg_${uniq()}` });
  await script({ pathPrefix: hook.path }, [{ status: 500 }]);
  await deliverBatch([pointerMessage({ kind: "webhook", id: deliveryIds[0] }, { testNow: plus(failAt, -10) })]);

  const target = receiver();
  const job = await writeJob({ url: target.url, tenantId: tenant.id, now: t0, idempotencyKey: `refund-pay_${uniq()}-1` });
  await script({ pathPrefix: target.path }, [{ status: 400 }]);
  await deliverBatch([pointerMessage(job.pointer, { testNow: plus(failAt, -1) })]);

  // Not failures: a sent e-mail, and a job still waiting.
  const sent = emailInsert(
    testDb(),
    { kind: "test.email", subject: "Ok", text: "ok", html: "ok", tenantId: tenant.id, to: `ok-${uniq()}@example.test` },
    t0,
  );
  await runPart(testDb(), sent);
  await deliverBatch([pointerMessage({ kind: "email", id: sent.id }, { testNow: t0 })]);
  await writeJob({ url: target.url, tenantId: tenant.id, now: plus(t0, 3600) });

  return { tenant, to, secretText, emailId: email.id, deliveryId: deliveryIds[0], endpointId: endpoint.id, job, t0, failAt };
}

describe("GET /api/businesses/me/failed-jobs", () => {
  it("lists the business's failed e-mails, webhook deliveries and jobs together, newest failure first, without bodies", async () => {
    const b = await businessWithFailures();
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      get("/api/businesses/me/failed-jobs", { token: b.tenant.token, dbTag }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(dbRequests).toBe(2); // the membership check, then one statement for every kind
    const [job, email, webhook] = res.body.data;
    expect(res.body.data).toHaveLength(3);
    expect(job).toEqual({
      id: b.job.id,
      kind: "test.http",
      type: "test.http",
      target: expect.stringMatching(/^refund-pay_/),
      attempts: 1,
      lastError: "HTTP 400",
      lastStatusCode: null,
      createdAt: b.t0.toISOString(),
      failedAt: expect.any(String),
      // A Stripe-like call: the operator's to retry, not the owner's.
      retryable: false,
    });
    expect(email).toMatchObject({
      id: b.emailId,
      kind: "email",
      type: "test.email",
      target: b.to,
      attempts: 1,
      lastStatusCode: null,
      retryable: true,
    });
    expect(email.lastError).toMatch(/HTTP 422.*Invalid `to` field/);
    expect(webhook).toMatchObject({
      id: b.deliveryId,
      kind: "webhook",
      type: "booking.created",
      target: b.endpointId,
      attempts: 1,
      lastStatusCode: 500,
      lastError: "gave up after 1 attempts; last: HTTP 500",
      retryable: true,
    });
    expect(Date.parse(job.failedAt)).toBeGreaterThan(Date.parse(email.failedAt));
    expect(Date.parse(email.failedAt)).toBeGreaterThan(Date.parse(webhook.failedAt));
    // No body, payload or endpoint URL reaches the list.
    expect(res.text).not.toContain(b.secretText);
    expect(res.text).not.toContain("bkg_");
    expect(res.text).not.toContain("/hook-");
  });

  it("pages with ?limit, refuses a bad limit with 400, ignores unknown keys, and shows no other business's failures", async () => {
    const b = await businessWithFailures();
    const two = await get("/api/businesses/me/failed-jobs?limit=2", { token: b.tenant.token });
    expect(two.body.data.map((j: { kind: string }) => j.kind)).toEqual(["test.http", "email"]);
    for (const q of ["limit=0", "limit=201", "limit=abc"]) {
      const bad = await get(`/api/businesses/me/failed-jobs?${q}`, { token: b.tenant.token });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("invalid_request");
    }
    // A parameter the list does not take is ignored (issue 24).
    expect((await get("/api/businesses/me/failed-jobs?limit=2&status=failed", { token: b.tenant.token })).body.data).toHaveLength(2);
    const other = await createTenant();
    expect((await get("/api/businesses/me/failed-jobs", { token: other.token })).body.data).toEqual([]);
  });

  it("is for owners and admins; staff get 403, no token 401", async () => {
    const b = await businessWithFailures();
    const admin = await createMember(b.tenant.id, "admin");
    expect((await get("/api/businesses/me/failed-jobs", { token: admin.token })).body.data).toHaveLength(3);
    const staff = await createMember(b.tenant.id, "staff");
    const refused = await get("/api/businesses/me/failed-jobs", { token: staff.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect((await get("/api/businesses/me/failed-jobs")).status).toBe(401);
  });
});

describe("GET /api/admin/tenants/:id/failed-jobs", () => {
  it("shows the operator the same list as the owner; unknown tenant 404; other tokens 401", async () => {
    const b = await businessWithFailures();
    const operator = await createAdmin();
    const res = await get(`/api/admin/tenants/${b.tenant.id}/failed-jobs`, { token: operator.token });
    expect(res.status).toBe(200);
    const owners = await get("/api/businesses/me/failed-jobs", { token: b.tenant.token });
    expect(res.body.data).toEqual(owners.body.data);
    expect((await get(`/api/admin/tenants/${b.tenant.id}/failed-jobs?limit=1`, { token: operator.token })).body.data).toHaveLength(1);

    const missing = await get("/api/admin/tenants/tnt_does_not_exist/failed-jobs", { token: operator.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    expect((await get(`/api/admin/tenants/${b.tenant.id}/failed-jobs`, { token: b.tenant.token })).status).toBe(401);
  });
});
