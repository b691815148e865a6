import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { describeViolations, focusIsVisible, screenshot, seriousViolations } from "../helpers/axe";
import { randomIp, useBrowser, watchErrors } from "../helpers/browser";
import { confirmAs } from "../helpers/booking-page";
import { bookingByCode, createBookableTenant, e2eClient, e2eDb, payingEuroTenant, type TenantOverrides } from "../helpers/db";
import { bookThroughApi } from "../helpers/public-api";

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

// design.md §26, the booking page's visit flow. The page's clock is pinned: Tuesday 2031-06-03,
// 09:00 in New York; every time below is on the Wednesday after it.
const NOW = "2031-06-03T13:00:00Z";
const DATE = "2031-06-04";
type Page = import("playwright-core").Page;

/** A salon: Cut (30 min, the factory's service), Colour (90 min, developing 30-70) and Blow-dry, one stylist 09:00-17:00. */
async function salon(
  extra: { name: string; durationMinutes: number; price: number; processing?: [number, number] }[],
  overrides: { tenant?: TenantOverrides; depositPercent?: number } = {},
) {
  const tenant = await createBookableTenant({
    tenant: overrides.tenant,
    serviceName: "Cut",
    durationMinutes: 30,
    price: 3000,
    staffName: "Alex Rivera",
  });
  const now = new Date().toISOString();
  const ids: string[] = [];
  for (const [index, s] of extra.entries()) {
    const id = newId("svc");
    ids.push(id);
    await e2eDb.insert(schema.services).values({
      id,
      tenantId: tenant.id,
      name: s.name,
      durationMinutes: s.durationMinutes,
      price: s.price,
      orderIndex: index + 1,
      processingOffsetMinutes: s.processing?.[0] ?? null,
      processingMinutes: s.processing?.[1] ?? null,
      depositPercent: overrides.depositPercent ?? 0,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (overrides.depositPercent) {
    await e2eDb.update(schema.services).set({ depositPercent: overrides.depositPercent }).where(eq(schema.services.id, tenant.serviceId));
  }
  return { ...tenant, extraIds: ids };
}

const SALON = [
  { name: "Colour", durationMinutes: 90, price: 8000, processing: [30, 40] as [number, number] },
  { name: "Blow-dry", durationMinutes: 30, price: 2500 },
];

async function addService(page: Page, serviceId: string) {
  await page.getByLabel("Another service in the same visit (optional)").selectOption(serviceId);
  await page.getByRole("button", { name: "Add another service" }).click();
}

const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

/** The booking page with Cut and one more service in the visit, showing DATE's times for the whole visit. */
async function openVisitOnDate(page: Page, slug: string, serviceId: string, query = "") {
  await page.goto(`${baseUrl}/book?slug=${slug}${query}`);
  await page.getByRole("radio", { name: /^Cut/ }).check();
  await addService(page, serviceId);
  await expect.poll(() => page.locator("#cal-days button.has-times").count()).toBeGreaterThan(0);
  await page.locator(`#cal-days button[data-date="${DATE}"]`).click();
}

describe("a visit of several services on the booking page", () => {
  it("adds a service, books the visit's time and shows its items; the database holds one visit of two bookings", async () => {
    const tenant = await salon(SALON);
    const { page } = await browser.newPage({ now: NOW });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    // The adder appears once a service is chosen.
    expect(await page.locator("#visit").isVisible()).toBe(false);
    await page.getByRole("radio", { name: /^Cut/ }).check();
    await expect.poll(() => page.locator("#visit").isVisible()).toBe(true);

    // Keyboard only: choose Colour, Tab to the add button, Enter.
    await page.getByLabel("Another service in the same visit (optional)").focus();
    await page.getByLabel("Another service in the same visit (optional)").selectOption({ index: 2 });
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Add another service");
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => texts(page, "#visit-list .visit-name")).toEqual(["Colour"]);
    expect(await page.locator("#visit-note").textContent()).toBe("Colour added as service 2 of the visit.");
    // A third one, removed again with its labelled button (focus stays in the list).
    await addService(page, tenant.extraIds[1] ?? "");
    await expect.poll(() => texts(page, "#visit-list .visit-name")).toEqual(["Colour", "Blow-dry"]);
    const removeDry = page.getByRole("button", { name: "Remove Blow-dry (service 3 of the visit)" });
    await removeDry.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => texts(page, "#visit-list .visit-name")).toEqual(["Colour"]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Remove Colour (service 2 of the visit)");

    // The calendar and the times are the whole visit's (Cut 30 min + Colour 90 min).
    await expect.poll(() => page.locator("#cal-days button.has-times").count()).toBeGreaterThan(0);
    await page.locator(`#cal-days button[data-date="${DATE}"]`).click();
    await expect.poll(() => page.locator("#slot-status").textContent()).toContain("Wed, Jun 4, 2031");
    const starts = await texts(page, "#slots button");
    expect(starts[0]).toBe("09:00");
    // The last start leaves room for both services before 17:00.
    expect(starts.at(-1)).toBe("15:00");
    await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
    await expect.poll(() => page.locator("#step-details").isVisible()).toBe(true);
    expect(await page.locator("#summary").textContent()).toBe(
      "Cut + Colour with Alex Rivera, Wed, Jun 4, 2031, 10:00\u201312:00 (America/New_York time)",
    );
    expect(await texts(page, "#summary-items li")).toEqual([
      "Cut with Alex Rivera, 10:00\u201310:30",
      "Colour with Alex Rivera, 10:30\u201312:00",
    ]);
    expect(await page.locator("#summary-items .visit-total").textContent()).toBe("Total: $110.00");

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, "visit-summary-375");

    await confirmAs(page, "Vera", `vera-${tenant.slug}@example.test`);
    await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
    const code = (await page.locator("#confirmation-code").textContent()) ?? "";
    expect(code).toMatch(/^BK-[A-Z0-9]{6}$/);
    expect(await texts(page, "#confirmation-items li")).toEqual([
      "Cut with Alex Rivera, 10:00\u201310:30",
      "Colour with Alex Rivera, 10:30\u201312:00",
    ]);
    await screenshot(page, "visit-confirmed-375");

    // One visit holding the code, two bookings pointing to it, in order, each of its service.
    const [visit] = await e2eDb.select().from(schema.visits).where(eq(schema.visits.confirmationCode, code));
    expect(visit?.tenantId).toBe(tenant.id);
    const items = await e2eDb
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.visitId, visit?.id ?? ""))
      .orderBy(schema.bookings.startAt);
    expect(items.map((b) => [b.serviceId, b.staffId, b.status, b.source])).toEqual([
      [tenant.serviceId, tenant.staffId, "confirmed", "online"],
      [tenant.extraIds[0], tenant.staffId, "confirmed", "online"],
    ]);
    const local = (ms: number) => new Date(ms).toLocaleString("sv-SE", { timeZone: "America/New_York" });
    expect(items.map((b) => local(b.startAt))).toEqual([`${DATE} 10:00:00`, `${DATE} 10:30:00`]);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("the manage page shows a visit's items and moves and cancels the whole visit", async () => {
    const tenant = await salon(SALON);
    const created = await fetch(`${baseUrl}/api/public/${tenant.slug}/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp(), "x-test-now": NOW },
      body: JSON.stringify({
        items: [
          { serviceId: tenant.serviceId, staffProfileId: tenant.staffId },
          { serviceId: tenant.extraIds[1], staffProfileId: tenant.staffId },
        ],
        startDatetime: `${DATE}T09:00:00`,
        customer: { firstName: "Max", email: `max-${tenant.slug}@example.test` },
      }),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { confirmationCode: string; id: string } };

    const { page } = await browser.newPage({ now: NOW, width: 1280 });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}&code=${data.confirmationCode}`);
    await expect
      .poll(() => texts(page, "#manage-items li"))
      .toEqual(["Cut with Alex Rivera, 09:00\u201309:30", "Blow-dry with Alex Rivera, 09:30\u201310:00"]);
    // The move offers the whole visit's times: pick 14:00 on the same date.
    await expect.poll(() => page.locator("#rcal-days button.has-times").count()).toBeGreaterThan(0);
    await page.locator(`#rcal-days button[data-date="${DATE}"]`).click();
    await expect.poll(() => texts(page, "#reschedule-slots button")).toContain("14:00");
    expect((await texts(page, "#reschedule-slots button")).at(-1)).toBe("16:00");
    await page.getByRole("button", { name: "14:00 with Alex Rivera" }).click();
    await page.getByRole("button", { name: "Move booking" }).click();
    await expect.poll(() => page.locator("#manage-message").textContent()).toContain("moved to Wed, Jun 4, 2031, 14:00");
    expect(await texts(page, "#manage-items li")).toEqual([
      "Cut with Alex Rivera, 14:00\u201314:30",
      "Blow-dry with Alex Rivera, 14:30\u201315:00",
    ]);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, "visit-manage-1280");

    // useBrowser answers the confirmation dialog with OK.
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect.poll(() => page.locator("#manage-message").textContent()).toBe("Your booking has been cancelled.");
    const first = await bookingByCode(data.confirmationCode);
    const items = await e2eDb
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.visitId, first?.visitId ?? data.id));
    expect(items.map((b) => b.status)).toEqual(["cancelled", "cancelled"]);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("asks for the deposit of the whole visit, the sum the API answers, while both items are held", async () => {
    const tenant = await salon(SALON, {
      tenant: payingEuroTenant(),
      depositPercent: 30,
    });
    const { page } = await browser.newPage({ now: NOW });
    const errors = watchErrors(page);
    await openVisitOnDate(page, tenant.slug, tenant.extraIds[0] ?? "");
    await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
    expect(await page.locator("#summary-items .visit-total").textContent()).toBe("Total: €110.00");
    await confirmAs(page, "Pia", `pia-${tenant.slug}@example.test`);
    await expect.poll(() => page.locator("#step-payment").isVisible()).toBe(true);
    // 30 % of 30.00 and of 80.00: one deposit for the visit, of its whole price.
    expect(await page.locator("#pay-amount").textContent()).toBe("Deposit 33.00 EUR of 110.00 EUR");
    expect(await page.locator("#pay-summary").textContent()).toContain("Cut + Colour with Alex Rivera");
    const rows = await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, tenant.id));
    expect(rows.map((b) => b.status)).toEqual(["pending", "pending"]);
    expect(new Set(rows.map((b) => b.visitId)).size).toBe(1);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("books a visit through the widget's view of the page (via=widget): every item records the widget as its source", async () => {
    const tenant = await salon(SALON);
    const { page } = await browser.newPage({ now: NOW });
    await openVisitOnDate(page, tenant.slug, tenant.extraIds[1] ?? "", "&via=widget");
    await page.getByRole("button", { name: "09:00 with Alex Rivera" }).click();
    await confirmAs(page, "Wim", `wim-${tenant.slug}@example.test`);
    await expect
      .poll(() => texts(page, "#confirmation-items li"))
      .toEqual(["Cut with Alex Rivera, 09:00\u201309:30", "Blow-dry with Alex Rivera, 09:30\u201310:00"]);
    const rows = await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, tenant.id));
    expect(rows.map((b) => b.source)).toEqual(["widget", "widget"]);
  });

  it("a visit whose time was taken meanwhile books nothing, says so and offers the times still free", async () => {
    const tenant = await salon(SALON);
    const { page } = await browser.newPage({ now: NOW, width: 1280 });
    await openVisitOnDate(page, tenant.slug, tenant.extraIds[0] ?? "");
    await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
    await page.getByLabel("First name").fill("Tess");
    await page.getByLabel("E-mail").fill(`tess-${tenant.slug}@example.test`);
    // Someone books a cut at 10:30, where this visit's colour would start, while the page still offers 10:00.
    const other = await bookThroughApi(
      tenant,
      `${DATE}T10:30:00`,
      { firstName: "Quick", email: `quick-${tenant.slug}@example.test` },
      { now: NOW },
    );
    expect(other.status).toBe(201);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect
      .poll(() => page.locator("#slot-error").textContent())
      .toContain("10:00 on Wed, Jun 4, 2031 was just booked by someone else");
    await expect.poll(() => texts(page, "#slots button")).not.toContain("10:00");
    expect(await texts(page, "#slots button")).toContain("11:00");
    const rows = await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, tenant.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.visitId).toBeNull();
  });

  it("says in plain words when no time fits all the services", async () => {
    // Three services of three hours each cannot fit into an eight-hour day.
    const tenant = await salon([
      { name: "Perm", durationMinutes: 180, price: 9000 },
      { name: "Extensions", durationMinutes: 180, price: 9000 },
    ]);
    await e2eDb.update(schema.services).set({ durationMinutes: 180 }).where(eq(schema.services.id, tenant.serviceId));
    const { page } = await browser.newPage({ now: NOW, width: 1280 });
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: /^Cut/ }).check();
    await addService(page, tenant.extraIds[0] ?? "");
    await addService(page, tenant.extraIds[1] ?? "");
    await page.locator(`#cal-days button[data-date="${DATE}"]`).click();
    await expect
      .poll(() => page.locator("#slot-status").textContent())
      .toMatch(/^No time fits all three services from Wed, Jun 4, 2031 to /);
    expect(await page.locator("#slots button").count()).toBe(0);
    await screenshot(page, "visit-no-time-1280");
  });
});
