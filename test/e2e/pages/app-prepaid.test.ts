import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { checkPage, createSalon, openApp, scriptErrors, sessionFor, signedInState } from "../helpers/app";
import { useBrowser, watchErrors } from "../helpers/browser";
import { e2eClient, e2eDb, uniq } from "../helpers/db";

// design.md §32, issue #43 (owner app): the Packages page (create, issue at the counter with the code
// shown once), the Promo codes page (created with the keyboard alone, the API's field errors beside
// their fields) and the customer's packages and gift cards in the customer view.

const browser = useBrowser();
afterAll(() => e2eClient.close());

async function customerOf(salonId: string) {
  const now = new Date().toISOString();
  const email = `cleo-${uniq()}@e2e.test`;
  const id = newId("cst");
  await e2eDb.insert(schema.customers).values({
    id,
    tenantId: salonId,
    email,
    emailNormalized: email,
    firstName: "Cleo",
    lastName: "Client",
    createdAt: now,
    updatedAt: now,
  });
  return { id, email };
}

type Focused = { id: string; text: string; label: string };

/** Presses Tab (at most 40 times) until the focused element is the one wanted, as a keyboard user moves. */
async function tabTo(page: Page, wanted: (el: Focused) => boolean) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLInputElement | null;
      return { id: a?.id ?? "", text: a?.textContent?.trim() ?? "", label: a?.labels?.[0]?.textContent?.trim() ?? "" };
    });
    if (wanted(el)) return;
  }
  throw new Error("never reached by Tab");
}

describe("the Packages page", () => {
  for (const width of [1280, 375]) {
    it(`creates a package, issues it to a customer with its code shown once, and the customer view shows it at ${width} px`, async () => {
      const salon = await createSalon();
      const customer = await customerOf(salon.id);
      const { page } = await browser.newPage({ width, height: 900, storageState: signedInState(await sessionFor(salon, salon.owner)) });
      const errors = watchErrors(page);
      await openApp(page, "/app/packages");
      await expect.poll(() => page.getByText("No packages yet.").isVisible()).toBe(true);
      expect(await page.getByText("packages are issued at the counter only").isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Packages" }).getAttribute("aria-current")).toBe("page");
      await checkPage(page, "packages-empty");

      await page.getByRole("button", { name: "New package" }).click();
      const form = page.getByRole("dialog", { name: "New package" });
      await form.getByLabel("Name").fill("Five haircuts");
      await form.getByRole("button", { name: "Create package" }).click();
      // Refused in the page before sending: each problem beside its field.
      await expect.poll(() => form.locator("#package-services-error").textContent()).toBe("Choose at least one service.");
      expect(await form.locator("#package-price-error").textContent()).toBe("Enter a price of 0 or more.");
      await form.getByLabel("Haircut").check();
      await form.getByLabel("Price (USD)").fill("180");
      await checkPage(page, "packages-form");
      await form.getByRole("button", { name: "Create package" }).click();
      await expect.poll(() => page.getByText("Package created.").isVisible()).toBe(true);
      const row = page.locator("tbody tr").first();
      for (const text of ["Five haircuts", "Haircut", "5", "$180.00", "365 days", "At the counter only"])
        expect(await row.textContent()).toContain(text);
      const [pack] = await e2eDb.select().from(schema.packages).where(eq(schema.packages.tenantId, salon.id));
      expect([pack.name, pack.sessions, pack.price, pack.validityDays, pack.serviceIds]).toEqual([
        "Five haircuts",
        5,
        18000,
        365,
        [salon.services[0].id],
      ]);

      await row.getByRole("button", { name: "Issue to a customer: Five haircuts" }).click();
      const issue = page.getByRole("dialog", { name: "Issue Five haircuts" });
      await issue.getByLabel("Customer's name (optional)").fill("Cleo Client");
      await issue.getByLabel("Customer's e-mail (optional)").fill(customer.email);
      await issue.getByRole("button", { name: "Issue package" }).click();
      await expect.poll(() => page.getByLabel("Package code").isVisible()).toBe(true);
      const code = await page.getByLabel("Package code").inputValue();
      expect(code).toMatch(/^PK-[0-9A-HJ-NP-Z]{4}-[0-9A-HJ-NP-Z]{4}$/);
      expect(await page.getByText("Five haircuts issued with 5 sessions.").isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Copy" }).isVisible()).toBe(true);
      const sold = page.locator("#sold-packages ~ .table-wrap tbody tr").first();
      await expect.poll(() => sold.textContent()).toContain(`PK-\u2026${code.slice(-4)}`);
      for (const text of ["Cleo Client", "5 of 5", "Active", "Issued: Sold at the counter"])
        expect(await sold.textContent()).toContain(text);
      await checkPage(page, "packages-issued");

      // Shown once: after Done the code is nowhere on the page, in storage or in the address.
      await page.getByRole("button", { name: "Done" }).click();
      expect(await page.locator("body").textContent()).not.toContain(code);
      expect(await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage) + location.href)).not.toContain(code);

      // The customer's view: the package with its sessions left, and a gift card given to them.
      const now = new Date().toISOString();
      await e2eDb.insert(schema.giftCards).values({
        id: newId("gft"),
        tenantId: salon.id,
        status: "active",
        source: "owner",
        codeHash: `e2e-${uniq()}`,
        last4: "7K3M",
        amount: 5000,
        balance: 3250,
        currency: "USD",
        recipientEmail: customer.email,
        createdAt: now,
        updatedAt: now,
      });
      await openApp(page, `/app/customers?id=${customer.id}`);
      const detail = page.getByRole("dialog", { name: "Cleo Client" });
      await expect.poll(() => detail.getByRole("heading", { name: "Packages and gift cards" }).isVisible()).toBe(true);
      const packages = detail.getByRole("table", { name: "Packages" });
      expect(await packages.textContent()).toContain("Five haircuts");
      expect(await packages.textContent()).toContain("5 of 5");
      const cards = detail.getByRole("table", { name: "Gift cards" });
      for (const text of ["Ending in 7K3M", "Received", "$32.50 of $50.00", "Active"]) expect(await cards.textContent()).toContain(text);
      expect(await detail.textContent()).not.toContain(code);
      await cards.scrollIntoViewIfNeeded();
      await checkPage(page, "customer-credits");
      expect(scriptErrors(errors), errors.join("\n")).toEqual([]);
    });
  }
});

