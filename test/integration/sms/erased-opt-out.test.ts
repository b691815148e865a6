import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { del, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { ownerToken } from "../../helpers/factories";
import { bookingRow } from "../../helpers/booking";
import {
  adminAt,
  bookingTexts,
  bookWithTexts,
  cronAt,
  incomingText,
  optedOut,
  smsJobs,
  textingSalon,
  textRecords,
  textsTo,
  uniquePhone,
} from "./support";

// design.md §25 with §27: a customer who replied STOP and whose data the business then erased is
// never texted again, by any business, yet the platform no longer holds their number in plain
// form: the opt-out is kept as the number's hash. New York, April 2031.

const NOW = "2031-04-01T12:00:00Z";
const ERASE_AT = "2031-04-01T13:00:00Z";
const LATER = "2031-04-02T12:00:00Z";
const START = "2031-04-10T10:00:00";
const plusMinute = (iso: string) => new Date(Date.parse(iso) + 60_000).toISOString();

/** The stored form of a number's opt-out after an erasure, computed here independently of the Worker. */
async function hashOf(e164: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`sms-opt-out:${e164}`));
  return `sha256:${Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

const optOutRows = (keys: string[]) =>
  testDb().all<{ phone: string; keyword: string }>(
    sql`SELECT phone, keyword FROM sms_opt_outs WHERE phone IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );

/** A customer of a texting salon who booked with consent and then replied STOP. */
async function optedOutCustomer() {
  const s = await textingSalon();
  const phone = uniquePhone();
  const b = await bookWithTexts(s, START, NOW, { phone });
  await cronAt(plusMinute(NOW), s.tenant.id); // the confirmation goes out
  await incomingText({ From: phone, Body: "STOP" }, { now: plusMinute(plusMinute(NOW)) });
  expect(await optedOut(phone)).toBe(true);
  const customerId = (await bookingRow(b.id)).customerId!;
  const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(ERASE_AT));
  return { s, phone, booking: b, customerId, token };
}

