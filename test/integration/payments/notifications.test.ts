import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { ownerToken } from "../../helpers/factories";
import { cronAt, linkStaffUser, outboxTo, parseIcs, reminderJobs } from "../notifications/support";
import { webhookEndpoint, deliveriesFor } from "../../helpers/booking";
import { book, bookingBody, bookingOf, heldBooking, intentObject, paidBooking, payingTenant, sendEvent, stripeEvent } from "./support";

// Payments (design.md §21) meet notifications (§17): a booking held for payment tells nobody and
// schedules no reminder; the payment that confirms it gives it exactly what a confirmed create
// gets (confirmation with manage link and .ics, notices, reminders, booking.created); a released
// hold stays quiet and cancels any reminder job; a cancellation's money wording is in the
// two-part cancellation e-mail.

const NOW = "2031-05-01T12:00:00.000Z";
const PAID_AT = new Date("2031-05-01T12:05:00.000Z");
const START = "2031-05-14T10:00:00";
/** 10:00 in New York (the factories' zone) on 2031-05-14 = 14:00Z. */
const START_MS = Date.parse("2031-05-14T14:00:00Z");
const HOUR = 3_600_000;

const businessAddress = (slug: string) => `hello-${slug}@example.test`;
const kinds = (rows: { kind: string }[]) => rows.map((r) => r.kind).sort();

/** A reminder job as the notifications code writes it; a held booking never gets one, this stands for a stray. */
async function strayReminder(bookingId: string) {
  const t = new Date().toISOString();
  await testDb()
    .insert(schema.jobs)
    .values({
      id: newId("job"),
      kind: "booking.reminder",
      tenantId: (await bookingOf(bookingId)).tenantId,
      idempotencyKey: `${bookingId}:${START_MS}:24h`,
      payload: { bookingId, hours: 24, startAt: START_MS },
      status: "pending",
      attempts: 0,
      nextAttemptAt: new Date(START_MS - 24 * HOUR).toISOString(),
      createdAt: t,
      updatedAt: t,
    });
}

