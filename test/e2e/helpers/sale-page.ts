import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { axeCleanShot } from "./axe";

// The pages that sell online (gift cards, packages; design.md §32) seen by a visitor of a business
// that sells nothing of the kind online.

const baseUrl = inject("e2eBaseUrl");

/**
 * The booking page offers no link to the shop; the shop answers `status` with a plain heading and
 * sentence (axe-clean, saved as `shot`), and its link leads back to the booking page.
 */
export async function expectNothingOnSale(
  page: Page,
  o: { slug: string; link: string; path: string; status: number; heading: string; text: string; shot: string; back: string },
) {
  await page.goto(`${baseUrl}/book?slug=${o.slug}`);
  expect(await page.getByRole("link", { name: o.link }).count()).toBe(0);
  const res = await page.goto(`${baseUrl}${o.path}?slug=${o.slug}`);
  expect(res?.status()).toBe(o.status);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(o.heading);
  expect(await page.locator("main").textContent()).toContain(o.text);
  await axeCleanShot(page, o.shot);
  await page.getByRole("link", { name: o.back }).click();
  await expect.poll(() => page.getByRole("heading", { name: "Book an appointment" }).isVisible()).toBe(true);
}
