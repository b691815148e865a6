import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { schema } from "../../../src/db/client";
import { axeCleanShot, screenshot } from "../helpers/axe";
import { pickCalendarDate, useBrowser, watchErrors } from "../helpers/browser";
import { createBookableTenant, e2eClient, e2eDb, uniq } from "../helpers/db";
import { serveHostPage } from "../helpers/host-page";
import { outboxRows } from "../../helpers/outbox";
import { addAndRemoveWindow, fullDay } from "../helpers/waitlist";

const baseUrl = inject("e2eBaseUrl");
const captureUrl = inject("e2eCaptureUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

// design.md §28 in the browser: a customer joins the waitlist from a date with no time, a
// cancellation frees one, the offer e-mail arrives (the capture server plays the provider), and its
// link opens the booking page on that time, which the customer books. The page's clock is pinned:
// Sunday 2031-06-01, 10:00 in New York; the staff member works Wednesdays, and Wed 4 June is full.
// The cancellation that frees a time is sent without a pinned clock, so its offer job and e-mail
// are due at once: the stack's queue performs the job and a cron run sends the e-mail.

const NOW = "2031-06-01T14:00:00Z";
const DAY = "2031-06-04";

/** What the e-mail provider (the capture server) received for `to`, oldest first. */
/** The status of the waitlist entry `email` joined at the business, as stored (undefined: none). */
async function waitlistStatus(tenantId: string, email: string) {
  const [entry] = await e2eDb
    .select({ status: schema.waitlistEntries.status })
    .from(schema.waitlistEntries)
    .where(and(eq(schema.waitlistEntries.tenantId, tenantId), eq(schema.waitlistEntries.email, email)));
  return entry?.status;
}

async function mailsTo(to: string): Promise<{ subject: string; text: string }[]> {
  const q = new URLSearchParams({ pathPrefix: "/email", bodyContains: to });
  const res = await fetch(`${captureUrl}/__control/requests?${q}`);
  const { requests } = (await res.json()) as { requests: { body: string }[] };
  return requests.map((r) => JSON.parse(r.body) as { subject: string; text: string });
}

/**
 * The manage link of the join e-mail, from the outbox row the join wrote: the join ran at the
 * page's pinned instant (2031), so the row waits for that time and no cron of today sends it.
 */
async function manageLinkOf(to: string): Promise<string> {
  const [row] = await outboxRows(e2eDb, to, "waitlist.joined");
  const link = /To leave the waitlist: (\S+)/.exec(row?.textBody ?? "")?.[1];
  if (!link) throw new Error(`no waitlist manage link e-mailed to ${to}`);
  return link;
}

describe("booking page: the waitlist", () => {
  it("joins from a full day, receives the offer when a time frees up, and books it from the e-mail's link", async () => {
    const tenant = await createBookableTenant({ weekdays: [3] });
    const codes = await fullDay(tenant, DAY);
    const email = `wendy-${tenant.slug}@example.test`;
    const { page } = await browser.newPage({ now: NOW, width: 1280 });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await pickCalendarDate(page, DAY);
    await expect.poll(() => page.locator("#slot-status").textContent()).toContain("No free times left on Wed, Jun 4, 2031");

    const open = page.getByRole("button", { name: "Join the waitlist for Wed, Jun 4, 2031" });
    await open.click();
    const panel = page.locator("#waitlist");
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await page.locator("#waitlist-intro").textContent()).toBe(
      "Nothing is free for Haircut on Wed, Jun 4, 2031. Tell us when you could come.",
    );
    await addAndRemoveWindow(page, DAY, "en");
    await page.locator("#wl-firstName").fill("Wendy");
    await page.locator("#wl-email").fill(email);
    await axeCleanShot(page, "waitlist-join-1280");
    await page.getByRole("button", { name: "Join the waitlist", exact: true }).click();
    await expect.poll(() => page.locator("#waitlist-done").textContent()).toContain("You are on the waitlist.");

    // The 10:00 booking is cancelled (no pinned clock: its offer job is due at once for the queue).
    const cancel = await fetch(`${baseUrl}/api/public/booking/${codes.get(10)}/cancel`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.99.0.1" },
      body: "{}",
    });
    expect(cancel.status).toBe(200);
    // The queue performs the offer job; the cron sends the e-mail it wrote.
    let offer: { subject: string; text: string } | undefined;
    await expect
      .poll(async () => {
        await fetch(`${baseUrl}/__scheduled?cron=*+*+*+*+*`);
        offer = (await mailsTo(email)).find((m) => m.subject.startsWith("A time is free"));
        return offer !== undefined;
      })
      .toBe(true);
    expect(offer?.subject).toContain("Wed 4 Jun 2031, 10:00");
    const link = /Book it here: (\S+)/.exec(offer?.text ?? "")?.[1] ?? "";
    expect(link).toContain("/book?");

    await page.goto(link);
    await expect.poll(() => page.locator("#summary").textContent()).toContain("Wed, Jun 4, 2031, 10:00\u201311:00");
    await page.locator("#firstName").fill("Wendy");
    await page.locator("#email").fill(email);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);

    // The manage link from the join e-mail now says the customer booked.
    await page.goto(await manageLinkOf(email));
    await expect
      .poll(() => page.locator("#waitlist-manage-status").textContent())
      .toBe("You booked one of these times, so you are off the waitlist.");
    expect(await page.getByRole("button", { name: "Leave the waitlist" }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it("at 375 px: joins, then leaves through the manage link", async () => {
    const tenant = await createBookableTenant({ weekdays: [3] });
    await fullDay(tenant, DAY);
    const email = `lena-${tenant.slug}@example.test`;
    const { page } = await browser.newPage({ now: NOW });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await pickCalendarDate(page, DAY);
    await page.getByRole("button", { name: "Join the waitlist for Wed, Jun 4, 2031" }).click();
    await page.locator("#wl-firstName").fill("Lena");
    await page.locator("#wl-email").fill("not-an-email");
    await page.getByRole("button", { name: "Join the waitlist", exact: true }).click();
    await expect.poll(() => page.locator("#wl-email-error").isVisible()).toBe(true);
    await page.locator("#wl-email").fill(email);
    await axeCleanShot(page, "waitlist-join-375");
    await page.getByRole("button", { name: "Join the waitlist", exact: true }).click();
    await expect.poll(() => page.locator("#waitlist-done").isVisible()).toBe(true);

    await page.goto(await manageLinkOf(email));
    await expect.poll(() => page.locator("#waitlist-manage-status").textContent()).toContain("You are on the waitlist.");
    expect(await page.locator("#waitlist-manage-details").textContent()).toContain("Haircut");
    await axeCleanShot(page, "waitlist-manage-375");
    await page.getByRole("button", { name: "Leave the waitlist" }).click();
    await expect.poll(() => page.locator("#waitlist-manage-status").textContent()).toBe("You have left the waitlist.");
    // The refused e-mail's 400 is logged by the browser as a failed resource; nothing else.
    expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
  });

  it("with bot protection on: the panel asks for the check, sends its token with the join, and joins (1280 px)", async () => {
    const tenant = await createBookableTenant({ weekdays: [3], tenant: { botProtection: true } });
    await fullDay(tenant, DAY);
    const email = `tina-${tenant.slug}@example.test`;
    const { page } = await browser.newPage({ now: NOW, width: 1280 });
    const errors = watchErrors(page);
    const joins: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/waitlist")) joins.push(r.postData() ?? "");
    });
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await pickCalendarDate(page, DAY);
    await page.getByRole("button", { name: "Join the waitlist for Wed, Jun 4, 2031" }).click();
    const panel = page.locator("#waitlist");
    const check = panel.getByRole("checkbox", { name: "I am human" });
    await expect.poll(() => check.isVisible()).toBe(true);
    await page.locator("#wl-firstName").fill("Tina");
    await page.locator("#wl-email").fill(email);

    // Without the check nothing is sent, and the panel says what is missing.
    await page.getByRole("button", { name: "Join the waitlist", exact: true }).click();
    await expect
      .poll(() => page.locator("#waitlist-error").textContent())
      .toBe("Please complete the check that you are not a robot first.");
    expect(joins).toEqual([]);
    await axeCleanShot(page, "waitlist-join-bot-protection-1280");

    await check.check();
    await page.getByRole("button", { name: "Join the waitlist", exact: true }).click();
    await expect.poll(() => page.locator("#waitlist-done").textContent()).toContain("You are on the waitlist.");
    expect(joins).toHaveLength(1);
    expect(JSON.parse(joins[0]).captchaToken).toMatch(/^pass-/);
    expect(await waitlistStatus(tenant.id, email)).toBe("waiting");
    expect(errors).toEqual([]);
  });

  it("inside the widget (inline on the business's own site): joins the waitlist from a full day", async () => {
    const tenant = await createBookableTenant({ weekdays: [3], tenant: { widgetMode: "inline" } });
    await fullDay(tenant, DAY);
    const email = `willa-${tenant.slug}@example.test`;
    const site = await serveHostPage(
      `<!DOCTYPE html><html lang="en"><head><title>Partner site</title></head><body><h1>Welcome to our shop</h1>` +
        `<script src="${baseUrl}/widget.js" data-slug="${tenant.slug}"></script></body></html>`,
    );
    try {
      const { page } = await browser.newPage({ now: NOW, width: 1280, height: 1000 });
      const errors = watchErrors(page);
      await page.goto(`http://www-${uniq()}.example.test:${site.port}/`);
      const button = page.getByRole("button", { name: "Book an appointment" });
      await expect.poll(() => button.isEnabled()).toBe(true);
      await button.click();
      const frame = page.frameLocator(`iframe[title="Book with ${tenant.businessName}"]`);
      await frame.getByRole("radio", { name: /^Haircut/ }).check();
      await pickCalendarDate(frame, DAY);
      await frame.getByRole("button", { name: "Join the waitlist for Wed, Jun 4, 2031" }).click();
      await expect.poll(() => frame.locator("#waitlist").isVisible()).toBe(true);
      await frame.locator("#wl-firstName").fill("Willa");
      await frame.locator("#wl-email").fill(email);
      await frame.getByRole("button", { name: "Join the waitlist", exact: true }).click();
      await expect.poll(() => frame.locator("#waitlist-done").textContent()).toContain("You are on the waitlist.");
      await frame.locator("#waitlist-done").scrollIntoViewIfNeeded();
      await screenshot(page, "waitlist-widget-inline-1280");
      expect(await waitlistStatus(tenant.id, email)).toBe("waiting");
      expect(errors).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
