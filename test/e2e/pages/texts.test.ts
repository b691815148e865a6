import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { bookAt, checkPage, createSalon, openApp, scriptErrors, sessionFor, signedInState } from "../helpers/app";
import { describeViolations, screenshot, seriousViolations } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { bookingByCode, createBookableTenant, e2eClient, e2eDb } from "../helpers/db";

// Text messages (design.md §27) in Chromium: the consent on the booking page, and the owner's view
// of a client's texts, axe-clean at 1280 and 375 px. The stack's Twilio is the capture server.

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

const NOW = "2031-06-03T13:00:00Z";
const DATE = "2031-06-04";

const phoneOf = () => `+1212${String(2 + (Date.now() % 8))}${crypto.randomUUID().replace(/\D/g, "").padEnd(6, "0").slice(0, 6)}`;

describe("consent to texts on the booking page", () => {
  for (const width of [1280, 375]) {
    it(`asks, unchecked, says how the number is read, and books with consent (${width} px)`, async () => {
      const tenant = await createBookableTenant({
        tenant: { countryCode: "US", plan: "pro", smsConfirmations: true, smsReminders: true },
      });
      const { page } = await browser.newPage({ now: NOW, width, height: 900 });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
      await page.getByRole("radio", { name: /^Haircut/ }).check();
      await expect.poll(() => page.locator("#cal-days button.has-times").count()).toBeGreaterThan(0);
      await page.locator(`#cal-days button[data-date="${DATE}"]`).click();
      await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
      await expect.poll(() => page.locator("#step-details").isVisible()).toBe(true);

      const consent = page.getByLabel("Text me about this booking");
      expect(await consent.isChecked()).toBe(false);
      expect(await page.locator("#phone-hint").textContent()).toContain("We read it as a United States number");
      await page.getByLabel("First name").fill("Ada");
      await page.getByLabel("E-mail").fill(`ada-${tenant.slug}@example.test`);
      await consent.check();
      // Consent without a number: said next to the phone field, nothing booked.
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect.poll(() => page.locator("#phone-error").textContent()).toContain("Enter the mobile number to text");
      await page.locator("#step-details").scrollIntoViewIfNeeded();
      await screenshot(page, `booking-texts-consent-${width}`);
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const phone = phoneOf();
      await page.getByLabel("Phone").fill(`(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`);
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
      const code = (await page.locator("#confirmation-code").textContent())!;
      expect(await bookingByCode(code)).toMatchObject({ smsOptIn: true, smsPhone: phone });
      const texts = await e2eDb.select().from(schema.smsMessages).where(eq(schema.smsMessages.phone, phone));
      expect(texts.map((t) => t.template)).toEqual(["confirmation"]);
      expect(scriptErrors(errors)).toEqual([]);
    });
  }
});

describe("the owner's view of a client's texts", () => {
  it("lists every text sent and received with its state, and the settings show the month's usage, at 1280 and 375 px", async () => {
    const salon = await createSalon();
    await e2eDb
      .update(schema.tenants)
      .set({ plan: "pro", countryCode: "US", smsConfirmations: true, smsReminders: true })
      .where(eq(schema.tenants.id, salon.id));
    const booking = await bookAt(salon, "2031-06-04T10:00", { customer: "Maya Texter" });
    const phone = phoneOf();
    await e2eDb
      .update(schema.customers)
      .set({ phone: `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}` })
      .where(eq(schema.customers.id, booking.customerId));
    const text = (minutes: number, row: Partial<typeof schema.smsMessages.$inferInsert>) => {
      const at = new Date(Date.parse("2031-06-01T12:00:00Z") + minutes * 60_000).toISOString();
      return {
        id: newId("sms"),
        tenantId: salon.id,
        bookingId: booking.id,
        customerId: booking.customerId,
        direction: "out" as const,
        phone,
        body: "",
        status: "delivered",
        month: "2031-06",
        createdAt: at,
        updatedAt: at,
        ...row,
      };
    };
    await e2eDb.insert(schema.smsMessages).values([
      text(0, {
        template: "confirmation",
        body: `${salon.businessName}: your booking on Wed 4 Jun 2031 at 10:00 is confirmed. Manage it: ${baseUrl}/b/${booking.code}`,
      }),
      text(60, {
        template: "reminder",
        body: `${salon.businessName}: reminder, Wed 4 Jun at 10:00. ${baseUrl}/b/${booking.code} Reply Y to confirm or N to cancel.`,
      }),
      text(65, { direction: "in", template: "confirm", body: "Y", status: "received", month: null }),
      text(66, {
        template: "reply_confirmed",
        body: `${salon.businessName}: thank you, your booking on Wed 4 Jun 2031 at 10:00 is confirmed.`,
        status: "undelivered",
        error: "Twilio 30003: Unreachable destination handset",
      }),
    ]);
    for (const width of [1280, 375]) {
      const { page } = await browser.newPage({ width, height: 900, storageState: signedInState(await sessionFor(salon, salon.owner)) });
      const errors = watchErrors(page);
      await openApp(page, `/app/customers?id=${encodeURIComponent(booking.customerId)}`);
      const section = page.locator("section[aria-labelledby=c-texts]");
      await expect.poll(() => section.locator("li").count()).toBe(4);
      const items = await section.locator("li").allTextContents();
      expect(items[0]).toContain("Reply: confirmed");
      expect(items[0]).toContain("Not delivered");
      expect(items[0]).toContain("Twilio 30003: Unreachable destination handset");
      expect(items[1]).toMatch(/Received.*Confirmed the booking/);
      expect(items[3]).toContain("Booking confirmed");
      expect(await section.locator("p").first().textContent()).toContain(`Texts about this customer's bookings go to ${phone}`);
      await section.scrollIntoViewIfNeeded();
      await checkPage(page, `customer-texts`);

      await openApp(page, "/app/settings/texts");
      const panel = page.locator("section[aria-labelledby=texts-title]");
      await expect.poll(() => panel.locator("#texts-usage").textContent()).toMatch(/\d+ of 500 texts/);
      expect(await page.getByLabel("Text the customer a reminder").isChecked()).toBe(true);
      await panel.scrollIntoViewIfNeeded();
      await checkPage(page, "settings-texts");
      expect(scriptErrors(errors)).toEqual([]);
    }
  });
});
