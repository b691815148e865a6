import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { checkPage, createSalon, openApp, sessionFor, signedInState } from "../helpers/app";
import { describeViolations, screenshot, seriousViolations } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { createBookableTenant, e2eClient, e2eDb, uniq } from "../helpers/db";

// design.md §28, issue #39 items 2-3 in Chromium: a client the business restricts is told in plain
// words to contact it (never why), and the owner sets the policy in its own settings section.
const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

const NOW = "2031-06-03T13:00:00Z";
const DATE = "2031-06-04";

describe("client reliability in Chromium", () => {
  it("the booking page tells a restricted client at 375 px to contact the business, and books nothing", async () => {
    const policy = { cardAfter: null, depositAfter: null, depositPercent: null, blockAfter: 1 };
    const tenant = await createBookableTenant({ serviceName: "Haircut", staffName: "Alex Rivera", tenant: { reliabilityPolicy: policy } });
    const email = `missed-${uniq()}@example.test`;
    const customerId = newId("cst");
    const t = new Date().toISOString();
    await e2eDb
      .insert(schema.customers)
      .values({ id: customerId, tenantId: tenant.id, email, emailNormalized: email, createdAt: t, updatedAt: t });
    await e2eDb.insert(schema.bookings).values({
      id: newId("bkg"),
      tenantId: tenant.id,
      serviceId: tenant.serviceId,
      staffId: tenant.staffId,
      customerId,
      startAt: Date.parse("2031-05-20T14:00:00Z"),
      endAt: Date.parse("2031-05-20T15:00:00Z"),
      status: "no_show",
      confirmationCode: `BK-${uniq().toUpperCase().slice(0, 6)}`,
      currency: "USD",
      createdAt: t,
      updatedAt: t,
    });

    const { page } = await browser.newPage({ now: NOW, width: 375, height: 800 });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await page.getByRole("radio", { name: /^Alex Rivera/ }).check();
    await expect.poll(() => page.locator("#cal-days button.has-times").count()).toBeGreaterThan(0);
    await page.locator(`#cal-days button[data-date="${DATE}"]`).click();
    await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
    await page.getByLabel("First name").fill("Max");
    await page.getByLabel("Last name").fill("Missed");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Confirm booking" }).click();

    await expect.poll(() => page.locator("#form-error").textContent()).toContain("asks you to contact them directly");
    const message = (await page.locator("#form-error").textContent()) ?? "";
    expect(message).toContain("Nothing was booked.");
    expect(message).not.toMatch(/no-show|strike|booking_restricted/i);
    expect(await page.locator("#confirmation").isVisible()).toBe(false);
    const rows = await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, tenant.id));
    expect(rows).toHaveLength(1);
    await screenshot(page, "booking-restricted-375");
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors.filter((e) => !e.includes("403"))).toEqual([]);
  });

  it("the owner sets the policy in Settings → Client reliability at 375 px; a wrong value is named next to its field", async () => {
    const salon = await createSalon();
    const { page } = await browser.newPage({ width: 375, height: 900, storageState: signedInState(await sessionFor(salon, salon.owner)) });
    await openApp(page, "/app/settings/reliability");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Client reliability" }) });
    await section.getByLabel("Ask for a deposit from").fill("2");
    await section.getByRole("button", { name: "Save client reliability" }).click();
    // No deposit share given: the API's field error shows beside its field.
    await expect.poll(() => section.locator("#reliability-depositPercent-error").textContent()).toContain("share of the price");
    await section.getByLabel("Ask for a deposit from").fill("");
    await section.getByLabel("Refuse online bookings from").fill("3");
    await section.getByRole("button", { name: "Save client reliability" }).click();
    await expect.poll(() => section.getByRole("status").textContent()).toBe("Saved.");
    const [row] = await e2eDb.select().from(schema.tenants).where(eq(schema.tenants.id, salon.id));
    expect(row.reliabilityPolicy).toEqual({ cardAfter: null, depositAfter: null, depositPercent: null, blockAfter: 3 });
    await checkPage(page, "settings-reliability");
  });
});
