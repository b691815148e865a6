import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { answer, MODEL_PATH, type ScriptedAnswer, toolCalls } from "../../helpers/ai-model";
import { describeViolations, focusIsVisible, screenshot, seriousViolations } from "../helpers/axe";
import { pickCalendarDate, useBrowser, watchErrors } from "../helpers/browser";
import { confirmAs } from "../helpers/booking-page";
import { auditRows, bookingByCode, createBookableTenant, e2eClient, e2eDb, FAR_DATE, uniq } from "../helpers/db";
import { bookThroughApi } from "../helpers/public-api";

// The booking page's Ask panel (issue #21) in Chromium against the real local stack; the capture
// server plays the model (AI_PROVIDER_URL in test/setup/e2e-global.ts), scripted per business by
// the business name the system prompt carries. Times are on FAR_DATE (2031), never the real date:
// the page's clock is pinned (x-test-now) to May 20, 2031, so the month calendar opens on May and a
// suggestion for June has to page to its month.
const NOW = "2031-05-20T13:00:00Z";

const baseUrl = inject("e2eBaseUrl");
const captureUrl = inject("e2eCaptureUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

async function scriptModel(businessName: string, responses: ScriptedAnswer[]) {
  const res = await fetch(`${captureUrl}/__control/rules`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ pathPrefix: MODEL_PATH, bodyContains: businessName, responses }),
  });
  expect(res.ok).toBe(true);
}

type SentToModel = { messages: { role: string; content: string | null }[] };

async function modelRequests(businessName: string): Promise<SentToModel[]> {
  const q = new URLSearchParams({ pathPrefix: MODEL_PATH, bodyContains: businessName });
  const res = await fetch(`${captureUrl}/__control/requests?${q}`);
  const { requests } = (await res.json()) as { requests: { body: string }[] };
  return requests.map((r) => JSON.parse(r.body) as SentToModel);
}

/** A business with two services and Sam, who works 09:00-17:00 every day. */
async function askBusiness(tenant: Partial<typeof schema.tenants.$inferInsert> = {}) {
  const businessName = `Ask Studio ${uniq()}`;
  const t = await createBookableTenant({ tenant: { businessName, ...tenant }, serviceName: "Haircut", staffName: "Sam Lee" });
  const now = new Date().toISOString();
  const beardId = newId("svc");
  await e2eDb.insert(schema.services).values({
    id: beardId,
    tenantId: t.id,
    name: "Beard trim",
    durationMinutes: 30,
    price: 2000,
    orderIndex: -1,
    createdAt: now,
    updatedAt: now,
  });
  return { ...t, beardId };
}

/** The model looks at the catalog and Sam's afternoon on FAR_DATE, then suggests three of its times. */
function suggestingModel(t: { serviceId: string; staffId: string }, reply: string): ScriptedAnswer[] {
  return [
    toolCalls({ name: "list_services", arguments: {} }, { name: "list_staff", arguments: {} }),
    toolCalls({ name: "get_availability", arguments: { serviceId: t.serviceId, staffId: t.staffId, date: FAR_DATE, earliest: "14:00" } }),
    answer({ reply, suggestions: { serviceId: t.serviceId, staffId: t.staffId, date: FAR_DATE, slots: ["14:00", "14:30", "16:00"] } }),
  ];
}

/**
 * The customer books with the form alone: today's times first (paging while they load would be
 * undone by the calendar showing today's month again), then FAR_DATE's month and day.
 */
async function formShowsFarDateTimes(page: Page) {
  await expect.poll(() => page.locator("#slot-status").textContent()).toMatch(/times? available on Tue, May 20, 2031/);
  await pickCalendarDate(page, FAR_DATE);
  await expect.poll(() => page.locator("#slot-status").textContent()).toMatch(/times? available on Tue, Jun 10, 2031/);
  expect(await page.locator("#slots button").count()).toBeGreaterThan(0);
}

const bookingsOf = (tenantId: string) => e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, tenantId));

