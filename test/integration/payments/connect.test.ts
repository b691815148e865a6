import { describe, expect, it } from "vitest";
import { del, get, patch, post, put } from "../../helpers/api";
import { createMember, createTenant, uniq } from "../../helpers/factories";
import { stripeAccountFor } from "../../helpers/stripe-account";
import { captured, script, sendEvent, stripeEvent, workerEnv } from "./support";

// design.md §21, issue #25 item 1: connecting a business to Stripe without pasting ids.

const status = (token: string, query = "") => get(`/api/payments/stripe-account${query}`, { token });

describe("POST /api/payments/stripe-account/onboarding", () => {
  it("creates the connected account once, stores it (still onboarding), and answers an Account Link back to /app/settings", async () => {
    const tenant = await createTenant({ countryCode: "DE" });
    const res = await post("/api/payments/stripe-account/onboarding", undefined, { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ url: expect.stringMatching(/^https:\/\/connect\.stripe\.com\//) });
    expect(res.headers.get("cache-control")).toBe("no-store");

    const [created] = await captured({ pathPrefix: "/stripe/v1/accounts", bodyContains: tenant.id });
    expect(created.method).toBe("POST");
    expect(created.headers["idempotency-key"]).toBe(`account-${tenant.id}`);
    expect(created.headers["stripe-account"]).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(created.body))).toMatchObject({ type: "standard", country: "DE" });

    const account = (await status(tenant.token)).body.data;
    expect(account).toEqual({
      connected: true,
      stripeAccountId: expect.stringMatching(/^acct_/),
      chargesEnabled: false,
      detailsSubmitted: false,
    });
    const [link] = await captured({ pathPrefix: "/stripe/v1/account_links", bodyContains: account.stripeAccountId });
    const fields = Object.fromEntries(new URLSearchParams(link.body));
    expect(fields).toMatchObject({ account: account.stripeAccountId, type: "account_onboarding" });
    expect(fields.return_url).toMatch(/\/app\/settings\?stripe=return$/);
    expect(fields.refresh_url).toMatch(/\/app\/settings\?stripe=refresh$/);

    // Another click: the same account, a fresh link.
    const again = await post("/api/payments/stripe-account/onboarding", undefined, { token: tenant.token });
    expect(again.status).toBe(200);
    expect(await captured({ pathPrefix: "/stripe/v1/accounts", bodyContains: tenant.id })).toHaveLength(1);
    expect(await captured({ pathPrefix: "/stripe/v1/account_links", bodyContains: account.stripeAccountId })).toHaveLength(2);
  });

  it("is for owners and admins, and answers 502 when Stripe refuses", async () => {
    const tenant = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    expect((await post("/api/payments/stripe-account/onboarding", undefined, { token: staff.token })).status).toBe(403);
    await script({ pathPrefix: "/stripe/v1/accounts", bodyContains: tenant.id }, [
      { status: 400, body: { error: { message: "Connect is not enabled for this platform." } } },
    ]);
    const refused = await post("/api/payments/stripe-account/onboarding", undefined, { token: tenant.token });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe("payment_provider_error");
    expect((await status(tenant.token)).body.data.connected).toBe(false);
  });
});

describe("the account's state", () => {
  it("is kept current by the signed Connect event account.updated, after which requirePayment may be turned on", async () => {
    const tenant = await createTenant();
    await post("/api/payments/stripe-account/onboarding", undefined, { token: tenant.token });
    const { stripeAccountId } = (await status(tenant.token)).body.data;
    expect((await patch("/api/businesses/me", { requirePayment: true }, { token: tenant.token })).body.error.code).toBe(
      "stripe_not_connected",
    );

    const event = stripeEvent(
      "account.updated",
      { id: stripeAccountId, object: "account", charges_enabled: true, details_submitted: true },
      stripeAccountId,
    );
    const res = await sendEvent(event, { secret: workerEnv.STRIPE_CONNECT_WEBHOOK_SECRET });
    expect(res.status).toBe(200);
    expect((await status(tenant.token)).body.data).toMatchObject({ chargesEnabled: true, detailsSubmitted: true });
    expect((await patch("/api/businesses/me", { requirePayment: true }, { token: tenant.token })).status).toBe(200);

    // An account no business has is acknowledged and changes nothing.
    const stranger = stripeEvent("account.updated", { id: `acct_${uniq()}`, charges_enabled: true });
    expect((await sendEvent(stranger, { secret: workerEnv.STRIPE_CONNECT_WEBHOOK_SECRET })).status).toBe(200);
  });

  it("is refreshed from Stripe when asked (POST .../refresh, design.md §31)", async () => {
    const tenant = await createTenant({ stripeAccountId: `acct_${uniq()}`, stripeChargesEnabled: false });
    const before = (await status(tenant.token)).body.data;
    expect(before.chargesEnabled).toBe(false);
    const after = (await post("/api/payments/stripe-account/refresh", undefined, { token: tenant.token })).body.data;
    expect(after).toMatchObject({ connected: true, chargesEnabled: true, detailsSubmitted: true });
    const [call] = await captured({ pathPrefix: `/stripe/v1/accounts/${before.stripeAccountId}` });
    expect(call.method).toBe("GET");
  });
});

describe("PUT /api/payments/stripe-account (a pasted acct_ id)", () => {
  it("checks the account with Stripe before storing it", async () => {
    const tenant = await createTenant();
    const unknown = `acct_${uniq()}`;
    await script({ pathPrefix: `/stripe/v1/accounts/${unknown}` }, [
      { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such account" } } },
    ]);
    const refused = await put("/api/payments/stripe-account", { accountId: unknown }, { token: tenant.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fieldErrors.accountId).toBeDefined();
    expect((await status(tenant.token)).body.data.connected).toBe(false);

    const down = `acct_${uniq()}`;
    await script({ pathPrefix: `/stripe/v1/accounts/${down}` }, [{ status: 503 }]);
    expect((await put("/api/payments/stripe-account", { accountId: down }, { token: tenant.token })).status).toBe(502);

    const good = await stripeAccountFor(tenant.id);
    const ok = await put("/api/payments/stripe-account", { accountId: good }, { token: tenant.token });
    expect(ok.body.data).toEqual({ connected: true, stripeAccountId: good, chargesEnabled: true, detailsSubmitted: true });
  });

  it("DELETE disconnects and turns requirePayment off", async () => {
    const tenant = await createTenant({ stripeAccountId: `acct_${uniq()}`, stripeChargesEnabled: true, requirePayment: true });
    const off = await del("/api/payments/stripe-account", { token: tenant.token });
    expect(off.body.data).toEqual({ connected: false, stripeAccountId: null, chargesEnabled: false, detailsSubmitted: false });
    expect((await get("/api/businesses/me", { token: tenant.token })).body.data.requirePayment).toBe(false);
  });
});
