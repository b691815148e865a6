import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { addTimeOff, bookAgain, bookAt, checkPage, createSalon, openAppAs, type Salon, scriptErrors } from "../helpers/app";
import { useBrowser } from "../helpers/browser";
import { e2eClient, e2eDb } from "../helpers/db";

// Issue items 5, 6 and 7: services (create, edit, reorder, deactivate, delete), staff (profile,
// weekly hours with several intervals a day, time off) and customers (search, history, notes).
const browser = useBrowser();
afterAll(() => e2eClient.close());

const open = (salon: Salon, path: string, width = 1280) => openAppAs(browser, salon, path, { width });

const servicesOf = (salon: Salon) =>
  e2eDb
    .select()
    .from(schema.services)
    .where(and(eq(schema.services.tenantId, salon.id), isNull(schema.services.deletedAt)))
    .orderBy(asc(schema.services.orderIndex), asc(schema.services.name));

describe("services", () => {
  it("creates, edits, reorders, deactivates and deletes a service", async () => {
    const salon = await createSalon();
    const { page, errors } = await open(salon, "/app/services");
    await checkPage(page, "services");
    await page.getByRole("button", { name: "Add service" }).click();
    const form = page.getByRole("dialog", { name: "New service" });
    await form.getByLabel("Name").fill("Colour");
    await form.getByLabel("Length (minutes)").fill("92");
    await form.getByLabel("Price (USD)").fill("80.50");
    await form.getByRole("button", { name: "Add service" }).click();
    await expect.poll(() => form.locator("#svc-duration-error").textContent()).toBe("Use minutes in steps of 5, at least 5");
    await form.getByLabel("Length (minutes)").fill("90");
    await form.getByLabel("Deposit (% of the price)").fill("20");
    await form.getByRole("button", { name: "Add service" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toBe("Colour saved.");
    await expect.poll(async () => (await servicesOf(salon)).map((s) => s.name)).toEqual(["Colour", "Haircut", "Beard trim"]);
    const colour = (await servicesOf(salon))[0];
    expect(colour).toMatchObject({ durationMinutes: 90, price: 8050, depositPercent: 20, isOnlineBookable: true });
    // The list has reloaded (rows move under the pointer while it does): then edit.
    await expect.poll(() => page.locator("tbody tr strong").allTextContents()).toEqual(["Colour", "Haircut", "Beard trim"]);

    await page.getByRole("button", { name: "Edit Haircut" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Haircut" });
    await edit.getByLabel("Price (USD)").fill("48");
    await edit.getByLabel("Customers can book it online").uncheck();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.locator("tbody").textContent()).toContain("$48.00");
    expect(await page.locator("tbody tr").nth(1).textContent()).toContain("Front desk only");

    await page.getByRole("button", { name: "Move Beard trim up" }).click();
    await expect.poll(async () => (await servicesOf(salon)).map((s) => s.name)).toEqual(["Colour", "Beard trim", "Haircut"]);
    await expect.poll(async () => await page.locator("tbody tr strong").allTextContents()).toEqual(["Colour", "Beard trim", "Haircut"]);

    await page.getByRole("button", { name: "Deactivate Colour" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Activate Colour", exact: true }).count()).toBe(1);
    expect((await servicesOf(salon))[0].isActive).toBe(false);

    await page.getByRole("button", { name: "Delete Beard trim" }).click();
    await page.getByRole("dialog", { name: "Delete Beard trim?" }).getByRole("button", { name: "Delete service" }).click();
    await expect.poll(async () => (await servicesOf(salon)).map((s) => s.name)).toEqual(["Colour", "Haircut"]);
    expect(scriptErrors(errors)).toEqual([]);
  });
});

describe("staff", () => {
  it("edits a profile and the weekly hours with a lunch break, adds and removes time off", async () => {
    const salon = await createSalon();
    const { page, errors } = await open(salon, "/app/staff", 375);
    await checkPage(page, "staff");
    await page.getByRole("button", { name: "Edit profile and hours of Alex Rivera" }).click();
    const form = page.getByRole("dialog", { name: "Edit Alex Rivera" });
    await checkPage(page, "staff-hours");
    await form.getByLabel("Title").fill("Senior stylist");
    // Monday: 09:00-17:00 becomes 09:00-12:00 and 13:00-18:00.
    await form.getByLabel("Monday until").fill("12:00");
    await form.getByRole("button", { name: "Add hours on Monday" }).click();
    await form.getByLabel("Monday from").nth(1).fill("13:00");
    await form.getByLabel("Monday until").nth(1).fill("18:00");
    // Sunday: open 10:00-14:00. Saturday: closed.
    await form.getByRole("button", { name: "Add hours on Sunday" }).click();
    await form.getByLabel("Sunday from").fill("10:00");
    await form.getByLabel("Sunday until").fill("14:00");
    await form.getByRole("button", { name: "Remove Saturday 09:00–17:00" }).click();
    // An overlap is refused next to its interval, and nothing typed is lost.
    await form.getByLabel("Monday from").nth(1).fill("11:00");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => form.locator(".hours-error").textContent()).toContain("overlaps 09:00-12:00");
    expect(await form.getByLabel("Title").inputValue()).toBe("Senior stylist");
    await form.getByLabel("Monday from").nth(1).fill("13:00");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.locator(".staff-card").first().textContent()).toContain("Mon 09:00–12:00, 13:00–18:00");
    const hours = await e2eDb.select().from(schema.staffHours).where(eq(schema.staffHours.staffId, salon.staff[0].id));
    expect(hours.map((h) => `${h.weekday} ${h.startMinute}-${h.endMinute}`).sort()).toEqual(
      ["0 600-840", "1 540-720", "1 780-1080", "2 540-1020", "3 540-1020", "4 540-1020", "5 540-1020"].sort(),
    );

    await addTimeOff(page, "Bea Chen", ["2031-07-14", "2031-07-18"], "Holiday");
    await expect
      .poll(() => page.locator(".staff-card").nth(1).textContent())
      .toContain("Mon, Jul 14 to Fri, Jul 18, 2031 (all day) · Holiday");
    const [row] = await e2eDb.select().from(schema.staffTimeOff).where(eq(schema.staffTimeOff.staffId, salon.staff[1].id));
    // Whole days in New York (EDT): from 04:00Z on the 14th to 04:00Z after the 18th.
    expect([new Date(row.startAt).toISOString(), new Date(row.endAt).toISOString()]).toEqual([
      "2031-07-14T04:00:00.000Z",
      "2031-07-19T04:00:00.000Z",
    ]);
    await page.getByRole("button", { name: /^Remove time off Mon, Jul 14/ }).click();
    await expect.poll(() => page.locator(".staff-card").nth(1).textContent()).toContain("None planned.");
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("adds a staff member with hours and deletes one", async () => {
    const salon = await createSalon();
    const { page } = await open(salon, "/app/staff");
    await page.getByRole("button", { name: "Add staff member" }).click();
    const form = page.getByRole("dialog", { name: "New staff member" });
    await form.getByLabel("Name customers see").fill("Cleo Park");
    await form.getByRole("button", { name: "Add staff member" }).click();
    await expect.poll(() => page.locator(".staff-card h2").allTextContents()).toContain("Cleo Park");
    await page.getByRole("button", { name: "Delete Bea Chen" }).click();
    await page.getByRole("dialog", { name: "Delete Bea Chen?" }).getByRole("button", { name: "Delete staff member" }).click();
    await expect.poll(() => page.locator(".staff-card h2").allTextContents()).toEqual(["Alex Rivera", "Cleo Park"]);
  });
});

describe("customers", () => {
  it("finds a customer, shows the booking history and saves a note", async () => {
    const salon = await createSalon();
    const first = await bookAt(salon, "2031-05-06T10:00", { customer: "Greta Garbo" });
    await bookAt(salon, "2031-06-06T10:00", { customer: "Ingrid Bergman" });
    // A second visit of Greta's, on the same customer record.
    await bookAgain(salon, first.customerId, "2031-05-20T14:00", { staff: 1, service: 1, status: "completed" });
    const { page, errors } = await open(salon, "/app/customers", 375);
    await page.getByLabel("Name, e-mail or phone").fill("garbo");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await checkPage(page, "customers");
    await page.getByRole("button", { name: "Greta Garbo" }).click();
    const detail = page.getByRole("dialog", { name: "Greta Garbo" });
    await expect.poll(() => detail.locator(".booking-list li").count()).toBe(2);
    expect(await detail.locator(".booking-list li").first().textContent()).toContain("Beard trim with Bea Chen");
    await checkPage(page, "customer-detail");
    await detail.getByLabel("Notes (only your team sees them)").fill("Allergic to ammonia dyes.");
    await detail.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => detail.getByRole("status").textContent()).toBe("Saved.");
    const [row] = await e2eDb.select().from(schema.customers).where(eq(schema.customers.id, first.customerId));
    expect(row.notes).toBe("Allergic to ammonia dyes.");
    // The address keeps the open customer: a reload shows the note.
    await page.reload();
    await expect
      .poll(() => page.getByRole("dialog", { name: "Greta Garbo" }).getByLabel("Notes (only your team sees them)").inputValue())
      .toBe("Allergic to ammonia dyes.");
    expect(scriptErrors(errors)).toEqual([]);
  });
});
