import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, del, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createTenant } from "../../helpers/factories";
import { aheadOfWallClock, createEndpoint, receiver, writeEvent } from "./harness";

const BASE = "/api/businesses/me/webhooks";

describe("webhook endpoints", () => {
  it("creates an endpoint and shows its signing secret once, never again", async () => {
    const tenant = await createTenant();
    const { url } = receiver();
    const res = await post(BASE, { url, events: ["booking.created", "booking.cancelled"] }, { token: tenant.token });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^whe_/),
      url,
      events: ["booking.created", "booking.cancelled"],
      isActive: true,
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{40,}$/),
    });
    const { id, secret } = res.body.data;

    const list = await get(BASE, { token: tenant.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { id, url, events: ["booking.created", "booking.cancelled"], isActive: true, createdAt: res.body.data.createdAt },
    ]);
    const one = await get(`${BASE}/${id}`, { token: tenant.token });
    expect(one.body.data).toEqual(list.body.data[0]);
    expect(list.text).not.toContain(secret);
    expect(one.text).not.toContain(secret);
  });

  it('normalises "*" and duplicate event types', async () => {
    const tenant = await createTenant();
    const all = await post(BASE, { url: receiver().url, events: ["booking.created", "*"] }, { token: tenant.token });
    expect(all.body.data.events).toEqual(["*"]);
    const dup = await post(BASE, { url: receiver().url, events: ["booking.rescheduled", "booking.rescheduled"] }, { token: tenant.token });
    expect(dup.body.data.events).toEqual(["booking.rescheduled"]);
  });

  it.each([
    ["an unknown event type", { url: "https://example.com/h", events: ["booking.deleted"] }, "events.0"],
    ["no event types", { url: "https://example.com/h", events: [] }, "events"],
    ["a non-http URL", { url: "ftp://example.com/h", events: ["*"] }, "url"],
    ["a relative URL", { url: "/hook", events: ["*"] }, "url"],
    ["a missing URL", { events: ["*"] }, "url"],
    ["an unknown field", { url: "https://example.com/h", events: ["*"], secret: "mine" }, "secret"],
  ])("refuses %s with 400 invalid_request and creates nothing", async (_label, body, field) => {
    const tenant = await createTenant();
    const res = await post(BASE, body, { token: tenant.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.details.fieldErrors[field]).toBeDefined();
    expect((await get(BASE, { token: tenant.token })).body.data).toEqual([]);
  });

  it("lets only owners and admins create and delete; staff may read", async () => {
    const tenant = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    const admin = await createMember(tenant.id, "admin");
    expect((await post(BASE, { url: receiver().url, events: ["*"] }, { token: staff.token })).status).toBe(403);
    const created = await post(BASE, { url: receiver().url, events: ["*"] }, { token: admin.token });
    expect(created.status).toBe(201);
    expect((await get(BASE, { token: staff.token })).body.data).toHaveLength(1);
    expect((await del(`${BASE}/${created.body.data.id}`, { token: staff.token })).status).toBe(403);
    expect((await del(`${BASE}/${created.body.data.id}`, { token: admin.token })).status).toBe(200);
  });

  it("caps endpoints per business with 409 conflict", async () => {
    const tenant = await createTenant();
    for (let i = 0; i < 10; i++) await createEndpoint(tenant.token, receiver().url);
    const res = await post(BASE, { url: receiver().url, events: ["*"] }, { token: tenant.token });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect((await get(BASE, { token: tenant.token })).body.data).toHaveLength(10);
  });

  it("deletes an endpoint with its delivery log; it then no longer receives events", async () => {
    const tenant = await createTenant();
    const endpoint = await createEndpoint(tenant.token, receiver().url);
    const { deliveryIds } = await writeEvent(tenant.id, aheadOfWallClock());
    expect(deliveryIds).toHaveLength(1);

    const res = await del(`${BASE}/${endpoint.id}`, { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: endpoint.id });
    expect(await testDb().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
    expect((await get(`${BASE}/${endpoint.id}`, { token: tenant.token })).status).toBe(404);
    expect((await writeEvent(tenant.id, aheadOfWallClock())).deliveryIds).toEqual([]);
  });

  it("answers 404 for another tenant's endpoint and delivery ids, changing nothing", async () => {
    const owner = await createTenant();
    const intruder = await createTenant();
    const endpoint = await createEndpoint(owner.token, receiver().url);
    const { deliveryIds } = await writeEvent(owner.id, aheadOfWallClock());
    const paths = [
      ["GET", `${BASE}/${endpoint.id}`],
      ["GET", `${BASE}/${endpoint.id}/deliveries`],
      ["DELETE", `${BASE}/${endpoint.id}`],
      ["POST", `${BASE}/${endpoint.id}/deliveries/${deliveryIds[0]}/redeliver`],
    ] as const;
    for (const [method, path] of paths) {
      const res =
        method === "GET"
          ? await get(path, { token: intruder.token })
          : method === "DELETE"
            ? await del(path, { token: intruder.token })
            : await post(path, undefined, { token: intruder.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await get(BASE, { token: intruder.token })).body.data).toEqual([]);
    expect((await get(`${BASE}/${endpoint.id}`, { token: owner.token })).status).toBe(200);
    expect((await get(`${BASE}/${endpoint.id}/deliveries`, { token: owner.token })).body.data).toHaveLength(1);
  });

  it("lists deliveries newest first with their log fields, in one round trip after auth", async () => {
    const tenant = await createTenant();
    const endpoint = await createEndpoint(tenant.token, receiver().url);
    const t0 = aheadOfWallClock();
    const first = await writeEvent(tenant.id, t0, "booking.created");
    const second = await writeEvent(tenant.id, new Date(t0.getTime() + 1000), "booking.cancelled");

    const { result, dbRequests } = await countDbRequests((dbTag) =>
      get(`${BASE}/${endpoint.id}/deliveries`, { token: tenant.token, dbTag }),
    );
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(2);
    expect(result.body.data).toEqual([
      {
        id: second.deliveryIds[0],
        eventId: second.eventId,
        eventType: "booking.cancelled",
        status: "pending",
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
        deliveredAt: null,
        nextAttemptAt: new Date(t0.getTime() + 1000).toISOString(),
        createdAt: new Date(t0.getTime() + 1000).toISOString(),
      },
      expect.objectContaining({ id: first.deliveryIds[0], eventId: first.eventId, eventType: "booking.created" }),
    ]);
    expect((await get(`${BASE}/${endpoint.id}/deliveries?limit=1`, { token: tenant.token })).body.data).toHaveLength(1);
    expect((await get(`${BASE}/${endpoint.id}/deliveries?limit=201`, { token: tenant.token })).status).toBe(400);
  });

  it("subscribes endpoints to the event types they chose", async () => {
    const tenant = await createTenant();
    const cancelledOnly = await createEndpoint(tenant.token, receiver().url, ["booking.cancelled"]);
    const everything = await createEndpoint(tenant.token, receiver().url, ["*"]);
    const created = await writeEvent(tenant.id, aheadOfWallClock(), "booking.created");
    const cancelled = await writeEvent(tenant.id, aheadOfWallClock(), "booking.cancelled");
    expect(created.deliveryIds).toHaveLength(1);
    expect(cancelled.deliveryIds).toHaveLength(2);
    expect(
      (await get(`${BASE}/${cancelledOnly.id}/deliveries`, { token: tenant.token })).body.data.map(
        (d: { eventType: string }) => d.eventType,
      ),
    ).toEqual(["booking.cancelled"]);
    expect((await get(`${BASE}/${everything.id}/deliveries`, { token: tenant.token })).body.data).toHaveLength(2);
  });
});