describe.each([375, 1280])("Ask panel at %i px", (width) => {
  it("answers in words, suggests times, fills in the form from the keyboard, and the form books it", async () => {
    const t = await askBusiness();
    const reply = "Sam has free times on Tuesday, June 10 (<b>after 2 pm</b>): 14:00, 14:30 or 16:00.";
    await scriptModel(t.businessName, suggestingModel(t, reply));
    const { page } = await browser.newPage({ width, now: NOW });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/book?slug=${t.slug}`);
    await expect(page.locator("#ask").isVisible()).resolves.toBe(true);
    expect(await page.locator("#cal-title").textContent()).toBe("May 2031");

    await page.getByLabel("Your request").fill("A haircut with Sam on June 10 2031, after 2 pm please");
    await page.getByLabel("Your request").press("Enter");
    await expect.poll(() => page.locator(".ask-assistant").count()).toBe(1);
    // The reply is text: markup in it is shown, never run or rendered.
    expect(await page.locator(".ask-assistant .ask-text").textContent()).toBe(reply);
    expect(await page.locator("#ask-log b").count()).toBe(0);
    expect(await page.locator(".ask-user .ask-text").textContent()).toBe("A haircut with Sam on June 10 2031, after 2 pm please");
    expect(await page.getByLabel("Your request").inputValue()).toBe("");
    expect(await page.locator(".ask-offer").textContent()).toBe("Haircut with Sam Lee on Tue, Jun 10, 2031");
    expect(await page.locator(".ask-choices button").allTextContents()).toEqual(["14:00", "14:30", "16:00"]);

    // The model called the availability tool and saw this business's real times.
    const sent = await modelRequests(t.businessName);
    expect(sent).toHaveLength(3);
    const toolResult = sent[2].messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content ?? "null"));
    expect(
      toolResult.some((r) => r.date === FAR_DATE && r.slots?.some((s: { startTime: string }) => s.startTime === `${FAR_DATE}T14:30:00`)),
    ).toBe(true);
    // The assistant suggested; nothing was booked. Its request is in the AI log.
    expect(await bookingsOf(t.id)).toEqual([]);
    expect((await auditRows(t.id)).map((r) => r.action)).toContain("ai.public_chat");

    // Keyboard: back from the request box to the suggestions; focus shows; Enter chooses 14:30.
    await page.getByLabel("Your request").focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("14:30");
    expect(await focusIsVisible(page)).toBe(true);
    const formRequests: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/api/")) formRequests.push(path.replace(`/api/public/${t.slug}`, ""));
    });
    await page.keyboard.press("Enter");

    // The normal form now holds the suggestion: service, staff, date and the time, details open.
    await expect.poll(() => page.locator("#step-details").isVisible()).toBe(true);
    // The flow's own requests, once each: June's free days (the calendar paged there), that date's times,
    // then the chosen time's price (issue #43: the price before confirming).
    await expect.poll(() => formRequests).toEqual(["/availability/days", "/availability", "/quote"]);
    expect(await page.getByRole("radio", { name: /^Haircut/ }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: /^Sam Lee/ }).isChecked()).toBe(true);
    // The calendar paged to June and shows the suggested day chosen, as a click on it would.
    expect(await page.locator("#cal-title").textContent()).toBe("June 2031");
    expect(await page.locator("#cal-days button[aria-pressed=true]").getAttribute("data-date")).toBe(FAR_DATE);
    expect(await page.locator("#slot-status").textContent()).toContain("Tue, Jun 10, 2031");
    expect(await page.getByRole("button", { name: "14:30 with Sam Lee", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.locator("#slots button[aria-pressed=true]").count()).toBe(1);
    expect(await page.locator("#summary").textContent()).toContain("Haircut with Sam Lee");
    expect(await page.locator("#summary").textContent()).toContain("14:30\u201315:30");
    expect(await page.locator("#ask-status").textContent()).toContain("Filled in the booking form");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("firstName");

    await screenshot(page, `ask-prefilled-${width}`);
    await page.locator("#ask").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test/artifacts/pages/ask-panel-${width}.png` });
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Booking it is the normal form's job, and it works.
    await confirmAs(page, "Ada", `ada-${t.slug}@example.test`);
    await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
    const row = await bookingByCode((await page.locator("#confirmation-code").textContent())!);
    expect(row).toMatchObject({ tenantId: t.id, serviceId: t.serviceId, staffId: t.staffId, status: "confirmed" });
    expect(new Date(row.startAt).toLocaleString("sv-SE", { timeZone: t.timezone })).toBe(`${FAR_DATE} 14:30:00`);

    // Another suggestion after the confirmation (16:00 does not overlap 14:30-15:30): the form comes back with it chosen.
    await page.getByRole("button", { name: /^16:00 with Sam Lee/ }).click();
    await expect.poll(() => page.locator("#step-details").isVisible()).toBe(true);
    expect(await page.locator("#confirmation").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "16:00 with Sam Lee", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.locator("#summary").textContent()).toContain("16:00\u201317:00");
    expect(errors, errors.join("\n")).toEqual([]);
  });
});

