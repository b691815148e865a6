import { describe, expect, it } from "vitest";
import { codeDigest } from "../../../src/domain/prepaid-codes";
import { giftCodeSecret } from "../../../src/config";
import { get, patch } from "../../helpers/api";
import { createTenant } from "../../helpers/factories";
import { processedEvent, script, workerEnv } from "../payments/support";
import {
  buy,
  codeIn,
  expectPendingSale,
  giftCardRow,
  giftSettings,
  giftTenant,
  outboxTo,
  paySale,
  purchaseBody,
  salePayment,
  soldCounts,
} from "./support";

// design.md §32, issue #43 item 1: a gift card bought on the business's page, paid on its
// connected Stripe account, issued by Stripe's signed success.

const NOW = "2031-05-01T12:00:00.000Z";

const countRows = (tenantId: string) => soldCounts("giftCard", tenantId);

describe("buying a gift card (POST /api/public/:slug/gift-cards)", () => {
  it("answers 201 pending with the payment to confirm, a PaymentIntent on the connected account, and no code yet", async () => {
    const { tenant, account } = await giftTenant();
    const id = await expectPendingSale(await buy(tenant.slug, purchaseBody(), { now: NOW }), {
      tenantId: tenant.id,
      account,
      id: /^gft_/,
      amount: 5000,
      key: (id) => `gift-card-${id}-sale`,
      metadata: (id) => ({ gift_card_id: id }),
    });
    const card = await giftCardRow(id);
    expect(card).toMatchObject({ status: "pending", codeHash: null, last4: null, balance: 0, amount: 5000, deliveryDate: "2031-05-10" });
    // Valid for the business's 60 months from the purchase.
    expect(card.expiresAt).toBe("2036-05-01T12:00:00.000Z");
    expect(await salePayment(id)).toMatchObject({ kind: "gift_card_sale", status: "pending", bookingId: null, amount: 5000 });
    // Nobody is told anything before the money is taken.
    expect(await outboxTo(card.recipientEmail)).toEqual([]);
    expect(await outboxTo(card.buyerEmail)).toEqual([]);
  });

  it("issues the card on the signed payment_intent.succeeded: balance, code stored as an HMAC, recipient e-mail on the delivery date, buyer receipt", async () => {
    const { tenant } = await giftTenant();
    const body = purchaseBody();
    const { id } = (await buy(tenant.slug, body, { now: NOW })).body.data;
    const { res, event } = await paySale(id, { at: new Date(NOW) });
    expect(res.status).toBe(200);
    expect(await salePayment(id)).toMatchObject({ status: "succeeded" });

    const card = await giftCardRow(id);
    expect(card).toMatchObject({ status: "active", balance: 5000, issuedAt: NOW });
    const [toRecipient] = await outboxTo(body.recipient.email);
    expect(toRecipient).toMatchObject({ kind: "gift_card.delivered", status: "pending", sensitive: true });
    // 09:00 in New York on 10 May.
    expect(toRecipient.nextAttemptAt).toBe("2031-05-10T13:00:00.000Z");
    const code = codeIn(toRecipient.textBody);
    expect(code).toMatch(/^GC-[0-9A-HJ-NP-Z]{4}-[0-9A-HJ-NP-Z]{4}$/);
    expect(toRecipient.textBody).toContain("Happy birthday!");
    const body8 = code.replace(/^GC-|-/g, "");
    expect(card.codeHash).toBe(
      await codeDigest(giftCodeSecret({ JWT_SECRET: workerEnv.JWT_SECRET as string, GIFT_CODE_SECRET: undefined }), "GC", body8),
    );
    expect(card.last4).toBe(body8.slice(-4));
    expect(JSON.stringify(card)).not.toContain(body8);

    const [receipt] = await outboxTo(body.buyer.email);
    expect(receipt).toMatchObject({ kind: "gift_card.receipt", status: "pending" });
    expect(receipt.textBody).toContain(`ending ${card.last4}`);
    expect(receipt.textBody).not.toContain(code);

    // A redelivery of the same event issues nothing more.
    const again = await paySale(id, { at: new Date(NOW) });
    expect(again.res.status).toBe(200);
    expect((await giftCardRow(id)).codeHash).toBe(card.codeHash);
    expect(await outboxTo(body.recipient.email)).toHaveLength(1);
    expect(await processedEvent(event.id)).toHaveLength(1);
  });

  it("refuses, writing nothing: gift cards off, an amount outside the range, a delivery date too far, Stripe refusing", async () => {
    const off = await giftTenant({ tenant: { giftCardSettings: { ...giftSettings, enabled: false } } });
    const closed = await buy(off.tenant.slug, purchaseBody(), { now: NOW });
    expect(closed.status).toBe(404);
    expect(closed.body.error.code).toBe("not_found");

    const { tenant } = await giftTenant();
    const small = await buy(tenant.slug, purchaseBody({ amount: 999 }), { now: NOW });
    expect(small.status).toBe(400);
    expect(small.body.error.details.fieldErrors).toEqual({ amount: ["The smallest gift card is 10.00 EUR"] });
    const far = await buy(tenant.slug, purchaseBody({ amount: 60000, deliveryDate: "2031-08-30" }), { now: NOW });
    expect(far.status).toBe(400);
    expect(far.body.error.details.fieldErrors).toEqual({
      amount: ["The largest gift card is 500.00 EUR"],
      deliveryDate: ["Choose a date at most 90 days ahead"],
    });
    const long = await buy(tenant.slug, purchaseBody({ message: "x".repeat(501) }), { now: NOW });
    expect(long.status).toBe(400);
    expect(long.body.error.details.fieldErrors.message).toBeDefined();

    await script({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: tenant.id }, [
      { status: 400, body: { error: { type: "invalid_request_error", message: "Your account cannot currently make live charges." } } },
    ]);
    const refused = await buy(tenant.slug, purchaseBody(), { now: NOW });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe("payment_provider_error");
    expect(await countRows(tenant.id)).toEqual({ sold: 0, payments: 0 });
    expect(await countRows(off.tenant.id)).toEqual({ sold: 0, payments: 0 });
  });

  it("needs a Turnstile token where the business has bot protection on", async () => {
    const { tenant } = await giftTenant({ tenant: { botProtection: true } });
    const res = await buy(tenant.slug, purchaseBody(), { now: NOW });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("captcha_failed");
    expect(await countRows(tenant.id)).toEqual({ sold: 0, payments: 0 });
  });
});

