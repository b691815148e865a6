import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createStaff, createTenant } from "../../helpers/factories";
import { eventually } from "../../helpers/worker-entry";
import { book, customerEmail, linkStaffUser, outboxTo, parseIcs, salon, sentTo } from "./support";

// What customers, the business and its staff receive when a booking is made, moved or cancelled
// (design.md §17): read from the outbox as written in the change's batch, and from the provider.

const NOW = "2031-06-01T12:00:00Z";
const START = "2031-06-10T10:00:00"; // New York, EDT: 14:00Z
const START_MS = Date.parse("2031-06-10T14:00:00Z");

function icsOf(mail: { attachments: { filename: string; content: string }[] | null }) {
  expect(mail.attachments).toHaveLength(1);
  return { filename: mail.attachments![0].filename, ...parseIcs(mail.attachments![0].content) };
}

describe("customer e-mails about a booking", () => {
  it("confirmation: text and HTML parts, brand, local time with its zone, manage link, REQUEST .ics, no internal ids", async () => {
    const s = await salon({
      tenant: { businessName: "Chez <b>Zoë</b> & Co", templateAccent: "#0f766e", addressLine1: "1 Main St", city: "Springfield" },
    });
    const b = await book(s, START, NOW);
    const [mail] = await outboxTo(b.email, "booking.confirmed");
    expect(mail.subject).toBe("Booking confirmed: Cut at Chez <b>Zoë</b> & Co");
    const manage = `http://127.0.0.1:8787/book?slug=${s.tenant.slug}&code=${b.code}`;
    for (const body of [mail.textBody, mail.htmlBody.replace(/&amp;/g, "&")]) {
      expect(body).toContain(manage);
      expect(body).toContain("Tue 10 Jun 2031, 10:00\u201311:00 (America/New_York time)");
      expect(body).toContain(b.code);
      expect(body).toContain("Sam");
      expect(body).toContain("1 Main St, Springfield");
      for (const id of [b.id, s.tenant.id, s.service.id, s.staff.id]) expect(body).not.toContain(id);
    }
    expect(mail.textBody).toContain("Chez <b>Zoë</b> & Co");
    expect(mail.htmlBody).toContain("Chez &lt;b&gt;Zoë&lt;/b&gt; &amp; Co");
    expect(mail.htmlBody).not.toContain("<b>Zoë");
    expect(mail.htmlBody).toContain("background:#0f766e");

    const ics = icsOf(mail);
    expect(ics).toMatchObject({ filename: "invite.ics", method: "REQUEST", sequence: 0, start: START_MS, end: START_MS + 3_600_000 });
    expect(ics.startZone).toBe("UTC");
    expect(ics.stamp).toBe(Date.parse(NOW));
    expect(ics.uid).toBe(`${b.id}@127.0.0.1`);
    expect(ics.summary).toBe("Cut with Sam at Chez <b>Zoë</b> & Co");
    expect(ics.organizer).toMatch(/^mailto:/);
    expect(ics.attendee).toBe(`mailto:${b.email}`);
    expect(ics.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  });

  it("a move sends REQUEST with the same UID and a higher SEQUENCE; a cancellation sends CANCEL with the next one", async () => {
    const s = await salon();
    const b = await book(s, START, NOW);
    const moved = await post(`/api/public/booking/${b.code}/reschedule`, { newStartDatetime: "2031-06-11T13:00:00" }, { now: NOW });
    expect(moved.status).toBe(200);
    const again = await post(`/api/public/booking/${b.code}/reschedule`, { newStartDatetime: "2031-06-12T13:00:00" }, { now: NOW });
    expect(again.status).toBe(200);
    expect((await post(`/api/public/booking/${b.code}/cancel`, { reason: "ill" }, { now: NOW })).status).toBe(200);

    const mails = await outboxTo(b.email);
    expect(mails.map((m) => m.kind)).toEqual(["booking.confirmed", "booking.rescheduled", "booking.rescheduled", "booking.cancelled"]);
    const icss = mails.map(icsOf);
    expect(icss.map((i) => [i.method, i.sequence])).toEqual([
      ["REQUEST", 0],
      ["REQUEST", 1],
      ["REQUEST", 2],
      ["CANCEL", 3],
    ]);
    expect(new Set(icss.map((i) => i.uid)).size).toBe(1);
    expect(icss[1].start).toBe(Date.parse("2031-06-11T17:00:00Z"));
    expect(icss[3]).toMatchObject({ filename: "cancel.ics", status: "CANCELLED", start: Date.parse("2031-06-12T17:00:00Z") });
    expect(mails[1].textBody).toContain("Was: Tue 10 Jun 2031, 10:00\u201311:00 (America/New_York time)");
    for (const m of mails) expect(m.textBody).toContain(`/book?slug=${s.tenant.slug}&code=${b.code}`);
    const [row] = await testDb().select().from(schema.bookings).where(eq(schema.bookings.id, b.id));
    expect(row.sequence).toBe(3);
  });

  it("the provider receives the .ics as a Resend attachment (filename + base64 content) through the queue", async () => {
    // Wall-clock request (the queue consumer runs on wall time); the appointment is years ahead, so
    // the booking window (design.md §16, 365 days by default) is opened wide.
    const s = await salon({ tenant: { maxAdvanceDays: 36_500 } });
    const email = customerEmail();
    const res = await post(`/api/public/${s.tenant.slug}/bookings`, {
      serviceId: s.service.id,
      staffProfileId: s.staff.id,
      startDatetime: START,
      customer: { firstName: "Ada", email },
    });
    expect(res.status).toBe(201);
    const [sent] = await eventually(async () => {
      const got = await sentTo(email);
      return got.length ? got : undefined;
    });
    expect(sent.subject).toContain("Booking confirmed");
    expect(sent.text).toBeTruthy();
    expect(sent.html).toContain("<!doctype html>");
    expect(sent.attachments).toEqual([{ filename: "invite.ics", content: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) }]);
    expect(parseIcs(sent.attachments![0].content)).toMatchObject({ method: "REQUEST", sequence: 0, start: START_MS });
  });
});

