import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { loadConfig, type Env } from "../../../src/config";
import { ApiError } from "../../../src/errors";
import { createBookingIntent } from "../../../src/services/payments/intents";
import { countDbRequests, del, get, post, put } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { stripeAccountFor } from "../../helpers/stripe-account";
import { createBookingRow, createMember, createService, createStaff, createTenant } from "../../helpers/factories";
import { captured, script } from "../../helpers/worker-entry";

const STRIPE_PATH = "/stripe/v1/payment_intents";

async function bookingFor(
  tenantId: string,
  service: { price?: number; depositPercent?: number } = {},
  booking: Record<string, unknown> = {},
) {
  const svc = await createService(tenantId, { price: service.price ?? 2500, depositPercent: service.depositPercent ?? 0 });
  const staff = await createStaff(tenantId);
  return createBookingRow(tenantId, svc.id, staff.id, new Date(Date.now() + 86400_000), 30, {
    totalAmount: service.price ?? 2500,
    ...booking,
  });
}

/** Stripe (the capture server) answers the intent create for this booking with this intent. */
async function stripeAnswers(bookingId: string, responses: { status: number; body?: unknown }[]) {
  await script({ pathPrefix: STRIPE_PATH, bodyContains: bookingId }, responses);
}

const intent = (n = crypto.randomUUID().slice(0, 8)) => ({ id: `pi_${n}`, client_secret: `pi_${n}_secret_${n}`, object: "payment_intent" });

async function paymentsOf(tenantId: string) {
  return testDb().select().from(schema.payments).where(eq(schema.payments.tenantId, tenantId));
}

