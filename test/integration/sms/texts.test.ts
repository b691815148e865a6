import { describe, expect, it } from "vitest";
import { countSegments } from "../../../src/domain/sms/segments";
import { get, post } from "../../helpers/api";
import { eventually } from "../../helpers/worker-entry";
import { fetchWithEnv } from "../../helpers/worker-fetch";
import { ownerToken } from "../../helpers/factories";
import { bookingTexts, bookWithTexts, cronAt, smsJobs, textingSalon, textRecords, textsTo, typedUs, uniquePhone } from "./support";

// Texts about bookings (design.md §27), sent through the real queue consumer to the Twilio stand-in.

const NOW = "2031-04-01T12:00:00Z";
const START = "2031-04-10T10:00:00";
const SOON = "2031-04-01T12:01:00Z";

describe("texts about a booking", () => {
  it("confirm a booking to a customer who agreed: the number read by the business's country, the business, local time and short link", async () => {
    // Wall-clock request (the queue consumer runs on wall time); the appointment is years ahead.
    const s = await textingSalon({ tenant: { maxAdvanceDays: 36_500 } });
    const phone = uniquePhone();
    const b = await bookWithTexts(s, START, "", { phone: typedUs(phone) });
    expect(await bookingTexts(b.id)).toMatchObject({ smsOptIn: true, smsPhone: phone, smsPhoneTyped: typedUs(phone) });
    const [text] = await eventually(
      async () => ((await textsTo(phone)).length ? textsTo(phone) : undefined),
      10_000,
      "the confirmation text",
    );
    expect(text).toMatchObject({ to: phone, from: "+15005550006", status: 201 });
    expect(text.body).toBe(
      `Business ${s.tenant.slug}: your booking on Thu 10 Apr 2031 at 10:00 is confirmed. Manage it: http://127.0.0.1:8787/b/${b.code}`,
    );
    expect(countSegments(text.body).segments).toBeLessThanOrEqual(2);
    const [record] = await eventually(async () => {
      const rows = await textRecords(phone);
      return rows[0]?.status === "queued" ? rows : undefined;
    });
    expect(record).toMatchObject({ direction: "out", template: "confirmation", tenantId: s.tenant.id, bookingId: b.id, segments: 1 });
    expect(record.providerSid).toMatch(/^SM/);
    expect(record.customerId).not.toBeNull();
    // The owner sees it on the customer's record, with the number it went to.
    const customer = await get(`/api/customers/${record.customerId}`, { token: s.tenant.token });
    expect(customer.body.data.texts).toMatchObject({ e164: phone, problem: null, optedOut: false, hasMore: false });
    expect(customer.body.data.texts.messages).toEqual([
      expect.objectContaining({ direction: "out", kind: "confirmation", status: "queued", body: text.body, bookingId: b.id }),
    ]);
    const page = await get(`/api/customers/${record.customerId}/messages?limit=1`, { token: s.tenant.token });
    expect(page.body.data.map((m: { id: string }) => m.id)).toEqual([record.id]);
    const detail = await get(`/api/bookings/${b.id}`, { token: s.tenant.token });
    expect(detail.body.data.texts).toEqual({ optIn: true, phone: typedUs(phone), e164: phone, problem: null });
  });

  it("send nothing without consent, and nothing to a number that does not parse, which the owner is told about", async () => {
    const s = await textingSalon();
    const phone = uniquePhone();
    const none = await bookWithTexts(s, START, NOW, { phone, smsOptIn: false });
    const bad = await bookWithTexts(s, "2031-04-10T12:00:00", NOW, { phone: "12345" });
    expect(await bookingTexts(bad.id)).toMatchObject({ smsOptIn: true, smsPhone: null, smsPhoneTyped: "12345" });
    expect(await smsJobs(s.tenant.id)).toEqual([]);
    expect(await textsTo(phone)).toEqual([]);
    const detail = await get(`/api/bookings/${bad.id}`, { token: s.tenant.token });
    expect(detail.body.data.texts.problem).toBe(
      '"12345" is not a phone number that can be read as a number of United States (numbers of other countries need + and the country code).',
    );
    expect((await get(`/api/bookings/${none.id}`, { token: s.tenant.token })).body.data.texts.problem).toBe(
      "The customer did not agree to texts about this booking.",
    );
  });

  it("record the front desk's spoken consent and text the move and the cancellation", async () => {
    const s = await textingSalon();
    const phone = uniquePhone();
    const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(NOW));
    const made = await post(
      "/api/bookings",
      {
        serviceId: s.service.id,
        staffProfileId: s.staff.id,
        startDatetime: START,
        source: "phone",
        customer: { firstName: "Grace", phone: typedUs(phone), smsOptIn: true },
      },
      { token, now: NOW },
    );
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    expect((await post(`/api/bookings/${id}/reschedule`, { newStartDatetime: "2031-04-10T14:00:00" }, { token, now: NOW })).status).toBe(
      200,
    );
    expect((await post(`/api/bookings/${id}/cancel`, { reason: "Closed" }, { token, now: NOW })).status).toBe(200);
    await cronAt(SOON, s.tenant.id);
    const texts = await textsTo(phone);
    expect(texts).toHaveLength(3);
    const bodies = texts.map((t) => t.body);
    expect(bodies.some((b) => b.includes("is confirmed"))).toBe(true);
    expect(bodies.some((b) => b.includes("is moved to Thu 10 Apr 2031 at 14:00"))).toBe(true);
    expect(bodies.some((b) => b.includes("on Thu 10 Apr 2031 at 14:00 is cancelled"))).toBe(true);
    expect((await textRecords(phone)).map((r) => r.template).sort()).toEqual(["cancelled", "confirmation", "moved"]);
  });

  it("are not written at all while texts are not configured", async () => {
    const s = await textingSalon();
    const phone = uniquePhone();
    const res = await fetchWithEnv(
      { TWILIO_ACCOUNT_SID: "", TWILIO_AUTH_TOKEN: "", SMS_FROM: "" },
      "POST",
      `/api/public/${s.tenant.slug}/bookings`,
      {
        body: {
          serviceId: s.service.id,
          staffProfileId: s.staff.id,
          startDatetime: START,
          customer: { firstName: "Ada", email: `off-${phone.slice(2)}@example.test`, phone, smsOptIn: true },
        },
        headers: { "x-test-now": NOW },
      },
    );
    expect(res.status).toBe(201);
    expect(await textRecords(phone)).toEqual([]);
    expect(await smsJobs(s.tenant.id, "sms.reminder")).toEqual([]);
  });
});
