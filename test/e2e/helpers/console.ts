import type { Page } from "playwright-core";
import { expect, inject } from "vitest";

const baseUrl = inject("e2eBaseUrl");

/** Signs in to the operator console as the stack's operator; the session's token, as the console keeps it. */
export async function signInToConsole(page: Page) {
  const admin = inject("e2eAdmin");
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel("E-mail").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/admin/tenants`);
  const stored = await page.evaluate(() => sessionStorage.getItem("console.session"));
  return (JSON.parse(stored!) as { token: string }).token;
}

/** From the console's page of a business, starts a read-only impersonation of its owner for `reason`: the owner app opens. */
export async function impersonateOwner(page: Page, tenant: { id: string; businessName: string }, reason: string) {
  await page.goto(`${baseUrl}/admin/tenant?id=${tenant.id}`);
  await expect.poll(() => page.locator("#tenant-title").textContent()).toBe(tenant.businessName);
  await page.getByRole("button", { name: "Impersonate owner" }).click();
  await page.locator("#form-impersonate").getByLabel("Reason (required)").fill(reason);
  await page.getByRole("button", { name: "Start read-only session" }).click();
  await page.waitForURL(`${baseUrl}/app`);
}
