import { describe, expect, it } from "vitest";
import { get, post } from "../../helpers/api";
import { ownerToken } from "../../helpers/factories";
import { outboxMails } from "../../helpers/mail";
import {
  bookingTexts,
  bookWithTexts,
  cronAt,
  incomingText,
  optedOut,
  type Salon,
  smsJobs,
  textingSalon,
  textRecords,
  textsTo,
  uniquePhone,
} from "./support";

// Reminders by text and the customer's replies (design.md §27). New York, April 2031 (EDT, UTC-4).

const NOW = "2031-04-01T12:00:00Z";
const START = "2031-04-10T10:00:00";
const START_MS = Date.parse("2031-04-10T14:00:00Z");
/** The 24-hour reminder is due at 2031-04-09 14:00Z. */
const DUE = new Date(START_MS - 24 * 3_600_000);
const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000).toISOString();

/** A booking with consent, its confirmation sent, and its reminder sent by the cron at its time. */
async function reminded(s: Salon, phone = uniquePhone(), start = START) {
  const b = await bookWithTexts(s, start, NOW, { phone, email: `r-${phone.slice(2)}@example.test` });
  await cronAt(plus(new Date(NOW), 1), s.tenant.id);
  await cronAt(DUE, s.tenant.id); // the sms.reminder job writes the text...
  await cronAt(plus(DUE, 1), s.tenant.id); // ...which the next run sends
  return { ...b, phone };
}

const reminders = async (phone: string) => (await textsTo(phone)).filter((t) => t.body.includes("reminder,"));

