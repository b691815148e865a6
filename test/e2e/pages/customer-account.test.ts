import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { axeClean, screenshot } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { accountOf, NOW, PASSWORD, packageSalon, registered, sendPaidEvent, toDetails } from "../helpers/customer-account";
import { createBookableTenant, e2eClient, e2eDb, uniq } from "../helpers/db";
import { confirmPaidByPackage } from "../helpers/code-booking";

// Issue #43 item 3, design.md §32 "from a signed-in customer account", in real Chromium: a customer
// creates an account on the package shop, buys a package (the Stripe.js stand-in; Stripe's signed
// event sent by the test, as the package-shop e2e does), then signs in on the booking page and pays
// a booking with one of its sessions; a business without guest checkout is booked after signing
// in; a wrong password and too many attempts are said in plain words.

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

describe("a customer account on the public pages", () => {
  for (const width of [1280, 375]) {
    it(`creates an account on the package shop, buys a package, then pays a booking with one of its sessions (${width} px)`, async () => {
      const tenant = await packageSalon();
      const email = `ada-${uniq()}@example.test`;
      const { page } = await browser.newPage({ width, now: NOW });
      const errors = watchErrors(page);

      // The shop: "Have an account? Sign in", then "Create an account", submitted with Enter.
      await page.goto(`${baseUrl}/packages?slug=${tenant.slug}`);
      expect(await page.locator("#account-lede").textContent()).toBe(
        "Have an account? Sign in, and your account keeps the package for your bookings.",
      );
      await page.locator("#account").getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("button", { name: "Create an account" }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("account-firstName");
      await page.keyboard.type("Ada");
      await page.getByLabel("E-mail", { exact: true }).fill(email);
      await page.getByLabel("Password").fill("short");
      await page.getByLabel("Password").press("Enter");
      expect(await page.locator("#account-error").textContent()).toBe("Please choose a password of at least 8 characters.");
      expect(await accountOf(email)).toBeUndefined();
      await axeClean(page);
      await screenshot(page, `customer-account-create-${width}`);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByLabel("Password").press("Enter");
      await expect.poll(() => page.locator("#account-who").textContent()).toBe(`Signed in as Ada (${email})`);
      expect(await page.getByLabel("Your name").inputValue()).toBe("Ada");
      expect(await page.getByLabel("Your e-mail (we send the code here)").inputValue()).toBe(email);
      await axeClean(page);
      await screenshot(page, `customer-account-shop-signed-in-${width}`);

      await page.getByRole("radio", { name: /Five cuts/ }).check();
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect.poll(() => page.getByRole("button", { name: /^Pay / }).isEnabled()).toBe(true);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: /^Pay / }).click();
      await expect.poll(() => page.locator("#package-done").isVisible()).toBe(true);
      expect(await page.locator("#package-done-text").textContent()).toBe(
        `Your package code is on its way to ${email}, and your account keeps the package: when you book signed in, you can pay with one of its sessions.`,
      );
      const account = await accountOf(email);
      const [sold] = await e2eDb.select().from(schema.packageCredits).where(eq(schema.packageCredits.tenantId, tenant.id));
      expect(sold).toMatchObject({ status: "pending", customerAccountId: account.id });
      await sendPaidEvent(sold);
      await expect
        .poll(async () => (await e2eDb.select().from(schema.packageCredits).where(eq(schema.packageCredits.id, sold.id)))[0].credits)
        .toBe(5);

      // The booking page, same tab: still signed in; the details prefilled; the package offered.
      await toDetails(page, tenant.slug);
      expect(await page.locator("#account-who").textContent()).toBe(`Signed in as Ada (${email})`);
      expect(await page.getByLabel("First name").inputValue()).toBe("Ada");
      expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe(email);
      const offer = page.getByRole("checkbox", { name: "Use a session of my package (Five cuts, 5 left)" });
      await expect.poll(() => offer.isVisible()).toBe(true);
      await offer.focus();
      await page.keyboard.press("Space");
      expect(await offer.isChecked()).toBe(true);
      // The package pays: no price to pay is shown.
      expect(await page.locator("#price-quote").isVisible()).toBe(false);
      await axeClean(page);
      await screenshot(page, `customer-account-booking-package-${width}`);

      await confirmPaidByPackage(page);
      const code = (await page.locator("#confirmation-code").textContent()) ?? "";
      const [booking] = await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.confirmationCode, code));
      expect(booking).toMatchObject({ status: "confirmed", customerAccountId: account.id, tenantId: tenant.id });
      const [after] = await e2eDb.select().from(schema.packageCredits).where(eq(schema.packageCredits.id, sold.id));
      expect(after.credits).toBe(4);
      expect(await e2eDb.select().from(schema.payments).where(eq(schema.payments.bookingId, booking.id))).toEqual([]);
      await axeClean(page);
      await screenshot(page, `customer-account-booking-confirmed-${width}`);

      // The next booking offers what is left.
      await page.getByRole("button", { name: "Book another appointment" }).click();
      await page.getByRole("button", { name: "11:00 with Alex Rivera" }).click();
      await expect
        .poll(() => page.getByRole("checkbox", { name: "Use a session of my package (Five cuts, 4 left)" }).isVisible())
        .toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors, errors.join("\n")).toEqual([]);
    });
  }

  it("books a business without guest checkout once the customer signs in (a guest is asked to sign in)", async () => {
    const tenant = await createBookableTenant({ tenant: { allowGuestBooking: false } });
    const email = await registered("Grace");
    const { page } = await browser.newPage({ width: 375, now: NOW });
    await toDetails(page, tenant.slug);
    expect(await page.locator("#account-lede").textContent()).toBe(
      `${tenant.businessName} takes online bookings from customers with an account. Please sign in or create one to book.`,
    );
    expect(await page.locator("#account").getByRole("button", { name: "Sign in" }).isVisible()).toBe(true);

    // As a guest: refused, and asked to sign in, in plain words; nothing booked.
    await page.locator("#firstName").fill("Grace");
    await page.locator("#email").fill(email);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    const ask = "This business takes bookings from customers with an account. Please sign in or create an account above, then confirm.";
    await expect.poll(() => page.locator("#form-error").textContent()).toBe(ask);
    // The sign-in opens, its line saying why.
    expect(await page.locator("#account-email").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("account-email");
    expect(await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, tenant.id))).toEqual([]);
    await screenshot(page, "customer-account-guest-refused-375");

    await page.locator("#account-email").fill(email);
    await page.locator("#account-password").fill(PASSWORD);
    await page.locator("#account").getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.locator("#account-who").textContent()).toBe(`Signed in as Grace (${email})`);
    // Filled from the profile where the customer had typed nothing.
    expect(await page.getByLabel("Last name").inputValue()).toBe("Lovelace");
    expect(await page.getByLabel("Phone").inputValue()).toBe("+1 555 0100");
    await axeClean(page);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
    const account = await accountOf(email);
    const [booking] = await e2eDb
      .select()
      .from(schema.bookings)
      .where(and(eq(schema.bookings.tenantId, tenant.id), eq(schema.bookings.customerAccountId, account.id)));
    expect(booking.status).toBe("confirmed");

    // Sign out: the page is a guest's again.
    await page.getByRole("button", { name: "Sign out" }).click();
    expect(await page.locator("#account-in").isVisible()).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem("customer.session"))).toBeNull();
  });

  it("says a wrong password and too many attempts in plain words, and signs nobody in", async () => {
    const tenant = await createBookableTenant();
    const email = await registered("Hedy");
    const { page, ip } = await browser.newPage({ width: 1280, now: NOW });
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.locator("#account").getByRole("button", { name: "Sign in" }).click();
    await page.locator("#account-email").fill(email);
    await page.locator("#account-password").fill("not-the-password");
    await page.locator("#account").getByRole("button", { name: "Sign in" }).click();
    await expect
      .poll(() => page.locator("#account-error").textContent())
      .toBe("The e-mail or password is not right. Please check them and try again.");
    expect(await page.locator("#account-password").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#account-in").isVisible()).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem("customer.session"))).toBeNull();
    await axeClean(page);
    await screenshot(page, "customer-account-wrong-password-1280");

    // interface.md: 10 sign-ins per 60 s per IP; the page's address has used one (on the page's pinned clock).
    for (let i = 0; i < 9; i++) {
      await fetch(`${baseUrl}/api/customer-auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip, "x-test-now": NOW },
        body: JSON.stringify({ email, password: "not-the-password" }),
      });
    }
    await page.locator("#account-password").fill(PASSWORD);
    await page.locator("#account").getByRole("button", { name: "Sign in" }).click();
    await expect
      .poll(() => page.locator("#account-error").textContent())
      .toBe("Too many sign-in attempts from here. Please wait a minute, then try again.");
    expect(await page.locator("#account-in").isVisible()).toBe(false);
  });

  it("speaks the page's language: the sign-in, its refusals and the signed-in line in French", async () => {
    const tenant = await createBookableTenant({ tenant: { bookingLanguages: ["en", "fr"] } });
    const email = await registered("Jeanne");
    const { page } = await browser.newPage({ width: 375, now: NOW });
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}&lang=fr`);
    expect(await page.locator("#account-lede").textContent()).toBe("Vous avez un compte ?");
    await page.locator("#account").getByRole("button", { name: "Se connecter" }).click();
    await page.locator("#account-email").fill(email);
    await page.getByLabel("Mot de passe").fill("pas-le-bon-mot");
    await page.getByLabel("Mot de passe").press("Enter");
    await expect
      .poll(() => page.locator("#account-error").textContent())
      .toBe("L’adresse e-mail ou le mot de passe est incorrect. Veuillez les vérifier et réessayer.");
    await page.getByLabel("Mot de passe").fill(PASSWORD);
    await page.getByLabel("Mot de passe").press("Enter");
    await expect.poll(() => page.locator("#account-who").textContent()).toBe(`Compte connecté : Jeanne (${email})`);
    expect(await page.locator("#account-sign-out").textContent()).toBe("Se déconnecter");
  });

  it("keeps the session for the token's lifetime by this computer's clock, a day ahead of the server's, then says it ended", async () => {
    const tenant = await createBookableTenant();
    const email = await registered("Ida");
    const { page } = await browser.newPage({ width: 375, clockSkewMs: 24 * 3600_000 });
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.locator("#account").getByRole("button", { name: "Sign in" }).click();
    await page.locator("#account-email").fill(email);
    await page.locator("#account-password").fill(PASSWORD);
    await page.locator("#account-password").press("Enter");
    await expect.poll(() => page.locator("#account-who").textContent()).toBe(`Signed in as Ida (${email})`);
    await page.reload();
    await expect.poll(() => page.locator("#account-who").textContent()).toBe(`Signed in as Ida (${email})`);
    await page.clock.fastForward("23:00:00");
    expect(await page.locator("#account-in").isVisible()).toBe(true);
    await page.clock.fastForward("01:30:00");
    await expect.poll(() => page.locator("#account-error").textContent()).toBe("Your sign-in has ended. Please sign in again.");
    expect(await page.locator("#account-in").isVisible()).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem("customer.session"))).toBeNull();
  });
});
