import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { bookAt, checkPage, createSalon, openApp, type Salon, scriptErrors, sessionFor, signedInState } from "../helpers/app";
import { focusIsVisible } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { e2eClient, e2eDb, uniq } from "../helpers/db";

// Issue #39 item 1, /app/waitlist: the entries with a time on a day (customer, service, staff,
// times, status, offers), a time offered by hand (a taken time refused in plain words), another
// day's empty state, and a staff member who reads but cannot offer; 1280 and 375 px, axe.
// Wed 4 June 2031 in New York (EDT, UTC-4); Alex is booked at 10:00.
const browser = useBrowser();
afterAll(() => e2eClient.close());

const DAY = "2031-06-04";
const at = (hhmm: string, date = DAY) => Date.parse(`${date}T${hhmm}:00-04:00`);

type Waiter = {
  first: string;
  last: string;
  service?: number;
  staff?: number | null;
  windows: [string, string][];
  status?: "waiting" | "left";
};

async function waiter(salon: Salon, w: Waiter) {
  const id = newId("wle");
  const email = `${w.first.toLowerCase()}-${uniq()}@e2e.test`;
  const t = new Date().toISOString();
  await e2eDb.batch([
    e2eDb.insert(schema.waitlistEntries).values({
      id,
      tenantId: salon.id,
      serviceId: salon.services[w.service ?? 0].id,
      staffId: w.staff === null || w.staff === undefined ? null : salon.staff[w.staff].id,
      firstName: w.first,
      lastName: w.last,
      email,
      phone: "(212) 555-0143",
      status: w.status ?? "waiting",
      manageTokenHash: `hash-${id}`,
      lastWindowEndAt: Math.max(...w.windows.map(([, end]) => at(end))),
      createdAt: t,
      updatedAt: t,
    }),
    e2eDb
      .insert(schema.waitlistWindows)
      .values(
        w.windows.map(([from, to]) => ({ id: newId("wlw"), tenantId: salon.id, entryId: id, date: DAY, startAt: at(from), endAt: at(to) })),
      ),
  ]);
  return { id, email };
}

/** The salon's waitlist on DAY: Wendy (Haircut with Alex, already offered 11:00 automatically), Bo (anyone), Cleo (left). */
async function waitlistSalon() {
  const salon = await createSalon({ members: ["staff"] });
  // A hand offer must be a time the customer could book now: the booking window reaches 2031.
  await e2eDb.update(schema.tenants).set({ maxAdvanceDays: 36_500 }).where(eq(schema.tenants.id, salon.id));
  await bookAt(salon, `${DAY}T10:00`, { staff: 0 });
  const wendy = await waiter(salon, { first: "Wendy", last: "Waits", staff: 0, windows: [["10:00", "12:00"]] });
  await e2eDb.insert(schema.waitlistOffers).values({
    id: newId("wlo"),
    tenantId: salon.id,
    entryId: wendy.id,
    triggerKey: `cancel:${uniq()}`,
    via: "auto",
    staffId: salon.staff[0].id,
    startAt: at("11:00"),
    endAt: at("12:00"),
    createdAt: new Date().toISOString(),
  });
  const bo = await waiter(salon, {
    first: "Bo",
    last: "Later",
    service: 1,
    windows: [
      ["14:00", "16:00"],
      ["16:30", "17:00"],
    ],
  });
  await waiter(salon, { first: "Cleo", last: "Gone", windows: [["09:00", "10:00"]], status: "left" });
  return { salon, wendy, bo };
}

const rows = (page: import("playwright-core").Page) => page.locator(".waitlist-table tbody tr");

