import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, schema } from "../../../src/db/client";
import { deliverOne } from "../../../src/services/webhooks/delivery";
import { countDbRequests, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createTenant } from "../../helpers/factories";
import { aheadOfWallClock, createEndpoint, deliveryRow, hmacHex, receiver, webhookMessage, writeEvent } from "./harness";
import { captured, cronUntil, deliverBatch, runCron, script } from "../../helpers/worker-entry";

// Queue and cron cases share one file: tests in a file run one after another, so this file's
// cron ticks never take a row in the middle of one of its queue cases. Queue cases write their
// events half an hour ahead of the wall clock and pin the consumer's clock (testNow) to that
// frame, so no cron tick of any file finds their rows due.

const seconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

/** The consumer's pinned clock keeps ticking from testNow, so an instant it wrote is a little later. */
function expectAbout(iso: string, expected: Date) {
  const drift = new Date(iso).getTime() - expected.getTime();
  expect(drift).toBeGreaterThanOrEqual(0);
  expect(drift).toBeLessThan(2000);
}

async function setup(events: string[] = ["*"]) {
  const tenant = await createTenant();
  const hook = receiver();
  const endpoint = await createEndpoint(tenant.token, hook.url, events);
  return { tenant, hook, endpoint };
}

describe("outbound webhook delivery (queue)", () => {
  it("POSTs the event signed with the endpoint's secret, verifiable with the documented recipe", async () => {
    const { tenant, hook, endpoint } = await setup();
    const t0 = aheadOfWallClock();
    const { eventId, deliveryIds } = await writeEvent(tenant.id, t0, "booking.created", { bookingId: "bkg_signed", status: "confirmed" });

    const msg = webhookMessage(deliveryIds[0], { testNow: t0 });
    const result = await deliverBatch([msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);

    const [req] = await captured({ pathPrefix: hook.path });
    expect(req.method).toBe("POST");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["webhook-id"]).toBe(eventId);
    expect(JSON.parse(req.body)).toEqual({
      id: eventId,
      type: "booking.created",
      createdAt: t0.toISOString(),
      tenantId: tenant.id,
      data: { bookingId: "bkg_signed", status: "confirmed" },
    });
    // docs/webhooks.md: t = Unix seconds of sending; v1 = hex HMAC-SHA-256(secret, `${t}.${raw body}`).
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(req.headers["webhook-signature"]);
    expect(m).not.toBeNull();
    const t = Number(m![1]);
    expect(Math.abs(t - Math.floor(t0.getTime() / 1000))).toBeLessThanOrEqual(2);
    expect(m![2]).toBe(await hmacHex(endpoint.secret, `${t}.${req.body}`));
    expect(m![2]).not.toBe(await hmacHex(endpoint.secret, `${t}.${req.body.replace("bkg_signed", "bkg_forged")}`));

    const row = await deliveryRow(deliveryIds[0]);
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, lastError: null, lockedAt: null });
    expect(row.deliveredAt).not.toBeNull();
  });

  it("retries a receiver that fails twice with growing delays; it then gets the event exactly once more", async () => {
    const { tenant, hook, endpoint } = await setup();
    const t0 = aheadOfWallClock();
    const { eventId, deliveryIds } = await writeEvent(tenant.id, t0);
    const id = deliveryIds[0];
    await script({ pathPrefix: hook.path }, [{ status: 500, body: { error: "boom" } }, { status: 503 }]);

    const first = await deliverBatch([webhookMessage(id, { testNow: t0 })]);
    expect(first.retryMessages.map((r) => r.delaySeconds)).toEqual([30]);
    const afterFirst = await deliveryRow(id);
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, lastError: "HTTP 500" });
    expectAbout(afterFirst.nextAttemptAt, seconds(t0, 30));

    // The retried message arriving early (clock skew) sends nothing and comes back when due.
    const early = await deliverBatch([webhookMessage(id, { attempts: 2, testNow: seconds(t0, 10) })]);
    expect(early.retryMessages).toHaveLength(1);
    expect([20, 21]).toContain(early.retryMessages[0].delaySeconds);
    expect(await captured({ pathPrefix: hook.path })).toHaveLength(1);

    const second = await deliverBatch([webhookMessage(id, { attempts: 2, testNow: seconds(t0, 31) })]);
    expect(second.retryMessages.map((r) => r.delaySeconds)).toEqual([60]);
    expect(await deliveryRow(id)).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: 503 });

    const thirdMsg = webhookMessage(id, { attempts: 3, testNow: seconds(t0, 92) });
    const third = await deliverBatch([thirdMsg]);
    expect(third.explicitAcks).toEqual([thirdMsg.id]);
    expect(third.retryMessages).toEqual([]);

    // A duplicate message after success sends nothing more.
    const dup = webhookMessage(id, { attempts: 1, testNow: seconds(t0, 200) });
    expect((await deliverBatch([dup])).explicitAcks).toEqual([dup.id]);

    const requests = await captured({ pathPrefix: hook.path });
    expect(requests.map((r) => r.status)).toEqual([500, 503, 200]);
    expect(requests.filter((r) => r.status === 200)).toHaveLength(1);
    expect(new Set(requests.map((r) => r.headers["webhook-id"]))).toEqual(new Set([eventId]));
    // Each attempt is signed afresh at its own time.
    for (const r of requests) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r.headers["webhook-signature"])!;
      expect(v1).toBe(await hmacHex(endpoint.secret, `${t}.${r.body}`));
    }
    const row = await deliveryRow(id);
    expect(row).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200, lastError: null });
  });

  it("treats a redirect as a failure and never follows it", async () => {
    const { tenant, hook } = await setup();
    const t0 = aheadOfWallClock();
    const { deliveryIds } = await writeEvent(tenant.id, t0);
    await script({ pathPrefix: hook.path }, [{ status: 302 }]);
    const res = await deliverBatch([webhookMessage(deliveryIds[0], { testNow: t0 })]);
    expect(res.retryMessages).toHaveLength(1);
    expect(await deliveryRow(deliveryIds[0])).toMatchObject({ status: "pending", lastStatusCode: 302 });
  });

  it("counts a receiver slower than 10 s as a failure to retry", async () => {
    const { tenant, hook } = await setup();
    const t0 = aheadOfWallClock();
    const { deliveryIds } = await writeEvent(tenant.id, t0);
    await script({ pathPrefix: hook.path }, [{ status: 200, delayMs: 12_000 }]);
    const res = await deliverBatch([webhookMessage(deliveryIds[0], { testNow: t0 })]);
    expect(res.retryMessages.map((r) => r.delaySeconds)).toEqual([30]);
    expect(await deliveryRow(deliveryIds[0])).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: null,
      lastError: "timeout after 10 s",
    });
  }, 30_000);

  it("leaves long waits to next_attempt_at and the cron instead of the queue", async () => {
    const { tenant, hook } = await setup();
    const t0 = aheadOfWallClock();
    const { deliveryIds } = await writeEvent(tenant.id, t0);
    await script({ pathPrefix: hook.path }, [{ status: 500 }]);
    // A message about to be dead-lettered by Queues (max_retries) is acked; the row carries the retry.
    const msg = webhookMessage(deliveryIds[0], { attempts: 10, testNow: t0 });
    const res = await deliverBatch([msg]);
    expect(res.explicitAcks).toEqual([msg.id]);
    expect(res.retryMessages).toEqual([]);
    const row = await deliveryRow(deliveryIds[0]);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expectAbout(row.nextAttemptAt, seconds(t0, 30));
  });

  it("marks a delivery failed once retrying would go past 24 hours after the event", async () => {
    const { tenant, hook } = await setup();
    const t0 = aheadOfWallClock();
    const { deliveryIds } = await writeEvent(tenant.id, t0);
    await script({ pathPrefix: hook.path }, [{ status: 500 }]);
    const msg = webhookMessage(deliveryIds[0], { testNow: seconds(t0, 24 * 3600 - 10) });
    const res = await deliverBatch([msg]);
    expect(res.explicitAcks).toEqual([msg.id]);
    const row = await deliveryRow(deliveryIds[0]);
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 500 });
    expect(row.lastError).toMatch(/^gave up after 1 attempts; last: HTTP 500$/);
    expect(await captured({ pathPrefix: hook.path })).toHaveLength(1);
  });

  it("acks messages for deliveries that no longer exist, sending nothing", async () => {
    const msg = webhookMessage("whd_does_not_exist");
    expect((await deliverBatch([msg])).explicitAcks).toEqual([msg.id]);
  });

  it("refuses private addresses at send time in production, without sending", async () => {
    const { tenant, hook } = await setup();
    const t0 = aheadOfWallClock();
    const { deliveryIds } = await writeEvent(tenant.id, t0);
    const db = createDb({ LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: undefined });
    const result = await deliverOne(db, "production", deliveryIds[0], () => t0);
    expect(result.kind === "sent" && result.outcome.kind).toBe("failed");
    const row = await deliveryRow(deliveryIds[0]);
    expect(row.status).toBe("failed");
    expect(row.lastError).toMatch(/^refused: /);
    expect(await captured({ pathPrefix: hook.path })).toHaveLength(0);
  });

  it("costs two database round trips per delivery (claim with endpoint, outcome)", async () => {
    const { tenant } = await setup();
    const t0 = aheadOfWallClock();
    const { deliveryIds } = await writeEvent(tenant.id, t0);
    const { result, dbRequests } = await countDbRequests((tag) =>
      deliverOne(createDb({ LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: undefined }, tag), "test", deliveryIds[0], () => t0),
    );
    expect(result.kind === "sent" && result.outcome.kind).toBe("delivered");
    expect(dbRequests).toBe(2);
  });
});