describe("text reminders", () => {
  it("go out once at start − 24 h, even under overlapping cron runs, ending with the reply words", async () => {
    const s = await textingSalon();
    const phone = uniquePhone();
    const b = await bookWithTexts(s, START, NOW, { phone });
    const [job] = await smsJobs(s.tenant.id, "sms.reminder");
    expect(job).toMatchObject({ status: "pending", nextAttemptAt: DUE.toISOString() });
    await cronAt(plus(DUE, -1), s.tenant.id);
    expect(await reminders(phone)).toHaveLength(0);
    await Promise.all([cronAt(DUE, s.tenant.id), cronAt(DUE, s.tenant.id), cronAt(plus(DUE, 0.01), s.tenant.id)]);
    await Promise.all([cronAt(plus(DUE, 1), s.tenant.id), cronAt(plus(DUE, 1), s.tenant.id)]);
    await cronAt(plus(DUE, 2), s.tenant.id);
    const sent = await reminders(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toBe(
      `Business ${s.tenant.slug}: reminder, Thu 10 Apr at 10:00. http://127.0.0.1:8787/b/${b.code} Reply Y to confirm or N to cancel.`,
    );
    expect((await textRecords(phone)).filter((r) => r.template === "reminder")).toHaveLength(1);
  });

  it("are not sent for a cancelled booking, nor while the business has reminder texts off", async () => {
    const s = await textingSalon();
    const phone = uniquePhone();
    const b = await bookWithTexts(s, START, NOW, { phone });
    const off = await textingSalon({ tenant: { smsReminders: false } });
    const other = uniquePhone();
    await bookWithTexts(off, START, NOW, { phone: other });
    expect((await post(`/api/public/booking/${b.code}/cancel`, {}, { now: NOW })).status).toBe(200);
    for (const id of [s.tenant.id, off.tenant.id]) {
      await cronAt(DUE, id);
      await cronAt(plus(DUE, 1), id);
    }
    expect(await reminders(phone)).toHaveLength(0);
    expect(await reminders(other)).toHaveLength(0);
  });
});

describe("replies to a reminder (POST /api/webhooks/sms)", () => {
  it("Y confirms the booking (the owner sees 'Confirmed by client') and the reply says so; a redelivery changes nothing twice", async () => {
    const s = await textingSalon();
    const b = await reminded(s);
    const reply = await incomingText({ From: b.phone, Body: "Yes" }, { now: plus(DUE, 30) });
    expect(reply.res.status).toBe(200);
    expect(reply.res.body).toEqual({ data: { received: true } });
    expect((await bookingTexts(b.id)).customerConfirmedAt).toBe(plus(DUE, 30));
    await incomingText({ From: b.phone, Body: "Yes", MessageSid: reply.messageSid }, { now: plus(DUE, 31) });
    expect((await bookingTexts(b.id)).customerConfirmedAt).toBe(plus(DUE, 30));
    await cronAt(plus(DUE, 32), s.tenant.id);
    const replies = (await textsTo(b.phone)).filter((t) => t.body.includes("thank you"));
    expect(replies).toHaveLength(1);
    expect(replies[0].body).toBe(`Business ${s.tenant.slug}: thank you, your booking on Thu 10 Apr 2031 at 10:00 is confirmed.`);
    const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(plus(DUE, 33)));
    const detail = await get(`/api/bookings/${b.id}`, { token, now: plus(DUE, 33) });
    expect(detail.body.data.customerConfirmedAt).toBe(plus(DUE, 30));
    expect(detail.body.data.history.map((h: { action: string }) => h.action)).toContain("booking.customer_confirmed");
    // The customer's record shows the text received too.
    const record = await get(`/api/customers/${detail.body.data.customerId}`, { token, now: plus(DUE, 33) });
    const received = record.body.data.texts.messages.filter((m: { direction: string }) => m.direction === "in");
    expect(received).toEqual([expect.objectContaining({ kind: "confirm", body: "Yes", status: "received" })]);
  });

  it("N cancels as the customer (the refund rules apply, the e-mail goes) and one text says what happened", async () => {
    const s = await textingSalon();
    const b = await reminded(s);
    const res = await incomingText({ From: b.phone, Body: "n" }, { now: plus(DUE, 30) });
    expect(res.res.status).toBe(200);
    expect((await bookingTexts(b.id)).status).toBe("cancelled");
    await cronAt(plus(DUE, 31), s.tenant.id);
    const after30 = (await textsTo(b.phone)).filter((t) => t.body.includes("cancelled"));
    expect(after30.map((t) => t.body)).toEqual([
      `Business ${s.tenant.slug}: your booking on Thu 10 Apr 2031 at 10:00 is cancelled as you asked.`,
    ]);
    expect((await outboxMails(`r-${b.phone.slice(2)}@example.test`, "booking.cancelled")).length).toBe(1);
  });

  it("CANCEL is Twilio's opt-out word: it stops every text to the number and never cancels the booking", async () => {
    const s = await textingSalon();
    const b = await reminded(s);
    await incomingText({ From: b.phone, Body: "CANCEL" }, { now: plus(DUE, 30) });
    expect((await bookingTexts(b.id)).status).toBe("confirmed");
    expect(await optedOut(b.phone)).toBe(true);
    // A later text to that number, from any business, is suppressed, never sent.
    const other = await textingSalon();
    await bookWithTexts(other, START, NOW, { phone: b.phone });
    await cronAt(plus(new Date(NOW), 1), other.tenant.id);
    const [suppressed] = (await textRecords(b.phone)).filter((r) => r.tenantId === other.tenant.id);
    expect(suppressed).toMatchObject({ status: "suppressed", error: "opted_out" });
    expect((await smsJobs(other.tenant.id))[0]).toMatchObject({ status: "suppressed" });
    expect((await textsTo(b.phone)).filter((t) => t.body.startsWith(`Business ${other.tenant.slug}`))).toEqual([]);
  });

  it("a reply from a number with no reminder in the last 48 hours changes nothing and gets one plain answer", async () => {
    const s = await textingSalon();
    const b = await reminded(s); // its reminder went at DUE + 1 min
    const late = await incomingText({ From: b.phone, Body: "Y" }, { now: plus(DUE, 48 * 60 + 5) });
    expect(late.res.status).toBe(200);
    expect((await bookingTexts(b.id)).customerConfirmedAt).toBeNull();
    // A second message right after gets no second answer (an auto-responder cannot start a loop).
    await incomingText({ From: b.phone, Body: "Y" }, { now: plus(DUE, 48 * 60 + 6) });
    await cronAt(plus(DUE, 48 * 60 + 7), s.tenant.id);
    const answers = (await textsTo(b.phone)).filter((t) => t.body.includes("no appointment is waiting"));
    expect(answers).toHaveLength(1);
    // Anything else within the window gets the help text.
    const c = await reminded(s, uniquePhone(), "2031-04-10T12:00:00");
    await incomingText({ From: c.phone, Body: "What time again?" }, { now: plus(DUE, 40) });
    await cronAt(plus(DUE, 41), s.tenant.id);
    expect((await textsTo(c.phone)).filter((t) => t.body.includes("reply Y or N to our last reminder"))).toHaveLength(1);
  });
});
