import { afterAll, describe, expect, it } from "vitest";
import { useBrowser } from "../helpers/browser";
import { signInToConsole } from "../helpers/console";
import { createBookableTenant, e2eClient, uniq } from "../helpers/db";

const browser = useBrowser();
afterAll(() => e2eClient.close());

describe("console tenants list in Chromium", () => {
  it("pages through results 25 at a time instead of rendering every tenant", async () => {
    const tag = `Pager ${uniq()}`;
    for (let i = 0; i < 27; i++) {
      await createBookableTenant({
        tenant: { businessName: `${tag} ${String(i).padStart(2, "0")}`, createdAt: `2030-01-01T00:00:${String(i).padStart(2, "0")}.000Z` },
      });
    }
    const { page } = await browser.newPage({ width: 1280 });
    await signInToConsole(page);
    await page.getByLabel("Search by name, slug or e-mail").fill(tag);
    await page.getByRole("button", { name: "Search" }).click();

    const rows = page.locator("#tenants-body tr");
    const status = page.locator("#tenants-status");
    const pager = page.getByRole("navigation", { name: "Pages of tenants" });
    await expect.poll(() => status.textContent()).toBe("Tenants 1\u201325 (more on the next page)");
    expect(await rows.count()).toBe(25);
    // Newest first.
    expect(await rows.first().locator("td").first().textContent()).toBe(`${tag} 26`);
    expect(await pager.getByText("Previous").getAttribute("aria-disabled")).toBe("true");

    await pager.getByRole("link", { name: /Next/ }).click();
    await expect.poll(() => status.textContent()).toBe("Tenants 26\u201327");
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(new URL(page.url()).searchParams.get("search")).toBe(tag);
    expect(await rows.allTextContents()).toEqual([expect.stringContaining(`${tag} 01`), expect.stringContaining(`${tag} 00`)]);
    expect(await pager.getByText("Next").getAttribute("aria-disabled")).toBe("true");
    expect(await page.getByLabel("Search by name, slug or e-mail").inputValue()).toBe(tag);

    await pager.getByRole("link", { name: /Previous/ }).click();
    await expect.poll(() => status.textContent()).toBe("Tenants 1\u201325 (more on the next page)");
    expect(new URL(page.url()).searchParams.has("page")).toBe(false);
  });
});