describe("Ask panel suggesting a day without a time", () => {
  it("chooses the service and the day in the form (the calendar pages to its month) and leaves the time to the customer", async () => {
    const t = await askBusiness();
    await scriptModel(t.businessName, [
      toolCalls({ name: "find_available_days", arguments: { serviceId: t.beardId, from: "2031-06-09", to: "2031-06-12" } }),
      answer({ reply: "Beard trims are free all day on Tuesday, June 10.", suggestions: { serviceId: t.beardId, date: FAR_DATE } }),
    ]);
    const { page } = await browser.newPage({ width: 1280, now: NOW });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/book?slug=${t.slug}`);
    await page.getByLabel("Your request").fill("A beard trim in the second week of June 2031");
    await page.getByLabel("Your request").press("Enter");
    const choice = page.getByRole("button", { name: /^Show the times on Tue, Jun 10, 2031/ });
    await expect.poll(() => choice.count()).toBe(1);
    await choice.click();
    await expect.poll(() => page.locator("#ask-status").textContent()).toBe("The form below shows the free times. Choose one to continue.");
    expect(await page.getByRole("radio", { name: /^Beard trim/ }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: /^Any available/ }).isChecked()).toBe(true);
    expect(await page.locator("#cal-title").textContent()).toBe("June 2031");
    expect(await page.locator("#cal-days button[aria-pressed=true]").getAttribute("data-date")).toBe(FAR_DATE);
    expect(await page.locator("#slot-status").textContent()).toMatch(/times available on Tue, Jun 10, 2031/);
    // Nothing chosen for the customer beyond what was suggested: the first time has the focus, none is pressed.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("09:00");
    expect(await page.locator("#slots button[aria-pressed=true]").count()).toBe(0);
    expect(await page.locator("#step-details").isVisible()).toBe(false);
    expect(await bookingsOf(t.id)).toEqual([]);
    expect(errors, errors.join("\n")).toEqual([]);
  });
});

describe("Ask panel when the assistant is not there", () => {
  it("is not rendered without a model or with the business's assistant off, and the form works without it", async () => {
    const t = await askBusiness();
    const off = await askBusiness({ aiAssistantEnabled: false });
    const { page, context, ip } = await browser.newPage({ now: NOW });
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/ai-public/")) asked.push(r.url());
    });
    // No model configured for these requests (the test hook behaves like unset AI settings).
    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": ip, "x-test-now": NOW, "x-test-ai": "off" });
    await page.goto(`${baseUrl}/book?slug=${t.slug}`);
    expect(await page.locator("#ask, #ask-input").count()).toBe(0);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await formShowsFarDateTimes(page);

    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": ip, "x-test-now": NOW });
    await page.goto(`${baseUrl}/book?slug=${off.slug}`);
    expect(await page.locator("#ask, #ask-input").count()).toBe(0);
    await page.goto(`${baseUrl}/book?slug=${t.slug}`);
    expect(await page.locator("#ask-input").isVisible()).toBe(true);
    // Learning whether to show it cost no request.
    expect(asked).toEqual([]);
  });

  it("turns itself off when its first request finds no model (503 ai_unavailable)", async () => {
    const t = await askBusiness();
    const { page } = await browser.newPage({ now: NOW });
    await page.goto(`${baseUrl}/book?slug=${t.slug}`);
    // The model goes away after the page was served: the chat request gets the real 503.
    const statuses: number[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/api/ai-public/")) statuses.push(r.status());
    });
    await page.route("**/api/ai-public/**", (route) => route.continue({ headers: { ...route.request().headers(), "x-test-ai": "off" } }));
    await page.getByLabel("Your request").fill("Anything tomorrow?");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    await expect.poll(() => page.locator("#ask-off").isVisible()).toBe(true);
    expect(statuses).toEqual([503]);
    expect(await page.locator("#ask-form").isVisible()).toBe(false);
    expect(await page.locator("#ask-off").textContent()).toContain("You can still choose a time with the form below");
    await screenshot(page, "ask-off-375");
    expect(await modelRequests(t.businessName)).toEqual([]);
    // The form is untouched and still books.
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await formShowsFarDateTimes(page);
  });
});

describe("Ask panel errors", () => {
  it("says in plain words when the model fails, keeps the typed text, and a retry answers", async () => {
    const t = await askBusiness();
    await scriptModel(t.businessName, [
      { status: 500, body: { error: { message: "model overloaded" } } },
      answer("We open at 9 every day."),
    ]);
    const { page } = await browser.newPage({ now: NOW });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/book?slug=${t.slug}`);
    const box = page.getByLabel("Your request");
    await box.fill("When do you open?");
    await box.press("Enter");
    await expect.poll(() => page.locator("#ask-error").isVisible()).toBe(true);
    expect(await page.locator("#ask-error").textContent()).toBe(
      "The assistant could not answer just now. Please try again, or choose a time with the form below.",
    );
    expect(await page.locator("#ask-error").textContent()).not.toContain("overloaded");
    expect(await box.inputValue()).toBe("When do you open?");
    expect(await box.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("ask-input");
    expect(await page.locator(".ask-msg").count()).toBe(0);
    await screenshot(page, "ask-error-375");

    // An empty request is refused on the page, without a request.
    await box.fill("   ");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    expect(await page.locator("#ask-error").textContent()).toBe("Please type what you would like to book first.");

    await box.fill("When do you open?");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    await expect.poll(() => page.locator(".ask-assistant .ask-text").textContent()).toBe("We open at 9 every day.");
    expect(await page.locator("#ask-error").isVisible()).toBe(false);
    expect(await box.getAttribute("aria-invalid")).toBeNull();
    expect(await page.locator(".ask-suggestions").count()).toBe(0);
    // The failed attempt is not part of the conversation the model sees.
    const sent = await modelRequests(t.businessName);
    expect(
      sent
        .at(-1)
        ?.messages.filter((m) => m.role === "user")
        .map((m) => m.content),
    ).toEqual(["When do you open?"]);
    expect(
      errors.filter((e) => !e.includes("502")),
      errors.join("\n"),
    ).toEqual([]);
  });
  it("says so when a suggested time was taken meanwhile, and shows the times still free", async () => {
    const t = await askBusiness();
    await scriptModel(t.businessName, suggestingModel(t, "Sam is free at 14:00, 14:30 or 16:00."));
    const { page, ip } = await browser.newPage({ now: NOW });
    await page.goto(`${baseUrl}/book?slug=${t.slug}`);
    await page.getByLabel("Your request").fill("Sam on June 10 2031 after 2");
    await page.getByLabel("Your request").press("Enter");
    await expect.poll(() => page.locator(".ask-choices button").count()).toBe(3);
    // Someone else books 14:30 with the normal API before the customer chooses it.
    const other = await bookThroughApi(
      t,
      `${FAR_DATE}T14:30:00`,
      { firstName: "Quick", email: `quick-${t.slug}@example.test` },
      { now: NOW, ip },
    );
    expect(other.status).toBe(201);
    await page.getByRole("button", { name: /^14:30 with Sam Lee/ }).click();
    await expect
      .poll(() => page.locator("#ask-status").textContent())
      .toBe("That time has just been taken. The form below shows the times that are still free.");
    const times = await page.locator("#slots button").allTextContents();
    expect(times).toContain("09:00");
    expect(times).not.toContain("14:30");
    expect(await page.locator("#slots button[aria-pressed=true]").count()).toBe(0);
    expect(await page.locator("#step-details").isVisible()).toBe(false);
    expect(await page.locator("#cal-days button[aria-pressed=true]").getAttribute("data-date")).toBe(FAR_DATE);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("09:00");
  });
});
