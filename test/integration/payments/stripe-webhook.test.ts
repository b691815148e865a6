import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { call, countDbRequests } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createTenant } from "../../helpers/factories";
import { hmacHex } from "../webhooks/harness";
import { workerEnv } from "../../helpers/worker-entry";

// Stripe's recipe, computed here independently: v1 = hex HMAC-SHA-256(secret, `${t}.${rawBody}`).
async function stripeSignature(body: string, at = new Date(), secret = workerEnv.STRIPE_WEBHOOK_SECRET) {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${await hmacHex(secret, `${t}.${body}`)}`;
}

function sendEvent(body: string, signature: string | undefined, opts: { now?: Date; dbTag?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== undefined) headers["Stripe-Signature"] = signature;
  return call("POST", "/api/webhooks/stripe", { rawBody: body, headers, now: opts.now, dbTag: opts.dbTag });
}

/** The pending payment row the create writes once Stripe has answered with the intent. */
async function insertPendingPayment(tenantId: string, intentId: string) {
  const id = `pay_${crypto.randomUUID().replace(/-/g, "").slice(0, 20)}`;
  const t = new Date().toISOString();
  await testDb().insert(schema.payments).values({
    id,
    tenantId,
    amount: 2500,
    currency: "USD",
    status: "pending",
    stripePaymentIntentId: intentId,
    createdAt: t,
    updatedAt: t,
  });
  return id;
}

async function pendingPayment() {
  const tenant = await createTenant({ stripeAccountId: "acct_events" });
  const intentId = `pi_${crypto.randomUUID().replace(/-/g, "")}`;
  const id = await insertPendingPayment(tenant.id, intentId);
  return { tenant, id, intentId };
}

/** A Connect event on the payments' account (`acct_events`, pendingPayment's; design.md §31: only those apply). */
function event(type: string, intentId: string, tenantId?: string, id = `evt_${crypto.randomUUID().replace(/-/g, "")}`) {
  return {
    id,
    object: "event",
    type,
    account: "acct_events",
    data: {
      object: {
        id: intentId,
        object: "payment_intent",
        amount: 2500,
        metadata: tenantId ? { tenant_id: tenantId, booking_id: "bkg_x" } : {},
      },
    },
  };
}

async function paymentStatus(id: string) {
  const [row] = await testDb().select({ status: schema.payments.status }).from(schema.payments).where(eq(schema.payments.id, id));
  return row.status;
}

async function processed(eventId: string) {
  return testDb().select().from(schema.processedEvents).where(eq(schema.processedEvents.id, eventId));
}

describe("POST /api/webhooks/stripe", () => {
  it("applies payment_intent.succeeded once, even when Stripe sends it twice", async () => {
    const p = await pendingPayment();
    const body = JSON.stringify(event("payment_intent.succeeded", p.intentId, p.tenant.id));
    const evtId = JSON.parse(body).id;

    const first = await sendEvent(body, await stripeSignature(body));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { received: true } });
    expect(await paymentStatus(p.id)).toBe("succeeded");

    // Prove the second delivery is gated by the event id, not merely harmless: put the payment
    // back to pending; the repeated event must leave it there.
    await testDb().update(schema.payments).set({ status: "pending" }).where(eq(schema.payments.id, p.id));
    const second = await sendEvent(body, await stripeSignature(body));
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ data: { received: true } });
    expect(await paymentStatus(p.id)).toBe("pending");
    expect(await processed(evtId)).toHaveLength(1);
  });

  it("marks a failed payment, and a later success wins; a late failure never undoes a success", async () => {
    const p = await pendingPayment();
    const failed = JSON.stringify(event("payment_intent.payment_failed", p.intentId, p.tenant.id));
    expect((await sendEvent(failed, await stripeSignature(failed))).status).toBe(200);
    expect(await paymentStatus(p.id)).toBe("failed");

    const ok = JSON.stringify(event("payment_intent.succeeded", p.intentId, p.tenant.id));
    expect((await sendEvent(ok, await stripeSignature(ok))).status).toBe(200);
    expect(await paymentStatus(p.id)).toBe("succeeded");

    const lateFailure = JSON.stringify(event("payment_intent.payment_failed", p.intentId, p.tenant.id));
    expect((await sendEvent(lateFailure, await stripeSignature(lateFailure))).status).toBe(200);
    expect(await paymentStatus(p.id)).toBe("succeeded");
  });

  it("does not touch a payment whose tenant differs from the event's metadata", async () => {
    const p = await pendingPayment();
    const stranger = await createTenant();
    const body = JSON.stringify(event("payment_intent.succeeded", p.intentId, stranger.id));
    expect((await sendEvent(body, await stripeSignature(body))).status).toBe(200);
    expect(await paymentStatus(p.id)).toBe("pending");
  });

  it.each([
    ["missing", async () => undefined],
    ["malformed", async () => "v1=deadbeef"],
    ["signed with another secret", async (body: string) => stripeSignature(body, new Date(), "whsec_someone_else")],
    ["stale (6 minutes old)", async (body: string) => stripeSignature(body, new Date(Date.now() - 6 * 60_000))],
    ["from the future (6 minutes ahead)", async (body: string) => stripeSignature(body, new Date(Date.now() + 6 * 60_000))],
    ["for a different body", async (body: string) => stripeSignature(body.replace("succeeded", "payment_failed"))],
  ])("refuses a %s signature with 400 invalid_signature and changes nothing", async (_label, sign) => {
    const p = await pendingPayment();
    const body = JSON.stringify(event("payment_intent.succeeded", p.intentId, p.tenant.id));
    const res = await sendEvent(body, await sign(body));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_signature");
    expect(typeof res.body.error.message).toBe("string");
    expect(await paymentStatus(p.id)).toBe("pending");
    expect(await processed(JSON.parse(body).id)).toHaveLength(0);
  });

  it("checks the signature before parsing: a garbage body with no signature is invalid_signature, with one it is invalid_request", async () => {
    const garbage = "{not json";
    const unsigned = await sendEvent(garbage, undefined);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error.code).toBe("invalid_signature");
    const signed = await sendEvent(garbage, await stripeSignature(garbage));
    expect(signed.status).toBe(400);
    expect(signed.body.error.code).toBe("invalid_request");
  });

  it("judges the timestamp against the request clock", async () => {
    const p = await pendingPayment();
    const body = JSON.stringify(event("payment_intent.succeeded", p.intentId, p.tenant.id));
    const signedAt = new Date(Date.now() - 3600_000);
    const sig = await stripeSignature(body, signedAt);
    expect((await sendEvent(body, sig)).status).toBe(400);
    expect((await sendEvent(body, sig, { now: new Date(signedAt.getTime() + 60_000) })).status).toBe(200);
    expect(await paymentStatus(p.id)).toBe("succeeded");
  });

  it("acknowledges event types it does not handle with 200 and records nothing", async () => {
    const body = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, type: "customer.created", data: { object: { id: "cus_1" } } });
    const res = await sendEvent(body, await stripeSignature(body));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { received: true } });
    expect(await processed(JSON.parse(body).id)).toHaveLength(0);
  });

  it("refuses a signed body that is not an event with 400 invalid_request", async () => {
    const body = JSON.stringify({ hello: "world" });
    const res = await sendEvent(body, await stripeSignature(body));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });

  it("records an event only when it applied: one that outran its payment row is refused (Stripe redelivers) and applies later", async () => {
    const tenant = await createTenant({ stripeAccountId: "acct_events" });
    const intentId = `pi_${crypto.randomUUID().replace(/-/g, "")}`;
    const body = JSON.stringify(event("payment_intent.succeeded", intentId, tenant.id));
    const early = await sendEvent(body, await stripeSignature(body));
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("conflict");
    expect(await processed(JSON.parse(body).id)).toHaveLength(0);

    // The payment row appears (the create's insert after Stripe answered), then Stripe redelivers.
    const id = await insertPendingPayment(tenant.id, intentId);
    const redelivered = await sendEvent(body, await stripeSignature(body));
    expect(redelivered.status).toBe(200);
    expect(await paymentStatus(id)).toBe("succeeded");
    expect(await processed(JSON.parse(body).id)).toHaveLength(1);
  });

  it("acknowledges an event for a PaymentIntent this platform did not create (no booking metadata) and records nothing", async () => {
    const body = JSON.stringify(event("payment_intent.succeeded", `pi_${crypto.randomUUID().replace(/-/g, "")}`));
    const res = await sendEvent(body, await stripeSignature(body));
    expect(res.status).toBe(200);
    expect(await processed(JSON.parse(body).id)).toHaveLength(0);
  });

  it("does not record an event that changed nothing (a late failure after a success), so it is no duplicate either", async () => {
    const p = await pendingPayment();
    const ok = JSON.stringify(event("payment_intent.succeeded", p.intentId, p.tenant.id));
    await sendEvent(ok, await stripeSignature(ok));
    const late = JSON.stringify(event("payment_intent.payment_failed", p.intentId, p.tenant.id));
    expect((await sendEvent(late, await stripeSignature(late))).status).toBe(200);
    expect(await processed(JSON.parse(late).id)).toHaveLength(0);
    expect(await paymentStatus(p.id)).toBe("succeeded");
  });

  it("applies an event in two database round trips (read, then one write batch) and refuses a bad signature in none", async () => {
    const p = await pendingPayment();
    const body = JSON.stringify(event("payment_intent.succeeded", p.intentId, p.tenant.id));
    const sig = await stripeSignature(body);
    const good = await countDbRequests((dbTag) => sendEvent(body, sig, { dbTag }));
    expect(good.result.status).toBe(200);
    // The read brings what a confirmation e-mail says (design.md §21: it is written in the confirming batch).
    expect(good.dbRequests).toBe(2);
    const bad = await countDbRequests((dbTag) => sendEvent(body, `t=1,v1=${"0".repeat(64)}`, { dbTag }));
    expect(bad.result.status).toBe(400);
    expect(bad.dbRequests).toBe(0);
  });
});
