import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { expect, inject } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { signToken } from "../../../src/lib/jwt";
import { bookableSalon } from "../../helpers/bookable";
import { describeViolations, screenshot, seriousViolations } from "./axe";
import { type useBrowser, watchErrors } from "./browser";
import { e2eDb, type TenantOverrides, uniq } from "./db";

/**
 * The owner app (/app) in browser tests: a salon written straight into the e2e database (two
 * staff members with colours and hours, services, members with a real password), sessions put in
 * the browser's localStorage as the app keeps them, and the page checks every app test runs.
 */
const baseUrl = inject("e2eBaseUrl");
const jwtSecret = inject("e2eJwtSecret");
export const APP_PASSWORD = "front-desk-password-1";

let hash: Promise<string> | undefined;
async function passwordHash() {
  const { hashPassword } = await import("../../../src/lib/password");
  hash ??= hashPassword(APP_PASSWORD);
  return hash;
}

const MONDAY_TO_SATURDAY = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));

export type Member = { userId: string; email: string; firstName: string; role: "owner" | "admin" | "staff" };
export type Salon = Awaited<ReturnType<typeof createSalon>>;

/**
 * A business in New York: owner Olive; staff Alex (teal) and Bea (purple) working 09:00-17:00
 * Monday to Saturday; a 60-minute Haircut ($45.00) and a 30-minute Beard trim ($20.00).
 */
export async function createSalon(opts: { name?: string; members?: Array<"admin" | "staff">; tenant?: TenantOverrides } = {}) {
  const tag = uniq();
  const businessName = opts.name ?? `Studio ${tag}`;
  const stylist = { title: "Stylist", hours: MONDAY_TO_SATURDAY };
  const built = await bookableSalon(e2eDb, {
    tenant: { slug: `salon-${tag}`, businessName, email: `hello-${tag}@e2e.test`, ...opts.tenant },
    ownerEmail: `olive-${tag}@e2e.test`,
    owner: { passwordHash: await passwordHash() },
    members: Object.fromEntries(
      (opts.members ?? []).map((role, i) => [
        `m${i}`,
        { role, email: `${role}${i}-${tag}@e2e.test`, firstName: role === "admin" ? "Adam" : "Sam" },
      ]),
    ),
    staff: {
      alex: { displayName: "Alex Rivera", color: "#0f766e", orderIndex: 0, ...stylist },
      bea: { displayName: "Bea Chen", color: "#7c3aed", orderIndex: 1, ...stylist },
    },
    services: {
      haircut: { name: "Haircut", durationMinutes: 60, price: 4500, orderIndex: 0 },
      beard: { name: "Beard trim", durationMinutes: 30, price: 2000, orderIndex: 1 },
    },
  });
  const { tenant } = built;
  const owner: Member = { userId: tenant.ownerId, email: tenant.ownerEmail, firstName: "Olive", role: "owner" };
  const members: Member[] = Object.values(built.members);
  const staff = [built.staff.alex, built.staff.bea];
  const services = [built.services.haircut, built.services.beard];
  return { id: tenant.id, slug: tenant.slug, businessName, owner, members, staff, services, timezone: tenant.timezone };
}

type BookingOptions = { staff?: number; service?: number; status?: "pending" | "confirmed" | "completed" | "no_show" | "cancelled" };

/** The row of a booking of `customerId` at a New York wall time on an EDT date (2031-03-09 .. 2031-11-01). */
function bookingValues(salon: Salon, local: string, o: BookingOptions, customerId: string) {
  const service = salon.services[o.service ?? 0];
  const start = new Date(`${local}:00-04:00`);
  const now = new Date().toISOString();
  return {
    id: newId("bkg"),
    tenantId: salon.id,
    serviceId: service.id,
    staffId: salon.staff[o.staff ?? 0].id,
    customerId,
    startAt: start.getTime(),
    endAt: start.getTime() + service.durationMinutes * 60_000,
    status: o.status ?? "confirmed",
    confirmationCode: `BK-${uniq().toUpperCase().slice(0, 6)}`,
    source: "online" as const,
    totalAmount: service.price,
    currency: "USD",
    createdAt: now,
    updatedAt: now,
  };
}

/** A booking row at a New York wall time on an EDT date (2031-03-09 .. 2031-11-01), with a new customer. */
export async function bookAt(salon: Salon, local: string, o: BookingOptions & { customer?: string } = {}) {
  const now = new Date().toISOString();
  const customerId = newId("cst");
  const email = `${(o.customer ?? "Ada Lovelace").split(" ")[0].toLowerCase()}-${uniq()}@e2e.test`;
  const [first, ...rest] = (o.customer ?? "Ada Lovelace").split(" ");
  const booking = bookingValues(salon, local, o, customerId);
  await e2eDb.batch([
    e2eDb.insert(schema.customers).values({
      id: customerId,
      tenantId: salon.id,
      email,
      emailNormalized: email,
      firstName: first,
      lastName: rest.join(" "),
      phone: "555-0100",
      createdAt: now,
      updatedAt: now,
    }),
    e2eDb.insert(schema.bookings).values(booking),
  ]);
  return { id: booking.id, code: booking.confirmationCode, customerId, email };
}

/** Another booking of a customer bookAt made, on the same customer record. */
export async function bookAgain(salon: Salon, customerId: string, local: string, o: BookingOptions = {}) {
  const booking = bookingValues(salon, local, o, customerId);
  await e2eDb.insert(schema.bookings).values(booking);
  return { id: booking.id, code: booking.confirmationCode };
}

type PaymentRow = typeof schema.payments.$inferInsert;

