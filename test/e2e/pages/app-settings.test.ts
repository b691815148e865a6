import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { aiLogRow, checkPage, createSalon, openApp, openAppAs, type Salon, scriptErrors } from "../helpers/app";
import { useBrowser } from "../helpers/browser";
import { e2eClient, e2eDb } from "../helpers/db";

// Issue items 8 and 9: settings (profile, rules, appearance with preview and embed code, domain,
// webhooks and their delivery log), member management, and the AI log. Each settings section is
// its own page (issue #34 item 10; app-settings-sections.test.ts covers the menu).
const browser = useBrowser();
afterAll(() => e2eClient.close());

const open = (salon: Salon, path: string, width = 1280) => openAppAs(browser, salon, path, { width });
const tenantRow = async (salon: Salon) => (await e2eDb.select().from(schema.tenants).where(eq(schema.tenants.id, salon.id)))[0];

describe("settings", () => {
  it("saves the profile, booking rules, appearance and custom domain, each in its own section with its own Save", async () => {
    const salon = await createSalon();
    const { page, errors } = await open(salon, "/app/settings/profile");
    await checkPage(page, "settings");
    const profile = page.locator("section", { has: page.getByRole("heading", { name: "Profile" }) });
    await profile.getByLabel("Business name").fill("Renamed Studio");
    await profile.getByLabel("Contact e-mail").fill("not an address");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect.poll(() => profile.locator("#profile-email-error").textContent()).toBe("Enter a valid e-mail address");
    expect(await profile.getByLabel("Business name").inputValue()).toBe("Renamed Studio");
    await profile.getByLabel("Contact e-mail").fill("desk@renamed.example");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect.poll(() => profile.getByRole("status").textContent()).toBe("Saved.");
    expect(await tenantRow(salon)).toMatchObject({ businessName: "Renamed Studio", email: "desk@renamed.example" });

    await openApp(page, "/app/settings/rules");
    const rules = page.locator("section", { has: page.getByRole("heading", { name: "Booking rules" }) });
    await rules.getByLabel("Free cancellation until (hours before)").fill("48");
    await rules.getByLabel("Customers may book without an account").uncheck();
    await rules.getByRole("button", { name: "Save booking rules" }).click();
    await expect.poll(() => rules.getByRole("status").textContent()).toBe("Saved.");
    expect(await tenantRow(salon)).toMatchObject({ cancellationHours: 48, allowGuestBooking: false });

    await openApp(page, "/app/settings/appearance");
    const look = page.locator("section", { has: page.getByRole("heading", { name: "Appearance" }) });
    await look.getByLabel("Widget button colour").fill("#fde047");
    // The preview follows as you choose, with readable text on the light colour.
    await expect
      .poll(() => look.locator(".preview-widget").evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe("rgb(253, 224, 71)");
    expect(await look.locator(".preview-widget").evaluate((el) => getComputedStyle(el).color)).toBe("rgb(17, 24, 39)");
    await look.getByLabel("The widget opens").selectOption("inline");
    await look.getByRole("button", { name: "Save appearance" }).click();
    await expect.poll(() => look.getByRole("status").textContent()).toBe("Saved.");
    expect(await tenantRow(salon)).toMatchObject({ widgetColor: "#fde047", widgetMode: "inline" });
    await openApp(page, "/app/settings/widget");
    expect(await page.getByLabel("Embed code").inputValue()).toMatch(
      new RegExp(`^<script src="http://127\\.0\\.0\\.1:\\d+/widget\\.js" data-slug="${salon.slug}"></script>$`),
    );

    await openApp(page, "/app/settings/domain");
    const domain = page.locator("section", { has: page.getByRole("heading", { name: "Custom domain" }) });
    await domain.getByLabel("Domain").fill("Book.Renamed-Studio.example");
    await domain.getByRole("button", { name: "Save custom domain" }).click();
    await expect.poll(() => domain.getByRole("status").textContent()).toBe("Saved.");
    expect((await tenantRow(salon)).customDomain).toBe("book.renamed-studio.example");
    await checkPage(page, "settings-saved");
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("adds a webhook endpoint (secret shown once), reads its delivery log and sends a failed delivery again", async () => {
    const salon = await createSalon();
    const { page } = await open(salon, "/app/settings/webhooks", 375);
    const hooks = page.locator("section", { has: page.getByRole("heading", { name: "Webhooks" }) });
    await hooks.getByLabel("Address (https://…)").fill("https://hooks.example.test/bookings");
    await hooks.getByRole("button", { name: "Add endpoint" }).click();
    await expect.poll(() => hooks.getByLabel(/^Signing secret for/).inputValue()).toMatch(/^whsec_/);
    const [endpoint] = await e2eDb.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.tenantId, salon.id));
    expect(endpoint).toMatchObject({ url: "https://hooks.example.test/bookings", events: ["*"] });
    const deliveryId = newId("whd");
    const t = new Date().toISOString();
    await e2eDb.insert(schema.webhookDeliveries).values({
      id: deliveryId,
      tenantId: salon.id,
      endpointId: endpoint.id,
      eventId: newId("evt"),
      eventType: "booking.created",
      payload: "{}",
      status: "failed",
      attempts: 30,
      lastStatusCode: 500,
      nextAttemptAt: t,
      createdAt: t,
      updatedAt: t,
    });
    await hooks.getByRole("button", { name: "Deliveries to https://hooks.example.test/bookings" }).click();
    await expect.poll(() => hooks.locator(".delivery-log tbody").textContent()).toContain("Failed (HTTP 500)");
    await checkPage(page, "settings-webhooks");
    await hooks.getByRole("button", { name: /^Send again: booking\.created/ }).click();
    await expect.poll(() => hooks.locator(".delivery-log").textContent()).toContain("Sent again: it is queued now.");
    const [row] = await e2eDb.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.id, deliveryId));
    expect(row.status).not.toBe("failed");
  });
});

