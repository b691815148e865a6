import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { useBrowser, watchErrors } from "../helpers/browser";
import { signInToConsole } from "../helpers/console";
import { createBookableTenant, e2eClient, uniq } from "../helpers/db";
import { CONSOLE_SECTIONS } from "../../helpers/console-sections";

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

/** Every URL the page requests, to prove no token ever travels in one. */
function watchUrls(page: Page) {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  page.on("framenavigated", (f) => urls.push(f.url()));
  return urls;
}

async function openTenant(page: Page, tenantId: string, name: string) {
  await page.goto(`${baseUrl}/admin/tenant?id=${tenantId}`);
  await expect.poll(() => page.locator("#tenant-title").textContent()).toBe(name);
}

const section = (page: Page, key: string) => page.locator(`[data-section=${key}]`);

describe("operator console in Chromium", () => {
  it("signs in, finds a tenant and shows its sections in the contract's order, all text escaped", async () => {
    const name = `<script>alert(1)</script> Salon ${uniq()}`;
    const tenant = await createBookableTenant({
      tenant: { businessName: name, customDomain: `book-${uniq()}.example.test`, widgetColor: "#0f766e" },
    });
    const { page, context } = await browser.newPage({ width: 1280 });
    const errors = watchErrors(page);
    const urls = watchUrls(page);
    let dialogs = 0;
    page.on("dialog", () => dialogs++);
    const token = await signInToConsole(page);

    await page.getByLabel("Search by name, slug or e-mail").fill(tenant.slug);
    await page.getByRole("button", { name: "Search" }).click();
    const link = page.getByRole("link", { name });
    await expect.poll(() => link.count()).toBe(1);
    await link.click();
    await expect.poll(() => page.locator("#tenant-title").textContent()).toBe(name);

    expect(await page.locator("main h2").allTextContents()).toEqual(CONSOLE_SECTIONS);
    const profile = (await section(page, "profile").textContent())!;
    expect(profile).toContain(name);
    expect(profile).toContain(tenant.slug);
    expect(profile).toContain("#0f766e");
    await expect.poll(() => section(page, "owner").textContent()).toContain(tenant.ownerEmail);
    expect(await section(page, "members").textContent()).toContain("owner");
    expect(await section(page, "services").textContent()).toContain("Haircut");
    expect(await section(page, "staff").textContent()).toContain("Alex Rivera");
    expect(await section(page, "customers").textContent()).toContain("0 customers");
    expect(await section(page, "payments").textContent()).toContain("0 payments");
    expect(await section(page, "ai").textContent()).toContain("0 AI actions");

    expect(dialogs).toBe(0);
    expect(urls.filter((u) => u.includes(token))).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    expect(errors, errors.join("\n")).toEqual([]);
    await page.screenshot({ path: "test/artifacts/console-tenant.png", fullPage: true });
  });

  it("suspends a tenant with a required reason, shows tenant.suspended in the audit section and blocks the booking page, then restores it", async () => {
    const tenant = await createBookableTenant();
    const { page } = await browser.newPage({ width: 1024 });
    await signInToConsole(page);
    await openTenant(page, tenant.id, tenant.businessName);

    await page.getByRole("button", { name: "Suspend", exact: true }).click();
    const form = page.locator("#form-suspend");
    // The reason is required: whitespace alone is refused before any request.
    await form.getByLabel("Reason (required)").fill("   ");
    await form.getByRole("button", { name: "Suspend tenant" }).click();
    await expect.poll(() => form.locator("[role=alert]").textContent()).toContain("Enter a reason");

    const reason = `Chargeback ring ${uniq()}`;
    await form.getByLabel("Reason (required)").fill(reason);
    await form.getByRole("button", { name: "Suspend tenant" }).click();
    await expect.poll(() => page.locator("#action-result").textContent()).toBe("Tenant suspended.");
    const audit = section(page, "audit");
    await expect.poll(() => audit.textContent()).toContain("tenant.suspended");
    expect(await audit.textContent()).toContain(reason);
    expect(await section(page, "profile").textContent()).toContain("Suspended");
    expect(await page.getByRole("button", { name: "Restore", exact: true }).isVisible()).toBe(true);
    expect((await fetch(`${baseUrl}/book?slug=${tenant.slug}`)).status).toBe(503);

    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await page.locator("#form-restore").getByLabel("Reason (required)").fill("Resolved with the bank");
    await page.locator("#form-restore").getByRole("button", { name: "Restore tenant" }).click();
    await expect.poll(() => page.locator("#action-result").textContent()).toBe("Tenant restored.");
    await expect.poll(() => audit.textContent()).toContain("tenant.restored");
    expect((await fetch(`${baseUrl}/book?slug=${tenant.slug}`)).status).toBe(200);
  });

  it("changes the plan and the trial, each with its reason", async () => {
    const tenant = await createBookableTenant();
    const { page } = await browser.newPage({ width: 1024 });
    await signInToConsole(page);
    await openTenant(page, tenant.id, tenant.businessName);

    await page.getByRole("button", { name: "Change plan" }).click();
    await page.getByLabel("New plan").selectOption("pro");
    await page.locator("#form-plan").getByLabel("Reason (required)").fill("Upgrade agreed by phone");
    await page.locator("#form-plan").getByRole("button", { name: "Change plan" }).click();
    await expect.poll(() => page.locator("#action-result").textContent()).toBe("Plan changed to pro.");
    await expect.poll(() => section(page, "audit").textContent()).toContain("tenant.plan_changed");

    await page.getByRole("button", { name: "Extend trial" }).click();
    await page.getByLabel("Trial ends on").fill("2030-01-31");
    await page.locator("#form-extend-trial").getByLabel("Reason (required)").fill("Onboarding took longer");
    await page.locator("#form-extend-trial").getByRole("button", { name: "Set trial end" }).click();
    await expect.poll(() => page.locator("#action-result").textContent()).toBe("Trial now ends on 2030-01-31.");
    expect(await section(page, "profile").textContent()).toContain("2030-01-31 23:59 UTC");

    await page.getByRole("button", { name: "End trial", exact: true }).click();
    await page.locator("#form-end-trial").getByLabel("Reason (required)").fill("Converted to paid");
    await page.locator("#form-end-trial").getByRole("button", { name: "End trial" }).click();
    await expect.poll(() => page.locator("#action-result").textContent()).toBe("Trial ended.");
    expect(await section(page, "profile").textContent()).toContain("No trial");
    // Both trial changes are audited with their own reasons.
    await expect.poll(() => section(page, "audit").textContent()).toContain("Converted to paid");
    expect(await section(page, "audit").textContent()).toContain("Onboarding took longer");
    expect(await section(page, "audit").textContent()).toContain("tenant.updated");
  });
});
