import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { schema } from "../../../src/db/client";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { allWeek, type WeeklyHours } from "../../helpers/bookable";
import { bookableSalon } from "../../helpers/booking";
import { type TenantOverrides, uniq } from "../../helpers/factories";
import { outboxRows } from "../../helpers/outbox";

export { cronAt } from "../notifications/support";

// The waitlist (design.md §28) as customers and owners meet it: joins through the public API with
// the request clock pinned (dates far ahead), offer jobs performed by the real cron entry point
// at that instant and confined to the test's business, e-mails read from the outbox.

/** The request clock of these tests, and the date their windows lie on (America/New_York). */
export const NOW = "2031-03-03T12:00:00Z";
export const DAY = "2031-03-10";

export const ALL_WEEK = allWeek;

/** A business with a 60-minute "Cut" performed by Sam and Kim (hours as given, 09:00-17:00 by default). */
export async function salon(opts: { samHours?: WeeklyHours; tenant?: TenantOverrides } = {}) {
  const s = await bookableSalon({
    tenant: opts.tenant,
    tokensAt: NOW,
    services: { service: { name: "Cut", durationMinutes: 60, price: 4500 }, other: { name: "Colour", durationMinutes: 60, price: 9000 } },
    staff: { sam: { displayName: "Sam", hours: opts.samHours }, kim: { displayName: "Kim" } },
  });
  return { tenant: s.tenant, ...s.services, ...s.staff };
}
export type Salon = Awaited<ReturnType<typeof salon>>;

export const waiterEmail = () => `wait-${uniq()}${uniq()}@example.test`;

export type Window = { date: string; from: string; to: string };

export function joinBody(
  serviceId: string,
  windows: Window[],
  extra: { staffProfileId?: string; email?: string; smsOptIn?: boolean; phone?: string } = {},
) {
  return {
    serviceId,
    ...(extra.staffProfileId ? { staffProfileId: extra.staffProfileId } : {}),
    windows,
    customer: { firstName: "Wendy", lastName: "Waits", email: extra.email ?? waiterEmail(), phone: extra.phone, smsOptIn: extra.smsOptIn },
  };
}

/** Joins and expects 201; the entry's id, manage link (and its secret) and e-mail. */
export async function join(s: Salon, windows: Window[], extra: Parameters<typeof joinBody>[2] & { serviceId?: string; now?: string } = {}) {
  const body = joinBody(extra.serviceId ?? s.service.id, windows, extra);
  const res = await post(`/api/public/${s.tenant.slug}/waitlist`, body, { now: extra.now ?? NOW });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const manageUrl = res.body.data.manageUrl as string;
  return {
    id: res.body.data.id as string,
    manageUrl,
    token: new URL(manageUrl).searchParams.get("waitlist") ?? "",
    email: body.customer.email,
  };
}

/** The waitlist offers e-mailed to `to`, oldest first (the outbox rows the job wrote). */
export async function offersTo(to: string) {
  return outboxRows(testDb(), to, "waitlist.offer");
}

/** The booking link of an offer e-mail, parsed. */
export function offerLinkOf(email: { textBody: string | null }) {
  const match = /Book it here: (\S+)/.exec(email.textBody ?? "");
  if (!match) throw new Error("no booking link in the offer");
  return new URL(match[1]);
}

export async function entryRow(id: string) {
  const [row] = await testDb().select().from(schema.waitlistEntries).where(sql`id = ${id}`);
  return row;
}

export async function offerJobs(tenantId: string) {
  return testDb().select().from(schema.jobs).where(sql`tenant_id = ${tenantId} AND kind = 'waitlist.offer'`).orderBy(schema.jobs.createdAt);
}

/** Books through the public API at NOW; 201 expected. */
export async function book(s: Salon, staffId: string, start: string, email = waiterEmail(), serviceId = s.service.id) {
  const res = await post(
    `/api/public/${s.tenant.slug}/bookings`,
    { serviceId, staffProfileId: staffId, startDatetime: start, customer: { firstName: "Bo", lastName: "Booker", email } },
    { now: NOW },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id as string, code: res.body.data.confirmationCode as string, email };
}
