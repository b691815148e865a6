import { and, eq, isNull } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { addTimeOff, bookAt, checkPage, createSalon, openAppAs, type Salon, scriptErrors } from "../helpers/app";
import { useBrowser } from "../helpers/browser";
import { e2eClient, e2eDb } from "../helpers/db";

// Issue #37 item 4, the owner app's part: /app/resources, the service form's processing time and
// resource types, "Add another service" in the new-booking dialog, and the calendar showing a
// visit's items in their staff members' columns with the processing window paler, and a
// resources view. Tuesday 2031-05-06 (New York, EDT).
const browser = useBrowser();
afterAll(() => e2eClient.close());
const DAY = "2031-05-06";

const open = (salon: Salon, width: number, path: string, who = salon.owner) => openAppAs(browser, salon, path, { width, who });

/**
 * Every calendar block's visible text: each line wholly inside the block (nothing clipped mid-line)
 * and clear of the block's processing window (the hatching never crosses the words).
 */
async function blockTextLayout(page: Page) {
  return page.locator(".cal-block").evaluateAll((blocks) =>
    blocks.map((block) => {
      const box = block.getBoundingClientRect();
      const hatch = block.querySelector(".cal-processing")?.getBoundingClientRect();
      const lines = Array.from(block.querySelectorAll(".cal-block-text > :not(.visually-hidden)")).map((l) => l.getBoundingClientRect());
      const inside = lines.every((l) => l.top >= box.top && l.bottom <= box.bottom + 0.5);
      const clear = !hatch || lines.every((l) => l.bottom <= hatch.top + 0.5 || l.top >= hatch.bottom - 0.5);
      return { lines: lines.length, inside, clear, title: block.getAttribute("title") ?? "" };
    }),
  );
}

/** The calendar's "New booking" dialog filled for a visit: Alex's haircut at `start`, then Bea's beard trim. */
async function newVisitWithBea(page: Page, start: string) {
  await page.getByRole("button", { name: "New booking" }).click();
  const dialog = page.getByRole("dialog", { name: "New booking" });
  await dialog.getByLabel("Staff member", { exact: true }).selectOption({ label: "Alex Rivera" });
  await dialog.getByLabel("Start time").fill(start);
  await dialog.getByRole("button", { name: "Add another service" }).click();
  await dialog.getByLabel("Service 2", { exact: true }).selectOption({ label: "Beard trim · 30 min · $20.00" });
  await dialog.getByLabel("Staff member for service 2", { exact: true }).selectOption({ label: "Bea Chen" });
  return dialog;
}

const resourcesOf = (salon: Salon) =>
  e2eDb
    .select()
    .from(schema.resources)
    .where(and(eq(schema.resources.tenantId, salon.id), isNull(schema.resources.deletedAt)));

/** The Haircut develops for 20 minutes from minute 20 and needs a chair; one chair exists. */
async function salonWithChair() {
  const salon = await createSalon();
  const now = new Date().toISOString();
  const chair = newId("res");
  await e2eDb.batch([
    e2eDb
      .update(schema.services)
      .set({ processingOffsetMinutes: 20, processingMinutes: 20, resourceTypes: ["chair"] })
      .where(eq(schema.services.id, salon.services[0].id)),
    e2eDb
      .insert(schema.resources)
      .values({ id: chair, tenantId: salon.id, name: "Chair 1", type: "chair", createdAt: now, updatedAt: now }),
  ]);
  return { salon, chair };
}

