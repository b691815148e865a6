import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, schema } from "../../../src/db/client";
import { loadConfig } from "../../../src/config";
import { dispatchDue } from "../../../src/services/outbox/dispatch";
import { outboxKinds } from "../../../src/services/outbox/kinds";
import { workerEnv } from "../../helpers/worker-entry";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { book, cronAt, parseIcs, reminderJobs, reminders, salon, script, unscript } from "./support";

// Reminders (design.md §17) through the real scheduled handler at pinned instants, sent to the
// provider (the capture server). The business is in New York (EDT, UTC-4, in May 2031).

const NOW = "2031-05-01T12:00:00Z";
/** 2031-05-03 09:00 New York = 13:00Z; its 24-hour reminder is due at 2031-05-02 13:00Z. */
const START = "2031-05-03T09:00:00";
const START_MS = Date.parse("2031-05-03T13:00:00Z");
const DUE = new Date(START_MS - 24 * 3_600_000);
const at = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);

describe("booking reminders", () => {
  it("go out exactly at start − 24 h, once, with a REQUEST .ics of the booking", async () => {
    const s = await salon();
    const b = await book(s, START, NOW);
    const [job] = await reminderJobs(b.id);
    expect(job).toMatchObject({
      status: "pending",
      nextAttemptAt: DUE.toISOString(),
      payload: { bookingId: b.id, hours: 24, startAt: START_MS },
    });

    await cronAt(at(DUE, -0.001), s.tenant.id);
    expect(await reminders(b.email)).toHaveLength(0);

    await cronAt(DUE, s.tenant.id);
    const sent = await reminders(b.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toEqual([b.email]);
    expect(sent[0].idempotencyKey).toBe(job.idempotencyKey);
    expect(sent[0].subject).toBe(`Reminder: Cut at Business ${s.tenant.slug}, Sat 3 May 2031, 09:00`);
    expect(sent[0].text).toContain("Your appointment is tomorrow");
    expect(sent[0].text).toContain("Sat 3 May 2031, 09:00\u201310:00 (America/New_York time)");
    expect(sent[0].text).toContain(`/book?slug=${s.tenant.slug}&code=${b.code}`);
    const ics = parseIcs(sent[0].attachments![0].content);
    expect(ics).toMatchObject({ method: "REQUEST", sequence: 0, start: START_MS, end: START_MS + 3_600_000 });
    expect(ics.uid).toMatch(new RegExp(`^${b.id}@`));

    // Later ticks find nothing more to do.
    await cronAt(at(DUE, 60), s.tenant.id);
    await cronAt(at(DUE, 3600), s.tenant.id);
    expect(await reminders(b.email)).toHaveLength(1);
    expect((await reminderJobs(b.id))[0]).toMatchObject({ status: "done", attempts: 1, result: { sent: true } });
  });

  it("overlapping cron runs send one e-mail", async () => {
    const s = await salon();
    const b = await book(s, START, NOW);
    await Promise.all([cronAt(DUE, s.tenant.id), cronAt(DUE, s.tenant.id), cronAt(at(DUE, 1), s.tenant.id)]);
    expect(await reminders(b.email)).toHaveLength(1);
  });

  it("a booking made inside a reminder's window does not get that reminder; other offsets still come", async () => {
    const s = await salon({ reminderHours: [48, 2] });
    // Made 30 h before the start: the 48-hour reminder's time has passed, the 2-hour one has not.
    const b = await book(s, START, new Date(START_MS - 30 * 3_600_000).toISOString());
    const jobs = await reminderJobs(b.id);
    expect(jobs.map((j) => (j.payload as { hours: number }).hours)).toEqual([2]);
    await cronAt(new Date(START_MS - 2 * 3_600_000), s.tenant.id);
    const sent = await reminders(b.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain("Your appointment is in 2 hours");
  });

  it("a move after the reminder schedules one for the new time, with the next SEQUENCE", async () => {
    const s = await salon();
    const b = await book(s, START, NOW);
    await cronAt(DUE, s.tenant.id);
    expect(await reminders(b.email)).toHaveLength(1);

    // Moved two days later, an hour after the first reminder went out.
    const moved = await post(
      `/api/public/booking/${b.code}/reschedule`,
      { newStartDatetime: "2031-05-05T11:00:00" },
      { now: at(DUE, 3600) },
    );
    expect(moved.status).toBe(200);
    const newStart = Date.parse("2031-05-05T15:00:00Z");
    const newDue = new Date(newStart - 24 * 3_600_000);
    const jobs = await reminderJobs(b.id);
    expect(jobs.map((j) => j.status)).toEqual(["done", "pending"]);
    expect(jobs[1].nextAttemptAt).toBe(newDue.toISOString());

    await cronAt(at(newDue, -1), s.tenant.id);
    expect(await reminders(b.email)).toHaveLength(1);
    await cronAt(newDue, s.tenant.id);
    const sent = await reminders(b.email);
    expect(sent).toHaveLength(2);
    const ics = parseIcs(sent[1].attachments![0].content);
    expect(ics).toMatchObject({ method: "REQUEST", sequence: 1, start: newStart });
    expect(ics.uid).toBe(parseIcs(sent[0].attachments![0].content).uid);
  });

  it("a move before the reminder cancels the old one; moving back revives it", async () => {
    const s = await salon();
    const b = await book(s, START, NOW);
    const move = (to: string) => post(`/api/public/booking/${b.code}/reschedule`, { newStartDatetime: to }, { now: NOW });
    expect((await move("2031-05-04T09:00:00")).status).toBe(200);
    expect((await reminderJobs(b.id)).map((j) => j.status)).toEqual(["cancelled", "pending"]);
    // Nothing at the old time.
    await cronAt(DUE, s.tenant.id);
    expect(await reminders(b.email)).toHaveLength(0);
    expect((await move(START)).status).toBe(200);
    expect((await reminderJobs(b.id)).map((j) => j.status).sort()).toEqual(["cancelled", "pending"]);
    await cronAt(at(DUE, 60), s.tenant.id);
    expect(await reminders(b.email)).toHaveLength(1);
  });

  it("a cancelled booking gets no reminder", async () => {
    const s = await salon();
    const b = await book(s, START, NOW);
    expect((await post(`/api/public/booking/${b.code}/cancel`, {}, { now: at(DUE, -60) })).status).toBe(200);
    expect((await reminderJobs(b.id))[0].status).toBe("cancelled");
    await cronAt(DUE, s.tenant.id);
    expect(await reminders(b.email)).toHaveLength(0);
  });

  it("checks the booking at send time: one no longer confirmed, or an offset the business dropped, is skipped", async () => {
    const s = await salon({ reminderHours: [24, 3] });
    const b = await book(s, START, NOW);
    // Changed behind the jobs' back (an owner status change keeps no reminder for a completed visit).
    await testDb()
      .update(schema.tenants)
      .set({ reminderHours: [3] })
      .where(eq(schema.tenants.id, s.tenant.id));
    await cronAt(DUE, s.tenant.id);
    expect(await reminders(b.email)).toHaveLength(0);
    expect((await reminderJobs(b.id)).find((j) => j.status === "done")?.result).toEqual({ skipped: "turned_off" });
    await testDb().update(schema.bookings).set({ status: "no_show" }).where(eq(schema.bookings.id, b.id));
    await cronAt(new Date(START_MS - 3 * 3_600_000), s.tenant.id);
    expect(await reminders(b.email)).toHaveLength(0);
    expect((await reminderJobs(b.id)).map((j) => j.result)).toEqual([{ skipped: "turned_off" }, { skipped: "not_confirmed" }]);
  });

  it("after an outage the cron catches up, but never reminds of an appointment that has begun", async () => {
    const s = await salon();
    const early = await book(s, "2031-05-03T09:00:00", NOW);
    const late = await book(s, "2031-05-03T15:00:00", NOW);
    // No cron ran from 2031-05-02 12:00Z until 2031-05-03 14:00Z: the 09:00 appointment (13:00Z) has begun.
    await cronAt("2031-05-03T14:00:00Z", s.tenant.id);
    expect(await reminders(early.email)).toHaveLength(0);
    expect(await reminders(late.email)).toHaveLength(1);
    expect((await reminderJobs(early.id))[0]).toMatchObject({ status: "done", result: { skipped: "started" } });
  });

  it("a provider down for 10 minutes delays the reminder: none lost, none doubled", async () => {
    const s = await salon();
    const b = await book(s, START, NOW);
    const outage = { pathPrefix: "/email", bodyContains: `Reminder: Cut at Business ${s.tenant.slug}` };
    await script(
      outage,
      Array.from({ length: 50 }, () => ({ status: 503 })),
    );
    // A tick every minute; the provider comes back after 10 minutes.
    for (let minute = 0; minute <= 30; minute++) {
      if (minute === 10) await unscript(outage);
      await cronAt(at(DUE, minute * 60), s.tenant.id);
    }
    const tries = await reminders(b.email);
    const delivered = tries.filter((t) => t.status === 200);
    expect(delivered).toHaveLength(1);
    expect(tries.length).toBeGreaterThan(1);
    expect(tries.filter((t) => t.status === 503).length).toBe(tries.length - 1);
    expect(new Set(tries.map((t) => t.idempotencyKey)).size).toBe(1);
    const [job] = await reminderJobs(b.id);
    expect(job).toMatchObject({ status: "done", attempts: tries.length, lastError: null });
    expect(Date.parse(job.doneAt!)).toBeGreaterThanOrEqual(at(DUE, 600).getTime());
  });

  it("a run that died holding a reminder is taken over after the stuck timeout and sends it once", async () => {
    const s = await salon();
    const b = await book(s, START, NOW);
    const [job] = await reminderJobs(b.id);
    // A cron run claimed it at the due time and was evicted before recording anything.
    await testDb()
      .update(schema.jobs)
      .set({ status: "sending", attempts: 1, lockedAt: DUE.toISOString() })
      .where(eq(schema.jobs.id, job.id));
    await cronAt(at(DUE, 60), s.tenant.id);
    expect(await reminders(b.email)).toHaveLength(0);
    await cronAt(at(DUE, 6 * 60), s.tenant.id);
    await cronAt(at(DUE, 7 * 60), s.tenant.id);
    const sent = await reminders(b.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].idempotencyKey).toBe(job.idempotencyKey);
    expect((await reminderJobs(b.id))[0]).toMatchObject({ status: "done", attempts: 2 });
  });

  it("24 hours before means 24 elapsed hours, also across a DST change (09:00 the morning after spring-forward)", async () => {
    // Berlin: clocks go from 02:00 CET to 03:00 CEST in the night to Sunday 30 March 2031.
    const s = await salon({ tenant: { timezone: "Europe/Berlin" } });
    const b = await book(s, "2031-03-30T09:00:00", "2031-03-20T12:00:00Z");
    const start = Date.parse("2031-03-30T07:00:00Z");
    // 24 real hours earlier is 07:00Z on the 29th = 08:00 CET, one wall-clock hour earlier than 09:00.
    const due = new Date("2031-03-29T07:00:00Z");
    expect((await reminderJobs(b.id))[0].nextAttemptAt).toBe(due.toISOString());
    await cronAt(new Date("2031-03-29T06:59:59Z"), s.tenant.id);
    expect(await reminders(b.email)).toHaveLength(0);
    await cronAt(due, s.tenant.id);
    const sent = await reminders(b.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain("Sun 30 Mar 2031, 09:00\u201310:00 (Europe/Berlin time)");
    expect(parseIcs(sent[0].attachments![0].content).start).toBe(start);
  });

  it("a run takes a bounded batch; the backlog goes out over the next runs, each once", async () => {
    const s = await salon();
    const made = [];
    for (const start of ["2031-05-03T09:00:00", "2031-05-03T11:00:00", "2031-05-03T13:00:00"]) made.push(await book(s, start, NOW));
    const config = loadConfig(workerEnv);
    const kinds = outboxKinds(config).filter((k) => k.name === "booking.reminder");
    const run = (at: Date) => dispatchDue(createDb(config), kinds, () => at, { tenantId: s.tenant.id, limit: 2 });
    const late = new Date("2031-05-02T20:00:00Z");
    expect((await run(late))["booking.reminder"]).toMatchObject({ claimed: 2, done: 2 });
    expect((await run(at(late, 60)))["booking.reminder"]).toMatchObject({ claimed: 1, done: 1 });
    expect((await run(at(late, 120)))["booking.reminder"]).toMatchObject({ claimed: 0 });
    for (const b of made) expect(await reminders(b.email)).toHaveLength(1);
  });
});
