import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { describeViolations, seriousViolations } from "../helpers/axe";
import { ARTIFACTS, pickCalendarDate, useBrowser, watchErrors } from "../helpers/browser";
import { confirmAs } from "../helpers/booking-page";
import { bookingByCode, createBookableTenant, e2eClient, e2eDb, localDateAhead, payingEuroTenant } from "../helpers/db";
import { sendPaymentSucceeded } from "../helpers/stripe";

// design.md §21, issue #25 item 6: the booking page's payment step in real Chromium at 375 px.
// Stripe.js is the capture server's stand-in (tools/capture-server/stripe-js.js): card
// 4000 0000 0000 0002 is declined, others succeed; Stripe's webhook is sent by the test, signed
// with the official package, as Stripe would send it after the customer paid.

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

/** A date a week ahead in the business's zone (all of 09:00-17:00 free; not tied to a calendar date). */
function weekAheadIn(timeZone: string): string {
  return localDateAhead(timeZone, 7);
}

async function payingTenant() {
  const tenant = await createBookableTenant({
    tenant: payingEuroTenant(),
    serviceName: "Colour",
    price: 4000,
  });
  await e2eDb.update(schema.services).set({ depositPercent: 30 }).where(eq(schema.services.id, tenant.serviceId));
  return tenant;
}

/** Service, date, 10:00, details, "Confirm booking": the payment step opens. */
async function bookUntilPayment(page: Page, tenant: Awaited<ReturnType<typeof payingTenant>>) {
  await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
  await page.getByRole("radio", { name: /^Colour/ }).check();
  await pickCalendarDate(page, weekAheadIn(tenant.timezone));
  await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
  await confirmAs(page, "Ada", `ada-${tenant.slug}@example.test`);
  await expect.poll(() => page.locator("#step-payment").isVisible()).toBe(true);
}

async function pendingPaymentOf(tenantId: string) {
  const rows = await e2eDb.select().from(schema.payments).where(eq(schema.payments.tenantId, tenantId));
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe("the payment step", () => {
  it("shows the deposit, the refund rule and the hold; a declined card can be retried; the paid booking shows confirmed", async () => {
    const tenant = await payingTenant();
    const { page } = await browser.newPage();
    const errors = watchErrors(page);
    const stripeJs: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/stripe-js/")) stripeJs.push(r.url());
    });
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: /^Colour/ }).check();
    // Stripe.js is loaded only by the payment step.
    expect(stripeJs).toEqual([]);
    await bookUntilPayment(page, tenant);

    expect(await page.locator("#pay-amount").textContent()).toBe("Deposit 12.00 EUR of 40.00 EUR");
    expect(await page.locator("#pay-refund-rule").textContent()).toMatch(
      /^Cancel by .+ 10:00 \(America\/New_York time\) and the deposit is refunded in full/,
    );
    await expect.poll(() => page.locator("#pay-countdown").textContent()).toMatch(/^Time left to pay: 1[45]:\d\d$/);
    expect(stripeJs).toHaveLength(1);
    await expect.poll(() => page.getByRole("button", { name: "Pay 12.00 EUR" }).isEnabled()).toBe(true);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/payment-step-375.png`, fullPage: true });
    const payment = await pendingPaymentOf(tenant.id);
    const booking = (await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, tenant.id)))[0];
    expect(booking.status).toBe("pending");

    // Declined: said plainly, the step stays, the hold keeps running.
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay 12.00 EUR" }).click();
    await expect.poll(() => page.locator("#pay-error").textContent()).toBe("Your card was declined.");
    expect(await page.locator("#step-payment").isVisible()).toBe(true);
    expect((await bookingByCode(booking.confirmationCode)).status).toBe("pending");

    // Retry with a good card: Stripe says yes in the browser, then its webhook reaches us.
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay 12.00 EUR" }).click();
    await expect.poll(() => page.locator("#pay-status").textContent()).toBe("Payment received. Confirming your booking\u2026");
    await sendPaymentSucceeded(payment, { booking_id: booking.id });

    await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
    expect(await page.locator("#confirmation-code").textContent()).toBe(booking.confirmationCode);
    expect(await page.locator("#confirmation-summary").textContent()).toContain("Colour with Alex Rivera");
    expect((await bookingByCode(booking.confirmationCode)).status).toBe("confirmed");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("shows the hold running out: the form goes, the customer is told nothing was charged and can choose again", async () => {
    const tenant = await payingTenant();
    const { page } = await browser.newPage();
    const errors = watchErrors(page);
    // The page's clock is faked from the start, the month calendar included (the hold's countdown is what is tested).
    await page.clock.install();
    await bookUntilPayment(page, tenant);
    await expect.poll(() => page.getByRole("button", { name: "Pay 12.00 EUR" }).isEnabled()).toBe(true);

    await page.clock.fastForward("14:01");
    await expect.poll(() => page.locator("#pay-countdown-alert").textContent()).toBe("One minute left to pay.");
    await page.clock.fastForward("01:00");
    await expect.poll(() => page.locator("#pay-expired").isVisible()).toBe(true);
    expect(await page.locator("#pay-countdown").textContent()).toBe("Time left to pay: 0:00");
    expect(await page.getByRole("button", { name: "Pay 12.00 EUR" }).isVisible()).toBe(false);
    expect(await page.getByLabel("Card number").count()).toBe(0);

    await page.getByRole("button", { name: "Choose a time again" }).click();
    await expect.poll(() => page.locator("#booking-form").isVisible()).toBe(true);
    expect(await page.locator("#step-payment").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors, errors.join("\n")).toEqual([]);
  });
});