describe("the Promo codes page", () => {
  it("creates a promo code with the keyboard alone and shows the API's refusal beside its field", async () => {
    const salon = await createSalon();
    const { page } = await browser.newPage({ width: 1280, height: 900, storageState: signedInState(await sessionFor(salon, salon.owner)) });
    const errors = watchErrors(page);
    await openApp(page, "/app/promo-codes");
    await expect.poll(() => page.getByText("No promo codes yet.").isVisible()).toBe(true);
    await checkPage(page, "promo-codes-empty");

    await tabTo(page, (el) => el.text === "New promo code");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog", { name: "New promo code" }).isVisible()).toBe(true);
    await tabTo(page, (el) => el.id === "promo-code");
    await page.keyboard.type("spring 10");
    await tabTo(page, (el) => el.id === "promo-percent"); // the kind stays "A percentage off"
    await page.keyboard.type("15");
    await tabTo(page, (el) => el.id === "promo-all");
    await page.keyboard.press("Space"); // not every service: choose some
    await tabTo(page, (el) => el.label === "Haircut");
    await page.keyboard.press("Space");
    await tabTo(page, (el) => el.id === "promo-max");
    await page.keyboard.type("20");
    await tabTo(page, (el) => el.id === "promo-first");
    await page.keyboard.press("Space");
    await checkPage(page, "promo-codes-form");
    await tabTo(page, (el) => el.text === "Create promo code");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("Promo code created.").isVisible()).toBe(true);
    const row = page.locator("tbody tr").first();
    for (const text of ["SPRING10", "15% off", "Haircut", "Always", "0 of 20", "Yes"]) expect(await row.textContent()).toContain(text);
    expect(await row.textContent()).not.toContain("Beard trim");
    const [promo] = await e2eDb.select().from(schema.promoCodes).where(eq(schema.promoCodes.tenantId, salon.id));
    expect([promo.code, promo.percentOff, promo.serviceIds, promo.maxUses, promo.firstVisitOnly]).toEqual([
      "SPRING10",
      15,
      [salon.services[0].id],
      20,
      true,
    ]);
    await checkPage(page, "promo-codes-list");

    // The same code again: the API's fieldErrors.code is shown beside the Code field, nothing added.
    await page.getByRole("button", { name: "New promo code" }).click();
    const again = page.getByRole("dialog", { name: "New promo code" });
    await again.getByLabel("Code").fill("Spring10");
    await again.getByLabel("Percent off (1 to 100)").fill("5");
    await again.getByRole("button", { name: "Create promo code" }).click();
    await expect.poll(() => again.locator("#promo-code-error").isVisible()).toBe(true);
    expect(await again.locator("#promo-code-error").textContent()).toMatch(/\S/);
    expect(await again.getByLabel("Code").getAttribute("aria-invalid")).toBe("true");
    expect(await e2eDb.select().from(schema.promoCodes).where(eq(schema.promoCodes.tenantId, salon.id))).toHaveLength(1);
    await checkPage(page, "promo-codes-refused");
    await again.getByRole("button", { name: "Close", exact: true }).click();

    // Delete, confirmed.
    await row.getByRole("button", { name: "Delete SPRING10" }).click();
    await page.getByRole("dialog", { name: "Delete this promo code?" }).getByRole("button", { name: "Delete promo code" }).click();
    await expect.poll(() => page.getByText("Promo code deleted.").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("No promo codes yet.").isVisible()).toBe(true);
    expect(scriptErrors(errors), errors.join("\n")).toEqual([]);
  });
});
