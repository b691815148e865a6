import { and, asc, eq, sql } from "drizzle-orm";
import twilio from "twilio";
import { expect } from "vitest";
import { schema } from "../../../src/db/client";
import { type CallOptions, call, patch } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, type TenantOverrides, uniq } from "../../helpers/factories";
import { newId } from "../../../src/lib/ids";
import { signToken } from "../../../src/lib/jwt";
import { captured, workerEnv } from "../../helpers/worker-entry";
import { bookableTenant } from "../../helpers/booking";

// Texts as customers and businesses meet them (design.md §27): bookings through the API, the real
// cron entry point at a pinned instant (cronAt), Twilio stood in for by the capture server, which
// records every send and answers status reads, and inbound texts signed with the official twilio
// package's helper, as Twilio signs them.

export { cronAt } from "../notifications/support";

const env = workerEnv as typeof workerEnv & { TWILIO_AUTH_TOKEN: string; TWILIO_ACCOUNT_SID: string; JWT_SECRET: string };

/** Where Twilio posts texts to: the public base (PUBLIC_BASE_URL is unset in the test pool) + the path. */
export const SMS_WEBHOOK_URL = "http://127.0.0.1:8787/api/webhooks/sms";

const AREAS = ["202", "212", "312", "415", "617", "718"];
const digits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join("");

/** A US mobile number of its own per test, E.164 (every test's texts are told apart by their number). */
export function uniquePhone(): string {
  const area = AREAS[crypto.getRandomValues(new Uint8Array(1))[0] % AREAS.length];
  return `+1${area}${2 + (crypto.getRandomValues(new Uint8Array(1))[0] % 8)}${digits(6)}`;
}

/** The same number as a customer in the business's country types it: "(212) 555-0143". */
export const typedUs = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

/** A business that sends texts: a US salon on `plan` (pro: 500 a month), confirmations and reminders on. */
export async function textingSalon(opts: { tenant?: TenantOverrides; reminderHours?: number[] } = {}) {
  return bookableTenant({
    tenant: {
      countryCode: "US",
      plan: "pro",
      smsConfirmations: true,
      smsReminders: true,
      reminderHours: opts.reminderHours ?? [24],
      ...opts.tenant,
    },
  });
}

export type Salon = Awaited<ReturnType<typeof textingSalon>>;

/** A public booking at the pinned instant `now` ("" = wall time) with the customer's consent to texts (unless `smsOptIn: false`). */
export async function bookWithTexts(
  s: Salon,
  start: string,
  now: string,
  customer: { phone?: string; smsOptIn?: boolean; email?: string } = {},
) {
  const res = await call("POST", `/api/public/${s.tenant.slug}/bookings`, {
    now: now || undefined,
    body: {
      serviceId: s.service.id,
      staffProfileId: s.staff.id,
      startDatetime: start,
      customer: {
        firstName: "Ada",
        lastName: "Lovelace",
        email: customer.email ?? `texts-${uniq()}${uniq()}@example.test`,
        phone: customer.phone,
        smsOptIn: customer.smsOptIn ?? true,
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id as string, code: res.body.data.confirmationCode as string };
}

export type SentText = { to: string; from: string | undefined; body: string; status: number; path: string };

/** What the Twilio stand-in received for `to` (E.164), oldest first. */
export async function textsTo(to: string): Promise<SentText[]> {
  const sends = await captured({ pathPrefix: "/twilio/", bodyContains: `To=${encodeURIComponent(to)}` });
  return sends
    .filter((r) => r.method === "POST")
    .map((r) => {
      const f = new URLSearchParams(r.body);
      return { to: f.get("To") ?? "", from: f.get("From") ?? undefined, body: f.get("Body") ?? "", status: r.status, path: r.path };
    });
}

/** Everything the business's record holds of texts to or from `phone`, oldest first. */
export async function textRecords(phone: string) {
  return testDb().select().from(schema.smsMessages).where(eq(schema.smsMessages.phone, phone)).orderBy(asc(schema.smsMessages.createdAt));
}

export async function smsJobs(tenantId: string, kind = "sms") {
  return testDb()
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.tenantId, tenantId), eq(schema.jobs.kind, kind)))
    .orderBy(asc(schema.jobs.createdAt));
}

export async function optedOut(phone: string) {
  const rows = await testDb().select().from(schema.smsOptOuts).where(eq(schema.smsOptOuts.phone, phone));
  return rows.length > 0;
}

export async function bookingTexts(id: string) {
  const [row] = await testDb()
    .select({
      smsOptIn: schema.bookings.smsOptIn,
      smsPhone: schema.bookings.smsPhone,
      smsPhoneTyped: schema.bookings.smsPhoneTyped,
      status: schema.bookings.status,
      customerConfirmedAt: schema.bookings.customerConfirmedAt,
    })
    .from(schema.bookings)
    .where(sql`id = ${id}`);
  return row;
}

/** A text from `from` to the platform's number, signed as Twilio signs it (or with `signature`). */
export async function incomingText(
  params: { From: string; Body: string; MessageSid?: string },
  opts: { signature?: string; now?: string | Date; token?: string } & Pick<CallOptions, "ip"> = {},
) {
  const form: Record<string, string> = {
    MessageSid: params.MessageSid ?? `SM${uniq()}${uniq()}${uniq()}${uniq()}`,
    AccountSid: env.TWILIO_ACCOUNT_SID,
    From: params.From,
    To: "+15005550006",
    Body: params.Body,
    NumSegments: "1",
  };
  const signature = opts.signature ?? twilio.getExpectedTwilioSignature(opts.token ?? env.TWILIO_AUTH_TOKEN, SMS_WEBHOOK_URL, form);
  const res = await call("POST", "/api/webhooks/sms", {
    rawBody: new URLSearchParams(form).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    now: opts.now,
    ip: opts.ip,
  });
  return { res, messageSid: form.MessageSid, form, signature };
}

/** Turns the business's texts on or off through the owner API. */
export async function textSettings(s: Salon, fields: { smsConfirmations?: boolean; smsReminders?: boolean }) {
  const res = await patch("/api/businesses/me", fields, { token: s.tenant.token });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** An operator's token valid at the pinned instant `now` (admin tokens live 4 hours). */
export async function adminAt(now: string) {
  const admin = await createAdmin();
  const { token } = await signToken(
    env.JWT_SECRET,
    { sub: admin.id, sid: newId("ses"), aud: "super_admin", email: admin.email, name: "Ada Admin" },
    4 * 3600,
    new Date(now),
  );
  return { ...admin, token };
}