describe("an erased customer's SMS opt-out", () => {
  it("is kept as the number's hash alone; their texts and bookings lose the number", async () => {
    const c = await optedOutCustomer();
    const erased = await del(`/api/customers/${c.customerId}?cancelUpcoming=true`, { token: c.token, now: ERASE_AT });
    expect(erased.status, erased.text).toBe(200);

    expect(await optOutRows([c.phone, await hashOf(c.phone)])).toEqual([{ phone: await hashOf(c.phone), keyword: "STOP" }]);
    expect(await textRecords(c.phone)).toEqual([]);
    const texts = await testDb().all<{ phone: string; body: string }>(
      sql`SELECT phone, body FROM sms_messages WHERE tenant_id = ${c.s.tenant.id} AND customer_id = ${c.customerId}`,
    );
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((t) => t.phone === "" && t.body === "")).toBe(true);
    expect(await bookingTexts(c.booking.id)).toMatchObject({ smsPhone: null, smsPhoneTyped: "", status: "cancelled" });
  });

  it("still stops every text to the number, from any business, until the number replies START", async () => {
    const c = await optedOutCustomer();
    expect((await del(`/api/customers/${c.customerId}?cancelUpcoming=true`, { token: c.token, now: ERASE_AT })).status).toBe(200);
    const sentBefore = (await textsTo(c.phone)).length;

    // They book again, here and at another business: the texts are written suppressed, never sent.
    const other = await textingSalon();
    await bookWithTexts(c.s, START, LATER, { phone: c.phone });
    await bookWithTexts(other, START, LATER, { phone: c.phone });
    await cronAt(plusMinute(LATER), c.s.tenant.id);
    await cronAt(plusMinute(LATER), other.tenant.id);
    const written = await textRecords(c.phone);
    expect(written.map((r) => [r.tenantId, r.status, r.error])).toEqual(
      expect.arrayContaining([
        [c.s.tenant.id, "suppressed", "opted_out"],
        [other.tenant.id, "suppressed", "opted_out"],
      ]),
    );
    expect(written).toHaveLength(2);
    expect((await smsJobs(other.tenant.id)).map((j) => j.status)).toEqual(["suppressed"]);
    expect(await textsTo(c.phone)).toHaveLength(sentBefore);

    // STOP again changes nothing (no plain number stored again); START opts the number back in.
    await incomingText({ From: c.phone, Body: "STOP" }, { now: plusMinute(plusMinute(LATER)) });
    expect(await optOutRows([c.phone, await hashOf(c.phone)])).toEqual([{ phone: await hashOf(c.phone), keyword: "STOP" }]);
    await incomingText({ From: c.phone, Body: "START" }, { now: plusMinute(plusMinute(plusMinute(LATER))) });
    expect(await optOutRows([c.phone, await hashOf(c.phone)])).toEqual([]);
    const third = await textingSalon();
    const AFTER = "2031-04-03T12:00:00Z";
    await bookWithTexts(third, START, AFTER, { phone: c.phone });
    await cronAt(plusMinute(AFTER), third.tenant.id);
    expect((await textsTo(c.phone)).filter((t) => t.body.startsWith(`Business ${third.tenant.slug}`))).toHaveLength(1);
  });

  it("suppresses another business's text to the number that failed before, so a retry cannot reach them", async () => {
    const c = await optedOutCustomer();
    const other = await textingSalon();
    const db = testDb();
    const t = NOW;
    const messageId = `sms_failed_${other.tenant.id}`;
    const jobId = `job_failed_${other.tenant.id}`;
    await db.run(sql`INSERT INTO sms_messages (id, tenant_id, direction, phone, body, template, status, error, job_id, created_at, updated_at)
      VALUES (${messageId}, ${other.tenant.id}, 'out', ${c.phone}, 'Your visit is confirmed', 'confirmation', 'pending', NULL, ${jobId}, ${t}, ${t})`);
    await db.run(sql`INSERT INTO jobs (id, kind, tenant_id, idempotency_key, payload, status, attempts, next_attempt_at, last_error, created_at, updated_at)
      VALUES (${jobId}, 'sms', ${other.tenant.id}, ${messageId}, ${JSON.stringify({ messageId })}, 'failed', 1, ${t}, 'outcome unknown', ${t}, ${t})`);

    expect((await del(`/api/customers/${c.customerId}?cancelUpcoming=true`, { token: c.token, now: ERASE_AT })).status).toBe(200);
    const [message] = await db.all<{ status: string; error: string }>(sql`SELECT status, error FROM sms_messages WHERE id = ${messageId}`);
    expect(message).toEqual({ status: "suppressed", error: "opted_out" });
    expect((await smsJobs(other.tenant.id)).map((j) => [j.status, j.lastError])).toEqual([["suppressed", "opted_out"]]);
  });

  it("an erased customer's failed text, retried by the operator, sends nothing (its body and number are gone)", async () => {
    const s = await textingSalon();
    const phone = uniquePhone();
    const b = await bookWithTexts(s, START, NOW, { phone });
    const customerId = (await bookingRow(b.id)).customerId!;
    const db = testDb();
    const [job] = await smsJobs(s.tenant.id);
    // The confirmation's send failed (its outcome unknown): a failed job the operator may retry.
    await db.run(sql`UPDATE jobs SET status = 'failed', attempts = 1, last_error = 'outcome unknown' WHERE id = ${job.id}`);
    const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(ERASE_AT));
    expect((await del(`/api/customers/${customerId}?cancelUpcoming=true`, { token, now: ERASE_AT })).status).toBe(200);

    const admin = await adminAt(LATER);
    const retried = await post(`/api/admin/jobs/${job.id}/retry`, undefined, { token: admin.token, now: LATER });
    expect(retried.status, retried.text).toBe(200);
    await cronAt(plusMinute(LATER), s.tenant.id);
    expect(await textsTo(phone)).toEqual([]);
    const [after] = await smsJobs(s.tenant.id);
    expect(after).toMatchObject({ status: "done", result: { skipped: "message_erased" } });
  });
});
