import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { book, cronAt, DAY, entryRow, join, NOW, offerJobs, offerLinkOf, offersTo, salon } from "./support";

// design.md §28: the first to book an offered time gets it through the normal create and its
// atomic guard; the others find it gone and stay waiting. The job decides what is free when it
// runs, and offers a freed time to five entries at a time, the next five 15 minutes later.

const TEN = `${DAY}T10:00:00`;
const hour = [{ date: DAY, from: "10:00", to: "11:00" }];

/** A salon where only Sam works (09:00-17:00) and Sam's 10:00 is booked. */
async function fullHour() {
  const s = await salon();
  await book(s, s.kim.id, TEN);
  const booking = await book(s, s.sam.id, TEN);
  return { s, booking };
}

/** `n` customers join the waitlist for Sam's full hour, oldest first; then the booking is cancelled and the offer job runs. */
async function freedForWaiting(n: number) {
  const { s, booking } = await fullHour();
  const entries: Awaited<ReturnType<typeof join>>[] = [];
  for (let i = 0; i < n; i++) entries.push(await join(s, hour));
  await post(`/api/public/booking/${booking.code}/cancel`, {}, { now: NOW });
  await cronAt(NOW, s.tenant.id);
  return { s, booking, entries };
}

/** Books the time an offer e-mail links to, as the booking page would, for that customer. */
function bookFromOffer(slug: string, link: URL, email: string) {
  const q = link.searchParams;
  return post(
    `/api/public/${slug}/bookings`,
    {
      serviceId: q.get("service"),
      staffProfileId: q.get("staff"),
      startDatetime: `${q.get("date")}T${q.get("time")}:00`,
      customer: { firstName: "Wendy", email },
    },
    { now: NOW },
  );
}

describe("offers and the race for an offered time", () => {
  it("two customers racing for one offered time: one 201, one 409 slot_taken; the winner's entry ends, the loser's stays waiting", async () => {
    const { s, entries } = await freedForWaiting(2);
    const [first, second] = entries;
    const [a] = await offersTo(first.email);
    const [b] = await offersTo(second.email);
    const answers = await Promise.all([
      bookFromOffer(s.tenant.slug, offerLinkOf(a), first.email),
      bookFromOffer(s.tenant.slug, offerLinkOf(b), second.email),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = answers.find((r) => r.status === 409);
    expect(lost?.body.error.code).toBe("slot_taken");
    const winner = answers[0].status === 201 ? first : second;
    const loser = winner === first ? second : first;
    expect(await entryRow(winner.id)).toMatchObject({ status: "booked", bookingId: answers.find((r) => r.status === 201)?.body.data.id });
    expect(await entryRow(loser.id)).toMatchObject({ status: "waiting", bookingId: null });
  });

  it("offers nothing for a time taken before the job runs", async () => {
    const { s, booking } = await fullHour();
    const waiting = await join(s, hour);
    await post(`/api/public/booking/${booking.code}/cancel`, {}, { now: NOW });
    // Someone not on the waitlist books the freed hour first.
    await book(s, s.sam.id, TEN);
    await cronAt(NOW, s.tenant.id);
    expect(await offersTo(waiting.email)).toHaveLength(0);
    const [job] = await offerJobs(s.tenant.id);
    expect(job).toMatchObject({ status: "done", result: { offered: 0, more: false } });
    expect((await entryRow(waiting.id)).status).toBe("waiting");
  });

  it("offers the oldest five first, and the next ones 15 minutes later only while the time is still free", async () => {
    const { s, booking, entries } = await freedForWaiting(7);
    const offered = async () => (await Promise.all(entries.map(async (e) => (await offersTo(e.email)).length))).join("");
    expect(await offered()).toBe("1111100");
    // Not yet due one minute later.
    await cronAt(new Date(Date.parse(NOW) + 60_000), s.tenant.id);
    expect(await offered()).toBe("1111100");
    await cronAt(new Date(Date.parse(NOW) + 15 * 60_000), s.tenant.id);
    expect(await offered()).toBe("1111111");
    // Nobody is offered the same freed time twice.
    await cronAt(new Date(Date.parse(NOW) + 30 * 60_000), s.tenant.id);
    expect(await offered()).toBe("1111111");
    const jobs = await offerJobs(s.tenant.id);
    expect(jobs.map((j) => [j.idempotencyKey, j.status])).toEqual([
      [`cancel:${booking.id}`, "done"],
      [`cancel:${booking.id}#2`, "done"],
    ]);
  });

  it("gives the next five nothing when the time was booked during the first round", async () => {
    const { s, entries } = await freedForWaiting(6);
    const [offer] = await offersTo(entries[2].email);
    expect((await bookFromOffer(s.tenant.slug, offerLinkOf(offer), entries[2].email)).status).toBe(201);
    await cronAt(new Date(Date.parse(NOW) + 15 * 60_000), s.tenant.id);
    expect(await offersTo(entries[5].email)).toHaveLength(0);
    expect((await entryRow(entries[2].id)).status).toBe("booked");
    const rows = await testDb().select().from(schema.waitlistEntries).where(sql`tenant_id = ${s.tenant.id} AND status = 'waiting'`);
    expect(rows).toHaveLength(5);
  });

  it("ends an entry when its customer books a matching time on their own, and not for a time outside its windows", async () => {
    const s = await salon();
    const morning = await join(s, hour);
    await book(s, s.sam.id, `${DAY}T15:00:00`, morning.email);
    expect((await entryRow(morning.id)).status).toBe("waiting");
    const created = await book(s, s.sam.id, TEN, morning.email);
    expect(await entryRow(morning.id)).toMatchObject({ status: "booked", bookingId: created.id });
  });
});
