import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { post } from "../../helpers/api";
import { createTenant, ownerToken } from "../../helpers/factories";
import { captured, paidBooking, runCron } from "./support";

// design.md §23: every Stripe call names the pinned API version, so a change of the platform
// account's default version in Stripe's dashboard cannot change the objects the code reads. Seen
// where Stripe would see it: the requests the capture server (standing in for Stripe) received.

const PINNED = "2026-10-28.endive";

describe("Stripe-Version", () => {
  it("is the version of the official package the tests sign Stripe's events with", () => {
    expect(Stripe.API_VERSION).toBe(PINNED);
  });

  it("is sent on every call: onboarding, account refresh, PaymentIntent on the request path, and the outbox's refund", async () => {
    // Connect onboarding and the account refresh (platform account, request path).
    const tenant = await createTenant({ countryCode: "DE" });
    expect((await post("/api/payments/stripe-account/onboarding", undefined, { token: tenant.token })).status).toBe(200);
    // design.md §31: the refresh is POST .../refresh (the GET never calls Stripe).
    const account = (await post("/api/payments/stripe-account/refresh", undefined, { token: tenant.token })).body.data.stripeAccountId;
    // A paid booking (PaymentIntent on the connected account), then the business cancels it: the
    // refund is a job the cron performs.
    const b = await paidBooking({ now: "2031-03-01T09:00:00.000Z", start: "2031-03-30T12:00:00" });
    const token = await ownerToken(b.tenant.ownerId, b.tenant.id);
    expect((await post(`/api/bookings/${b.booking.id}/cancel`, {}, { token })).body.data.refund).toMatchObject({ status: "pending" });
    await runCron();

    const calls = [
      ...(await captured({ pathPrefix: "/stripe/v1/accounts", bodyContains: tenant.id })),
      ...(await captured({ pathPrefix: "/stripe/v1/account_links", bodyContains: account })),
      ...(await captured({ pathPrefix: `/stripe/v1/accounts/${account}`, method: "GET" })),
      ...(await captured({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: b.booking.id })),
      ...(await captured({ pathPrefix: "/stripe/v1/refunds", bodyContains: b.payment.stripePaymentIntentId ?? "none" })),
    ];
    expect(calls.map((c) => `${c.method} ${c.path.split("?")[0].replace(/acct_\w+/, "acct")}`).sort()).toEqual(
      [
        "GET /stripe/v1/accounts/acct",
        "POST /stripe/v1/account_links",
        "POST /stripe/v1/accounts",
        "POST /stripe/v1/payment_intents",
        "POST /stripe/v1/refunds",
      ].sort(),
    );
    for (const call of calls) expect(call.headers["stripe-version"], `${call.method} ${call.path}`).toBe(PINNED);
  });
});
