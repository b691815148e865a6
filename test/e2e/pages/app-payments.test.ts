import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { bookAt, checkPage, createSalon, openApp, openAppAt, type Salon, scriptErrors, signedInPage } from "../helpers/app";
import { useBrowser } from "../helpers/browser";
import { e2eClient, e2eDb } from "../helpers/db";

// design.md §21 in the owner app: Settings → Payments (Stripe onboarding through the capture
// server's Stripe stand-in, payment rules) and the booking detail's money (refund, waive a fee,
// no-show with or without its fee). Bookings in 2031; Stripe's own onboarding page is not ours:
// the browser's visit to it is answered by a stand-in page.
const browser = useBrowser();
const captureUrl = inject("e2eCaptureUrl");
afterAll(() => e2eClient.close());

async function open(salon: Salon, path: string, width = 1280, who = salon.owner) {
  const { page, errors } = await signedInPage(browser, salon, { width, who: who });
  await page.route("https://connect.stripe.com/**", (r) =>
    r.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Stripe onboarding</title>" }),
  );
  await openApp(page, path);
  return { page, errors };
}
const tenantRow = async (salon: Salon) => (await e2eDb.select().from(schema.tenants).where(eq(schema.tenants.id, salon.id)))[0];
const section = (page: Page, heading: string) =>
  page.locator("section", { has: page.getByRole("heading", { name: heading, exact: true }) });

async function script(rule: { pathPrefix: string; bodyContains: string; responses: Array<{ status: number; body?: unknown }> }) {
  const res = await fetch(`${captureUrl}/__control/rules`, { method: "POST", body: JSON.stringify(rule) });
  expect(res.ok).toBe(true);
}

async function connected(salon: Salon, fees: { noShowFeePercent?: number; lateCancelFeePercent?: number } = {}) {
  await e2eDb
    .update(schema.tenants)
    .set({ stripeAccountId: `acct_e2e${salon.slug.slice(-8)}`, stripeChargesEnabled: true, stripeDetailsSubmitted: true, ...fees })
    .where(eq(schema.tenants.id, salon.id));
}

/** A payment on a booking (and a card on file), as the booking page's payment would leave them. */
async function paid(salon: Salon, bookingId: string, p: Partial<typeof schema.payments.$inferInsert> = {}) {
  const t = new Date().toISOString();
  const id = newId("pay");
  await e2eDb.insert(schema.payments).values({
    id,
    tenantId: salon.id,
    bookingId,
    amount: 1500,
    currency: "USD",
    kind: "deposit",
    status: "succeeded",
    stripePaymentIntentId: `pi_e2e${id.slice(-10)}`,
    stripeAccountId: (await tenantRow(salon)).stripeAccountId,
    createdAt: t,
    updatedAt: t,
    ...p,
  });
  return id;
}
async function cardOnFile(salon: Salon, bookingId: string) {
  const t = new Date().toISOString();
  await e2eDb.insert(schema.bookingCards).values({
    id: newId("crd"),
    tenantId: salon.id,
    bookingId,
    stripeCustomerId: `cus_e2e${bookingId.slice(-8)}`,
    stripePaymentMethodId: "pm_card_visa",
    status: "saved",
    createdAt: t,
    updatedAt: t,
  });
}

