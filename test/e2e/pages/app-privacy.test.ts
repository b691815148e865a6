import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { bookAgain, bookAt, bookingRow, checkPage, createSalon, openAppAs, type Salon, scriptErrors } from "../helpers/app";
import { ARTIFACTS, useBrowser } from "../helpers/browser";
import { e2eClient, e2eDb, uniq } from "../helpers/db";
import { outboxRow } from "../../helpers/outbox";

// design.md §25 and §24 in the owner app: a customer's data handed over as a file and erased after
// a confirmation step (upcoming bookings cancelled only when asked), and a failed e-mail sent
// again from the settings' failed deliveries.

const browser = useBrowser();
afterAll(() => e2eClient.close());

const open = (salon: Salon, path: string, width = 1280) => openAppAs(browser, salon, path, { width });

const customerRow = async (id: string) => (await e2eDb.select().from(schema.customers).where(eq(schema.customers.id, id)))[0];

/** Opens the erase step of the customer `name`'s detail: its text says `says`; the page is checked with it in view. */
async function eraseStep(page: Page, detail: Locator, name: string, says: string) {
  await detail.getByRole("button", { name: "Erase customer…" }).click();
  const confirm = detail.getByRole("group", { name: `Erase ${name} for good?` });
  await expect.poll(() => confirm.isVisible()).toBe(true);
  expect(await confirm.textContent()).toContain(says);
  await confirm.scrollIntoViewIfNeeded();
  await checkPage(page, "customer-erase-confirm");
  return confirm;
}

describe("a customer's personal data", () => {
  it("downloads their data, then erases them after confirming, cancelling their upcoming booking", async () => {
    const salon = await createSalon();
    const past = await bookAt(salon, "2021-05-06T10:00", { customer: "Greta Garbo", status: "completed" });
    // An upcoming visit of Greta's on the same record.
    const upcoming = await bookAgain(salon, past.customerId, "2031-06-10T14:00", { staff: 1, service: 1 });
    const { page, errors } = await open(salon, `/app/customers?id=${past.customerId}`);
    const detail = page.getByRole("dialog", { name: "Greta Garbo" });
    await expect.poll(() => detail.locator(".booking-list li").count()).toBe(2);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      detail.getByRole("button", { name: "Download their data" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("customer-greta-garbo.json");
    const file = JSON.parse(readFileSync((await download.path())!, "utf8"));
    expect(file.customer).toMatchObject({ firstName: "Greta", lastName: "Garbo", email: past.email });
    expect(file.bookings.map((b: { id: string }) => b.id).sort()).toEqual([past.id, upcoming.id].sort());
    await expect.poll(() => detail.getByRole("status").textContent()).toContain("saved as a file");

    const confirm = await eraseStep(page, detail, "Greta Garbo", "They have 1 upcoming booking");
    // Without cancelling the booking ahead, the erasure is refused and nothing changes.
    await confirm.getByRole("button", { name: "Erase for good" }).click();
    await expect.poll(() => detail.getByRole("alert").textContent()).toContain("They still have bookings ahead");
    expect((await customerRow(past.customerId)).erasedAt).toBeNull();

    await confirm.getByLabel("Cancel their upcoming bookings").check();
    await confirm.getByRole("button", { name: "Erase for good" }).click();
    // The dialog (#customer-detail) is renamed "Deleted customer" as it reloads.
    const erased = page.getByRole("dialog", { name: "Deleted customer" });
    await expect.poll(() => erased.textContent()).toContain("personal data was erased on");
    await expect
      .poll(() => erased.getByRole("status").textContent())
      .toContain("Erased. 1 upcoming booking was cancelled and refunded in full.");
    expect(await erased.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await checkPage(page, "customer-erased");
    const row = await customerRow(past.customerId);
    expect(row).toMatchObject({ firstName: "Deleted customer", email: "", phone: "" });
    expect((await bookingRow(upcoming.id)).status).toBe("cancelled");
    expect((await bookingRow(past.id)).status).toBe("completed");
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("at 375 px: the confirmation step is readable and the customer can be kept", async () => {
    const salon = await createSalon();
    const booked = await bookAt(salon, "2021-05-06T10:00", { customer: "Ingrid Bergman", status: "completed" });
    const { page, errors } = await open(salon, `/app/customers?id=${booked.customerId}`, 375);
    const detail = page.getByRole("dialog", { name: "Ingrid Bergman" });
    const confirm = await eraseStep(page, detail, "Ingrid Bergman", "Only needed if they still have bookings ahead");
    await confirm.getByRole("button", { name: "Keep this customer" }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect((await customerRow(booked.customerId)).erasedAt).toBeNull();
    expect(scriptErrors(errors)).toEqual([]);
  });
});

describe("failed deliveries in settings", () => {
  it("sends a failed e-mail again from the app", async () => {
    const salon = await createSalon();
    const id = newId("eml");
    const to = `bounced-${uniq()}@e2e.test`;
    const t = new Date().toISOString();
    await e2eDb.insert(schema.emailOutbox).values({
      id,
      tenantId: salon.id,
      kind: "booking.confirmed",
      toEmail: to,
      subject: "Your booking is confirmed",
      textBody: "Hello",
      htmlBody: "<p>Hello</p>",
      status: "failed",
      attempts: 10,
      nextAttemptAt: t,
      lastError: "HTTP 503: provider down",
      createdAt: t,
      updatedAt: t,
    });
    const { page, errors } = await open(salon, "/app/settings/failed-jobs", 375);
    const panel = page.getByRole("region", { name: "Failed deliveries" });
    await expect.poll(() => panel.textContent()).toContain(to);
    await checkPage(page, "settings-failed-deliveries");
    await panel.screenshot({ path: join(ARTIFACTS, "pages", "app-failed-deliveries-panel-375.png") });
    await panel.getByRole("button", { name: `Send again: E-mail: booking.confirmed to ${to}` }).click();
    await expect.poll(() => panel.getByRole("status").textContent()).toContain("is being sent again");
    await expect.poll(async () => (await outboxRow(e2eDb, id))?.status).toBe("sent");
    expect(scriptErrors(errors)).toEqual([]);
  });
});
