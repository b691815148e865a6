import { afterAll, describe, expect, it } from "vitest";
import { bookAt, bookingRow, checkPage, createSalon, openAppAs, openAppAt, type Salon, scriptErrors } from "../helpers/app";
import { useBrowser } from "../helpers/browser";
import { e2eClient } from "../helpers/db";

// Issue items 3 and 4: the booking detail and its actions (status changes, cancel with a reason,
// reschedule), at 1280 and 375 px; the bookings list with its filters and pages. May 2031.
const browser = useBrowser();
afterAll(() => e2eClient.close());

const open = (salon: Salon, width: number, path: string) => openAppAs(browser, salon, path, { width });

describe("bookings list", () => {
  it("filters by date range, staff member and status, and pages through the results", async () => {
    const salon = await createSalon();
    for (let day = 1; day <= 26; day++) {
      const date = `2031-06-${String(day).padStart(2, "0")}`;
      await bookAt(salon, `${date}T10:00`, { customer: `Guest ${day}`, staff: day % 2, status: day === 3 ? "cancelled" : "confirmed" });
    }
    await bookAt(salon, "2031-05-31T10:00", { customer: "Too Early" });
    const { page, errors } = await open(salon, 1280, "/app/bookings?from=2031-06-01");
    const rows = page.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(25);
    expect(await rows.first().textContent()).toContain("Guest 1");
    expect(await page.locator("#app-root").textContent()).not.toContain("Too Early");
    await checkPage(page, "bookings");
    await page.getByRole("button", { name: "Next →" }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("Guest 26");
    expect(page.url()).toContain("page=2");

    await page.getByLabel("Status").selectOption("cancelled");
    await page.getByRole("button", { name: "Show bookings" }).click();
    await expect.poll(() => rows.first().textContent()).toContain("Guest 3");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("Cancelled");

    await page.getByLabel("Status").selectOption("");
    await page.getByLabel("Staff member").selectOption({ label: "Bea Chen" });
    await page.getByLabel("To (including)").fill("2031-06-05");
    await page.getByRole("button", { name: "Show bookings" }).click();
    await expect
      .poll(async () => (await rows.allTextContents()).map((t) => /Guest \d+/.exec(t)?.[0]))
      .toEqual(["Guest 1", "Guest 3", "Guest 5"]);

    await page.getByLabel("To (including)").fill("2031-05-01");
    await page.getByRole("button", { name: "Show bookings" }).click();
    await expect.poll(() => page.locator("#f-to-error").textContent()).toBe("The last date must not be before the first");
    expect(scriptErrors(errors)).toEqual([]);
  });
});

describe("booking detail", () => {
  it("at 1280 px: confirms, completes, marks a no-show and cancels with a reason, each in the history", async () => {
    const salon = await createSalon();
    const pending = await bookAt(salon, "2031-05-06T10:00", { customer: "Pia Pending", status: "pending" });
    const { page, errors } = await open(salon, 1280, `/app/bookings?from=2031-05-06&booking=${pending.id}`);
    const dialog = page.getByRole("dialog", { name: "Pia Pending · Haircut" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.textContent()).toContain("Tue, May 6, 2031, 10:00–11:00");
    expect(await dialog.textContent()).toContain("No payments for this booking.");
    await checkPage(page, "booking-detail");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe("Booking confirmed.");
    await expect.poll(() => dialog.locator(".history").textContent()).toContain("Pending → Confirmed by Olive Owner");
    await dialog.getByRole("button", { name: "Complete" }).click();
    await expect.poll(() => dialog.textContent()).toContain("This booking is completed: nothing more to do.");
    // The list behind follows.
    await expect.poll(() => page.locator("tbody tr").first().textContent()).toContain("Completed");
    expect((await bookingRow(pending.id)).status).toBe("completed");
    await dialog.getByRole("button", { name: "Close dialog" }).click();
    expect(page.url()).not.toContain("booking=");

    // design.md §31: a no-show only once the start has passed: before, the button says why it waits.
    const late = await bookAt(salon, "2031-05-07T10:00", { customer: "Nora Noshow" });
    await page.goto(`${page.url().split("?")[0]}?from=2031-05-06&booking=${late.id}`);
    const early = page.getByRole("dialog", { name: "Nora Noshow · Haircut" });
    await expect.poll(() => early.getByRole("button", { name: "No-show" }).isDisabled()).toBe(true);
    expect(await early.locator(".gate-note").textContent()).toBe("A no-show can be marked once the start time has passed.");
    const after = await openAppAt(browser, salon, `/app/bookings?from=2031-05-07&booking=${late.id}`, "2031-05-07T15:00:00.000Z");
    const noShow = after.page.getByRole("dialog", { name: "Nora Noshow · Haircut" });
    await noShow.getByRole("button", { name: "No-show" }).click();
    await noShow.getByRole("button", { name: "Yes, mark no-show" }).click();
    await expect.poll(() => noShow.textContent()).toContain("This booking is a no-show: nothing more to do.");
    expect((await bookingRow(late.id)).status).toBe("no_show");

    const gone = await bookAt(salon, "2031-05-08T10:00", { customer: "Cal Cancel" });
    await page.goto(`${page.url().split("?")[0]}?from=2031-05-06&booking=${gone.id}`);
    const cancel = page.getByRole("dialog", { name: "Cal Cancel · Haircut" });
    await cancel.getByRole("button", { name: "Cancel booking" }).click();
    await cancel.getByLabel("Reason (optional, told to the customer)").fill("The customer called in sick");
    await cancel.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect.poll(() => cancel.locator(".history").textContent()).toContain("Cancelled by Olive Owner: “The customer called in sick”");
    expect(await bookingRow(gone.id)).toMatchObject({ status: "cancelled", cancelReason: "The customer called in sick" });
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("at 375 px: reschedules to a new free time, and outside the offered times with override", async () => {
    const salon = await createSalon();
    const booking = await bookAt(salon, "2031-05-06T10:00", { customer: "Max Mover" });
    await bookAt(salon, "2031-05-06T13:00", { customer: "In The Way", staff: 1 });
    const { page } = await open(salon, 375, `/app/calendar?date=2031-05-06&booking=${booking.id}`);
    const dialog = page.getByRole("dialog", { name: "Max Mover · Haircut" });
    await expect.poll(() => dialog.textContent()).toContain("10:00–11:00");
    await checkPage(page, "booking-detail");
    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await dialog.getByLabel("Staff member").selectOption({ label: "Bea Chen" });
    await dialog.getByLabel("Start time").fill("13:30");
    await dialog.getByRole("button", { name: "Move booking" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toContain("That time is not offered");
    await dialog.getByLabel("Start time").fill("15:00");
    await dialog.getByRole("button", { name: "Move booking" }).click();
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe("Booking moved. The customer is told by e-mail.");
    await expect.poll(() => dialog.textContent()).toContain("15:00–16:00");
    expect(await dialog.textContent()).toContain("Bea Chen");
    await checkPage(page, "booking-detail-moved");

    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await dialog.getByLabel("Start time").fill("18:10");
    await dialog.getByLabel("Move outside the offered times").check();
    await dialog.getByRole("button", { name: "Move booking" }).click();
    await expect.poll(() => dialog.textContent()).toContain("18:10–19:10");
    expect(await dialog.locator(".history").textContent()).toContain(
      "Moved from Tue, May 6, 2031, 15:00 with Bea Chen to Tue, May 6, 2031, 18:10 with Bea Chen by Olive Owner",
    );
    const row = await bookingRow(booking.id);
    expect(new Date(row.startAt).toISOString()).toBe("2031-05-06T22:10:00.000Z");
    expect(row.staffId).toBe(salon.staff[1].id);
  });
});
