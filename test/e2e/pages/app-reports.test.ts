import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { bookAt, bookingPayment, checkPage, createSalon, openAppAs, type Salon, scriptErrors } from "../helpers/app";
import { focusIsVisible, screenshot } from "../helpers/axe";
import { useBrowser } from "../helpers/browser";
import { e2eClient, e2eDb } from "../helpers/db";

// Issue #40 item 3: /app/reports. A salon with known May 2031 bookings (never "today"): cards,
// the series chart and its table, utilization and top services, an empty range in words, the CSV
// download, the keyboard, 1280 and 375 px, axe. And uPlot in the reports page's bundle only.
const browser = useBrowser();
afterAll(() => e2eClient.close());

type Made = { status: "confirmed" | "completed" | "no_show" | "cancelled"; paid?: number };

/** May 2031 in the salon: what the cards must show is computed from this list. */
async function mayBookings(salon: Salon): Promise<Made[]> {
  const made: Array<Made & { at: string; staff: number; service: number; customer: string }> = [
    { at: "2031-05-06T10:00", staff: 0, service: 0, customer: "Ada Lovelace", status: "completed", paid: 4500 },
    { at: "2031-05-06T14:00", staff: 1, service: 1, customer: "Bo Beard", status: "no_show" },
    { at: "2031-05-13T11:00", staff: 0, service: 0, customer: "Cy Cancel", status: "cancelled" },
    { at: "2031-05-20T09:00", staff: 1, service: 0, customer: "=cmd|' /C calc'!A0", status: "completed", paid: 4500 },
    { at: "2031-05-27T15:00", staff: 0, service: 1, customer: "Di Later", status: "confirmed" },
  ];
  const now = new Date().toISOString();
  for (const m of made) {
    const b = await bookAt(salon, m.at, { staff: m.staff, service: m.service, customer: m.customer, status: m.status });
    if (m.paid)
      await e2eDb
        .insert(schema.payments)
        .values(bookingPayment(salon, b.id, { amount: m.paid, kind: "full", createdAt: now, updatedAt: now }));
  }
  return made;
}

const cardValue = (page: import("playwright-core").Page, label: string) =>
  page
    .locator(".report-card")
    .filter({ has: page.locator(".report-card-label", { hasText: new RegExp(`^${label}$`) }) })
    .locator(".report-card-value")
    .textContent();

describe.each([1280, 375])("reports at %i px", (width) => {
  it("shows the range's totals, the series, utilization and top services, each chart with its numbers", async () => {
    const salon = await createSalon();
    const made = await mayBookings(salon);
    const { page, errors } = await openAppAs(browser, salon, "/app/reports?from=2031-05-01&to=2031-05-31&groupBy=week", { width });
    const money = made.reduce((n, m) => n + (m.paid ?? 0), 0);
    expect(await cardValue(page, "Bookings")).toBe(String(made.length));
    expect(await cardValue(page, "No-shows")).toBe(String(made.filter((m) => m.status === "no_show").length));
    expect(await cardValue(page, "Cancelled")).toBe(String(made.filter((m) => m.status === "cancelled").length));
    expect(await cardValue(page, "Money taken")).toBe(`$${(money / 100).toFixed(2)}`);
    // Each chart is a canvas beside its numbers as a table.
    expect(await page.locator("#series-table table tbody tr").count()).toBe(5); // ISO weeks 18 to 22 touch May 2031
    expect(await page.locator("section[aria-labelledby=series-title] canvas").count()).toBeGreaterThan(0);
    const utilization = page.locator("#utilization-table tbody tr");
    expect(await utilization.allTextContents()).toEqual([expect.stringContaining("Alex Rivera"), expect.stringContaining("Bea Chen")]);
    expect(await page.locator("#services-table tbody tr").first().textContent()).toContain("Haircut");
    await checkPage(page, "reports");

    // Keyboard: the numbers toggle and the form are reachable, focus shows, the range changes.
    await page.getByRole("button", { name: "Show the numbers" }).focus();
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#series-table").getAttribute("class")).toBe("table-wrap");
    await page.locator("#r-from").fill("2031-06-01");
    await page.locator("#r-to").fill("2031-06-30");
    await page.locator("#r-to").press("Enter");
    await expect
      .poll(() => page.locator(".empty-title").first().textContent())
      .toBe("No bookings and no money taken from Sun, Jun 1, 2031 to Mon, Jun 30, 2031.");
    expect(page.url()).toContain("from=2031-06-01");
    expect(await cardValue(page, "Bookings")).toBe("0");
    await checkPage(page, "reports-empty");
    expect(scriptErrors(errors)).toEqual([]);
  });
});

describe("reports: exports, roles, bundle", () => {
  it("downloads the range's bookings as a CSV a parser reads back, with formula text made harmless", async () => {
    const salon = await createSalon();
    const made = await mayBookings(salon);
    const { page } = await openAppAs(browser, salon, "/app/reports?from=2031-05-01&to=2031-05-31");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Bookings (CSV)" }).click()]);
    expect(download.suggestedFilename()).toBe("bookings-2031-05-01-to-2031-05-31.csv");
    const text = readFileSync((await download.path()) as string, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(made.length);
    expect(rows.map((r) => r["Customer first name"])).toContain("'=cmd|'");
    expect(rows.find((r) => r["Customer first name"] === "Ada")?.["Start (local)"]).toBe("2031-05-06 10:00");
  });

  it("gives a staff member their own report and no exports", async () => {
    const salon = await createSalon({ members: ["staff"] });
    await mayBookings(salon);
    const { page } = await openAppAs(browser, salon, "/app/reports?from=2031-05-01&to=2031-05-31", { width: 375, who: salon.members[0] });
    expect(await page.locator("#report-range").textContent()).toContain("your bookings");
    expect(await page.getByRole("button", { name: "Bookings (CSV)" }).isDisabled()).toBe(true);
    expect(await page.locator(".gate-note").textContent()).toBe("Only owners and admins can export bookings and customers.");
    expect(await page.locator("#r-staff").count()).toBe(0);
    // Sam has no staff profile of their own: nothing of Alex's or Bea's.
    expect(await cardValue(page, "Bookings")).toBe("0");
    await screenshot(page, "app-reports-staff-375");
  });

  it("carries the chart library in the reports page's own module only", () => {
    const dir = join(process.cwd(), "dist", "client", "assets");
    const withChart = readdirSync(dir).filter((f) => f.endsWith(".js") && readFileSync(join(dir, f), "utf8").includes("u-under"));
    expect(withChart).toHaveLength(1);
    expect(withChart[0]).toMatch(/^owner-reports-[A-Z0-9]+\.js$/);
  });
});