describe("Settings → Payments", () => {
  it("connects with Stripe's onboarding, comes back to a checked account, then sets the payment rules (1280 px)", async () => {
    const salon = await createSalon();
    const { page, errors } = await open(salon, "/app/settings/payments");
    const payments = section(page, "Payments");
    expect(await payments.locator("#stripe-state").textContent()).toContain("Not connected");
    await checkPage(page, "settings-stripe");
    const leaving = page.waitForURL(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_cap/);
    await payments.getByRole("button", { name: "Connect with Stripe" }).click();
    await leaving;
    // The account exists before the owner finishes: connected, not able to charge yet.
    const made = await tenantRow(salon);
    expect(made.stripeAccountId).toMatch(/^acct_cap/);
    expect(made.stripeChargesEnabled).toBe(false);

    // Stripe sends the owner back (to the settings index, which opens the payments section); the
    // page asks Stripe for the account's state at once.
    await openApp(page, "/app/settings?stripe=return");
    expect(new URL(page.url()).pathname).toBe("/app/settings/payments");
    await expect
      .poll(() => section(page, "Payments").locator("#stripe-outcome").textContent())
      .toContain("Back from Stripe. Connected and ready: card payments are enabled.");
    expect(page.url()).not.toContain("stripe=");
    expect(await tenantRow(salon)).toMatchObject({ stripeChargesEnabled: true, stripeDetailsSubmitted: true });
    expect(await section(page, "Payments").textContent()).toContain(made.stripeAccountId!);

    const rules = section(page, "Payment rules");
    await rules.getByLabel("No-show fee (% of the price)").fill("150");
    await rules.getByRole("button", { name: "Save payment rules" }).click();
    await expect.poll(() => rules.locator("#payment-rules-noShowFeePercent-error").textContent()).toBe("At most 100");
    await rules.getByLabel("No-show fee (% of the price)").fill("50");
    await rules.getByLabel("Late-cancellation fee (% of the price)").fill("25");
    await rules.getByLabel("Ask for payment when customers book online").check();
    await rules.getByRole("button", { name: "Save payment rules" }).click();
    await expect.poll(() => rules.getByRole("status").textContent()).toBe("Saved.");
    expect(await tenantRow(salon)).toMatchObject({ noShowFeePercent: 50, lateCancelFeePercent: 25, requirePayment: true });
    await checkPage(page, "settings-stripe-ready");
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("says in plain words when Stripe refuses, and what needs an account; staff see it read-only (375 px)", async () => {
    const salon = await createSalon({ members: ["staff"] });
    await script({
      pathPrefix: "/stripe/v1/accounts",
      bodyContains: salon.id,
      responses: [{ status: 500, body: { error: { message: "down" } } }],
    });
    const { page } = await open(salon, "/app/settings/payments", 375);
    const payments = section(page, "Payments");
    await payments.getByRole("button", { name: "Connect with Stripe" }).click();
    await expect
      .poll(() => payments.getByRole("alert").textContent())
      .toBe("Stripe did not answer or refused. Nothing was changed; try again in a moment.");
    expect((await tenantRow(salon)).stripeAccountId).toBeNull();
    const rules = section(page, "Payment rules");
    await rules.getByLabel("No-show fee (% of the price)").fill("20");
    await rules.getByRole("button", { name: "Save payment rules" }).click();
    await expect.poll(() => rules.getByRole("alert").textContent()).toBe("Connect a Stripe account that can take card payments first.");
    await checkPage(page, "settings-stripe-refused");

    const staff = await open(salon, "/app/settings/payments", 375, salon.members[0]);
    const readOnly = section(staff.page, "Payments");
    expect(await readOnly.getByRole("button", { name: "Connect with Stripe" }).isDisabled()).toBe(true);
    expect(await readOnly.locator(".gate-note").textContent()).toBe("Only owners and admins can change this.");
    expect(await section(staff.page, "Payment rules").getByLabel("No-show fee (% of the price)").isDisabled()).toBe(true);
  });
});

describe("booking detail: money", () => {
  it("refunds part of a deposit, and refuses more than is left (1280 px)", async () => {
    const salon = await createSalon();
    await connected(salon);
    const booking = await bookAt(salon, "2031-05-06T10:00", { customer: "Rita Refund" });
    const paymentId = await paid(salon, booking.id);
    const { page, errors } = await open(salon, `/app/bookings?from=2031-05-06&booking=${booking.id}`);
    const dialog = page.getByRole("dialog", { name: "Rita Refund · Haircut" });
    await expect.poll(() => dialog.locator(".payments").textContent()).toContain("Deposit: $15.00, paid");
    await checkPage(page, "booking-money");
    await dialog.getByRole("button", { name: "Refund Deposit" }).click();
    expect(await dialog.getByLabel("Amount to refund (USD)").inputValue()).toBe("15.00");
    await dialog.getByLabel("Amount to refund (USD)").fill("20");
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    await expect.poll(() => dialog.locator("#payments-outcome").textContent()).toBe("At most $15.00 can still be refunded.");
    await dialog.getByLabel("Amount to refund (USD)").fill("5");
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    await expect.poll(() => dialog.locator("#detail-outcome").textContent()).toContain("Refund of $5.00 sent to Stripe.");
    const refunds = await e2eDb.select().from(schema.refunds).where(eq(schema.refunds.paymentId, paymentId));
    expect(refunds).toMatchObject([{ amount: 500, currency: "USD", reason: "manual", createdBy: salon.owner.userId }]);
    await expect.poll(() => dialog.locator(".refunds").textContent()).toMatch(/Refund \$5\.00, (on its way|refunded)/);
    await checkPage(page, "booking-money-refunded");
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("marks no-shows with and without the fee, and waives a late-cancellation fee before it is charged (375 px)", async () => {
    const salon = await createSalon();
    await connected(salon, { noShowFeePercent: 50 });
    const charged = await bookAt(salon, "2031-05-06T10:00", { customer: "Nell Fee" });
    await cardOnFile(salon, charged.id);
    const spared = await bookAt(salon, "2031-05-06T12:00", { customer: "Ned Spared" });
    await cardOnFile(salon, spared.id);
    const fees = async (bookingId: string) =>
      e2eDb
        .select()
        .from(schema.payments)
        .where(and(eq(schema.payments.bookingId, bookingId), eq(schema.payments.kind, "no_show_fee")));

    // design.md §31: a no-show only once the start (10:00 and 12:00 New York) has passed: the page's
    // clocks stand at 13:00 New York that day.
    const { page, errors } = await openAppAt(
      browser,
      salon,
      `/app/bookings?from=2031-05-06&booking=${charged.id}`,
      "2031-05-06T17:00:00.000Z",
      {
        width: 375,
      },
    );
    const dialog = page.getByRole("dialog", { name: "Nell Fee · Haircut" });
    await dialog.getByRole("button", { name: "No-show" }).click();
    const charge = dialog.getByLabel("Charge the no-show fee: $22.50 (50% of the price) to the saved card");
    expect(await charge.isChecked()).toBe(true);
    await checkPage(page, "booking-no-show-fee");
    await dialog.getByRole("button", { name: "Yes, mark no-show" }).click();
    await expect
      .poll(() => dialog.locator("#detail-outcome").textContent())
      .toBe("Marked as a no-show. A no-show fee of $22.50 is being charged to the saved card.");
    expect(await fees(charged.id)).toMatchObject([{ amount: 2250, currency: "USD" }]);
    await expect.poll(() => dialog.locator(".payments").textContent()).toContain("No-show fee: $22.50");

    await page.goto(`${page.url().split("?")[0]}?from=2031-05-06&booking=${spared.id}`);
    const other = page.getByRole("dialog", { name: "Ned Spared · Haircut" });
    await other.getByRole("button", { name: "No-show" }).click();
    await other.getByLabel(/^Charge the no-show fee/).uncheck();
    await other.getByRole("button", { name: "Yes, mark no-show" }).click();
    await expect.poll(() => other.locator("#detail-outcome").textContent()).toBe("Marked as a no-show.");
    expect(await fees(spared.id)).toEqual([]);

    // A customer cancelled late: the fee is due in 24 hours; the owner waives it first.
    const late = await bookAt(salon, "2031-05-07T10:00", { customer: "Lou Late", status: "cancelled" });
    const feeId = await paid(salon, late.id, {
      kind: "late_cancel_fee",
      status: "pending",
      amount: 1125,
      stripePaymentIntentId: null,
      chargeAt: "2031-05-06T14:00:00.000Z",
    });
    const t = new Date().toISOString();
    await e2eDb.insert(schema.jobs).values({
      id: newId("job"),
      kind: "stripe.fee_charge",
      tenantId: salon.id,
      idempotencyKey: `fee-${late.id}-late_cancel_fee`,
      payload: { paymentId: feeId },
      nextAttemptAt: "2031-05-06T14:00:00.000Z",
      createdAt: t,
      updatedAt: t,
    });
    await page.goto(`${page.url().split("?")[0]}?from=2031-05-06&booking=${late.id}`);
    const waive = page.getByRole("dialog", { name: "Lou Late · Haircut" });
    await expect.poll(() => waive.locator(".payments").textContent()).toContain("Late-cancellation fee: $11.25, waiting");
    await waive.getByRole("button", { name: "Waive fee" }).click();
    await expect.poll(() => waive.locator("#detail-outcome").textContent()).toBe("Fee waived: it will not be charged.");
    const [fee] = await e2eDb.select().from(schema.payments).where(eq(schema.payments.id, feeId));
    expect(fee.status).toBe("cancelled");
    expect(fee.waivedBy).toBe(salon.owner.userId);
    await expect.poll(() => waive.locator(".payments").textContent()).toContain("waived");
    await checkPage(page, "booking-fee-waived");
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("shows staff the money read-only, with the reason", async () => {
    const salon = await createSalon({ members: ["staff"] });
    await connected(salon);
    const booking = await bookAt(salon, "2031-05-06T10:00", { customer: "Sia Staff" });
    await paid(salon, booking.id);
    const { page } = await open(salon, `/app/bookings?from=2031-05-06&booking=${booking.id}`, 1280, salon.members[0]);
    const dialog = page.getByRole("dialog", { name: "Sia Staff · Haircut" });
    await expect.poll(() => dialog.getByRole("button", { name: "Refund Deposit" }).isDisabled()).toBe(true);
    expect(
      await dialog
        .locator("section", { has: page.getByRole("heading", { name: "Payments" }) })
        .locator(".gate-note")
        .textContent(),
    ).toBe("Only owners and admins can change this.");
  });
});