describe("members", () => {
  it("invites a member, changes the role, deactivates and reactivates", async () => {
    const salon = await createSalon();
    const { page, errors } = await open(salon, "/app/settings/members");
    const members = page.locator("section", { has: page.getByRole("heading", { name: "Members" }) });
    await members.getByLabel("E-mail").fill(`nia-${salon.slug}@e2e.test`);
    await members.getByLabel("First name").fill("Nia");
    await members.getByRole("button", { name: "Send invitation" }).click();
    await expect.poll(() => members.getByRole("status").textContent()).toContain(`Invitation sent to nia-${salon.slug}@e2e.test`);
    await expect.poll(() => members.locator("tbody tr").count()).toBe(2);
    const row = members.locator("tbody tr", { hasText: "Nia" });
    expect(await row.textContent()).toContain("Staff");
    const membership = async () => {
      const [m] = await e2eDb
        .select({ role: schema.tenantMembers.role, isActive: schema.tenantMembers.isActive })
        .from(schema.tenantMembers)
        .innerJoin(schema.users, eq(schema.users.id, schema.tenantMembers.userId))
        .where(and(eq(schema.tenantMembers.tenantId, salon.id), eq(schema.users.email, `nia-${salon.slug}@e2e.test`)));
      return m;
    };
    await row.getByLabel("Role of Nia").selectOption("admin");
    await expect.poll(membership).toEqual({ role: "admin", isActive: true });
    await members.getByRole("button", { name: /^Deactivate Nia/ }).click();
    await expect.poll(membership).toEqual({ role: "admin", isActive: false });
    await expect.poll(() => members.locator("tbody tr", { hasText: "Nia" }).textContent()).toContain("Deactivated");
    await members.getByRole("button", { name: /^Reactivate Nia/ }).click();
    await expect.poll(membership).toEqual({ role: "admin", isActive: true });
    // The owner's own row offers nothing to change.
    expect(await members.locator("tbody tr").first().textContent()).toContain("Owner");
    await checkPage(page, "settings-members");
    expect(scriptErrors(errors)).toEqual([]);
  });
});

describe("AI log", () => {
  it("says plainly when there is nothing yet, and lists requests newest first", async () => {
    const salon = await createSalon();
    const { page } = await open(salon, "/app/ai-log", 375);
    await expect.poll(() => page.locator(".empty-title").textContent()).toBe("No AI activity yet.");
    await checkPage(page, "ai-log-empty");
    await e2eDb.insert(schema.auditLog).values(
      aiLogRow(
        salon,
        "public",
        {
          outcome: "ok",
          model: "m",
          latencyMs: 1200,
          rounds: 2,
          toolCalls: [{ name: "list_services", ok: true }],
          question: "Do you cut curly hair?",
        },
        "2031-05-06T14:00:00.000Z",
      ),
    );
    await openApp(page, "/app/ai-log");
    await expect.poll(() => page.locator("tbody").textContent()).toContain("Do you cut curly hair?");
    expect(await page.locator("tbody tr").first().textContent()).toContain("list_services");
    await checkPage(page, "ai-log");
  });
});