describe("a booking held for payment and the notifications", () => {
  it("tells nobody and schedules no reminder until paid; the payment then gives it what a confirmed create gets, once", async () => {
    const held = await heldBooking({ now: NOW, start: START });
    const staffUser = await linkStaffUser(held.tenant.id, held.staff.id);
    await webhookEndpoint(held.tenant.id);
    const business = businessAddress(held.tenant.slug);
    expect(await outboxTo(held.email)).toHaveLength(0);
    expect(await outboxTo(business)).toHaveLength(0);
    expect(await outboxTo(staffUser.email)).toHaveLength(0);
    expect(await reminderJobs(held.booking.id)).toHaveLength(0);
    expect(await deliveriesFor(held.tenant.id)).toHaveLength(0);

    const event = stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id));
    expect((await sendEvent(event, { at: PAID_AT, pinClock: true })).status).toBe(200);
    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "confirmed" });

    const [mail, ...more] = await outboxTo(held.email);
    expect(more).toHaveLength(0);
    expect(mail.kind).toBe("booking.confirmed");
    const code = held.booking.confirmationCode;
    expect(mail.textBody).toContain(`/book?slug=${held.tenant.slug}&code=${code}`);
    expect(mail.htmlBody).toContain(`/book?slug=${held.tenant.slug}&amp;code=${code}`);
    expect(mail.attachments?.map((a) => a.filename)).toEqual(["invite.ics"]);
    const ics = parseIcs(mail.attachments![0].content);
    expect(ics).toMatchObject({ method: "REQUEST", sequence: 0, start: START_MS, end: START_MS + HOUR });
    expect(ics.uid).toMatch(new RegExp(`^${held.booking.id}@`));
    expect(kinds(await outboxTo(business))).toEqual(["notice.booking_created"]);
    expect(kinds(await outboxTo(staffUser.email))).toEqual(["notice.booking_created"]);
    const [reminder, ...others] = await reminderJobs(held.booking.id);
    expect(others).toHaveLength(0);
    expect(reminder).toMatchObject({ status: "pending", nextAttemptAt: new Date(START_MS - 24 * HOUR).toISOString() });
    expect((await deliveriesFor(held.tenant.id)).map((d) => d.eventType).sort()).toEqual(["booking.created", "payment.succeeded"]);

    // Stripe delivering it again changes nothing.
    expect((await sendEvent(event, { at: PAID_AT, pinClock: true })).status).toBe(200);
    expect(await outboxTo(held.email)).toHaveLength(1);
    expect(await outboxTo(business)).toHaveLength(1);
    expect(await reminderJobs(held.booking.id)).toHaveLength(1);
    expect(await deliveriesFor(held.tenant.id)).toHaveLength(2);

    // A confirmed create at a business that takes no payment tells the same people the same things.
    const plain = await payingTenant({ tenant: { requirePayment: false } });
    const body = bookingBody(plain.service.id, plain.staff.id, START);
    expect((await book(plain.tenant.slug, body, { now: NOW })).status).toBe(201);
    expect(kinds(await outboxTo(body.customer.email))).toEqual(kinds([mail]));
    expect(kinds(await outboxTo(businessAddress(plain.tenant.slug)))).toEqual(["notice.booking_created"]);
  });

  it("a hold released by the cron tells nobody, cancels any reminder job, and the cron's test scope keeps other businesses' holds", async () => {
    const held = await heldBooking({ now: NOW, start: START });
    const other = await heldBooking({ now: NOW, start: START });
    await webhookEndpoint(held.tenant.id);
    await strayReminder(held.booking.id);

    await cronAt("2031-05-01T12:30:00.000Z", held.tenant.id);
    expect(await bookingOf(held.booking.id)).toMatchObject({ status: "cancelled", cancelReason: "payment_not_completed" });
    expect((await reminderJobs(held.booking.id)).map((j) => j.status)).toEqual(["cancelled"]);
    expect(await outboxTo(held.email)).toHaveLength(0);
    expect(await outboxTo(businessAddress(held.tenant.slug))).toHaveLength(0);
    expect(await deliveriesFor(held.tenant.id)).toHaveLength(0);
    // Another business's hold, ended at that instant too, is not this test's to release.
    expect(await bookingOf(other.booking.id)).toMatchObject({ status: "pending" });
  });

  it("an unpaid pending booking cancelled by the customer tells nobody and cancels any reminder job", async () => {
    const held = await heldBooking({ now: NOW, start: START });
    await strayReminder(held.booking.id);
    const res = await post(`/api/public/booking/${held.booking.confirmationCode}/cancel`, {}, { now: "2031-05-01T12:03:00Z" });
    expect(res.status).toBe(200);
    expect((await reminderJobs(held.booking.id)).map((j) => j.status)).toEqual(["cancelled"]);
    expect(await outboxTo(held.email)).toHaveLength(0);
    expect(await outboxTo(businessAddress(held.tenant.slug))).toHaveLength(0);
  });

  it("a held booking that is moved tells nobody; its confirmation names the new time and reminds for it", async () => {
    const held = await heldBooking({ now: NOW, start: START });
    await webhookEndpoint(held.tenant.id);
    const moved = await post(
      `/api/public/booking/${held.booking.confirmationCode}/reschedule`,
      { newStartDatetime: "2031-05-14T12:00:00" },
      { now: "2031-05-01T12:02:00Z" },
    );
    expect(moved.status).toBe(200);
    expect(await outboxTo(held.email)).toHaveLength(0);
    expect(await outboxTo(businessAddress(held.tenant.slug))).toHaveLength(0);
    expect(await reminderJobs(held.booking.id)).toHaveLength(0);
    expect(await deliveriesFor(held.tenant.id)).toHaveLength(0);

    await sendEvent(stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id)), { at: PAID_AT, pinClock: true });
    const [mail] = await outboxTo(held.email);
    expect(mail.kind).toBe("booking.confirmed");
    expect(mail.textBody).toContain("12:00\u201313:00 (America/New_York time)");
    const newStart = START_MS + 2 * HOUR;
    expect(parseIcs(mail.attachments![0].content)).toMatchObject({ start: newStart, sequence: 1 });
    expect((await reminderJobs(held.booking.id)).map((j) => j.nextAttemptAt)).toEqual([new Date(newStart - 24 * HOUR).toISOString()]);
  });

  it("the business confirming a held booking gives it the confirmation, notices and reminders", async () => {
    const held = await heldBooking({ now: NOW, start: START });
    await webhookEndpoint(held.tenant.id);
    const at = new Date("2031-05-01T12:02:00Z");
    const token = await ownerToken(held.tenant.ownerId, held.tenant.id, "owner", at);
    const res = await patch(`/api/bookings/${held.booking.id}/status`, { status: "confirmed" }, { token, now: at });
    expect(res.status).toBe(200);
    expect(kinds(await outboxTo(held.email))).toEqual(["booking.confirmed"]);
    expect(kinds(await outboxTo(businessAddress(held.tenant.slug)))).toEqual(["notice.booking_created"]);
    expect(await reminderJobs(held.booking.id)).toHaveLength(1);
    expect((await deliveriesFor(held.tenant.id)).map((d) => d.eventType).sort()).toEqual(["booking.created", "booking.status_changed"]);
  });
});

describe("a paid booking's cancellation e-mail", () => {
  it("says what happens to the money in the two-part layout, with the cancel.ics, and cancels the reminders", async () => {
    const paid = await paidBooking({ now: NOW, start: START });
    expect(await reminderJobs(paid.booking.id)).toHaveLength(1);
    const res = await post(`/api/public/booking/${paid.booking.confirmationCode}/cancel`, {}, { now: "2031-05-02T12:00:00Z" });
    expect(res.body.data).toMatchObject({ status: "cancelled", refund: { amount: 1200, currency: "EUR", status: "pending" } });

    const mail = (await outboxTo(paid.email, "booking.cancelled"))[0];
    expect(mail.textBody).toContain("Your booking is cancelled");
    expect(mail.textBody).toContain("We are refunding €12.00 to your card.");
    expect(mail.htmlBody).toContain("We are refunding €12.00 to your card.");
    expect(mail.htmlBody).toMatch(/^<!doctype html>/);
    expect(mail.textBody).toContain(`/book?slug=${paid.tenant.slug}&code=${paid.booking.confirmationCode}`);
    expect(parseIcs(mail.attachments![0].content)).toMatchObject({ method: "CANCEL", sequence: 1 });
    expect((await reminderJobs(paid.booking.id)).map((j) => j.status)).toEqual(["cancelled"]);
    // The business's notice says the booking was cancelled; the customer's money is the customer's e-mail's.
    expect(kinds(await outboxTo(businessAddress(paid.tenant.slug)))).toEqual(["notice.booking_cancelled", "notice.booking_created"]);
  });
});