describe("the owner app's waitlist page", () => {
  it("at 1280 px: lists the day's entries, offers a time by hand (a taken time refused in plain words), and shows an empty day", async () => {
    const { salon, wendy } = await waitlistSalon();
    const { page } = await browser.newPage({ width: 1280, height: 900, storageState: signedInState(await sessionFor(salon, salon.owner)) });
    const errors = watchErrors(page);
    await openApp(page, `/app/waitlist?date=${DAY}`);
    expect(await page.locator("#app-root h2").first().textContent()).toBe("Waitlist for Wed, Jun 4, 2031");
    expect(await page.locator("#waitlist-heading").textContent()).toBe("2 waiting, 3 in all");
    expect(await rows(page).count()).toBe(3);
    const first = await rows(page).nth(0).textContent();
    for (const text of [
      "Wendy Waits",
      wendy.email,
      "Haircut",
      "With Alex Rivera",
      "10:00\u201312:00",
      "Waiting",
      "11:00 with Alex Rivera",
      "(automatic)",
    ])
      expect(first).toContain(text);
    const second = await rows(page).nth(1).textContent();
    for (const text of ["Bo Later", "Beard trim", "With anyone", "14:00\u201316:00", "16:30\u201317:00", "None yet"])
      expect(second).toContain(text);
    expect(await rows(page).nth(2).textContent()).toContain("Left the list");
    expect(await rows(page).nth(2).getByRole("button").count()).toBe(0);
    // The nav names the page.
    expect(await page.locator("nav a[aria-current=page]").textContent()).toContain("Waitlist");
    await checkPage(page, "waitlist");

    // Offer Alex's 10:00: he is booked then, so it is refused in words, and nothing is offered.
    await page.getByRole("button", { name: "Offer a time to Wendy" }).click();
    const dialog = page.locator("#offer-dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator("#staffProfileId").inputValue()).toBe(salon.staff[0].id);
    expect(await dialog.locator("#startDatetime").inputValue()).toBe("10:00");
    await checkPage(page, "waitlist-offer");
    await dialog.getByRole("button", { name: "Send the offer" }).click();
    await expect.poll(() => dialog.locator("[role=alert]").textContent()).toContain("The customer could not book this time now");
    const byHand = and(eq(schema.waitlistOffers.entryId, wendy.id), eq(schema.waitlistOffers.via, "owner"));
    expect(await e2eDb.select().from(schema.waitlistOffers).where(byHand)).toHaveLength(0);

    // 11:00 is free: the offer is sent and listed as made by hand.
    await dialog.locator("#startDatetime").fill("11:00");
    await dialog.getByRole("button", { name: "Send the offer" }).click();
    await expect
      .poll(() => page.locator("p.done[role=status]").textContent())
      .toBe("Offered 11:00 with Alex Rivera to Wendy Waits. We sent them a link to book it.");
    expect(await dialog.isVisible()).toBe(false);
    await expect.poll(() => rows(page).nth(0).textContent()).toContain("(by hand)");
    const made = await e2eDb.select().from(schema.waitlistOffers).where(eq(schema.waitlistOffers.entryId, wendy.id));
    expect(made.map((o) => [o.via, o.startAt])).toEqual(expect.arrayContaining([["owner", at("11:00")]]));

    // Another day, chosen with the date picker: nobody waits, said in words.
    await page.locator("#waitlist-date").fill("2031-06-05");
    await expect.poll(() => page.locator(".empty-title").textContent()).toBe("Nobody is on the waitlist for this day.");
    expect(page.url()).toContain("date=2031-06-05");
    // By keyboard, focus shows on the day's buttons.
    await page.locator("#waitlist-date").focus();
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Previous day");
    expect(await focusIsVisible(page)).toBe(true);
    await checkPage(page, "waitlist-empty");
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("at 375 px: a staff member reads the waitlist and cannot offer a time", async () => {
    const { salon } = await waitlistSalon();
    const staff = salon.members[0];
    const { page } = await browser.newPage({ width: 375, height: 800, storageState: signedInState(await sessionFor(salon, staff)) });
    const errors = watchErrors(page);
    await openApp(page, `/app/waitlist?date=${DAY}`);
    expect(await rows(page).count()).toBe(3);
    expect(await page.locator(".gate-note").textContent()).toBe("Only owners and admins can change this.");
    expect(await page.getByRole("button", { name: "Offer a time to Wendy" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Offer a time to Bo" }).isDisabled()).toBe(true);
    await checkPage(page, "waitlist");
    expect(scriptErrors(errors)).toEqual([]);
  });
});
