import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { describeViolations, focusIsVisible, screenshot, seriousViolations } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { signInToConsole } from "../helpers/console";
import { createBookableTenant, e2eClient, e2eDb, uniq } from "../helpers/db";
import { outboxRow } from "../../helpers/outbox";

// design.md §24: the console's Jobs page across tenants: filter by state, kind and tenant, retry
// (the queue of the e2e stack then sends it to the capture server) and discard with a reason.

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

/** A failed (or suppressed) e-mail of the business, as the outbox leaves it. */
async function emailJob(tenantId: string, status: "failed" | "suppressed", subject: string) {
  const id = newId("eml");
  const to = `jobs-${uniq()}@e2e.test`;
  const t = new Date().toISOString();
  await e2eDb.insert(schema.emailOutbox).values({
    id,
    tenantId,
    kind: "booking.confirmed",
    toEmail: to,
    subject,
    textBody: `${subject} <b>not html</b>`,
    htmlBody: `<p>${subject}</p>`,
    status,
    attempts: status === "failed" ? 10 : 0,
    nextAttemptAt: t,
    lastError: status === "failed" ? "HTTP 422: Invalid `to` field" : null,
    createdAt: t,
    updatedAt: t,
  });
  return { id, to };
}

const rowOf = (id: string) => outboxRow(e2eDb, id);

async function looksFinished(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await screenshot(page, `console-${name}-${width}`);
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe("the console's Jobs page", () => {
  it("lists a tenant's failed jobs, retries one (sent once) and discards another with a reason", async () => {
    const tenant = await createBookableTenant({ tenant: { businessName: `<i>Jobs</i> Studio ${uniq()}` } });
    const retried = await emailJob(tenant.id, "failed", "Your booking is confirmed");
    const dropped = await emailJob(tenant.id, "failed", "Your booking has a new time");
    const { page } = await browser.newPage({ width: 1280 });
    const errors = watchErrors(page);
    await signInToConsole(page);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Jobs" }).click();
    await page.waitForURL(`${baseUrl}/admin/jobs`);
    await page.getByLabel("Tenant ID").fill(tenant.id);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(`${baseUrl}/admin/jobs?tenantId=${tenant.id}`);
    await expect.poll(() => page.locator("#jobs-body tr").count()).toBe(2);
    expect(await page.locator("#jobs-status").textContent()).toBe("2 failed jobs");
    const table = (await page.locator("#jobs-table").textContent())!;
    expect(table).toContain(`<i>Jobs</i> Studio`);
    expect(table).toContain("booking.confirmed");
    expect(table).toContain("10 tries");
    expect(table).toContain("HTTP 422: Invalid `to` field");
    await looksFinished(page, "jobs");

    await page.getByRole("button", { name: `Retry: E-mail: booking.confirmed to ${retried.to}` }).click();
    await expect.poll(() => page.locator("#jobs-result").textContent()).toContain("Retry queued");
    await expect.poll(() => page.locator("#jobs-body tr").count()).toBe(1);
    // The stack's queue consumer sends it, once.
    await expect.poll(async () => (await rowOf(retried.id)).status).toBe("sent");

    await page.getByRole("button", { name: `Discard: E-mail: booking.confirmed to ${dropped.to}` }).click();
    const form = page.locator("#discard-form");
    await expect.poll(() => form.isVisible()).toBe(true);
    expect(await focusIsVisible(page)).toBe(true);
    await form.getByRole("button", { name: "Discard for good" }).click();
    await expect.poll(() => page.locator("#discard-error").textContent()).toContain("Enter a reason");
    await form.getByLabel("Reason (required)").fill("Address bounced; the owner called the client");
    await looksFinished(page, "jobs-discard");
    await form.getByRole("button", { name: "Discard for good" }).click();
    await expect.poll(() => page.locator("#jobs-result").textContent()).toContain("Discarded");
    await expect.poll(() => page.locator("#jobs-status").textContent()).toContain("No failed jobs");
    expect((await rowOf(dropped.id)).status).toBe("discarded");
    const [audit] = await e2eDb.select().from(schema.auditLog).where(sql`target_id = ${dropped.id}`);
    expect(audit).toMatchObject({ action: "job.discarded", reason: "Address bounced; the owner called the client" });
    expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
  });

  it("filters by state at 375 px: suppressed messages, and plain words when a list is empty", async () => {
    const tenant = await createBookableTenant();
    await emailJob(tenant.id, "suppressed", "Your booking is confirmed");
    const { page } = await browser.newPage({ width: 375 });
    await signInToConsole(page);
    await page.goto(`${baseUrl}/admin/jobs?tenantId=${tenant.id}`);
    await expect.poll(() => page.locator("#jobs-status").textContent()).toContain("No failed jobs");
    await looksFinished(page, "jobs-empty");
    await page.getByLabel("State").selectOption("suppressed");
    await page.getByRole("button", { name: "Show" }).click();
    await expect.poll(() => page.locator("#jobs-body tr").count()).toBe(1);
    expect(await page.locator("#jobs-body").textContent()).toContain("Discard");
    expect(await page.getByRole("button", { name: /^Retry/ }).count()).toBe(0);
    await looksFinished(page, "jobs-suppressed");
  });
});
