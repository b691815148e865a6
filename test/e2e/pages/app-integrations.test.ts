import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { answer, MODEL_PATH } from "../../helpers/ai-model";
import { aiLogRow, appBase, checkPage, createSalon, openApp, type Salon, scriptErrors, signedInPage } from "../helpers/app";
import { useBrowser } from "../helpers/browser";
import { signInToConsole } from "../helpers/console";
import { e2eClient, e2eDb } from "../helpers/db";

// The owner app's sections for integrators and notifications: API keys (design.md §19), a staff
// member's linked member and calendar feed (§17), failed jobs in the app and the console (§22),
// and the team's assistant (§20) with the capture server as the model.
const browser = useBrowser();
const captureUrl = inject("e2eCaptureUrl");
afterAll(() => e2eClient.close());

async function open(salon: Salon, path: string, width = 1280, who = salon.owner) {
  const { page, context, errors } = await signedInPage(browser, salon, { width, who: who });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appBase });
  await openApp(page, path);
  return { page, errors };
}
const section = (page: Page, heading: string) =>
  page.locator("section", { has: page.getByRole("heading", { name: heading, exact: true }) });

describe("Settings → API keys", () => {
  it("makes a key whose secret is shown once with a copy button, and revokes it after asking (1280 px)", async () => {
    const salon = await createSalon();
    const { page, errors } = await open(salon, "/app/settings/api-keys");
    const keys = section(page, "API keys");
    expect(await keys.textContent()).toContain("No API keys yet.");
    await keys.getByRole("button", { name: "Make key" }).click();
    await expect.poll(() => keys.locator("#api-key-name-error").textContent()).toBe("Enter a name");
    await keys.getByLabel("Name (what uses it)").fill("Accounting export");
    await keys.getByLabel("Access").selectOption("write");
    await keys.getByRole("button", { name: "Make key" }).click();
    const secret = keys.getByLabel("The key “Accounting export”");
    await expect.poll(() => secret.inputValue()).toMatch(/^bk_[0-9a-z]{40}_tnt_/);
    const key = await secret.inputValue();
    await keys.getByRole("button", { name: "Copy", exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expect.poll(() => keys.locator("tbody tr").count()).toBe(1);
    expect(await keys.locator("tbody").textContent()).toContain("Read and write");
    await checkPage(page, "settings-api-key-made");

    // The key works, and the browser kept no copy of it: a reload shows only its first characters.
    const res = await fetch(`${appBase}/api/services`, { headers: { Authorization: `Bearer ${key}`, "CF-Connecting-IP": "10.8.8.8" } });
    expect(res.status).toBe(200);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain(key);
    await openApp(page, "/app/settings/api-keys");
    expect(await section(page, "API keys").locator("input[readonly]").count()).toBe(0);
    expect(await page.locator("body").textContent()).not.toContain(key);
    expect(await section(page, "API keys").locator("tbody").textContent()).toContain(key.slice(0, 11));

    await section(page, "API keys").getByRole("button", { name: "Revoke Accounting export" }).click();
    const ask = page.getByRole("dialog", { name: "Revoke “Accounting export”?" });
    await ask.getByRole("button", { name: "Keep it" }).click();
    expect(await e2eDb.select().from(schema.apiKeys).where(eq(schema.apiKeys.tenantId, salon.id))).toMatchObject([{ revokedAt: null }]);
    await section(page, "API keys").getByRole("button", { name: "Revoke Accounting export" }).click();
    await page.getByRole("dialog", { name: "Revoke “Accounting export”?" }).getByRole("button", { name: "Revoke key" }).click();
    await expect
      .poll(() => section(page, "API keys").locator("#api-keys-outcome").textContent())
      .toBe("“Accounting export” revoked. Requests with it are refused from now on.");
    await expect.poll(() => section(page, "API keys").locator("tbody").textContent()).toContain("Revoked");
    const after = await fetch(`${appBase}/api/services`, { headers: { Authorization: `Bearer ${key}`, "CF-Connecting-IP": "10.8.8.9" } });
    expect(after.status).toBe(401);
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("tells staff that keys are for owners and admins (375 px)", async () => {
    const salon = await createSalon({ members: ["staff"] });
    const { page } = await open(salon, "/app/settings/api-keys", 375, salon.members[0]);
    const keys = section(page, "API keys");
    expect(await keys.locator(".gate-note").first().textContent()).toBe("Only owners and admins can see and manage API keys.");
    expect(await keys.getByRole("button", { name: "Make key" }).count()).toBe(0);
    await checkPage(page, "settings-api-keys-staff");
  });
});

describe("staff card: booking e-mails and calendar feed", () => {
  it("links a member and makes the calendar link, shown once; a new link needs a confirmation (375 px)", async () => {
    const salon = await createSalon({ members: ["staff"] });
    const { page, errors } = await open(salon, "/app/staff", 375);
    const card = page.locator("article", { has: page.getByRole("heading", { name: "Alex Rivera" }) });
    expect(await card.textContent()).toContain("No team member is linked");
    await card.getByLabel("Team member for Alex Rivera").selectOption({ label: `Sam Member (${salon.members[0].email})` });
    await card.getByRole("button", { name: "Save link" }).click();
    await expect
      .poll(() => card.locator(".staff-links").textContent())
      .toContain(`Sam Member (${salon.members[0].email}) gets an e-mail for each new, moved and cancelled booking with Alex Rivera.`);
    const profile = async () => (await e2eDb.select().from(schema.staffProfiles).where(eq(schema.staffProfiles.id, salon.staff[0].id)))[0];
    expect((await profile()).userId).toBe(salon.members[0].userId);

    await card.getByRole("button", { name: "Make a calendar link for Alex Rivera" }).click();
    const link = card.getByLabel("Calendar link for Alex Rivera", { exact: true });
    await expect.poll(() => link.inputValue()).toMatch(/\/calendar\/[^/]+\.ics$/);
    const url = await link.inputValue();
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");
    await checkPage(page, "staff-calendar-link");
    await card.getByRole("button", { name: "Done" }).click();
    expect(await card.getByLabel("Calendar link for Alex Rivera", { exact: true }).count()).toBe(0);
    await expect.poll(() => card.textContent()).toContain("A private calendar link is active.");

    await card.getByRole("button", { name: "Make a new calendar link for Alex Rivera" }).click();
    await card.getByRole("button", { name: "Yes, make a new link" }).click();
    await expect.poll(() => card.getByLabel("Calendar link for Alex Rivera", { exact: true }).inputValue()).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("is read-only for staff, with the reason (1280 px)", async () => {
    const salon = await createSalon({ members: ["staff"] });
    const { page } = await open(salon, "/app/staff", 1280, salon.members[0]);
    const card = page.locator("article", { has: page.getByRole("heading", { name: "Alex Rivera" }) });
    expect(await card.getByRole("button", { name: "Save link" }).isDisabled()).toBe(true);
    expect(await card.getByRole("button", { name: "Make a calendar link for Alex Rivera" }).isDisabled()).toBe(true);
    expect(await card.locator(".staff-links .gate-note").textContent()).toBe("Only owners and admins can change this.");
    await checkPage(page, "staff-links-staff");
  });
});

describe("failed jobs", () => {
  it("lists every kind in the app's settings and on the operator console's tenant page", async () => {
    const salon = await createSalon();
    const t = "2031-05-06T14:00:00.000Z";
    await e2eDb.insert(schema.jobs).values({
      id: newId("job"),
      kind: "stripe.refund",
      tenantId: salon.id,
      idempotencyKey: "refund-pay_e2e-1",
      payload: {},
      status: "failed",
      attempts: 8,
      lastError: "Stripe: charge already refunded",
      nextAttemptAt: t,
      createdAt: t,
      updatedAt: t,
    });
    await e2eDb.insert(schema.emailOutbox).values({
      id: newId("eml"),
      tenantId: salon.id,
      kind: "booking.confirmed",
      toEmail: "gone@e2e.test",
      subject: "s",
      textBody: "t",
      htmlBody: "h",
      status: "failed",
      attempts: 10,
      lastError: "mailbox unavailable",
      nextAttemptAt: t,
      createdAt: t,
      updatedAt: "2031-05-06T15:00:00.000Z",
    });
    const { page } = await open(salon, "/app/settings/failed-jobs", 375);
    const failed = section(page, "Failed deliveries");
    await expect.poll(() => failed.locator("tbody tr").count()).toBe(2);
    expect(await failed.locator("tbody tr").first().textContent()).toContain("E-mail: booking.confirmed");
    expect(await failed.locator("tbody tr").nth(1).textContent()).toContain("Stripe refund");
    expect(await failed.textContent()).toContain("Stripe: charge already refunded");
    await checkPage(page, "settings-failed-jobs");

    const { page: console } = await browser.newPage({ width: 1280 });
    await signInToConsole(console);
    await console.goto(`${appBase}/admin/tenant?id=${salon.id}`);
    const box = console.locator("[data-section=failed-jobs]");
    await expect.poll(() => box.locator("tbody tr").count()).toBe(2);
    expect(await box.textContent()).toContain("mailbox unavailable");
    expect(await box.textContent()).toContain("Stripe refund");
  });
});

async function scriptModel(salon: Salon, reply: string) {
  const res = await fetch(`${captureUrl}/__control/rules`, {
    method: "POST",
    body: JSON.stringify({ pathPrefix: MODEL_PATH, bodyContains: salon.businessName, responses: [answer(reply)] }),
  });
  expect(res.ok).toBe(true);
}

describe("the assistant", () => {
  it("answers from the app bar on any page, and the AI log lists the request (1280 and 375 px)", async () => {
    const salon = await createSalon();
    await scriptModel(salon, "You have no bookings tomorrow. Here is a draft reply: “Thank you for your message…”");
    const { page, errors } = await open(salon, "/app/customers");
    await page.getByRole("button", { name: "Assistant" }).click();
    const panel = page.getByRole("dialog", { name: "Assistant" });
    await panel.getByRole("button", { name: "Ask" }).click();
    await expect.poll(() => panel.locator("#assistant-question-error").textContent()).toBe("Type a question");
    await panel.getByLabel("Your question").fill("How many bookings do we have tomorrow?");
    await panel.getByRole("button", { name: "Ask" }).click();
    await expect.poll(() => panel.locator(".chat-assistant").textContent()).toContain("You have no bookings tomorrow.");
    expect(await panel.locator(".chat-user").textContent()).toContain("How many bookings do we have tomorrow?");
    await checkPage(page, "assistant");
    const sent = await (
      await fetch(`${captureUrl}/__control/requests?pathPrefix=${MODEL_PATH}&bodyContains=${encodeURIComponent(salon.businessName)}`)
    ).json();
    expect(JSON.stringify(sent.requests.at(-1).body)).toContain("How many bookings do we have tomorrow?");

    await openApp(page, "/app/ai-log");
    await expect.poll(() => page.locator("tbody").textContent()).toContain("How many bookings do we have tomorrow?");
    expect(await page.locator("tbody tr").first().textContent()).toContain("Team assistant");

    const small = await open(salon, "/app", 375);
    await small.page.getByRole("button", { name: "Assistant" }).click();
    await expect.poll(() => small.page.getByRole("dialog", { name: "Assistant" }).isVisible()).toBe(true);
    await checkPage(small.page, "assistant");
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("tells the team when the model does not answer, keeping the question", async () => {
    const salon = await createSalon({ members: ["staff"] });
    const res = await fetch(`${captureUrl}/__control/rules`, {
      method: "POST",
      body: JSON.stringify({
        pathPrefix: MODEL_PATH,
        bodyContains: salon.businessName,
        responses: [{ status: 500, body: {} }],
      }),
    });
    expect(res.ok).toBe(true);
    // Any role may ask (read-only tools): a staff member here.
    const { page } = await open(salon, "/app/calendar?date=2031-05-06", 375, salon.members[0]);
    await page.getByRole("button", { name: "Assistant" }).click();
    const panel = page.getByRole("dialog", { name: "Assistant" });
    await panel.getByLabel("Your question").fill("Who is free on Friday?");
    await panel.getByRole("button", { name: "Ask" }).click();
    await expect.poll(() => panel.getByRole("alert").textContent()).toBe("The assistant did not answer in time. Please try again.");
    expect(await panel.getByLabel("Your question").inputValue()).toBe("Who is free on Friday?");
    expect(await panel.locator(".chat-user").count()).toBe(0);
  });

  it("says the day's assistant budget is spent, without waiting, and keeps the question (design.md §31)", async () => {
    const salon = await createSalon();
    // The business has used its 200 owner requests of today (UTC): its AI log says so. Written at
    // now and 90 s later, so whichever UTC day the request lands on (even across midnight) is spent.
    const at = [new Date().toISOString(), new Date(Date.now() + 90_000).toISOString()];
    await e2eDb
      .insert(schema.auditLog)
      .values(Array.from({ length: 400 }, (_, i) => aiLogRow(salon, "owner", { outcome: "ok" }, at[i % 2])));
    const { page, errors } = await open(salon, "/app/customers");
    await page.getByRole("button", { name: "Assistant" }).click();
    const panel = page.getByRole("dialog", { name: "Assistant" });
    await panel.getByLabel("Your question").fill("Who is coming tomorrow?");
    await panel.getByRole("button", { name: "Ask" }).click();
    await expect
      .poll(() => panel.getByRole("alert").textContent())
      .toMatch(/^Your business has used today's assistant budget\. It is available again at midnight UTC, in about \d+ hours?\.$/);
    expect(await panel.getByLabel("Your question").inputValue()).toBe("Who is coming tomorrow?");
    await checkPage(page, "assistant-budget-spent");
    const sent = await (
      await fetch(`${captureUrl}/__control/requests?pathPrefix=${MODEL_PATH}&bodyContains=${encodeURIComponent(salon.businessName)}`)
    ).json();
    expect(sent.requests).toHaveLength(0);
    expect(scriptErrors(errors)).toEqual([]);
  });
});
