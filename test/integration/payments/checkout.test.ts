import { describe, expect, it } from "vitest";
import { countDbRequests, get, post } from "../../helpers/api";
import { createService, ownerToken } from "../../helpers/factories";
import { book, bookingBody, bookingOf, captured, customer, jobsWithKey, payingTenant, paymentsOf, script, stripeCalls } from "./support";
import { outboxMails } from "../../helpers/mail";
import { deliveriesFor } from "../../helpers/booking";

// design.md §21, issue #25 items 2 and 9: a public create at a business that requires payment
// holds the slot (pending) while the customer pays.

const NOW = "2031-05-01T12:00:00.000Z";
const START = "2031-05-14T10:00:00";

describe("public create at a business that requires payment", () => {
  it("holds the slot as pending with a PaymentIntent on the connected account, and sends no confirmation yet", async () => {
    const { tenant, service, staff, account } = await payingTenant({ price: 4000, depositPercent: 30 });
    const body = bookingBody(service.id, staff.id, START);
    const res = await book(tenant.slug, body, { now: NOW });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data).toMatchObject({ status: "pending", customerUserId: null });
    expect(data.payment).toEqual({
      amount: 1200,
      currency: "EUR",
      kind: "deposit",
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
      setupClientSecret: null,
      publishableKey: "pk_test_capture",
      stripeAccount: account,
      // PAYMENT_HOLD_MINUTES defaults to 15.
      expiresAt: "2031-05-01T12:15:00.000Z",
      price: 4000,
      cancellationHours: 24,
      refundableUntil: "2031-05-13T10:00:00",
      fees: null,
    });

    const [call] = await stripeCalls(tenant.id);
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/stripe/v1/payment_intents");
    expect(call.headers["stripe-account"]).toBe(account);
    expect(call.headers["idempotency-key"]).toBe(`booking-${data.id}-deposit`);
    expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
      amount: "1200",
      currency: "eur",
      "automatic_payment_methods[enabled]": "true",
      "metadata[booking_id]": data.id,
      "metadata[tenant_id]": tenant.id,
    });

    const booking = await bookingOf(data.id);
    expect(booking).toMatchObject({ status: "pending", holdExpiresAt: Date.parse("2031-05-01T12:15:00Z") });
    const [payment] = await paymentsOf(data.id);
    expect(payment).toMatchObject({ status: "pending", kind: "deposit", amount: 1200, currency: "EUR", stripeAccountId: account });
    expect(payment.clientSecret).toBe(data.payment.clientSecret);
    // A pending booking sends no confirmation e-mail and no booking.created.
    expect(await outboxMails(body.customer.email)).toHaveLength(0);
    expect(await deliveriesFor(tenant.id)).toHaveLength(0);
  });

  it("takes the full price when the service asks no deposit, and blocks the slot for everyone else", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 2500, depositPercent: 0 });
    const res = await book(tenant.slug, bookingBody(service.id, staff.id, START), { now: NOW });
    expect(res.body.data.payment).toMatchObject({ amount: 2500, kind: "full" });
    const slots = await get(`/api/public/${tenant.slug}/availability?serviceId=${service.id}&date=2031-05-14`, { now: NOW });
    expect(slots.body.data.slots.map((s: { startTime: string }) => s.startTime)).not.toContain(START);
    const second = await book(tenant.slug, bookingBody(service.id, staff.id, START), { now: NOW });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("slot_taken");
  });

  it("raises a deposit below Stripe's minimum to it, and takes no payment when the price is below it", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 1000, depositPercent: 2, currency: "USD" });
    const raised = await book(tenant.slug, bookingBody(service.id, staff.id, START), { now: NOW });
    expect(raised.body.data.payment).toMatchObject({ amount: 50, kind: "deposit", currency: "USD" });

    const cheap = await createService(tenant.id, { name: "Fringe", durationMinutes: 15, price: 40, depositPercent: 0 });
    const free = await book(tenant.slug, bookingBody(cheap.id, staff.id, "2031-05-14T14:00:00"), { now: NOW });
    expect(free.status).toBe(201);
    expect(free.body.data).toMatchObject({ status: "confirmed", payment: null });
    expect(await stripeCalls(tenant.id, "/stripe/v1/payment_intents")).toHaveLength(1);
  });

  it("costs 2 libSQL round trips and 1 Stripe call", async () => {
    const { tenant, service, staff } = await payingTenant();
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      book(tenant.slug, bookingBody(service.id, staff.id, START), { now: NOW, dbTag }),
    );
    expect(result.status).toBe(201);
    expect(dbRequests).toBe(2);
    expect(await stripeCalls(tenant.id)).toHaveLength(1);
  });

  it("answers 502 payment_provider_error when Stripe refuses, holds nothing, and the slot is offered again at once", async () => {
    const { tenant, service, staff } = await payingTenant();
    await script({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: tenant.id }, [
      { status: 400, body: { error: { type: "invalid_request_error", message: "Your account cannot currently make live charges." } } },
    ]);
    const body = bookingBody(service.id, staff.id, START);
    const refused = await book(tenant.slug, body, { now: NOW });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe("payment_provider_error");
    expect(refused.body.error.message).toContain("cannot currently make live charges");
    const slots = await get(`/api/public/${tenant.slug}/availability?serviceId=${service.id}&date=2031-05-14`, { now: NOW });
    expect(slots.body.data.slots.map((s: { startTime: string }) => s.startTime)).toContain(START);
    expect(await outboxMails(body.customer.email)).toHaveLength(0);

    const retry = await book(tenant.slug, bookingBody(service.id, staff.id, START), { now: NOW });
    expect(retry.status).toBe(201);
    expect(retry.body.data.status).toBe("pending");
  });

  it("answers 502 when Stripe does not answer in time, and the slot stays free", async () => {
    const { tenant, service, staff } = await payingTenant();
    await script({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: tenant.id }, [{ status: 200, delayMs: 10_500 }]);
    const timedOut = await book(tenant.slug, bookingBody(service.id, staff.id, START), { now: NOW });
    expect(timedOut.status).toBe(502);
    expect(timedOut.body.error.code).toBe("payment_provider_error");
    const again = await book(tenant.slug, bookingBody(service.id, staff.id, START), { now: NOW });
    expect(again.status).toBe(201);
  });

  it("20 parallel creates of one slot: one pending, 19 slot_taken; the losers' intents are cancelled by the outbox", async () => {
    const { tenant, service, staff } = await payingTenant();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => book(tenant.slug, bookingBody(service.id, staff.id, START), { now: NOW })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe("slot_taken");
    const winner = results.find((r) => r.status === 201)!.body.data;
    expect(winner.status).toBe("pending");

    // Those that reached Stripe before losing the race leave a cancel job for their intent.
    const intents = await stripeCalls(tenant.id, "/stripe/v1/payment_intents");
    const cancels = await jobsWithKey("stripe.cancel_intent", "cancel-pi_");
    const mine = cancels.filter((j) => (j.payload as { account: string }).account !== undefined && j.tenantId === tenant.id);
    expect(mine).toHaveLength(intents.length - 1);
    expect((await paymentsOf(winner.id)).map((p) => p.status)).toEqual(["pending"]);
  });

  it("books a business without requirePayment as confirmed, with exactly the contract's four fields", async () => {
    const { tenant, service, staff } = await payingTenant({ tenant: { requirePayment: false } });
    const res = await book(tenant.slug, bookingBody(service.id, staff.id, START), { now: NOW });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(["confirmationCode", "customerUserId", "id", "status"]);
    expect(res.body.data.status).toBe("confirmed");
    expect(await stripeCalls(tenant.id)).toHaveLength(0);
  });

  it("answers 502 (nothing held) when the business requires payment but its account lost the ability to charge", async () => {
    const { tenant, service, staff } = await payingTenant({ tenant: { stripeChargesEnabled: false } });
    const res = await book(tenant.slug, bookingBody(service.id, staff.id, START), { now: NOW });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("payment_provider_error");
    expect(await stripeCalls(tenant.id)).toHaveLength(0);
  });
});

describe("owner-created bookings", () => {
  it("are never held for payment (item 9)", async () => {
    const { tenant, service, staff } = await payingTenant();
    const res = await post(
      "/api/bookings",
      { serviceId: service.id, staffProfileId: staff.id, startDatetime: START, customer: customer(), source: "phone" },
      { token: await ownerToken(tenant.ownerId, tenant.id, "owner", new Date(NOW)), now: NOW },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("confirmed");
    expect(await paymentsOf(res.body.data.id)).toHaveLength(0);
    expect((await bookingOf(res.body.data.id)).holdExpiresAt).toBeNull();
    expect(await captured({ pathPrefix: "/stripe/", bodyContains: tenant.id })).toHaveLength(0);
  });
});