describe("POST /api/payments/intents", () => {
  it("refuses with 400 stripe_not_connected until an account is connected, then creates the intent at Stripe", async () => {
    const tenant = await createTenant();
    const booking = await bookingFor(tenant.id);

    const refused = await post("/api/payments/intents", { bookingId: booking.id }, { token: tenant.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("stripe_not_connected");
    expect(typeof refused.body.error.message).toBe("string");
    expect(await captured({ pathPrefix: STRIPE_PATH, bodyContains: booking.id })).toHaveLength(0);
    expect(await paymentsOf(tenant.id)).toHaveLength(0);

    const account = await stripeAccountFor(tenant.id);
    const connect = await put("/api/payments/stripe-account", { accountId: account }, { token: tenant.token });
    expect(connect.status).toBe(200);
    // Stripe (the capture server) knows the account: it is stored with its state (design.md §21).
    expect(connect.body.data).toEqual({
      connected: true,
      stripeAccountId: account,
      chargesEnabled: true,
      detailsSubmitted: true,
    });

    const pi = intent();
    await stripeAnswers(booking.id, [{ status: 200, body: pi }]);
    const res = await post("/api/payments/intents", { bookingId: booking.id }, { token: tenant.token });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^pay_/),
      bookingId: booking.id,
      amount: 2500,
      currency: "USD",
      kind: "full",
      status: "pending",
      stripePaymentIntentId: pi.id,
      clientSecret: pi.client_secret,
      createdAt: expect.any(String),
    });

    const [req] = await captured({ pathPrefix: STRIPE_PATH, bodyContains: booking.id });
    expect(req.method).toBe("POST");
    expect(req.headers.authorization).toBe("Bearer sk_test_capture");
    expect(req.headers["stripe-account"]).toBe(account);
    expect(req.headers["idempotency-key"]).toBe(`booking-${booking.id}-full`);
    expect(req.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      amount: "2500",
      currency: "usd",
      "automatic_payment_methods[enabled]": "true",
      "metadata[booking_id]": booking.id,
      "metadata[tenant_id]": tenant.id,
    });

    const rows = await paymentsOf(tenant.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bookingId: booking.id, status: "pending", amount: 2500, kind: "full", stripePaymentIntentId: pi.id });
  });

  it("answers stripe_not_connected when the platform has no STRIPE_SECRET_KEY, even for a connected business", async () => {
    // The pool's bindings always carry a key, so the service is called with a config without one.
    const tenant = await createTenant({ stripeAccountId: "acct_nokey" });
    const booking = await bookingFor(tenant.id);
    const config = { ...loadConfig(env as unknown as Env), STRIPE_SECRET_KEY: undefined };
    const err = await createBookingIntent(testDb(), config, tenant.id, booking.id, new Date()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("stripe_not_connected");
    expect(await captured({ pathPrefix: STRIPE_PATH, bodyContains: booking.id })).toHaveLength(0);
    expect(await paymentsOf(tenant.id)).toHaveLength(0);
  });

  it("asks for the service's deposit share (rounded) when it has one", async () => {
    const tenant = await createTenant({ stripeAccountId: "acct_deposit" });
    const booking = await bookingFor(tenant.id, { price: 3333, depositPercent: 25 });
    await stripeAnswers(booking.id, [{ status: 200, body: intent() }]);
    const res = await post("/api/payments/intents", { bookingId: booking.id }, { token: tenant.token });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ amount: 833, kind: "deposit", status: "pending" });
    const [req] = await captured({ pathPrefix: STRIPE_PATH, bodyContains: booking.id });
    expect(new URLSearchParams(req.body).get("amount")).toBe("833");
    expect(req.headers["idempotency-key"]).toBe(`booking-${booking.id}-deposit`);
  });

  it("answers 502 payment_provider_error and records nothing when Stripe refuses", async () => {
    const tenant = await createTenant({ stripeAccountId: "acct_refusing" });
    const booking = await bookingFor(tenant.id);
    await stripeAnswers(booking.id, [
      { status: 402, body: { error: { type: "card_error", message: "Your account cannot take charges" } } },
    ]);
    const res = await post("/api/payments/intents", { bookingId: booking.id }, { token: tenant.token });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("payment_provider_error");
    expect(res.body.error.message).toContain("Your account cannot take charges");
    expect(await paymentsOf(tenant.id)).toHaveLength(0);
  });

  it("answers 502 when Stripe's answer is not an intent, recording nothing", async () => {
    const tenant = await createTenant({ stripeAccountId: "acct_odd" });
    const booking = await bookingFor(tenant.id);
    await stripeAnswers(booking.id, [{ status: 200, body: { unexpected: true } }]);
    const res = await post("/api/payments/intents", { bookingId: booking.id }, { token: tenant.token });
    expect(res.status).toBe(502);
    expect(await paymentsOf(tenant.id)).toHaveLength(0);
  });

  it("keeps one payment when Stripe's idempotency returns the same intent for a repeated create", async () => {
    const tenant = await createTenant({ stripeAccountId: "acct_repeat" });
    const booking = await bookingFor(tenant.id);
    const pi = intent();
    await stripeAnswers(booking.id, [
      { status: 200, body: pi },
      { status: 200, body: pi },
    ]);
    const first = await post("/api/payments/intents", { bookingId: booking.id }, { token: tenant.token });
    const second = await post("/api/payments/intents", { bookingId: booking.id }, { token: tenant.token });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.clientSecret).toBe(pi.client_secret);
    expect(await paymentsOf(tenant.id)).toHaveLength(1);
  });

  it("answers 404 for another tenant's booking and calls nobody", async () => {
    const mine = await createTenant({ stripeAccountId: "acct_mine" });
    const other = await createTenant({ stripeAccountId: "acct_other" });
    const theirs = await bookingFor(other.id);
    const res = await post("/api/payments/intents", { bookingId: theirs.id }, { token: mine.token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect(await captured({ pathPrefix: STRIPE_PATH, bodyContains: theirs.id })).toHaveLength(0);
  });

  it("refuses cancelled bookings and bookings already paid with 409 conflict", async () => {
    const tenant = await createTenant({ stripeAccountId: "acct_conflicts" });
    const cancelled = await bookingFor(tenant.id, {}, { status: "cancelled" });
    const res = await post("/api/payments/intents", { bookingId: cancelled.id }, { token: tenant.token });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");

    const paid = await bookingFor(tenant.id);
    const t = new Date().toISOString();
    await testDb()
      .insert(schema.payments)
      .values({
        id: `pay_${crypto.randomUUID().slice(0, 8)}`,
        tenantId: tenant.id,
        bookingId: paid.id,
        amount: 2500,
        currency: "USD",
        status: "succeeded",
        stripePaymentIntentId: `pi_paid_${crypto.randomUUID().slice(0, 8)}`,
        createdAt: t,
        updatedAt: t,
      });
    const again = await post("/api/payments/intents", { bookingId: paid.id }, { token: tenant.token });
    expect(again.status).toBe(409);
    expect(await captured({ pathPrefix: STRIPE_PATH, bodyContains: paid.id })).toHaveLength(0);
  });

  it("validates the body and lets only owners and admins create intents", async () => {
    const tenant = await createTenant({ stripeAccountId: "acct_roles" });
    const missing = await post("/api/payments/intents", {}, { token: tenant.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("invalid_request");
    expect(missing.body.error.details.fieldErrors.bookingId).toBeDefined();
    const extra = await post("/api/payments/intents", { bookingId: "x", amount: 1 }, { token: tenant.token });
    expect(extra.status).toBe(400);

    const staff = await createMember(tenant.id, "staff");
    const booking = await bookingFor(tenant.id);
    const forbidden = await post("/api/payments/intents", { bookingId: booking.id }, { token: staff.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe("forbidden");

    const admin = await createMember(tenant.id, "admin");
    await stripeAnswers(booking.id, [{ status: 200, body: intent() }]);
    const ok = await post("/api/payments/intents", { bookingId: booking.id }, { token: admin.token });
    expect(ok.status).toBe(201);

    const anonymous = await post("/api/payments/intents", { bookingId: booking.id });
    expect(anonymous.status).toBe(401);
  });

  it("costs two database round trips (one read batch, one insert) around the Stripe call", async () => {
    const tenant = await createTenant({ stripeAccountId: "acct_trips" });
    const booking = await bookingFor(tenant.id);
    await stripeAnswers(booking.id, [{ status: 200, body: intent() }]);
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/payments/intents", { bookingId: booking.id }, { token: tenant.token, dbTag }),
    );
    expect(result.status).toBe(201);
    // +1: requireOwner's tenant and membership lookup.
    expect(dbRequests).toBe(3);
  });
});

describe("the connected Stripe account", () => {
  it("is connected with PUT, shown with GET, disconnected with DELETE, each change audited", async () => {
    const tenant = await createTenant();
    expect((await get("/api/payments/stripe-account", { token: tenant.token })).body.data).toEqual({
      connected: false,
      stripeAccountId: null,
      chargesEnabled: false,
      detailsSubmitted: false,
    });

    const bad = await put("/api/payments/stripe-account", { accountId: "not-an-account" }, { token: tenant.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fieldErrors.accountId).toBeDefined();

    const account = await stripeAccountFor(tenant.id);
    expect((await put("/api/payments/stripe-account", { accountId: account }, { token: tenant.token })).status).toBe(200);
    // Same value again: no second audit row.
    expect((await put("/api/payments/stripe-account", { accountId: account }, { token: tenant.token })).status).toBe(200);
    expect((await get("/api/payments/stripe-account", { token: tenant.token })).body.data).toEqual({
      connected: true,
      stripeAccountId: account,
      chargesEnabled: true,
      detailsSubmitted: true,
    });

    const off = await del("/api/payments/stripe-account", { token: tenant.token });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ connected: false, stripeAccountId: null, chargesEnabled: false, detailsSubmitted: false });
    const booking = await bookingFor(tenant.id);
    const refused = await post("/api/payments/intents", { bookingId: booking.id }, { token: tenant.token });
    expect(refused.body.error.code).toBe("stripe_not_connected");

    const audit = await testDb().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, tenant.id));
    const diffOf = (a: (typeof audit)[number]) => (typeof a.diff === "string" ? JSON.parse(a.diff) : a.diff);
    // design.md §31: one `tenant.stripe_account_changed` row per change, with before and after.
    expect(audit.map((a) => a.action)).toEqual(["tenant.stripe_account_changed", "tenant.stripe_account_changed"]);
    expect(audit.every((a) => a.actorId === tenant.ownerId)).toBe(true);
    expect(audit.map(diffOf).sort((x, y) => String(x.stripeAccountId.before).localeCompare(String(y.stripeAccountId.before)))).toEqual([
      { stripeAccountId: { before: account, after: null } },
      { stripeAccountId: { before: null, after: account } },
    ]);
  });

  it("may be changed only by owners and admins", async () => {
    const tenant = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    expect((await put("/api/payments/stripe-account", { accountId: "acct_X1" }, { token: staff.token })).status).toBe(403);
    expect((await del("/api/payments/stripe-account", { token: staff.token })).status).toBe(403);
    expect((await get("/api/payments/stripe-account", { token: tenant.token })).body.data.connected).toBe(false);
  });
});
