import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { call, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createTenant, ownerToken, uniq } from "../../helpers/factories";
import { bookableWithEndpoint, createEndpoint, hmacHex, receiver, webhookMessage } from "./harness";
import { captured, deliverBatch, workerEnv } from "../../helpers/worker-entry";

// design.md §19: customer.created, payment.succeeded, payment.failed, a signed webhook.test on
// demand, and secret rotation signing with both secrets for 24 h. Request clocks are pinned ahead
// of the wall clock so no cron tick of another file sends these deliveries first.
const NOW = new Date("2031-05-06T12:00:00Z");
const BASE = "/api/businesses/me/webhooks";

type Delivery = { id: string; eventId: string; eventType: string; status: string; createdAt: string };

async function deliveries(token: string, endpointId: string) {
  return (await get(`${BASE}/${endpointId}/deliveries`, { token })).body.data as Delivery[];
}

async function payloadOf(deliveryId: string) {
  const [row] = await testDb().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.id, deliveryId));
  return JSON.parse(row.payload);
}

/** The receiver's check from docs/webhooks.md: split the header, accept when any v1 matches. */
async function verifies(secret: string, header: string, body: string) {
  const parts = header.split(",").map((p) => p.split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const expected = await hmacHex(secret, `${t}.${body}`);
  return parts.some(([k, v]) => k === "v1" && v === expected);
}

describe("customer.created", () => {
  it("announces a new customer record once, from public and owner bookings, not a returning one", async () => {
    const tenant = await businessAtNow();
    const { service, staff, endpoint } = await bookableWithEndpoint(tenant, ["customer.created"]);
    const email = `new-${uniq()}@example.test`;
    const book = (start: string, customerEmail: string) =>
      post(
        `/api/public/${tenant.slug}/bookings`,
        {
          serviceId: service.id,
          staffProfileId: staff.id,
          startDatetime: start,
          customer: { firstName: "Nia", lastName: "New", email: customerEmail, phone: "555" },
        },
        { now: NOW },
      );
    expect((await book("2031-05-07T10:00:00", email)).status).toBe(201);
    expect((await book("2031-05-07T11:00:00", email.toUpperCase())).status).toBe(201);
    const list = await deliveries(tenant.token, endpoint.id);
    expect(list.map((d) => d.eventType)).toEqual(["customer.created"]);
    const payload = await payloadOf(list[0].id);
    const [record] = await testDb().select().from(schema.customers).where(eq(schema.customers.tenantId, tenant.id));
    expect(payload).toEqual({
      id: list[0].eventId,
      type: "customer.created",
      createdAt: NOW.toISOString(),
      tenantId: tenant.id,
      data: { customer: { id: record.id, firstName: "Nia", lastName: "New", email, phone: "555", createdAt: NOW.toISOString() } },
    });

    // A booking the business makes for someone new announces that customer too.
    const owner = await post(
      "/api/bookings",
      {
        serviceId: service.id,
        staffProfileId: staff.id,
        startDatetime: "2031-05-07T13:00:00",
        source: "phone",
        customer: { firstName: "Otto", email: `otto-${uniq()}@example.test` },
      },
      { token: tenant.token, now: NOW },
    );
    expect(owner.status).toBe(201);
    expect((await deliveries(tenant.token, endpoint.id)).map((d) => d.eventType)).toEqual(["customer.created", "customer.created"]);
  });

  it("is not written when the booking is refused (slot taken)", async () => {
    const tenant = await createTenant();
    const { service, staff, endpoint } = await bookableWithEndpoint(tenant, ["*"]);
    const body = (email: string) => ({
      serviceId: service.id,
      staffProfileId: staff.id,
      startDatetime: "2031-05-07T10:00:00",
      customer: { firstName: "A", email },
    });
    expect((await post(`/api/public/${tenant.slug}/bookings`, body(`a-${uniq()}@example.test`), { now: NOW })).status).toBe(201);
    expect((await post(`/api/public/${tenant.slug}/bookings`, body(`b-${uniq()}@example.test`), { now: NOW })).status).toBe(409);
    expect((await deliveries(tenant.token, endpoint.id)).map((d) => d.eventType).sort()).toEqual(["booking.created", "customer.created"]);
  });
});

describe("payment.succeeded and payment.failed", () => {
  async function stripeEvent(type: string, intentId: string, tenantId: string) {
    const body = JSON.stringify({
      id: `evt_${crypto.randomUUID().replace(/-/g, "")}`,
      object: "event",
      type,
      // The payment's own connected account (design.md §31: events of other accounts change nothing).
      account: "acct_hooks",
      data: { object: { id: intentId, object: "payment_intent", metadata: { tenant_id: tenantId, booking_id: "bkg_x" } } },
    });
    const t = Math.floor(NOW.getTime() / 1000);
    const signature = `t=${t},v1=${await hmacHex(workerEnv.STRIPE_WEBHOOK_SECRET, `${t}.${body}`)}`;
    return call("POST", "/api/webhooks/stripe", {
      rawBody: body,
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      now: NOW,
    });
  }

  it("are written with the payment change, once per change, carrying the payment", async () => {
    const tenant = await createTenant({ stripeAccountId: "acct_hooks" });
    const endpoint = await createEndpoint(tenant.token, receiver().url, ["payment.succeeded", "payment.failed"]);
    const quiet = await createEndpoint(tenant.token, receiver().url, ["booking.created"]);
    const id = `pay_${uniq()}${uniq()}`;
    const intentId = `pi_${crypto.randomUUID().replace(/-/g, "")}`;
    const created = "2031-05-06T11:00:00.000Z";
    await testDb().insert(schema.payments).values({
      id,
      tenantId: tenant.id,
      amount: 2500,
      currency: "USD",
      kind: "deposit",
      status: "pending",
      stripePaymentIntentId: intentId,
      createdAt: created,
      updatedAt: created,
    });

    expect((await stripeEvent("payment_intent.payment_failed", intentId, tenant.id)).status).toBe(200);
    expect((await stripeEvent("payment_intent.succeeded", intentId, tenant.id)).status).toBe(200);
    // A late failure after the success changes nothing, so it announces nothing.
    expect((await stripeEvent("payment_intent.payment_failed", intentId, tenant.id)).status).toBe(200);

    const list = await deliveries(tenant.token, endpoint.id);
    expect(list.map((d) => d.eventType).sort()).toEqual(["payment.failed", "payment.succeeded"]);
    const byType = Object.fromEntries(await Promise.all(list.map(async (d) => [d.eventType, await payloadOf(d.id)])));
    const payment = (status: string) => ({
      id,
      bookingId: null,
      amount: 2500,
      currency: "USD",
      kind: "deposit",
      status,
      stripePaymentIntentId: intentId,
      createdAt: created,
      updatedAt: NOW.toISOString(),
    });
    expect(byType["payment.failed"]).toMatchObject({ type: "payment.failed", tenantId: tenant.id, data: { payment: payment("failed") } });
    expect(byType["payment.succeeded"]).toEqual({
      id: list.find((d) => d.eventType === "payment.succeeded")?.eventId,
      type: "payment.succeeded",
      createdAt: NOW.toISOString(),
      tenantId: tenant.id,
      data: { payment: payment("succeeded") },
    });
    expect(await deliveries(tenant.token, quiet.id)).toEqual([]);
  });
});

/** A business whose owner token is valid at the pinned clock. */
async function businessAtNow(overrides: Parameters<typeof createTenant>[0] = {}) {
  const tenant = await createTenant(overrides);
  return { ...tenant, token: await ownerToken(tenant.ownerId, tenant.id, "owner", NOW) };
}

describe("POST /api/businesses/me/webhooks/:id/test", () => {
  it("sends a signed webhook.test to that endpoint only, whatever it subscribes to", async () => {
    const tenant = await businessAtNow();
    const hook = receiver();
    const endpoint = await createEndpoint(tenant.token, hook.url, ["booking.cancelled"]);
    const other = await createEndpoint(tenant.token, receiver().url, ["*"]);
    const res = await post(`${BASE}/${endpoint.id}/test`, undefined, { token: tenant.token, now: NOW });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ eventType: "webhook.test", status: "pending", attempts: 0 });
    expect(await deliveries(tenant.token, other.id)).toEqual([]);

    await deliverBatch([webhookMessage(res.body.data.id, { testNow: NOW })]);
    const [request] = await captured({ pathPrefix: hook.path });
    const body = JSON.parse(request.body);
    expect(body).toEqual({
      id: res.body.data.eventId,
      type: "webhook.test",
      createdAt: NOW.toISOString(),
      tenantId: tenant.id,
      data: { endpointId: endpoint.id, message: "This is a test event sent from the booking platform." },
    });
    expect(request.headers["webhook-id"]).toBe(body.id);
    expect(await verifies(endpoint.secret, request.headers["webhook-signature"], request.body)).toBe(true);
    expect((await deliveries(tenant.token, endpoint.id))[0]).toMatchObject({ eventType: "webhook.test", status: "delivered" });
  });

  it("is for owners and admins, and only for the business's own endpoints", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    const endpoint = await createEndpoint(tenant.token, receiver().url);
    expect((await post(`${BASE}/${endpoint.id}/test`, undefined, { token: staff.token })).status).toBe(403);
    const foreign = await post(`${BASE}/${endpoint.id}/test`, undefined, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
    expect((await post(`${BASE}/${endpoint.id}/rotate-secret`, undefined, { token: other.token })).status).toBe(404);
    expect((await post(`${BASE}/${endpoint.id}/rotate-secret`, undefined, { token: staff.token })).status).toBe(403);
    expect(await deliveries(tenant.token, endpoint.id)).toEqual([]);
  });
});

