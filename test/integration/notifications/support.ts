import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { expect } from "vitest";
import { handleScheduled } from "../../../src/cron";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { post } from "../../helpers/api";
import { outboxMails } from "../../helpers/mail";
import { testDb } from "../../helpers/db";
import { createTenant, ownerToken, type TenantOverrides, uniq } from "../../helpers/factories";
import { captured, workerEnv } from "../../helpers/worker-entry";
import { bookableTenant } from "../../helpers/booking";

// Notifications as customers, businesses and staff receive them: bookings made through the API
// (with a pinned request clock), the real cron entry point driven at a pinned instant and confined
// to the test's own business, and the e-mail provider (the capture server).

export { captured, script, unscript } from "../../helpers/worker-entry";

/**
 * One tick of the Worker's scheduled handler at `at`, for this business's jobs only (the test
 * database is shared: a tick in 2031 must not take other tests' rows).
 */
export async function cronAt(at: Date | string, tenantId: string) {
  const when = new Date(at);
  const controller = createScheduledController({ scheduledTime: when.getTime(), cron: "* * * * *" });
  const ctx = createExecutionContext();
  await handleScheduled(controller, workerEnv, ctx, () => when, { tenantId });
  await waitOnExecutionContext(ctx);
}

export type SentEmail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: string }[];
  idempotencyKey: string;
  status: number;
};

/** What the provider received for `to`, oldest first. */
export async function sentTo(to: string): Promise<SentEmail[]> {
  return (await captured({ pathPrefix: "/email", bodyContains: to })).map((r) => ({
    ...(JSON.parse(r.body) as Omit<SentEmail, "idempotencyKey" | "status">),
    idempotencyKey: r.headers["idempotency-key"],
    status: r.status,
  }));
}

export const reminders = async (to: string) => (await sentTo(to)).filter((e) => e.subject.startsWith("Reminder:"));

/** Decodes and parses an .ics attachment with ical.js (a maintained parser). */
export function parseIcs(content: string) {
  const text = new TextDecoder().decode(Uint8Array.from(atob(content), (c) => c.charCodeAt(0)));
  const cal = new ICAL.Component(ICAL.parse(text));
  const event = cal.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no VEVENT");
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().getTime();
  return {
    text,
    method: cal.getFirstPropertyValue("method") as string,
    uid: event.getFirstPropertyValue("uid") as string,
    sequence: event.getFirstPropertyValue("sequence") as unknown as number,
    start: time("dtstart"),
    end: time("dtend"),
    stamp: time("dtstamp"),
    startZone: (event.getFirstPropertyValue("dtstart") as ICAL.Time).zone?.tzid,
    summary: event.getFirstPropertyValue("summary") as string,
    organizer: event.getFirstPropertyValue("organizer") as string,
    attendee: event.getFirstPropertyValue("attendee") as string,
    status: event.getFirstPropertyValue("status") as string,
  };
}

/** A business with a 60-minute "Cut" by "Sam" (09:00-17:00 daily), reminders as given. */
export async function salon(opts: { tenant?: TenantOverrides; reminderHours?: number[] } = {}) {
  return bookableTenant({ tenant: { reminderHours: opts.reminderHours ?? [24], ...opts.tenant } });
}

export const customerEmail = () => `cust-${uniq()}${uniq()}@example.test`;

/** A public booking made at the pinned instant `now`, start as tenant-local wall time. */
export async function book(s: Awaited<ReturnType<typeof salon>>, start: string, now: string, email = customerEmail()) {
  const res = await post(
    `/api/public/${s.tenant.slug}/bookings`,
    {
      serviceId: s.service.id,
      staffProfileId: s.staff.id,
      startDatetime: start,
      customer: { firstName: "Ada", lastName: "Lovelace", email, phone: "+1 555 0100", notes: "Window seat" },
    },
    { now },
  );
  expect(res.status).toBe(201);
  return { id: res.body.data.id as string, code: res.body.data.confirmationCode as string, email };
}

export async function reminderJobs(bookingId: string) {
  return testDb()
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.kind, "booking.reminder"), sql`json_extract(payload, '$.bookingId') = ${bookingId}`))
    .orderBy(schema.jobs.nextAttemptAt);
}

/** The outbox e-mails to `to`, oldest first, as the recipient gets them (booking e-mails are stored as facts: asRendered). */
export const outboxTo = (to: string, kind?: string) => outboxMails(to, kind);

/** A user of the business (active membership) linked to the staff profile. */
export async function linkStaffUser(tenantId: string, staffId: string, email = `staff-${uniq()}@example.test`) {
  const db = testDb();
  const userId = newId("usr");
  const t = new Date().toISOString();
  await db.batch([
    db
      .insert(schema.users)
      .values({ id: userId, email, passwordHash: "x", firstName: "Sam", lastName: "Staff", createdAt: t, updatedAt: t }),
    db.insert(schema.tenantMembers).values({ id: newId("mem"), tenantId, userId, role: "staff", createdAt: t }),
    db.update(schema.staffProfiles).set({ userId }).where(eq(schema.staffProfiles.id, staffId)),
  ]);
  return { userId, email };
}

export { createTenant, ownerToken };
