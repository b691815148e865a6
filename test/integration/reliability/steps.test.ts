import { describe, expect, it } from "vitest";
import { countDbRequests, post } from "../../helpers/api";
import { customer } from "../../helpers/booking";
import { createService, ownerToken } from "../../helpers/factories";
import { stripeCalls } from "../payments/support";
import { bookingsOfTenant, NOW, pastBookings, policy, reliableTenant, START } from "./support";

// design.md §28, issue #39 item 2: a public booking by a customer the business recognises takes
// the strictest step their record reached; everyone else books as before.

const book = (slug: string, body: Record<string, unknown>, opts: { dbTag?: string } = {}) =>
  post(`/api/public/${slug}/bookings`, body, { now: NOW, ...opts });

const body = (serviceId: string, staffId: string, who: Record<string, unknown>, start = START) => ({
  serviceId,
  staffProfileId: staffId,
  startDatetime: start,
  customer: who,
});

describe("the steps at their edges", () => {
  it("refuses with 403 booking_restricted from the strike that reaches blockAfter, one strike before it books as anyone", async () => {
    const { tenant, service, staff } = await reliableTenant({ tenant: { reliabilityPolicy: policy({ blockAfter: 2 }) } });
    const once = customer();
    await pastBookings({ tenant, service }, once.email, [{ status: "no_show", at: "2031-03-02T15:00:00Z" }]);
    const ok = await book(tenant.slug, body(service.id, staff.id, once));
    expect(ok.status).toBe(201);
    expect(ok.body.data.status).toBe("confirmed");

    const twice = customer();
    await pastBookings({ tenant, service }, twice.email, [
      { status: "no_show", at: "2031-03-02T15:00:00Z" },
      { status: "cancelled", at: "2031-04-02T15:00:00Z", lateCancelledAt: "2031-04-02T09:00:00Z" },
    ]);
    const before = await bookingsOfTenant(tenant.id);
    const refused = await book(tenant.slug, body(service.id, staff.id, twice, "2031-05-14T12:00:00"));
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("booking_restricted");
    expect(refused.body.error.message).toContain("contact them directly");
    // The customer is told the step only, never the counts.
    expect(JSON.stringify(refused.body)).not.toMatch(/no-show|strike|cancell/i);
    expect(await bookingsOfTenant(tenant.id)).toHaveLength(before.length);
  });

  it("a completed booking after the strikes takes one back, and the client books again", async () => {
    const { tenant, service, staff } = await reliableTenant({ tenant: { reliabilityPolicy: policy({ blockAfter: 2 }) } });
    const who = customer();
    await pastBookings({ tenant, service }, who.email, [
      { status: "no_show", at: "2031-01-02T15:00:00Z" },
      { status: "no_show", at: "2031-02-02T15:00:00Z" },
      { status: "completed", at: "2031-03-02T15:00:00Z" },
    ]);
    const res = await book(tenant.slug, body(service.id, staff.id, who));
    expect(res.status).toBe(201);
  });

  it("a completed booking before the strikes takes none back, and strikes older than 12 months no longer count", async () => {
    const { tenant, service, staff } = await reliableTenant({ tenant: { reliabilityPolicy: policy({ blockAfter: 2 }) } });
    const banked = customer();
    await pastBookings({ tenant, service }, banked.email, [
      { status: "completed", at: "2031-01-02T15:00:00Z" },
      { status: "no_show", at: "2031-02-02T15:00:00Z" },
      { status: "no_show", at: "2031-03-02T15:00:00Z" },
    ]);
    expect((await book(tenant.slug, body(service.id, staff.id, banked))).status).toBe(403);

    const old = customer();
    await pastBookings({ tenant, service }, old.email, [
      { status: "no_show", at: "2030-04-20T15:00:00Z" },
      { status: "no_show", at: "2031-03-02T15:00:00Z" },
    ]);
    expect((await book(tenant.slug, body(service.id, staff.id, old))).status).toBe(201);
  });

  it("a cancellation outside the window is no strike: the customer's own cancel records only a late one", async () => {
    const { tenant, service, staff } = await reliableTenant({
      tenant: { reliabilityPolicy: policy({ blockAfter: 1 }), cancellationHours: 24 },
    });
    const early = customer();
    const a = await book(tenant.slug, body(service.id, staff.id, early));
    // Cancelled 13 days ahead: outside the 24-hour window.
    await post(`/api/public/booking/${a.body.data.confirmationCode}/cancel`, {}, { now: NOW });
    expect((await book(tenant.slug, body(service.id, staff.id, early, "2031-05-15T10:00:00"))).status).toBe(201);

    const late = customer();
    const b = await book(tenant.slug, body(service.id, staff.id, late, "2031-05-16T10:00:00"));
    // Cancelled 2 hours before its start (10:00 New York = 14:00 UTC): inside the window.
    const cancelled = await post(`/api/public/booking/${b.body.data.confirmationCode}/cancel`, {}, { now: "2031-05-16T12:00:00Z" });
    expect(cancelled.status).toBe(200);
    const again = await post(`/api/public/${tenant.slug}/bookings`, body(service.id, staff.id, late, "2031-05-20T10:00:00"), {
      now: "2031-05-16T12:30:00Z",
    });
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe("booking_restricted");
  });

  it("the business cancelling inside the window counts nothing against the customer", async () => {
    const { tenant, service, staff } = await reliableTenant({ tenant: { reliabilityPolicy: policy({ blockAfter: 1 }) } });
    const who = customer();
    const a = await book(tenant.slug, body(service.id, staff.id, who));
    const at = "2031-05-14T13:00:00Z";
    const token = await ownerToken(tenant.ownerId, tenant.id, "owner", new Date(at));
    const res = await post(`/api/bookings/${a.body.data.id}/cancel`, {}, { token, now: at });
    expect(res.status).toBe(200);
    const again = await post(`/api/public/${tenant.slug}/bookings`, body(service.id, staff.id, who, "2031-05-20T10:00:00"), {
      now: "2031-05-14T13:30:00Z",
    });
    expect(again.status).toBe(201);
  });

  it("recognises the customer by phone in E.164 when the e-mail differs", async () => {
    const { tenant, service, staff } = await reliableTenant({ tenant: { reliabilityPolicy: policy({ blockAfter: 1 }) } });
    await pastBookings({ tenant, service }, customer().email, [
      { status: "no_show", at: "2031-03-02T15:00:00Z", smsPhone: "+12125550123" },
    ]);
    // Typed in the business's national format, under a new e-mail.
    const refused = await book(tenant.slug, body(service.id, staff.id, customer({ phone: "(212) 555-0123" })));
    expect(refused.status).toBe(403);
    // Same last digits, another number: not the same person.
    const other = await book(tenant.slug, body(service.id, staff.id, customer({ phone: "+44 20 7555 0123" })));
    expect(other.status).toBe(201);
  });

  it("keeps the check inside the create's read: a recognised customer's create is still 2 libSQL round trips", async () => {
    const { tenant, service, staff } = await reliableTenant({
      tenant: { reliabilityPolicy: policy({ depositAfter: 1, depositPercent: 25 }) },
    });
    const who = customer({ phone: "+1 212 555 0188" });
    await pastBookings({ tenant, service }, who.email, [{ status: "no_show", at: "2031-03-02T15:00:00Z" }]);
    const { result, dbRequests } = await countDbRequests((dbTag) => book(tenant.slug, body(service.id, staff.id, who), { dbTag }));
    expect(result.status).toBe(201);
    expect(result.body.data.status).toBe("pending");
    expect(dbRequests).toBe(2);
  });
});