describe("notices to the business and the staff member", () => {
  it("a new booking notifies the business's notification address and the staff member's user, once each", async () => {
    const notify = customerEmail();
    const s = await salon({ tenant: { notificationEmail: notify } });
    const staffUser = await linkStaffUser(s.tenant.id, s.staff.id);
    const b = await book(s, START, NOW);
    for (const to of [notify, staffUser.email]) {
      const mails = await outboxTo(to);
      expect(mails.map((m) => m.kind)).toEqual(["notice.booking_created"]);
      expect(mails[0].subject).toBe("New booking: Ada Lovelace, Cut, Tue 10 Jun 2031, 10:00");
      expect(mails[0].textBody).toContain(b.email);
      expect(mails[0].textBody).toContain("+1 555 0100");
      expect(mails[0].textBody).toContain("Window seat");
      expect(mails[0].textBody).toContain("Tue 10 Jun 2031, 10:00\u201311:00 (America/New_York time)");
      expect(mails[0].htmlBody).toContain("<!doctype html>");
    }
    // The business e-mail is not used when a notification address is set.
    expect(await outboxTo(`hello-${s.tenant.slug}@example.test`)).toHaveLength(0);
  });

  it("without a notification address the business e-mail gets it; a staff user with the same address gets one e-mail", async () => {
    const s = await salon();
    const business = `hello-${s.tenant.slug}@example.test`;
    await linkStaffUser(s.tenant.id, s.staff.id, business.toUpperCase());
    await book(s, START, NOW);
    expect((await outboxTo(business)).map((m) => m.kind)).toEqual(["notice.booking_created"]);
  });

  it("a move to another staff member tells the business, the new and the previous staff member; a cancellation too", async () => {
    const s = await salon();
    const other = await createStaff(s.tenant.id, { displayName: "Kim" });
    const sam = await linkStaffUser(s.tenant.id, s.staff.id);
    const kim = await linkStaffUser(s.tenant.id, other.id);
    const business = `hello-${s.tenant.slug}@example.test`;
    const b = await book(s, START, NOW);
    const moved = await post(
      `/api/public/booking/${b.code}/reschedule`,
      { newStartDatetime: "2031-06-11T12:00:00", staffProfileId: other.id },
      { now: NOW },
    );
    expect(moved.status).toBe(200);
    for (const to of [business, sam.email]) {
      expect((await outboxTo(to)).map((m) => m.kind)).toEqual(["notice.booking_created", "notice.booking_rescheduled"]);
    }
    const [kimMove] = await outboxTo(kim.email);
    expect(kimMove.kind).toBe("notice.booking_rescheduled");
    expect(kimMove.textBody).toContain("With: Kim");
    expect(kimMove.textBody).toContain("Was: Tue 10 Jun 2031, 10:00\u201311:00 (America/New_York time) with Sam");

    expect((await post(`/api/public/booking/${b.code}/cancel`, { reason: "Secret note" }, { now: NOW })).status).toBe(200);
    const cancelled = await outboxTo(kim.email, "notice.booking_cancelled");
    expect(cancelled).toHaveLength(1);
    // A public cancel's free text never reaches an inbox (design.md §18).
    expect(cancelled[0].textBody).not.toContain("Secret note");
    expect(await outboxTo(sam.email, "notice.booking_cancelled")).toHaveLength(0);
    expect(await outboxTo(business, "notice.booking_cancelled")).toHaveLength(1);
  });

  it("an owner cancellation through the status route notifies too, and a removed member is not told", async () => {
    const s = await salon();
    const sam = await linkStaffUser(s.tenant.id, s.staff.id);
    await testDb().update(schema.tenantMembers).set({ isActive: false }).where(eq(schema.tenantMembers.userId, sam.userId));
    const b = await book(s, START, NOW);
    const res = await patch(`/api/bookings/${b.id}/status`, { status: "cancelled" }, { token: s.tenant.token });
    expect(res.status).toBe(200);
    expect(await outboxTo(sam.email)).toHaveLength(0);
    expect((await outboxTo(`hello-${s.tenant.slug}@example.test`)).map((m) => m.kind).sort()).toEqual([
      "notice.booking_cancelled",
      "notice.booking_created",
    ]);
    const [cancel] = await outboxTo(b.email, "booking.cancelled");
    expect(icsOf(cancel)).toMatchObject({ method: "CANCEL", sequence: 1 });
  });
});

describe("linking a staff profile to a member account (owner API)", () => {
  it("accepts an active member of the business, refuses anyone else, and the member then gets the notices", async () => {
    const s = await salon();
    const member = await createMember(s.tenant.id, "staff");
    const outsider = await createMember((await createTenant()).id, "staff");
    const refused = await patch(`/api/staff/${s.staff.id}`, { userId: outsider.userId }, { token: s.tenant.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fieldErrors.userId).toBeDefined();
    const linked = await patch(`/api/staff/${s.staff.id}`, { userId: member.userId }, { token: s.tenant.token });
    expect(linked.status).toBe(200);
    expect(linked.body.data.userId).toBe(member.userId);
    await book(s, START, NOW);
    expect((await outboxTo(member.email)).map((m) => m.kind)).toEqual(["notice.booking_created"]);
    const unlinked = await patch(`/api/staff/${s.staff.id}`, { userId: null }, { token: s.tenant.token });
    expect(unlinked.body.data.userId).toBeNull();
  });
});