describe("POST /api/businesses/me/webhooks/:id/rotate-secret", () => {
  it("returns a new secret once and signs with both secrets for 24 hours, then with the new one only", async () => {
    const tenant = await businessAtNow();
    const hook = receiver();
    const endpoint = await createEndpoint(tenant.token, hook.url);
    const rotated = await post(`${BASE}/${endpoint.id}/rotate-secret`, undefined, { token: tenant.token, now: NOW });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get("Cache-Control")).toBe("no-store");
    const data = rotated.body.data;
    expect(data).toMatchObject({ id: endpoint.id, url: endpoint.url, events: endpoint.events, isActive: true });
    expect(data.secret).toMatch(/^whsec_/);
    expect(data.secret).not.toBe(endpoint.secret);
    expect(data.previousSecretExpiresAt).toBe("2031-05-07T12:00:00.000Z");
    // Never shown again.
    expect((await get(`${BASE}/${endpoint.id}`, { token: tenant.token })).text).not.toContain(data.secret);

    const send = async (at: Date) => {
      const token = await ownerToken(tenant.ownerId, tenant.id, "owner", at);
      const test = await post(`${BASE}/${endpoint.id}/test`, undefined, { token, now: at });
      await deliverBatch([webhookMessage(test.body.data.id, { testNow: at })]);
      const requests = await captured({ pathPrefix: hook.path });
      return requests.find((r) => JSON.parse(r.body).id === test.body.data.eventId);
    };

    const during = await send(new Date(NOW.getTime() + 23 * 3600_000));
    const header = during?.headers["webhook-signature"] ?? "";
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(await verifies(data.secret, header, during?.body ?? "")).toBe(true);
    expect(await verifies(endpoint.secret, header, during?.body ?? "")).toBe(true);

    const after = await send(new Date(NOW.getTime() + 24 * 3600_000 + 1000));
    const afterHeader = after?.headers["webhook-signature"] ?? "";
    expect(afterHeader).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifies(data.secret, afterHeader, after?.body ?? "")).toBe(true);
    expect(await verifies(endpoint.secret, afterHeader, after?.body ?? "")).toBe(false);
  });

  it("rotating again drops the oldest secret at once: at most two secrets sign", async () => {
    const tenant = await businessAtNow();
    const hook = receiver();
    const endpoint = await createEndpoint(tenant.token, hook.url);
    const second = (await post(`${BASE}/${endpoint.id}/rotate-secret`, undefined, { token: tenant.token, now: NOW })).body.data.secret;
    const third = (await post(`${BASE}/${endpoint.id}/rotate-secret`, undefined, { token: tenant.token, now: NOW })).body.data.secret;
    const test = await post(`${BASE}/${endpoint.id}/test`, undefined, { token: tenant.token, now: NOW });
    await deliverBatch([webhookMessage(test.body.data.id, { testNow: NOW })]);
    const [request] = await captured({ pathPrefix: hook.path });
    const header = request.headers["webhook-signature"];
    expect(await verifies(third, header, request.body)).toBe(true);
    expect(await verifies(second, header, request.body)).toBe(true);
    expect(await verifies(endpoint.secret, header, request.body)).toBe(false);
  });
});
