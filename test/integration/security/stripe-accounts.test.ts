import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { get, post, put } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createTenant, uniq } from "../../helpers/factories";
import { stripeAccountFor } from "../../helpers/stripe-account";
import { captured, script, workerEnv } from "../../helpers/worker-entry";
import { bookingBody, bookingOf, heldBooking, intentObject, payingTenant, paymentsOf, sendEvent, stripeEvent } from "../payments/support";

// design.md §31 / issue #33 (medium): any business (or a leaked write key) could paste another
// business's acct_... (printed in every pending public create) and take its deposits and fees;
// the owner was never told. An account is now accepted only when Stripe reports it as made for
// this business, belongs to one business, and every change is audited and e-mailed to the owner.

async function tenantRow(id: string) {
  const [row] = await testDb().all<{ stripe_account_id: string | null; updated_at: string }>(
    sql`SELECT stripe_account_id, updated_at FROM tenants WHERE id = ${id}`,
  );
  return row;
}

const auditOf = (tenantId: string) =>
  testDb().all<{ action: string; diff: string }>(
    sql`SELECT action, diff FROM audit_log WHERE target_id = ${tenantId} AND action LIKE 'tenant.stripe%' ORDER BY created_at, id`,
  );

const mailsTo = (tenantId: string) =>
  testDb().all<{ to_email: string; subject: string; text_body: string }>(
    sql`SELECT to_email, subject, text_body FROM email_outbox WHERE tenant_id = ${tenantId} AND kind = 'tenant.stripe_account_changed'`,
  );

/** Linking `accountId` is refused with `status` and `code`, and changes nothing: the row as it was, no audit entry, no e-mail. */
async function expectLinkRefused(tenant: { id: string; token: string }, accountId: string, status: number, code: string) {
  const before = await tenantRow(tenant.id);
  const res = await put("/api/payments/stripe-account", { accountId }, { token: tenant.token });
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(await tenantRow(tenant.id)).toEqual(before);
  expect(await auditOf(tenant.id)).toEqual([]);
  expect(await mailsTo(tenant.id)).toEqual([]);
}

