import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { giftCodeSecret } from "../../../src/config";
import { codeDigest } from "../../../src/domain/prepaid-codes";
import { del, get, post } from "../../helpers/api";
import { customerAt } from "../../helpers/booking";
import { testDb } from "../../helpers/db";
import { uniq } from "../../helpers/factories";
import { book, bookingBody, payingTenant, processedEvent, script, sendEvent, workerEnv } from "../payments/support";
import { cronAt } from "../notifications/support";
import { expectPendingSale, outboxTo, ownerTokenAt, soldCounts } from "./support";
import { issued } from "./counter";
import { offered, packageCodeIn, saleEvent, salePayment } from "./package-support";

// design.md §32, issue #43: a package of sessions bought online, paid on the business's connected
// Stripe account, issued (code, credits, expiry) by Stripe's signed success and e-mailed to the buyer.

const NOW = "2031-05-01T12:00:00.000Z";
const START = "2031-05-14T10:00:00";

const buyer = () => ({ name: "Bea Buyer", email: `bea-${uniq()}@example.test` });

const buy = (slug: string, body: Record<string, unknown>, opts: { token?: string } = {}) =>
  post(`/api/public/${slug}/packages`, body, { now: NOW, ...opts });

type Sold = { status: string; credits: number; sessions: number; codeHash: string | null; last4: string | null; expiresAt: string };

async function soldRow(id: string) {
  const [row] = await testDb().all<Sold & { customerAccountId: string | null; issuedAt: string | null }>(sql`
    SELECT status, credits, sessions, code_hash AS codeHash, last4, expires_at AS expiresAt, customer_account_id AS customerAccountId,
           issued_at AS issuedAt
    FROM package_credits WHERE id = ${id}`);
  return row;
}

const countRows = (tenantId: string) => soldCounts("package", tenantId);

describe("packages on sale (GET /api/public/:slug/packages)", () => {
  it("lists what can be bought online; a deleted or counter-only package is not listed, and a business that cannot charge lists none", async () => {
    const { tenant, service } = await payingTenant();
    const pack = await offered(tenant, [service.id]);
    await offered(tenant, [service.id], { name: "Free trial", price: 0 });
    const gone = await offered(tenant, [service.id], { name: "Old offer" });
    expect((await del(`/api/packages/${gone.id}`, { token: await ownerTokenAt(tenant, NOW), now: NOW })).status).toBe(200);
    const res = await get(`/api/public/${tenant.slug}/packages`, { now: NOW });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: pack.id, name: "Five colours", serviceIds: [service.id], sessions: 5, price: 16000, currency: "EUR", validityDays: 365 },
    ]);

    const closed = await payingTenant({ tenant: { stripeChargesEnabled: false } });
    await offered(closed.tenant, [closed.service.id]);
    expect((await get(`/api/public/${closed.tenant.slug}/packages`, { now: NOW })).body.data).toEqual([]);
    const unknown = await get(`/api/public/no-such-business-${uniq()}/packages`, { now: NOW });
    expect(unknown.status).toBe(404);
  });
});

