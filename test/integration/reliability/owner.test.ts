import { describe, expect, it } from "vitest";
import { get, patch, post } from "../../helpers/api";
import { customer } from "../../helpers/booking";
import { createMember, ownerToken } from "../../helpers/factories";
import { customerRow, NOW, pastBookings, policy, reliableTenant, START } from "./support";

// design.md §28, issue #39 item 2 (owner side): the policy setting and its validation, the record
// on the customer, the "trusted" mark and the reset.

const at = new Date(NOW);
const tokenOf = (tenant: { ownerId: string; id: string }) => ownerToken(tenant.ownerId, tenant.id, "owner", at);
const book = (slug: string, serviceId: string, staffId: string, who: Record<string, unknown>, start = START) =>
  post(`/api/public/${slug}/bookings`, { serviceId, staffProfileId: staffId, startDatetime: start, customer: who }, { now: NOW });

describe("reliabilityPolicy in the business settings", () => {
  it("is off by default, saves, reads back, and turns off with null", async () => {
    const { tenant } = await reliableTenant({ tenant: { noShowFeePercent: 20 } });
    const token = await tokenOf(tenant);
    expect((await get("/api/businesses/me", { token, now: NOW })).body.data.reliabilityPolicy).toBeNull();
    const p = { cardAfter: 1, depositAfter: 2, depositPercent: 30, blockAfter: 4 };
    const saved = await patch("/api/businesses/me", { reliabilityPolicy: p }, { token, now: NOW });
    expect(saved.status).toBe(200);
    expect(saved.body.data.reliabilityPolicy).toEqual(p);
    const off = await patch("/api/businesses/me", { reliabilityPolicy: null }, { token, now: NOW });
    expect(off.body.data.reliabilityPolicy).toBeNull();
  });

  it("refuses card and deposit steps without a Stripe account that can take charges (400 stripe_not_connected), but not a block step", async () => {
    const { tenant } = await reliableTenant({ tenant: { stripeChargesEnabled: false, noShowFeePercent: 0 } });
    const token = await tokenOf(tenant);
    for (const p of [policy({ depositAfter: 1, depositPercent: 20 }), policy({ cardAfter: 1 })]) {
      const res = await patch("/api/businesses/me", { reliabilityPolicy: p }, { token, now: NOW });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("stripe_not_connected");
    }
    expect((await get("/api/businesses/me", { token, now: NOW })).body.data.reliabilityPolicy).toBeNull();
    const block = await patch("/api/businesses/me", { reliabilityPolicy: policy({ blockAfter: 3 }) }, { token, now: NOW });
    expect(block.status).toBe(200);
  });

  it("refuses a card step without a no-show or late-cancel fee, and a deposit step without its share", async () => {
    const { tenant } = await reliableTenant();
    const token = await tokenOf(tenant);
    const card = await patch("/api/businesses/me", { reliabilityPolicy: policy({ cardAfter: 2 }) }, { token, now: NOW });
    expect(card.status).toBe(400);
    expect(card.body.error.code).toBe("invalid_request");
    expect(Object.keys(card.body.error.details.fieldErrors)).toEqual(["reliabilityPolicy.cardAfter"]);
    // The fee may come in the same change.
    const withFee = await patch(
      "/api/businesses/me",
      { reliabilityPolicy: policy({ cardAfter: 2 }), lateCancelFeePercent: 50 },
      { token, now: NOW },
    );
    expect(withFee.status).toBe(200);

    const deposit = await patch("/api/businesses/me", { reliabilityPolicy: policy({ depositAfter: 2 }) }, { token, now: NOW });
    expect(deposit.status).toBe(400);
    expect(deposit.body.error.details.fieldErrors["reliabilityPolicy.depositPercent"]).toBeDefined();
    const zero = await patch("/api/businesses/me", { reliabilityPolicy: policy({ blockAfter: 0 }) }, { token, now: NOW });
    expect(zero.status).toBe(400);
    expect(zero.body.error.details.fieldErrors["reliabilityPolicy.blockAfter"]).toBeDefined();
    expect((await get("/api/businesses/me", { token, now: NOW })).body.data.reliabilityPolicy).toEqual(policy({ cardAfter: 2 }));
  });
});