/** A payment of a booking, in USD and succeeded unless `p` says otherwise, to write with the page's other rows. */
export function bookingPayment(salon: Salon, bookingId: string, p: Pick<PaymentRow, "amount" | "kind"> & Partial<PaymentRow>): PaymentRow {
  const now = new Date().toISOString();
  return { id: newId("pay"), tenantId: salon.id, bookingId, currency: "USD", status: "succeeded", createdAt: now, updatedAt: now, ...p };
}

/** An AI log entry (design.md §20) as the audit log keeps it: the owner assistant asked by the owner, or the public one. */
export function aiLogRow(
  salon: Salon,
  assistant: "owner" | "public",
  metadata: Record<string, unknown>,
  createdAt: string,
): typeof schema.auditLog.$inferInsert {
  const asker =
    assistant === "owner"
      ? { action: "ai.owner_chat", actorType: "user", actorId: salon.owner.userId }
      : { action: "ai.public_chat", actorType: "system", actorId: "public-assistant" };
  return { id: newId("aud"), ...asker, targetType: "tenant", targetId: salon.id, metadata, createdAt };
}

export async function bookingRow(id: string) {
  const [row] = await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.id, id));
  return row;
}

/** The session the app keeps after a sign-in, for one member: a real token and session row. */
export async function sessionFor(
  salon: Salon,
  member: Member,
  memberships = [{ tenantId: salon.id, role: member.role, slug: salon.slug, businessName: salon.businessName }],
  /** When the session is made (default now): a page whose clocks stand at another instant needs a token of then. */
  at = new Date(),
) {
  const sid = newId("ses");
  const now = at;
  await e2eDb.insert(schema.sessions).values({
    id: sid,
    subjectType: "user",
    subjectId: member.userId,
    tenantId: salon.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 30 * 86400_000).toISOString(),
  });
  const { token } = await signToken(jwtSecret, { sub: member.userId, sid, tenantId: salon.id, role: member.role }, 86400, now);
  return {
    token,
    user: {
      id: member.userId,
      email: member.email,
      firstName: member.firstName,
      lastName: member.role === "owner" ? "Owner" : "Member",
      role: "customer",
    },
    memberships,
    tenantId: salon.id,
    // When this browser received the token (src/client/shared/token.ts): the browser's clock is the suite's.
    receivedAt: now.getTime(),
  };
}

/** A browser context signed in as `member` (the app's localStorage as after a sign-in). */
export function signedInState(session: Omit<Awaited<ReturnType<typeof sessionFor>>, "receivedAt"> & { receivedAt?: number }) {
  return { cookies: [], origins: [{ origin: baseUrl, localStorage: [{ name: "app.session", value: JSON.stringify(session) }] }] };
}

/** A page of the app's origin signed in as `who` (the owner unless given), 900 px tall, its script errors watched. */
export async function signedInPage(browser: ReturnType<typeof useBrowser>, salon: Salon, opts: { width?: number; who?: Member } = {}) {
  const storageState = signedInState(await sessionFor(salon, opts.who ?? salon.owner));
  const { page, context } = await browser.newPage({ width: opts.width ?? 1280, height: 900, storageState });
  return { page, context, errors: watchErrors(page) };
}

/** signedInPage opened at an app page, its first view rendered. */
export async function openAppAs(
  browser: ReturnType<typeof useBrowser>,
  salon: Salon,
  path: string,
  opts: { width?: number; who?: Member } = {},
) {
  const { page, errors } = await signedInPage(browser, salon, opts);
  await openApp(page, path);
  return { page, errors };
}

/** Opens an app page and waits until its first view has rendered (no "Loading…" line is left). */
export async function openApp(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await expect.poll(() => page.locator("#app-root [data-loading]").count(), { timeout: 15_000 }).toBe(0);
}

/** Looks finished: no serious or critical axe violation and nothing wider than the screen; a screenshot. */
export async function checkPage(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await screenshot(page, `app-${name}-${width}`);
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Every request URL a page makes (a token must never appear in one). */
export function watchUrls(page: Page) {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  return urls;
}

export const appBase = baseUrl;
export type { BrowserContext };

/** Script errors only: Chrome also logs every 4xx answer (e.g. an expected 409) as a console error. */
export const scriptErrors = (errors: string[]) => errors.filter((e) => !e.includes("Failed to load resource"));

/**
 * The owner app signed in, with the browser's clock and the server's request clock both standing
 * at `at` (a page test that needs a time after a fixed 2031 booking's start: a no-show, design.md
 * §31). The session's token is made for then. Under TEST_NOW the browser's clock is already
 * installed by `newPage`; it is moved to `at`.
 */
export async function openAppAt(
  browser: ReturnType<typeof useBrowser>,
  salon: Salon,
  path: string,
  at: string,
  opts: { width?: number; who?: Member } = {},
) {
  const storageState = signedInState(await sessionFor(salon, opts.who ?? salon.owner, undefined, new Date(at)));
  const { page, context } = await browser.newPage({ width: opts.width ?? 1280, height: 900, now: at, storageState });
  if (typeof inject("testClockOffsetMs") === "number") await context.clock.setSystemTime(new Date(at));
  else await context.clock.install({ time: new Date(at) });
  const errors = watchErrors(page);
  await openApp(page, path);
  return { page, context, errors };
}

/** Adds all-day time off for `who` (a staff member or a resource) through its dialog on an owner app page. */
export async function addTimeOff(page: Page, who: string, [first, last]: [string, string], reason: string) {
  await page.getByRole("button", { name: `Add time off for ${who}` }).click();
  const dialog = page.getByRole("dialog", { name: `Time off for ${who}` });
  await dialog.getByLabel("First day").fill(first);
  await dialog.getByLabel("Last day").fill(last);
  await dialog.getByLabel("Reason (only your team sees it)").fill(reason);
  await dialog.getByRole("button", { name: "Add time off" }).click();
}