describe("buying a package (POST /api/public/:slug/packages)", () => {
  it("answers 201 pending with the payment to confirm, a PaymentIntent on the connected account naming the package, and no code yet", async () => {
    const { tenant, service, account } = await payingTenant();
    const pack = await offered(tenant, [service.id]);
    const who = buyer();
    const id = await expectPendingSale(await buy(tenant.slug, { packageId: pack.id, buyer: who }), {
      tenantId: tenant.id,
      account,
      id: /^pkc_/,
      amount: 16000,
      key: (id) => `package-${id}-sale`,
      metadata: (id) => ({ package_credit_id: id, package_id: pack.id }),
    });
    expect(await soldRow(id)).toMatchObject({
      status: "pending",
      credits: 0,
      sessions: 5,
      codeHash: null,
      last4: null,
      // validityDays (365) from the purchase.
      expiresAt: "2032-04-30T12:00:00.000Z",
      customerAccountId: null,
    });
    expect(await salePayment(id)).toMatchObject({ kind: "package_sale", status: "pending", amount: 16000 });
    expect(await outboxTo(who.email)).toEqual([]);
  });

  it("issues it on the signed payment_intent.succeeded: credits, a PK- code stored as an HMAC, e-mailed to the buyer, spendable at booking", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 30 });
    const pack = await offered(tenant, [service.id]);
    const who = buyer();
    const { id } = (await buy(tenant.slug, { packageId: pack.id, buyer: who })).body.data;
    const { res, event } = await saleEvent(id);
    expect(res.status).toBe(200);
    expect(await salePayment(id)).toMatchObject({ status: "succeeded" });

    const sold = await soldRow(id);
    expect(sold).toMatchObject({ status: "active", credits: 5, issuedAt: NOW });
    const [mail] = await outboxTo(who.email);
    expect(mail).toMatchObject({ kind: "package.issued", status: "pending", sensitive: true });
    expect(mail.textBody).toContain("160.00");
    expect(mail.textBody).toContain("Five colours");
    const code = packageCodeIn(mail.textBody);
    const body8 = code.replace(/^PK-|-/g, "");
    const secret = giftCodeSecret({ JWT_SECRET: workerEnv.JWT_SECRET as string, GIFT_CODE_SECRET: undefined });
    expect(sold.codeHash).toBe(await codeDigest(secret, "PK", body8));
    expect(sold.last4).toBe(body8.slice(-4));

    // A redelivery of the same event issues nothing more.
    expect((await sendEvent(event, { at: new Date(NOW), pinClock: true })).status).toBe(200);
    expect((await soldRow(id)).codeHash).toBe(sold.codeHash);
    expect(await outboxTo(who.email)).toHaveLength(1);
    expect(await processedEvent(event.id)).toHaveLength(1);

    // The code pays a booking: one session taken, nothing charged.
    const booked = await book(tenant.slug, { ...bookingBody(service.id, staff.id, START), packageCode: code }, { now: NOW });
    expect(booked.status).toBe(201);
    expect(booked.body.data).toMatchObject({ status: "confirmed", payment: null });
    expect((await soldRow(id)).credits).toBe(4);
  });

  it("is held by the signed-in buyer's account, so usePackage spends it", async () => {
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 30 });
    const pack = await offered(tenant, [service.id]);
    const holder = await customerAt(NOW);
    const { id } = (await buy(tenant.slug, { packageId: pack.id, buyer: buyer() }, { token: holder.token })).body.data;
    expect((await soldRow(id)).customerAccountId).toBe(holder.id);
    // Not spendable before the money is taken.
    const early = await book(
      tenant.slug,
      { ...bookingBody(service.id, staff.id, START), usePackage: true },
      { now: NOW, token: holder.token },
    );
    expect(early.status).toBe(400);
    expect(Object.keys(early.body.error.details.fieldErrors)).toEqual(["usePackage"]);

    await saleEvent(id);
    const res = await book(
      tenant.slug,
      { ...bookingBody(service.id, staff.id, START), usePackage: true },
      { now: NOW, token: holder.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("confirmed");
    expect((await soldRow(id)).credits).toBe(4);
  });

  it("issues nothing on a failed payment or on a success from another Stripe account; a later success issues it once", async () => {
    const { tenant, service } = await payingTenant();
    const pack = await offered(tenant, [service.id]);
    const who = buyer();
    const { id } = (await buy(tenant.slug, { packageId: pack.id, buyer: who })).body.data;

    const failed = await saleEvent(id, "payment_intent.payment_failed");
    expect(failed.res.status).toBe(200);
    expect(await salePayment(id)).toMatchObject({ status: "failed" });
    expect(await soldRow(id)).toMatchObject({ status: "pending", credits: 0, codeHash: null });

    const forged = await saleEvent(id, "payment_intent.succeeded", { account: `acct_${uniq()}` });
    expect(forged.res.status).toBe(200);
    expect(await soldRow(id)).toMatchObject({ status: "pending", credits: 0, codeHash: null });
    expect(await outboxTo(who.email)).toEqual([]);

    // The buyer tried another card: Stripe's success issues it.
    await saleEvent(id);
    expect(await soldRow(id)).toMatchObject({ status: "active", credits: 5 });
    expect(await outboxTo(who.email)).toHaveLength(1);
  });

  it("refuses, writing nothing: an unknown, deleted or other business's package, a price below Stripe's minimum, a bad buyer, Stripe refusing", async () => {
    const { tenant, service } = await payingTenant();
    const pack = await offered(tenant, [service.id]);
    const other = await payingTenant();
    const theirs = await offered(other.tenant, [other.service.id]);
    const gone = await offered(tenant, [service.id], { name: "Old offer" });
    expect((await del(`/api/packages/${gone.id}`, { token: await ownerTokenAt(tenant, NOW), now: NOW })).status).toBe(200);
    for (const packageId of ["pkg_nope", theirs.id, gone.id]) {
      const res = await buy(tenant.slug, { packageId, buyer: buyer() });
      expect(res.status, packageId).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }

    const free = await offered(tenant, [service.id], { price: 0 });
    const cheap = await buy(tenant.slug, { packageId: free.id, buyer: buyer() });
    expect(cheap.status).toBe(400);
    expect(cheap.body.error.details.fieldErrors).toEqual({
      packageId: ["This package is sold at the business only; ask them to issue it"],
    });

    const bad = await buy(tenant.slug, { packageId: pack.id, buyer: { name: "", email: "nope" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fieldErrors).sort()).toEqual(["buyer.email", "buyer.name"]);

    await script({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: tenant.id }, [
      { status: 400, body: { error: { type: "invalid_request_error", message: "Your account cannot currently make live charges." } } },
    ]);
    const refused = await buy(tenant.slug, { packageId: pack.id, buyer: buyer() });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe("payment_provider_error");
    expect(await countRows(tenant.id)).toEqual({ sold: 0, payments: 0 });
  });

  it("answers 404 at a business that cannot take payments online, and needs a Turnstile token where bot protection is on", async () => {
    const { tenant, service } = await payingTenant({ tenant: { stripeChargesEnabled: false } });
    const pack = await offered(tenant, [service.id]);
    const closed = await buy(tenant.slug, { packageId: pack.id, buyer: buyer() });
    expect(closed.status).toBe(404);

    const guarded = await payingTenant({ tenant: { botProtection: true } });
    const guardedPack = await offered(guarded.tenant, [guarded.service.id]);
    const res = await buy(guarded.tenant.slug, { packageId: guardedPack.id, buyer: buyer() });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("captcha_failed");
    expect(await countRows(tenant.id)).toEqual({ sold: 0, payments: 0 });
    expect(await countRows(guarded.tenant.id)).toEqual({ sold: 0, payments: 0 });
  });
});

