import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { auditRows } from "../helpers/db";
import { checkPage, createSalon, openApp, scriptErrors, sessionFor, signedInState } from "../helpers/app";
import { useBrowser, watchErrors } from "../helpers/browser";
import { e2eClient, e2eDb, uniq } from "../helpers/db";

// design.md §32, issue #43 item 3: the owner app's Gift cards page (issue by hand with the code shown
// once, the list with balances, void with a reason) and the Gift cards settings section.

const browser = useBrowser();
afterAll(() => e2eClient.close());

describe("the Gift cards page", () => {
  for (const width of [1280, 375]) {
    it(`issues a card by hand with its code shown once, lists it with its balance and voids it with a reason at ${width} px`, async () => {
      const salon = await createSalon();
      const { page } = await browser.newPage({ width, height: 900, storageState: signedInState(await sessionFor(salon, salon.owner)) });
      const errors = watchErrors(page);
      await openApp(page, "/app/gift-cards");
      await expect.poll(() => page.getByText("No gift cards yet.").isVisible()).toBe(true);
      await checkPage(page, "gift-cards-empty");

      await page.getByRole("button", { name: "Issue a gift card" }).click();
      const dialog = page.getByRole("dialog", { name: "Issue a gift card" });
      await dialog.getByLabel("Amount (USD)").fill("75");
      await dialog.getByLabel("Recipient's name (optional)").fill("Grace Hopper");
      await checkPage(page, "gift-cards-issue");
      await dialog.getByRole("button", { name: "Issue gift card" }).click();
      await expect.poll(() => page.getByLabel("Gift card code").isVisible()).toBe(true);
      const code = await page.getByLabel("Gift card code").inputValue();
      expect(code).toMatch(/^GC-[0-9A-HJ-NP-Z]{4}-[0-9A-HJ-NP-Z]{4}$/);
      expect(await page.getByText("Gift card of $75.00 issued.").isVisible()).toBe(true);
      await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
      const row = page.locator("tbody tr").first();
      expect(await row.textContent()).toContain(`GC-\u2026${code.slice(-4)}`);
      expect(await row.textContent()).toContain("Grace Hopper");
      expect(await row.textContent()).toContain("$75.00 of $75.00");
      expect(await row.textContent()).toContain("Active");
      await checkPage(page, "gift-cards-issued");

      // The code is shown once: after Done it is nowhere on the page, nor after a reload.
      await page.getByRole("button", { name: "Done" }).click();
      expect(await page.locator("body").textContent()).not.toContain(code);
      expect(await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage) + location.href)).not.toContain(code);

      await row.getByRole("button", { name: /^Void the card ending in/ }).click();
      const voidDialog = page.getByRole("dialog", { name: "Void this gift card" });
      await voidDialog.getByRole("button", { name: "Void gift card" }).click();
      await expect.poll(() => voidDialog.locator(".field-error").first().textContent()).toBe("Say why the card is voided");
      await voidDialog.getByLabel("Reason").fill("Lost by the customer, replaced");
      await voidDialog.getByRole("button", { name: "Void gift card" }).click();
      await expect.poll(() => page.locator("tbody tr").first().textContent()).toContain("Void (Lost by the customer, replaced)");
      const [card] = await e2eDb.select().from(schema.giftCards).where(eq(schema.giftCards.tenantId, salon.id));
      expect(card.status).toBe("void");
      expect((await auditRows(card.id)).map((a) => a.action)).toContain("gift_card.voided");
      await checkPage(page, "gift-cards-voided");
      expect(scriptErrors(errors), errors.join("\n")).toEqual([]);
    });
  }

  it("the Gift cards settings section turns online sales on with the amounts offered", async () => {
    const salon = await createSalon();
    await e2eDb
      .update(schema.tenants)
      .set({ stripeAccountId: `acct_e2e${uniq()}`, stripeChargesEnabled: true })
      .where(eq(schema.tenants.id, salon.id));
    const { page } = await browser.newPage({ width: 375, height: 900, storageState: signedInState(await sessionFor(salon, salon.owner)) });
    await openApp(page, "/app/settings/gift-cards");
    await page.getByLabel("Sell gift cards on my booking page").check();
    await page.getByLabel("Amounts offered (USD)").fill("20, 40, 80");
    await page.getByLabel("Largest amount (USD)").fill("200");
    await page.getByRole("button", { name: "Save gift cards" }).click();
    await expect.poll(() => page.getByText("Saved.").isVisible()).toBe(true);
    const [tenant] = await e2eDb.select().from(schema.tenants).where(eq(schema.tenants.id, salon.id));
    expect(tenant.giftCardSettings).toEqual({
      enabled: true,
      presets: [2000, 4000, 8000],
      minAmount: 1000,
      maxAmount: 20000,
      validityMonths: 60,
    });
    await checkPage(page, "settings-gift-cards");

    // An amount outside the range is refused next to its field, and nothing changes.
    await page.getByLabel("Amounts offered (USD)").fill("20, 500");
    await page.getByRole("button", { name: "Save gift cards" }).click();
    await expect.poll(() => page.locator("#gift-presets-error").isVisible()).toBe(true);
    const [after] = await e2eDb.select().from(schema.tenants).where(eq(schema.tenants.id, salon.id));
    expect(after.giftCardSettings?.presets).toEqual([2000, 4000, 8000]);
  });
});
