import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { ownerToken } from "../../helpers/factories";
import { eventually } from "../../helpers/worker-entry";
import { bookingRow } from "../../helpers/booking";
import { bookWithTexts, textingSalon, textRecords, typedUs, uniquePhone } from "./support";

// design.md §25 with §27: the data a business hands a customer names the texts it sent them (what and
// when, never the words) and the number each booking's texts went to. New York, April 2031.

const NOW = "2031-04-01T12:00:00Z";

describe("GET /api/customers/:id/export with texts", () => {
  it("lists the texts sent to the customer beside the e-mails, and the number each booking texted", async () => {
    const s = await textingSalon();
    const phone = uniquePhone();
    const booked = await bookWithTexts(s, "2031-04-10T10:00:00", NOW, { phone: typedUs(phone) });
    const [record] = await eventually(
      async () => {
        const rows = await textRecords(phone);
        return rows.length > 0 ? rows : undefined;
      },
      10_000,
      "the confirmation text",
    );
    const customerId = (await bookingRow(booked.id)).customerId!;
    const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(NOW));

    const res = await get(`/api/customers/${customerId}/export`, { token, now: NOW });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.bookings).toHaveLength(1);
    expect(d.bookings[0]).toMatchObject({ id: booked.id, smsPhone: phone, guestPhone: typedUs(phone) });
    const texts = d.messages.filter((m: { channel: string }) => m.channel === "sms");
    expect(texts.length).toBeGreaterThan(0);
    expect(texts[0]).toEqual({
      kind: expect.any(String),
      channel: "sms",
      status: expect.any(String),
      createdAt: expect.any(String),
      sentAt: expect.toBeOneOf([null, expect.any(String)]),
    });
    expect(d.messages.some((m: { channel: string }) => m.channel === "email")).toBe(true);
    // Never the words of a text.
    expect(res.text).not.toContain(record.body);
  });
});