describe("pasting a Stripe account (design.md §31)", () => {
  it("another business's account, read from its pending public create, is refused 400 stripe_account_mismatch and nothing changes", async () => {
    const victim = await payingTenant();
    // Stripe knows the victim's account as made for the victim (our onboarding stamped it).
    await script({ pathPrefix: `/stripe/v1/accounts/${victim.account}` }, [
      {
        status: 200,
        body: {
          id: victim.account,
          object: "account",
          charges_enabled: true,
          details_submitted: true,
          metadata: { tenant_id: victim.tenant.id },
        },
      },
    ]);
    const created = await post(
      `/api/public/${victim.tenant.slug}/bookings`,
      bookingBody(victim.service.id, victim.staff.id, "2031-05-14T10:00:00"),
    );
    expect(created.status).toBe(201);
    const leaked = created.body.data.payment.stripeAccount as string;
    expect(leaked).toBe(victim.account);

    const thief = await createTenant();
    await expectLinkRefused(thief, leaked, 400, "stripe_account_mismatch");
  });

  it("an account without our metadata (made elsewhere) is refused the same way", async () => {
    const tenant = await createTenant();
    const foreign = `acct_${uniq()}`;
    // The stand-in reports an account it did not make without metadata.
    const res = await put("/api/payments/stripe-account", { accountId: foreign }, { token: tenant.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("stripe_account_mismatch");
    expect((await tenantRow(tenant.id)).stripe_account_id).toBeNull();
  });

  it("an account already linked to another business is 409 stripe_account_taken and nothing changes", async () => {
    const first = await createTenant();
    const second = await createTenant();
    // Stripe says the account was made for `second`, yet `first` holds it (linked before this rule).
    const account = await stripeAccountFor(second.id);
    await testDb().run(sql`UPDATE tenants SET stripe_account_id = ${account} WHERE id = ${first.id}`);
    await expectLinkRefused(second, account, 409, "stripe_account_taken");
  });

  it("an account made for this business is linked; the change is audited and e-mailed to the owner, naming who made it", async () => {
    const tenant = await createTenant({ businessName: `Salon ${uniq()}` });
    const key = await post("/api/businesses/me/api-keys", { name: "integration", scope: "write" }, { token: tenant.token });
    const account = await stripeAccountFor(tenant.id);
    const res = await put("/api/payments/stripe-account", { accountId: account }, { token: key.body.data.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ connected: true, stripeAccountId: account });
    const audit = await auditOf(tenant.id);
    expect(audit.map((a) => a.action)).toEqual(["tenant.stripe_account_changed"]);
    expect(JSON.parse(audit[0].diff)).toEqual({ stripeAccountId: { before: null, after: account } });
    const [mail] = await mailsTo(tenant.id);
    expect(mail.to_email).toBe(tenant.ownerEmail);
    expect(mail.subject).toContain(account);
    expect(mail.text_body).toContain(`one of your API keys (${key.body.data.id})`);
  });
});

describe("the account's state: reads never call Stripe (design.md §31)", () => {
  it("GET answers what is stored for any role or key, even with ?refresh=true: no Stripe call, no write", async () => {
    const account = `acct_${uniq()}`;
    const tenant = await createTenant({ stripeAccountId: account, stripeChargesEnabled: false });
    const staff = await createMember(tenant.id, "staff");
    const key = await post("/api/businesses/me/api-keys", { name: "reader", scope: "read" }, { token: tenant.token });
    const before = await tenantRow(tenant.id);
    for (const token of [staff.token, key.body.data.key, tenant.token]) {
      const res = await get("/api/payments/stripe-account?refresh=true", { token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ stripeAccountId: account, chargesEnabled: false });
    }
    expect(await captured({ pathPrefix: `/stripe/v1/accounts/${account}` })).toEqual([]);
    expect(await tenantRow(tenant.id)).toEqual(before);
  });

  it("POST .../refresh asks Stripe and stores the answer, for owners and admins only", async () => {
    const account = `acct_${uniq()}`;
    const tenant = await createTenant({ stripeAccountId: account, stripeChargesEnabled: false });
    const staff = await createMember(tenant.id, "staff");
    const key = await post("/api/businesses/me/api-keys", { name: "reader", scope: "read" }, { token: tenant.token });
    for (const token of [staff.token, key.body.data.key]) {
      expect((await post("/api/payments/stripe-account/refresh", undefined, { token })).status).toBe(403);
    }
    expect(await captured({ pathPrefix: `/stripe/v1/accounts/${account}` })).toEqual([]);
    const res = await post("/api/payments/stripe-account/refresh", undefined, { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ chargesEnabled: true, detailsSubmitted: true });
    expect(await captured({ pathPrefix: `/stripe/v1/accounts/${account}` })).toHaveLength(1);
  });
});

describe("Stripe events of other accounts (design.md §31)", () => {
  it("payment_intent.succeeded for our intent, sent from another connected account or without one, confirms nothing", async () => {
    const held = await heldBooking({ now: new Date() });
    const object = await intentObject(held.booking.id);
    // The abuse path: another account's holder replays our intent id and metadata.
    for (const event of [
      stripeEvent("payment_intent.succeeded", object, `acct_${uniq()}`),
      stripeEvent("payment_intent.succeeded", object),
    ]) {
      const res = await sendEvent(event, { secret: workerEnv.STRIPE_CONNECT_WEBHOOK_SECRET, asSent: true });
      expect(res.status).toBe(200);
    }
    expect((await paymentsOf(held.booking.id))[0].status).toBe("pending");
    expect((await bookingOf(held.booking.id)).status).toBe("pending");

    // The payment's own account confirms it.
    const own = stripeEvent("payment_intent.succeeded", object, held.account);
    expect((await sendEvent(own, { secret: workerEnv.STRIPE_CONNECT_WEBHOOK_SECRET })).status).toBe(200);
    expect((await bookingOf(held.booking.id)).status).toBe("confirmed");
  });
});
