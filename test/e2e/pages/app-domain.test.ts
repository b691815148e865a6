import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Locator } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { cfHostnameObject } from "../../../tools/capture-server/cloudflare.mjs";
import { appBase, checkPage, createSalon, openApp, type Salon, scriptErrors, signedInPage } from "../helpers/app";
import { ARTIFACTS, useBrowser } from "../helpers/browser";
import { e2eClient, e2eDb, uniq } from "../helpers/db";

// design.md §23 in the owner app: Settings → Custom domain saves the domain (a Cloudflare for SaaS
// custom hostname, Cloudflare played by the capture server), shows the DNS records to copy and the
// status, and "Check now" asks Cloudflare at once; the domain serves the booking page once live.
const browser = useBrowser();
afterAll(() => e2eClient.close());
const captureUrl = inject("e2eCaptureUrl");
const hostnames = `/cf/zones/${inject("e2eCfZone")}/custom_hostnames`;
const port = new URL(appBase).port;

async function open(salon: Salon, width: number) {
  const { page, context, errors } = await signedInPage(browser, salon, { width });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appBase });
  await openApp(page, "/app/settings/domain");
  return { page, errors, section: page.locator("section", { has: page.getByRole("heading", { name: "Custom domain" }) }) };
}

/** The section alone, next to the page's full screenshot (test/artifacts/pages/), to look at closely. */
const shoot = (section: Locator, name: string) => section.screenshot({ path: join(ARTIFACTS, "pages", `app-domain-${name}.png`) });

const tenantRow = async (salon: Salon) => (await e2eDb.select().from(schema.tenants).where(eq(schema.tenants.id, salon.id)))[0];

/** A DNS record as the page shows it: its name and value, under the record's heading. */
async function record(section: Locator, heading: string) {
  const card = section.getByRole("region", { name: heading });
  const [name, value] = await card.locator("dd code").allTextContents();
  return { name, value };
}

/** Cloudflare answers the next read of hostname `id`: hostname and certificate active. */
async function cloudflareReportsLive(id: string, hostname: string) {
  const res = await fetch(`${captureUrl}/__control/rules`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      pathPrefix: `${hostnames}/${id}`,
      method: "GET",
      responses: [
        {
          status: 200,
          body: { success: true, errors: [], result: cfHostnameObject({ id, hostname, status: "active", sslStatus: "active" }) },
        },
      ],
    }),
  });
  expect(res.ok).toBe(true);
}

describe("Settings → Custom domain", () => {
  it("saves a domain, shows the records to copy and the status, and goes live after Check now", async () => {
    const salon = await createSalon();
    const domain = `book-${uniq()}.example.test`;
    const { page, errors, section } = await open(salon, 1280);
    await section.getByLabel("Domain").fill(domain.toUpperCase());
    await section.getByRole("button", { name: "Save custom domain" }).click();
    await expect.poll(() => section.getByRole("status").textContent()).toBe("Saved.");
    await expect.poll(() => section.locator(".domain-state").textContent()).toContain("Being set up");

    const row = await tenantRow(salon);
    expect(row).toMatchObject({ customDomain: domain, customDomainStatus: "pending" });
    const ownership = row.customDomainRecords?.find((r) => r.name === `_cf-custom-hostname.${domain}`);
    expect(ownership?.value).toBeTruthy();
    expect(await record(section, "CNAME record")).toEqual({ name: domain, value: "customers.platform.example.test" });
    expect(await record(section, "TXT record")).toEqual({ name: `_cf-custom-hostname.${domain}`, value: ownership?.value });
    expect(await section.textContent()).toContain("Proves the domain is yours");
    await checkPage(page, "settings-domain-pending");
    await shoot(section, "pending-1280");

    // Copy puts the exact value on the clipboard and says so.
    await section.getByRole("button", { name: "Copy the value of the TXT record" }).click();
    await expect.poll(() => section.getByRole("status").textContent()).toBe("Copied the value of the TXT record.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ownership?.value);

    // Not live yet: the domain's address says it is being set up.
    const visitor = (await browser.newPage({ width: 1280 })).page;
    await visitor.goto(`http://${domain}:${port}/`);
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toBe("This address is being set up");
    await checkPage(visitor, "domain-being-set-up");

    await cloudflareReportsLive(row.customHostnameId ?? "", domain);
    await section.getByRole("button", { name: "Check now" }).click();
    await expect.poll(() => section.getByRole("status").textContent()).toBe(`${domain} is live.`);
    expect(await section.locator(".domain-state").textContent()).toContain("Live");
    expect(await section.getByRole("button", { name: "Check now" }).count()).toBe(0);
    expect((await tenantRow(salon)).customDomainStatus).toBe("active");
    await checkPage(page, "settings-domain-live");
    await shoot(section, "live-1280");

    await visitor.goto(`http://${domain}:${port}/`);
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toBe(salon.businessName);
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("fits a phone: the records wrap, nothing is wider than the screen, and Cloudflare's refusal is said in words", async () => {
    const salon = await createSalon();
    const { page, errors, section } = await open(salon, 375);
    const domain = `book-${uniq()}.example.test`;
    await section.getByLabel("Domain").fill(domain);
    await section.getByRole("button", { name: "Save custom domain" }).click();
    await expect.poll(() => section.locator(".domain-state").textContent()).toContain("Being set up");
    await checkPage(page, "settings-domain-pending");
    await shoot(section, "pending-375");

    const refused = `refused-${uniq()}.example.test`;
    const rule = await fetch(`${captureUrl}/__control/rules`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        pathPrefix: hostnames,
        bodyContains: refused,
        method: "POST",
        responses: [{ status: 400, body: { success: false, errors: [{ code: 1409, message: "Invalid custom hostname." }], result: null } }],
      }),
    });
    expect(rule.ok).toBe(true);
    await section.getByLabel("Domain").fill(refused);
    await section.getByRole("button", { name: "Save custom domain" }).click();
    await expect.poll(() => section.getByRole("alert").textContent()).toContain("Invalid custom hostname.");
    // Nothing changed: the saved domain and its records stay.
    expect((await tenantRow(salon)).customDomain).toBe(domain);
    expect(await section.locator(".domain-state").textContent()).toContain(domain);
    await checkPage(page, "settings-domain-refused");
    await shoot(section, "refused-375");
    expect(scriptErrors(errors)).toEqual([]);
  });
});