describe("card and deposit steps", () => {
  it("the deposit step holds the booking pending with a PaymentIntent for max(service's, policy's) share at a business that takes no payment", async () => {
    const { tenant, service, staff, account } = await reliableTenant({
      tenant: { reliabilityPolicy: policy({ depositAfter: 1, depositPercent: 25 }) },
      depositPercent: 50,
    });
    const low = await createService(tenant.id, { name: "Trim", durationMinutes: 60, price: 4000, depositPercent: 10 });
    const who = customer();
    await pastBookings({ tenant, service }, who.email, [{ status: "no_show", at: "2031-03-02T15:00:00Z" }]);
    const res = await book(tenant.slug, body(service.id, staff.id, who));
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("pending");
    // The service's own 50 % is the larger share.
    expect(res.body.data.payment).toMatchObject({ amount: 2000, kind: "deposit", stripeAccount: account });
    const second = await book(tenant.slug, body(low.id, staff.id, who, "2031-05-15T10:00:00"));
    // The policy's 25 % beats the service's 10 %.
    expect(second.body.data.payment).toMatchObject({ amount: 1000, kind: "deposit" });
    const intents = await stripeCalls(tenant.id, "/stripe/v1/payment_intents");
    expect(intents.map((c) => new URLSearchParams(c.body).get("amount"))).toEqual(["2000", "1000"]);
    expect(intents[0].headers["stripe-account"]).toBe(account);

    // Someone with a clean record books the same service confirmed, paying nothing.
    const clean = await book(tenant.slug, body(service.id, staff.id, customer(), "2031-05-16T10:00:00"));
    expect(clean.body.data.status).toBe("confirmed");
  });

  it("the card step saves a card (SetupIntent) and holds the booking pending", async () => {
    const { tenant, service, staff, account } = await reliableTenant({
      tenant: { reliabilityPolicy: policy({ cardAfter: 1 }), noShowFeePercent: 50 },
    });
    const who = customer();
    await pastBookings({ tenant, service }, who.email, [
      { status: "cancelled", at: "2031-03-02T15:00:00Z", lateCancelledAt: "2031-03-02T10:00:00Z" },
    ]);
    const res = await book(tenant.slug, body(service.id, staff.id, who));
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("pending");
    expect(res.body.data.payment).toMatchObject({
      amount: 0,
      kind: null,
      clientSecret: null,
      setupClientSecret: expect.stringMatching(/^seti_/),
      stripeAccount: account,
      fees: { noShowFeePercent: 50, lateCancelFeePercent: 0 },
    });
    expect(await stripeCalls(tenant.id, "/stripe/v1/setup_intents")).toHaveLength(1);
  });

  it("a visit (items) takes the same step", async () => {
    const { tenant, service, staff } = await reliableTenant({ tenant: { reliabilityPolicy: policy({ blockAfter: 1 }) } });
    const second = await createService(tenant.id, { name: "Blow-dry", durationMinutes: 30, price: 2000 });
    const who = customer();
    await pastBookings({ tenant, service }, who.email, [{ status: "no_show", at: "2031-03-02T15:00:00Z" }]);
    const res = await book(tenant.slug, {
      items: [
        { serviceId: service.id, staffProfileId: staff.id },
        { serviceId: second.id, staffProfileId: staff.id },
      ],
      startDatetime: START,
      customer: who,
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("booking_restricted");
  });
});
