import { describe, expect, it } from "vitest";
import { get, post } from "../../helpers/api";
import { createService, createStaff, createTenant, uniq } from "../../helpers/factories";
import { bookableWithEndpoint, createEndpoint, hmacHex, receiver, webhookMessage } from "./harness";
import { captured, deliverBatch } from "../../helpers/worker-entry";

// End to end: the public booking routes write the deliveries (same batch as the booking), the
// queue consumer sends them. The request clock is pinned to a date ahead of the wall clock, so
// the pool's own queue consumer and any cron tick find these rows not yet due; this test drives
// the consumer itself with the same clock.
const NOW = new Date("2027-04-01T12:00:00Z");

async function deliveries(token: string, endpointId: string) {
  const res = await get(`/api/businesses/me/webhooks/${endpointId}/deliveries`, { token });
  return res.body.data as { id: string; eventId: string; eventType: string; status: string }[];
}

describe("booking events reach integrators", () => {
  it("sends booking.created and booking.cancelled, each signed, each once", async () => {
    const tenant = await createTenant();
    const service = await createService(tenant.id, { durationMinutes: 60, price: 4500 });
    const staff = await createStaff(tenant.id);
    const hook = receiver();
    const endpoint = await createEndpoint(tenant.token, hook.url, ["booking.created", "booking.cancelled"]);
    const email = `ada-${uniq()}@example.test`;

    const created = await post(
      `/api/public/${tenant.slug}/bookings`,
      { serviceId: service.id, staffProfileId: staff.id, startDatetime: "2027-04-02T10:00:00", customer: { firstName: "Ada", email } },
      { now: NOW },
    );
    expect(created.status).toBe(201);
    const booking = created.body.data as { id: string; confirmationCode: string };

    const [first] = await deliveries(tenant.token, endpoint.id);
    expect(first).toMatchObject({ eventType: "booking.created", status: "pending" });
    expect((await deliverBatch([webhookMessage(first.id, { testNow: NOW })])).retryMessages).toEqual([]);

    const cancelAt = new Date(NOW.getTime() + 3600_000);
    const cancelled = await post(`/api/public/booking/${booking.confirmationCode}/cancel`, { reason: "sick" }, { now: cancelAt });
    expect(cancelled.status).toBe(200);
    const list = await deliveries(tenant.token, endpoint.id);
    expect(list.map((d) => d.eventType)).toEqual(["booking.cancelled", "booking.created"]);
    await deliverBatch([webhookMessage(list[0].id, { testNow: cancelAt })]);

    const requests = await captured({ pathPrefix: hook.path });
    expect(requests).toHaveLength(2);
    const bodies = requests.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type)).toEqual(["booking.created", "booking.cancelled"]);
    expect(bodies.map((b) => b.id)).toEqual([first.eventId, list[0].eventId]);
    expect(bodies[0].id).not.toBe(bodies[1].id);
    for (const [i, r] of requests.entries()) {
      expect(bodies[i].tenantId).toBe(tenant.id);
      expect(JSON.stringify(bodies[i].data)).toContain(booking.id);
      expect(r.headers["webhook-id"]).toBe(bodies[i].id);
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r.headers["webhook-signature"])!;
      expect(v1).toBe(await hmacHex(endpoint.secret, `${t}.${r.body}`));
    }
    expect((await deliveries(tenant.token, endpoint.id)).map((d) => d.status)).toEqual(["delivered", "delivered"]);
  });

  it("writes nothing for an endpoint not subscribed to the event", async () => {
    const tenant = await createTenant();
    const { service, staff, endpoint } = await bookableWithEndpoint(tenant, ["booking.rescheduled"]);
    const res = await post(
      `/api/public/${tenant.slug}/bookings`,
      {
        serviceId: service.id,
        staffProfileId: staff.id,
        startDatetime: "2027-04-02T11:00:00",
        customer: { firstName: "Bo", email: `bo-${uniq()}@example.test` },
      },
      { now: NOW },
    );
    expect(res.status).toBe(201);
    expect(await deliveries(tenant.token, endpoint.id)).toEqual([]);
  });
});