describe("the record on the customer, trusted and reset", () => {
  it("shows the counts and the step on the customer; trusted exempts and reset clears, each changing what the next booking gets", async () => {
    const { tenant, service, staff } = await reliableTenant({ tenant: { reliabilityPolicy: policy({ blockAfter: 2 }) } });
    const token = await tokenOf(tenant);
    const who = customer();
    const id = await pastBookings({ tenant, service }, who.email, [
      { status: "no_show", at: "2031-01-02T15:00:00Z" },
      { status: "cancelled", at: "2031-02-02T15:00:00Z", lateCancelledAt: "2031-02-02T10:00:00Z" },
      { status: "completed", at: "2031-03-02T15:00:00Z" },
      { status: "no_show", at: "2031-04-02T15:00:00Z" },
    ]);
    const detail = await get(`/api/customers/${id}`, { token, now: NOW });
    expect(detail.status).toBe(200);
    expect(detail.body.data.reliability).toEqual({
      noShows: 2,
      lateCancellations: 1,
      strikes: 2,
      step: "blocked",
      trusted: false,
      resetAt: null,
    });
    expect((await book(tenant.slug, service.id, staff.id, who)).status).toBe(403);

    const trusted = await post(`/api/customers/${id}/reliability`, { trusted: true }, { token, now: NOW });
    expect(trusted.status).toBe(200);
    expect(trusted.body.data).toMatchObject({ trusted: true, step: "none", strikes: 2 });
    expect((await book(tenant.slug, service.id, staff.id, who)).status).toBe(201);

    await post(`/api/customers/${id}/reliability`, { trusted: false }, { token, now: NOW });
    expect((await book(tenant.slug, service.id, staff.id, who, "2031-05-15T10:00:00")).status).toBe(403);
    const reset = await post(`/api/customers/${id}/reliability`, { reset: true }, { token, now: NOW });
    expect(reset.body.data).toMatchObject({ noShows: 0, lateCancellations: 0, strikes: 0, step: "none", resetAt: NOW });
    expect((await customerRow(id)).reliabilityResetAt).toBe(Date.parse(NOW));
    expect((await book(tenant.slug, service.id, staff.id, who, "2031-05-15T10:00:00")).status).toBe(201);
  });

  it("is the owner's and admin's: staff get 403, another business's customer 404, an empty body 400", async () => {
    const { tenant, service } = await reliableTenant();
    const other = await reliableTenant();
    const id = await pastBookings({ tenant, service }, customer().email, []);
    const staff = await createMember(tenant.id, "staff");
    const staffToken = await ownerToken(staff.userId, tenant.id, "staff", at);
    expect((await post(`/api/customers/${id}/reliability`, { trusted: true }, { token: staffToken, now: NOW })).status).toBe(403);
    const foreign = await post(`/api/customers/${id}/reliability`, { trusted: true }, { token: await tokenOf(other.tenant), now: NOW });
    expect(foreign.status).toBe(404);
    const empty = await post(`/api/customers/${id}/reliability`, {}, { token: await tokenOf(tenant), now: NOW });
    expect(empty.status).toBe(400);
    expect((await customerRow(id)).reliabilityTrusted).toBe(false);
  });

  it("shows the customer's record on each of their bookings in the owner API, the held booking included", async () => {
    const { tenant, service, staff } = await reliableTenant({
      tenant: { reliabilityPolicy: policy({ depositAfter: 1, depositPercent: 20 }) },
    });
    const who = customer();
    await pastBookings({ tenant, service }, who.email, [{ status: "no_show", at: "2031-04-02T15:00:00Z" }]);
    const held = await book(tenant.slug, service.id, staff.id, who);
    expect(held.body.data.status).toBe("pending");
    const detail = await get(`/api/bookings/${held.body.data.id}`, { token: await tokenOf(tenant), now: NOW });
    expect(detail.status).toBe(200);
    expect(detail.body.data.customerReliability).toEqual({
      noShows: 1,
      lateCancellations: 0,
      strikes: 1,
      step: "deposit",
      trusted: false,
      resetAt: null,
    });
  });
});
