import type { Page } from "playwright-core";
import { inject } from "vitest";

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