describe("a bought package's session at booking", () => {
  it("comes back when the booking it paid is released unpaid (held for a card on file); the sale itself stays issued", async () => {
    const fees = { requirePayment: false, noShowFeePercent: 50, lateCancelFeePercent: 30 };
    const { tenant, service, staff } = await payingTenant({ price: 4000, depositPercent: 0, tenant: fees });
    const pack = await offered(tenant, [service.id]);
    const who = buyer();
    const { id } = (await buy(tenant.slug, { packageId: pack.id, buyer: who })).body.data;
    await saleEvent(id);
    const [mail] = await outboxTo(who.email);
    const code = packageCodeIn(mail.textBody);

    const held = await book(tenant.slug, { ...bookingBody(service.id, staff.id, START), packageCode: code }, { now: NOW });
    expect(held.status).toBe(201);
    expect(held.body.data.status).toBe("pending");
    expect(held.body.data.payment).toMatchObject({ amount: 0, setupClientSecret: expect.stringMatching(/^seti_/) });
    expect((await soldRow(id)).credits).toBe(4);

    // The card is never saved: the hold ends and its session goes back on the package.
    await cronAt(new Date(Date.parse(NOW) + 16 * 60_000), tenant.id);
    const [booking] = await testDb().all<{ status: string }>(sql`SELECT status FROM bookings WHERE id = ${held.body.data.id}`);
    expect(booking.status).toBe("cancelled");
    expect(await soldRow(id)).toMatchObject({ status: "active", credits: 5 });
    expect(await salePayment(id)).toMatchObject({ status: "succeeded" });
  });
});

describe("a package issued by hand", () => {
  it("e-mails its code to the buyer's address (the same code the owner's answer shows)", async () => {
    const { tenant, service } = await payingTenant();
    const pack = await offered(tenant, [service.id]);
    const email = `kim-${uniq()}@example.test`;
    const sold = await issued(tenant, pack.id, { reason: "Paid cash", buyerName: "Kim", buyerEmail: email });
    const [mail] = await outboxTo(email);
    expect(mail).toMatchObject({ kind: "package.issued", sensitive: true });
    expect(packageCodeIn(mail.textBody)).toBe(sold.code);
    expect(mail.textBody).toContain("Hi Kim");
    expect(mail.textBody).not.toContain("payment");
  });
});
