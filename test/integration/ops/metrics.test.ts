import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env, QueueMessage } from "../../../src/config";
import worker from "../../../src/index";
import { createTenant } from "../../helpers/factories";
import { fetchWithEnv } from "../../helpers/worker-fetch";
import { workerEnv } from "../../helpers/worker-entry";
import { emailMessage, writeOutboxEmail } from "../email/outbox-harness";

// design.md §24: Analytics Engine data points, written to a recording stand-in for the METRICS
// binding that the test hands the Worker through its env (the platform's binding, not our code).

type Point = { blobs?: string[]; doubles?: number[]; indexes?: string[] };

function recordingDataset() {
  const points: Point[] = [];
  return { points, writeDataPoint: (p: Point) => void points.push(p) };
}

describe("METRICS data points", () => {
  it("one per request: route, method, status class and tenant; latency, round trips and status", async () => {
    const tenant = await createTenant();
    const metrics = recordingDataset();
    await fetchWithEnv({ METRICS: metrics }, "GET", "/api/businesses/me", { token: tenant.token });
    await fetchWithEnv({ METRICS: metrics }, "GET", "/api/public/no-such-business-at-all");
    expect(metrics.points).toHaveLength(2);
    const [owner, missing] = metrics.points;
    expect(owner).toEqual({
      blobs: ["request", "/api/businesses/me", "GET", "2xx", tenant.id],
      doubles: [expect.any(Number), expect.any(Number), 200],
      indexes: ["/api/businesses/me"],
    });
    expect(owner.doubles?.[1]).toBeGreaterThanOrEqual(1);
    expect(missing).toEqual({
      blobs: ["request", "/api/public/:slug", "GET", "4xx", ""],
      doubles: [expect.any(Number), expect.any(Number), 404],
      indexes: ["/api/public/:slug"],
    });
  });

  it("one per job outcome: kind, outcome, tenant and origin; latency and attempts", async () => {
    const metrics = recordingDataset();
    const email = await writeOutboxEmail();
    const batch = createMessageBatch<QueueMessage>("booking-email", [emailMessage(email.id)]);
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...workerEnv, METRICS: metrics } as Env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
    expect(metrics.points).toEqual([
      { blobs: ["job", "email", "done", email.tenantId, "queue"], doubles: [expect.any(Number), 1], indexes: ["email"] },
    ]);
  });

  it("without the binding nothing is written and nothing fails", async () => {
    const res = await fetchWithEnv({ METRICS: undefined }, "GET", "/api/public/no-such-business-at-all");
    expect(res.status).toBe(404);
  });

  it("a failing dataset never fails the request", async () => {
    const broken = {
      writeDataPoint: () => {
        throw new Error("analytics engine unavailable");
      },
    };
    const res = await fetchWithEnv({ METRICS: broken }, "GET", "/api/public/no-such-business-at-all");
    expect(res.status).toBe(404);
  });
});
