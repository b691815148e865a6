import { describe, expect, it } from "vitest";
import { emailPointer, enqueue, webhookPointer } from "../../../src/services/outbox/pointer";
import { createTenant } from "../../helpers/factories";
import { outboxRow, providerRequests, writeOutboxEmail } from "../email/outbox-harness";
import { createEndpoint, deliveryRow, writeEvent, receiver as webhookReceiver } from "../webhooks/harness";
import { aheadOfWallClock, jobRow, plus, pointerMessage, receiver, recordingQueue, writeJob } from "./harness";
import { captured, cronUntil, deliverBatch, runCron, script } from "../../helpers/worker-entry";

// The Worker's real entry points (queue consumer, cron) with the generic pointer `{ kind, id }`
// for every kind; the e-mail and webhook suites keep driving the shapes written before it.

describe("queue consumer: generic pointers", () => {
  it("delivers an e-mail from { kind: 'email', id }", async () => {
    const email = await writeOutboxEmail();
    const msg = pointerMessage({ kind: "email", id: email.id });
    expect((await deliverBatch([msg])).explicitAcks).toEqual([msg.id]);
    expect(await providerRequests(email.to)).toHaveLength(1);
    expect(await outboxRow(email.id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("delivers a webhook from { kind: 'webhook', id }", async () => {
    const tenant = await createTenant();
    const hook = webhookReceiver();
    await createEndpoint(tenant.token, hook.url);
    const t0 = aheadOfWallClock();
    const { eventId, deliveryIds } = await writeEvent(tenant.id, t0);
    const msg = pointerMessage({ kind: "webhook", id: deliveryIds[0] }, { testNow: t0 });
    expect((await deliverBatch([msg])).explicitAcks).toEqual([msg.id]);
    const [req] = await captured({ pathPrefix: hook.path });
    expect(req.headers["webhook-id"]).toBe(eventId);
    expect(await deliveryRow(deliveryIds[0])).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("performs a jobs-table job once with its idempotency key, whatever the duplicates in the batch", async () => {
    const hook = receiver();
    const t0 = aheadOfWallClock();
    const job = await writeJob({ url: hook.url, now: t0 });
    const msgs = [0, 1, 2].map(() => pointerMessage(job.pointer, { testNow: t0 }));
    const result = await deliverBatch(msgs);
    expect(result.explicitAcks.sort()).toEqual(msgs.map((m) => m.id).sort());
    const requests = await captured({ pathPrefix: hook.path });
    expect(requests).toHaveLength(1);
    expect(requests[0].headers["idempotency-key"]).toBe(job.id);
    expect(await jobRow(job.id)).toMatchObject({ status: "done", attempts: 1, result: { status: 200 } });
  });

  it("retries a failed job on the queue with the kind's delay, and sends it once it is due", async () => {
    const hook = receiver();
    const t0 = aheadOfWallClock();
    const job = await writeJob({ url: hook.url, now: t0 });
    await script({ pathPrefix: hook.path }, [{ status: 503 }]);
    const first = await deliverBatch([pointerMessage(job.pointer, { testNow: t0 })]);
    expect(first.retryMessages.map((r) => r.delaySeconds)).toEqual([30]);
    expect(await jobRow(job.id)).toMatchObject({ status: "pending", attempts: 1, lastError: "HTTP 503" });

    const early = await deliverBatch([pointerMessage(job.pointer, { attempts: 2, testNow: plus(t0, 10) })]);
    expect(early.retryMessages).toHaveLength(1);
    expect(early.retryMessages[0].delaySeconds).toBeGreaterThanOrEqual(19);
    expect(early.retryMessages[0].delaySeconds).toBeLessThanOrEqual(21);

    const due = pointerMessage(job.pointer, { attempts: 2, testNow: plus(t0, 31) });
    expect((await deliverBatch([due])).explicitAcks).toEqual([due.id]);
    expect(await jobRow(job.id)).toMatchObject({ status: "done", attempts: 2, lastError: null });
    expect((await captured({ pathPrefix: hook.path })).map((r) => r.status)).toEqual([503, 200]);
  });

  it("acks malformed messages and kinds it does not run, performing nothing", async () => {
    const msgs = [
      pointerMessage({}),
      pointerMessage("email"),
      pointerMessage({ kind: "email" }),
      pointerMessage({ kind: "test.http", id: "" }),
      pointerMessage({ kind: "no.such.kind", id: "job_x" }),
      pointerMessage({ kind: "test.http", id: "job_does_not_exist" }),
    ];
    const result = await deliverBatch(msgs);
    expect(result.explicitAcks.sort()).toEqual(msgs.map((m) => m.id).sort());
    expect(result.retryMessages).toEqual([]);
  });
});

describe("cron: every kind through the engine", () => {
  it("performs a jobs-table job whose enqueue was lost, exactly once", async () => {
    const hook = receiver();
    const job = await writeJob({ url: hook.url });
    const row = await cronUntil(
      () => jobRow(job.id),
      (r) => r.status === "done",
      "the cron to perform the job",
    );
    expect(row.attempts).toBe(1);
    await runCron();
    expect(await captured({ pathPrefix: hook.path })).toHaveLength(1);
  });
});

describe("enqueue", () => {
  it("hands the queue { kind, id } pointers for e-mails, webhook deliveries and jobs", async () => {
    const { sent, queue } = recordingQueue();
    await enqueue(queue, [emailPointer("eml_1")]);
    await enqueue(queue, [webhookPointer("whd_1"), webhookPointer("whd_2")]);
    await enqueue(queue, [{ kind: "stripe_call", id: "job_1" }]);
    await enqueue(queue, []);
    expect(sent).toEqual([
      { kind: "email", id: "eml_1" },
      { kind: "webhook", id: "whd_1" },
      { kind: "webhook", id: "whd_2" },
      { kind: "stripe_call", id: "job_1" },
    ]);
  });

  it("never throws when the queue is down (the cron is the safety net)", async () => {
    const { queue } = recordingQueue(true);
    await expect(enqueue(queue, [{ kind: "email", id: "eml_1" }])).resolves.toBeUndefined();
  });
});