describe("gift-card settings (PATCH /api/businesses/me giftCards)", () => {
  it("keeps them whole with defaults, checks presets against the range, and needs Stripe to sell", async () => {
    const { tenant } = await giftTenant({ tenant: { giftCardSettings: null } });
    const read = await get("/api/businesses/me", { token: tenant.token });
    expect(read.body.data.giftCards).toEqual({
      enabled: false,
      presets: [2500, 5000, 10000],
      minAmount: 1000,
      maxAmount: 50000,
      validityMonths: 60,
    });

    const saved = await patch(
      "/api/businesses/me",
      { giftCards: { enabled: true, presets: [7500, 2000], validityMonths: 24 } },
      { token: tenant.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.giftCards).toEqual({
      enabled: true,
      presets: [2000, 7500],
      minAmount: 1000,
      maxAmount: 50000,
      validityMonths: 24,
    });

    const bad = await patch(
      "/api/businesses/me",
      { giftCards: { enabled: true, presets: [500, 1000, 2000, 3000, 4000, 5000, 6000], minAmount: 1000 } },
      { token: tenant.token },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fieldErrors)).toEqual(["giftCards.presets"]);
    const outside = await patch("/api/businesses/me", { giftCards: { presets: [500] } }, { token: tenant.token });
    expect(outside.body.error.details.fieldErrors).toEqual({
      "giftCards.presets.0": ["Must be between the smallest and the largest amount"],
    });

    const unpaid = await createTenant();
    const refused = await patch("/api/businesses/me", { giftCards: { enabled: true } }, { token: unpaid.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("stripe_not_connected");
    // Off stays possible without Stripe (owner-issued cards need none).
    expect((await patch("/api/businesses/me", { giftCards: { enabled: false } }, { token: unpaid.token })).status).toBe(200);
  });
});