describe("/app/resources", () => {
  it("says there are none yet, then adds, renames, retypes, deactivates, gives time off and deletes a resource", async () => {
    const salon = await createSalon();
    const { page, errors } = await open(salon, 1280, "/app/resources");
    await expect.poll(() => page.getByText("No resources yet.").count()).toBe(1);
    await checkPage(page, "resources-empty");

    await page.getByRole("button", { name: "Add resource" }).click();
    const form = page.getByRole("dialog", { name: "New resource" });
    await form.getByRole("button", { name: "Add resource" }).click();
    // Refused before sending, next to each field, in plain words.
    await expect.poll(() => form.locator("#res-name-error").textContent()).toBe("Enter a name, e.g. Room 1");
    expect(await form.locator("#res-type-error").textContent()).toBe("Enter a type, e.g. room");
    await form.getByLabel("Name").fill("Room 1");
    await form.getByLabel("Type").fill("Room");
    await form.getByRole("button", { name: "Add resource" }).click();
    await expect.poll(() => page.locator(".done").first().textContent()).toBe("Room 1 saved.");
    await expect.poll(async () => (await resourcesOf(salon)).map((r) => [r.name, r.type, r.isActive])).toEqual([["Room 1", "room", true]]);

    await page.getByRole("button", { name: "Edit Room 1" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Room 1" });
    await edit.getByLabel("Name").fill("Treatment room");
    await edit.getByLabel("Type").fill("suite");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Treatment room" }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "suite" }).count()).toBe(1);

    await page.getByRole("button", { name: "Deactivate Treatment room" }).click();
    await expect.poll(() => page.locator(".resource-card .status").textContent()).toBe("Inactive");
    expect((await resourcesOf(salon))[0].isActive).toBe(false);

    await addTimeOff(page, "Treatment room", ["2031-05-06", "2031-05-07"], "Repainting");
    await expect
      .poll(() => page.locator(".resource-card .time-off li span").first().textContent())
      .toBe("Tue, May 6 to Wed, May 7, 2031 (all day) · Repainting");
    const [row] = await e2eDb.select().from(schema.resourceTimeOff).where(eq(schema.resourceTimeOff.tenantId, salon.id));
    expect([new Date(row.startAt).toISOString(), new Date(row.endAt).toISOString()]).toEqual([
      "2031-05-06T04:00:00.000Z",
      "2031-05-08T04:00:00.000Z",
    ]);
    await checkPage(page, "resources-list");

    await page.getByRole("button", { name: "Delete Treatment room" }).click();
    await page.getByRole("dialog", { name: "Delete Treatment room?" }).getByRole("button", { name: "Delete resource" }).click();
    await expect.poll(() => page.getByText("No resources yet.").count()).toBe(1);
    expect(await resourcesOf(salon)).toEqual([]);
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("shows a staff member the resources with every change disabled and the reason, at 375 px", async () => {
    const salon = await createSalon({ members: ["staff"] });
    const now = new Date().toISOString();
    await e2eDb
      .insert(schema.resources)
      .values({ id: newId("res"), tenantId: salon.id, name: "Basin 1", type: "basin", createdAt: now, updatedAt: now });
    const { page } = await open(salon, 375, "/app/resources", salon.members[0]);
    await expect.poll(() => page.getByRole("heading", { name: "Basin 1" }).count()).toBe(1);
    for (const name of ["Add resource", "Edit Basin 1", "Add time off for Basin 1", "Deactivate Basin 1", "Delete Basin 1"]) {
      const button = page.getByRole("button", { name });
      expect(await button.isDisabled(), name).toBe(true);
      expect(await button.getAttribute("title"), name).toBe("Only owners and admins can change this.");
    }
    await checkPage(page, "resources-staff");
  });
});

describe("the service form's processing time and resource types", () => {
  it("refuses half a processing window and a fourth type next to the fields, then saves both", async () => {
    const salon = await createSalon();
    const { page } = await open(salon, 1280, "/app/services");
    await page.getByRole("button", { name: "Edit Haircut" }).click();
    const form = page.getByRole("dialog", { name: "Edit Haircut" });
    await form.getByLabel("Staff free from (minutes in)").fill("20");
    await form.getByLabel("Resources it needs").fill("chair, basin, room, towel");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(() => form.locator("#svc-processing-minutes-error").textContent())
      .toBe("Fill in both processing fields, or leave both empty");
    expect(await form.locator("#svc-resource-types-error").textContent()).toBe("At most 3 resource types");
    await form.getByLabel("Staff free for (minutes)").fill("45");
    await form.getByLabel("Resources it needs").fill("Chair, basin");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(() => form.locator("#svc-processing-minutes-error").textContent())
      .toBe("The staff member must be back before the service ends (start + length under 60 minutes)");
    await form.getByLabel("Staff free for (minutes)").fill("25");
    await checkPage(page, "service-visit-fields");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.getByText("Staff free 20–45 min in · Needs: chair, basin").count()).toBe(1);
    const [svc] = await e2eDb.select().from(schema.services).where(eq(schema.services.id, salon.services[0].id));
    expect([svc.processingOffsetMinutes, svc.processingMinutes, svc.resourceTypes]).toEqual([20, 25, ["chair", "basin"]]);
  });
});

describe("a visit in the calendar", () => {
  it("books two services from the dialog as one visit, shows each item in its column with the processing window paler, and the chair in the resources view", async () => {
    const { salon, chair } = await salonWithChair();
    // Bea is busy at 11:00: a visit needing her then is refused in plain words, nothing typed lost.
    await bookAt(salon, `${DAY}T11:00`, { staff: 1, service: 1, customer: "Grace Hopper" });
    const { page, errors } = await open(salon, 1280, `/app/calendar?date=${DAY}`);
    const dialog = await newVisitWithBea(page, "10:00");
    expect(await dialog.locator("#nb-time-hint").textContent()).toBe("Ends at 11:30");
    await dialog.getByLabel("First name").fill("Vera");
    await dialog.getByLabel("Last name").fill("Visit");
    await checkPage(page, "visit-new-booking");
    await dialog.getByRole("button", { name: "Book", exact: true }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toContain("This visit does not fit at that time");
    expect(await dialog.getByLabel("First name").inputValue()).toBe("Vera");

    await dialog.getByLabel("Staff member for service 2", { exact: true }).selectOption({ label: "Alex Rivera" });
    await dialog.getByRole("button", { name: "Book", exact: true }).click();
    await expect
      .poll(() => page.locator("p.done").textContent())
      .toMatch(/^Booked BK-[A-Z0-9]{6}: Tue, May 6 at 10:00 a visit of 2 services\.$/);

    // The database holds one visit of two items, both Alex's, the haircut holding the chair.
    const items = await e2eDb
      .select()
      .from(schema.bookings)
      .where(and(eq(schema.bookings.tenantId, salon.id), eq(schema.bookings.staffId, salon.staff[0].id)));
    expect(items).toHaveLength(2);
    expect(new Set(items.map((b) => b.visitId)).size).toBe(1);
    const visits = await e2eDb.select().from(schema.visits).where(eq(schema.visits.tenantId, salon.id));
    expect(visits.map((v) => v.id)).toEqual([items[0].visitId]);
    const held = await e2eDb.select().from(schema.bookingResources).where(eq(schema.bookingResources.tenantId, salon.id));
    expect(held.map((h) => h.resourceId)).toEqual([chair]);
    const code = visits[0].confirmationCode;

    const blocks = page.locator(`.cal-block[data-visit="${visits[0].id}"]`);
    await expect.poll(() => blocks.count()).toBe(2);
    expect(await blocks.locator(".cal-block-visit").allTextContents()).toEqual([` Visit ${code} · 1 of 2`, ` Visit ${code} · 2 of 2`]);
    // The haircut's processing window 10:20-10:40: inside its block, 16 px down, 16 px tall, paler.
    const haircut = page.getByRole("button", { name: /^10:00–11:00 Vera Visit Haircut/ });
    expect(await haircut.getAttribute("class")).toContain("has-processing");
    const windowEl = haircut.locator(".cal-processing");
    const [blockBox, windowBox] = [(await haircut.boundingBox())!, (await windowEl.boundingBox())!];
    // 20 minutes at 0.8 px a minute, below the block's 1 px border.
    expect(Math.abs(windowBox.y - blockBox.y - 17)).toBeLessThanOrEqual(1);
    expect(Math.abs(windowBox.height - 16)).toBeLessThanOrEqual(1);
    const [blockBg, windowBg] = await Promise.all([
      haircut.evaluate((e) => getComputedStyle(e).backgroundColor),
      windowEl.evaluate((e) => getComputedStyle(e).backgroundImage),
    ]);
    expect(blockBg).not.toBe("rgb(255, 255, 255)");
    expect(windowBg).toContain("repeating-linear-gradient");
    expect(await haircut.textContent()).toContain("free while processing 10:20–10:40");
    // The text sits above the window, one line (time and customer); service and visit in the tooltip.
    const layout = await blockTextLayout(page);
    expect(layout.map(({ inside, clear }) => ({ inside, clear }))).toEqual(layout.map(() => ({ inside: true, clear: true })));
    expect(layout.find((l) => l.title.startsWith("10:00–11:00"))?.lines).toBe(1);
    expect(await haircut.getAttribute("title")).toBe(
      `10:00–11:00 Vera Visit, Haircut, Visit ${code} · 1 of 2 (Confirmed, with Alex Rivera; free while processing 10:20–10:40)`,
    );
    await checkPage(page, "visit-calendar");

    await page.getByRole("button", { name: "Columns by resource" }).click();
    await expect.poll(() => page.locator(`.cal-body[data-resource="${chair}"] .cal-block`).count()).toBe(1);
    expect(await page.locator(".cal-head-name").allTextContents()).toEqual(["Chair 1"]);
    expect(await page.locator(`.cal-body[data-resource="${chair}"] .cal-block .cal-block-who`).textContent()).toBe("Vera Visit");
    expect(page.url()).toContain("by=resources");
    await checkPage(page, "visit-resources-view");
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("draws a visit's two items in two staff columns, recognisable as one visit, at 1280 and 375 px", async () => {
    const { salon } = await salonWithChair();
    const { page } = await open(salon, 1280, `/app/calendar?date=${DAY}`);
    const dialog = await newVisitWithBea(page, "13:00");
    await dialog.getByLabel("First name").fill("Twyla");
    await dialog.getByRole("button", { name: "Book", exact: true }).click();
    await expect.poll(() => page.locator(".cal-block.in-visit").count()).toBe(2);
    const alex = page.locator(`.cal-body[data-staff="${salon.staff[0].id}"] .cal-block.in-visit`);
    const bea = page.locator(`.cal-body[data-staff="${salon.staff[1].id}"] .cal-block.in-visit`);
    expect(await alex.locator(".cal-block-time").textContent()).toBe("13:00–14:00");
    expect(await bea.locator(".cal-block-time").textContent()).toBe("14:00–14:30");
    expect(await alex.getAttribute("data-visit")).toBe(await bea.getAttribute("data-visit"));
    expect(await bea.locator(".cal-block-visit").textContent()).toMatch(/^ Visit BK-[A-Z0-9]{6} · 2 of 2$/);
    // The 30-minute item shows its customer on the time's line, not only its times.
    expect(await bea.locator(".cal-block-who").isVisible()).toBe(true);
    for (const l of await blockTextLayout(page)) expect(l).toMatchObject({ inside: true, clear: true });
    await checkPage(page, "visit-two-columns");

    const narrow = await open(salon, 375, `/app/calendar?date=${DAY}`);
    await expect.poll(() => narrow.page.locator(".cal-block.in-visit").count()).toBe(2);
    for (const l of await blockTextLayout(narrow.page)) expect(l).toMatchObject({ inside: true, clear: true });
    await checkPage(narrow.page, "visit-two-columns");

    // The dashboard's timeline marks the same visit and the haircut's processing window.
    const dash = await open(salon, 1280, `/app?date=${DAY}`);
    await expect.poll(() => dash.page.locator(".tl-block.in-visit").count()).toBe(2);
    expect(await dash.page.locator(".tl-block.has-processing .tl-processing").count()).toBe(1);
    expect(await dash.page.getByRole("button", { name: /^13:00 Twyla.*until 14:00.*Haircut.*part of a visit$/ }).count()).toBe(1);
    await checkPage(dash.page, "visit-dashboard");
  });
});
