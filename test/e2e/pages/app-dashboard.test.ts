import { afterAll, describe, expect, it } from "vitest";
import { bookAt, bookingRow, checkPage, createSalon, openApp, scriptErrors, sessionFor, signedInState } from "../helpers/app";
import { useBrowser, watchErrors } from "../helpers/browser";
import { e2eClient } from "../helpers/db";

// Issue item 2: the dashboard: a day's appointments per staff member on a timeline, the next 7
// days' counts, and pending bookings to confirm. A fixed day (Tuesday 2031-05-06), never today.
const browser = useBrowser();
afterAll(() => e2eClient.close());

describe.each([1280, 375])("dashboard at %i px", (width) => {
  it("shows the day per staff member, the week's counts and the pending bookings to confirm", async () => {
    const salon = await createSalon();
    await bookAt(salon, "2031-05-06T10:00", { customer: "Ada Lovelace" });
    await bookAt(salon, "2031-05-06T14:00", { customer: "Bo Beard", staff: 1, service: 1 });
    const pending = await bookAt(salon, "2031-05-08T09:00", { customer: "Pia Pending", status: "pending" });
    await bookAt(salon, "2031-05-06T16:00", { customer: "Cy Cancelled", status: "cancelled" });
    const { page } = await browser.newPage({ width, height: 900, storageState: signedInState(await sessionFor(salon, salon.owner)) });
    const errors = watchErrors(page);
    await openApp(page, "/app?date=2031-05-06");
    const lanes = page.locator(".lane");
    expect(await lanes.count()).toBe(2);
    expect(await lanes.nth(0).textContent()).toContain("Ada Lovelace");
    expect(await lanes.nth(1).textContent()).toContain("Bo Beard");
    expect(await page.locator(".timeline").textContent()).not.toContain("Cy Cancelled");
    expect(await page.locator(".week-count").allTextContents()).toEqual(["2", "0", "1", "0", "0", "0", "0"]);
    await checkPage(page, "dashboard");

    await page.getByRole("button", { name: /Pia Pending/ }).click();
    const dialog = page.getByRole("dialog", { name: "Pia Pending · Haircut" });
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe("Booking confirmed.");
    await dialog.getByRole("button", { name: "Close dialog" }).click();
    await expect.poll(() => page.locator(".attention").textContent()).toContain("No pending bookings.");
    expect((await bookingRow(pending.id)).status).toBe("confirmed");

    await page.getByRole("button", { name: "Next day" }).click();
    await expect.poll(() => page.locator("#timeline-heading").textContent()).toContain("(0)");
    expect(page.url()).toContain("date=2031-05-07");
    expect(scriptErrors(errors)).toEqual([]);
  });
});
