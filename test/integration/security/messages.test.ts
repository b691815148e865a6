import { asRendered } from "../../helpers/mail";
import { describe, expect, it } from "vitest";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createService } from "../../helpers/factories";
import { eventually } from "../../helpers/worker-entry";
import { customerEmail, outboxTo, parseIcs, salon, sentTo } from "../notifications/support";
import { tenantOutboxRows } from "../../helpers/outbox";

// design.md §31 / issue #33 (low): control characters typed into a booking reached e-mail subjects
// and .ics lines; one address could be sent unlimited branded confirmations from our domain; the
// notices to the business and staff carried the confirmation code.

const NOW = "2031-06-01T12:00:00Z";
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const create = (
  slug: string,
  serviceId: string,
  staffId: string,
  start: string,
  customer: Record<string, string>,
  /** null: the wall clock (what the queue consumer sends on). */
  now: string | null = NOW,
) =>
  post(`/api/public/${slug}/bookings`, { serviceId, staffProfileId: staffId, startDatetime: start, customer }, { now: now ?? undefined });

describe("control characters (design.md §31)", () => {
  it("a guest's name with CR/LF, NUL and ESC reaches no e-mail subject and no .ics line", async () => {
    const s = await salon();
    const service = await createService(s.tenant.id, { name: "Cut\u001b[31m deluxe", durationMinutes: 60 });
    const email = customerEmail();
    const res = await create(s.tenant.slug, service.id, s.staff.id, "2031-06-10T10:00:00", {
      firstName: "Ada\r\nBcc: everyone@example.test",
      lastName: "Love\u0000lace\u007f",
      email,
    });
    expect(res.status).toBe(201);

    const [confirmation] = await outboxTo(email, "booking.confirmed");
    expect(confirmation.subject).toBe(`Booking confirmed: Cut[31m deluxe at Business ${s.tenant.slug}`);
    const notices = (await tenantOutboxRows(testDb(), s.tenant.id)).filter((m) => m.kind === "notice.booking_created").map(asRendered);
    expect(notices.length).toBeGreaterThan(0);
    for (const n of notices) {
      expect(n.subject).not.toMatch(CONTROL);
      expect(n.subject).toContain("AdaBcc: everyone@example.test Lovelace");
    }

    const ics = parseIcs(confirmation.attachments![0].content);
    // Every line ends in CRLF and holds no other control character.
    for (const line of ics.text.split("\r\n")) expect(line).not.toMatch(CONTROL);
    expect(ics.summary).toBe(`Cut[31m deluxe with Sam at Business ${s.tenant.slug}`);
  });
});

describe("notices to the business and staff (design.md §31)", () => {
  it("carry the booking's details but never its confirmation code", async () => {
    const s = await salon();
    const email = customerEmail();
    const res = await create(s.tenant.slug, s.service.id, s.staff.id, "2031-06-10T11:00:00", { firstName: "Bo", email });
    expect(res.status).toBe(201);
    const code = res.body.data.confirmationCode as string;
    const notices = (await tenantOutboxRows(testDb(), s.tenant.id)).filter((m) => m.kind.startsWith("notice.")).map(asRendered);
    expect(notices.length).toBeGreaterThan(0);
    for (const n of notices) {
      expect(n.textBody).toContain("Bo");
      for (const part of [n.subject, n.textBody, n.htmlBody]) expect(part).not.toContain(code);
    }
    // The customer's own confirmation still carries it.
    expect((await outboxTo(email, "booking.confirmed"))[0].textBody).toContain(code);
  });
});

describe("confirmations per recipient (design.md §31)", () => {
  it("one address gets at most 10 booking confirmations an hour across the platform; the rest are suppressed, never sent", async () => {
    // Wall-clock requests (the queue consumer sends on wall time); the booking window is opened wide.
    const first = await salon({ tenant: { maxAdvanceDays: 36_500 } });
    const second = await salon({ tenant: { maxAdvanceDays: 36_500 } });
    const victim = customerEmail();
    const startedAt = Date.now();
    // The abuse path: anyone books with someone else's address, over and over, at several businesses.
    for (let i = 0; i < 11; i++) {
      const s = i % 2 === 0 ? first : second;
      const hour = String(9 + Math.floor(i / 2)).padStart(2, "0");
      const who = { firstName: "X", email: victim };
      const res = await create(s.tenant.slug, s.service.id, s.staff.id, `2031-06-10T${hour}:00:00`, who, null);
      expect(res.status, res.text).toBe(201);
    }
    const rows = await outboxTo(victim, "booking.confirmed");
    expect(rows).toHaveLength(11);
    expect(rows.slice(0, 10).every((r) => r.status !== "suppressed")).toBe(true);
    expect(rows[10]).toMatchObject({ status: "suppressed", lastError: expect.stringContaining("suppressed") });

    // The queue sends the first ten and never the eleventh.
    // What the provider was asked to deliver to the victim (notices to the businesses name the address too).
    const confirmations = async () =>
      (await sentTo(victim)).filter((m) => m.to.includes(victim) && m.subject.startsWith("Booking confirmed"));
    await eventually(async () => ((await confirmations()).length >= 10 ? true : undefined), 15_000, "ten confirmations sent");
    const sent = await confirmations();
    expect(sent).toHaveLength(10);
    expect(sent.map((m) => m.idempotencyKey)).not.toContain(rows[10].id);
    expect((await outboxTo(victim, "booking.confirmed"))[10].status).toBe("suppressed");

    // An hour later the address is sent confirmations again.
    const later = new Date(startedAt + 61 * 60_000).toISOString();
    const again = await create(
      first.tenant.slug,
      first.service.id,
      first.staff.id,
      "2031-06-11T09:00:00",
      { firstName: "X", email: victim },
      later,
    );
    expect(again.status).toBe(201);
    const [last] = (await outboxTo(victim, "booking.confirmed")).slice(-1);
    expect(last.status).not.toBe("suppressed");
  });
});