describe("outbound webhook delivery (cron and redelivery)", () => {
  it("the cron sends a due delivery whose enqueue was lost, exactly once", async () => {
    const { tenant, hook } = await setup();
    const { deliveryIds } = await writeEvent(tenant.id, new Date());
    const row = await cronUntil(
      () => deliveryRow(deliveryIds[0]),
      (r) => r.status === "delivered",
      "the cron to deliver",
    );
    expect(row.attempts).toBe(1);
    await runCron();
    expect(await captured({ pathPrefix: hook.path })).toHaveLength(1);
  });

  it("the cron takes over a delivery whose sender died mid-send", async () => {
    const { tenant, hook } = await setup();
    const { deliveryIds } = await writeEvent(tenant.id, new Date(Date.now() - 10 * 60_000));
    const lockedAt = new Date(Date.now() - 6 * 60_000).toISOString();
    await testDb()
      .update(schema.webhookDeliveries)
      .set({ status: "sending", attempts: 1, lockedAt })
      .where(eq(schema.webhookDeliveries.id, deliveryIds[0]));
    const row = await cronUntil(
      () => deliveryRow(deliveryIds[0]),
      (r) => r.status === "delivered",
      "the cron to re-claim",
    );
    expect(row.attempts).toBe(2);
    expect(await captured({ pathPrefix: hook.path })).toHaveLength(1);
  });

  it("redelivers on request: back to pending, due now, sent once more", async () => {
    const { tenant, hook, endpoint } = await setup();
    const t0 = aheadOfWallClock();
    const { deliveryIds } = await writeEvent(tenant.id, t0);
    const id = deliveryIds[0];
    await deliverBatch([webhookMessage(id, { testNow: t0 })]);
    expect((await deliveryRow(id)).status).toBe("delivered");

    const res = await post(`/api/businesses/me/webhooks/${endpoint.id}/deliveries/${id}/redeliver`, undefined, { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: "pending", attempts: 1 });
    // The route enqueued it; whichever of the queue consumer or a cron tick claims it sends it once.
    const row = await cronUntil(
      () => deliveryRow(id),
      (r) => r.status === "delivered" && r.attempts === 2,
      "the redelivery",
    );
    expect(row.lastStatusCode).toBe(200);
    expect(await captured({ pathPrefix: hook.path })).toHaveLength(2);
  });

  it("refuses to redeliver while a send is in flight (409), and lets only owners and admins ask", async () => {
    const { tenant, endpoint } = await setup();
    const { deliveryIds } = await writeEvent(tenant.id, aheadOfWallClock());
    const id = deliveryIds[0];
    await testDb()
      .update(schema.webhookDeliveries)
      .set({ status: "sending", lockedAt: aheadOfWallClock().toISOString() })
      .where(eq(schema.webhookDeliveries.id, id));
    const path = `/api/businesses/me/webhooks/${endpoint.id}/deliveries/${id}/redeliver`;
    const busy = await post(path, undefined, { token: tenant.token });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe("conflict");
    expect((await deliveryRow(id)).status).toBe("sending");

    const { createMember } = await import("../../helpers/factories");
    const staff = await createMember(tenant.id, "staff");
    expect((await post(path, undefined, { token: staff.token })).status).toBe(403);
    expect(
      (await post(`/api/businesses/me/webhooks/${endpoint.id}/deliveries/whd_nope/redeliver`, undefined, { token: tenant.token })).status,
    ).toBe(404);
  });
});
