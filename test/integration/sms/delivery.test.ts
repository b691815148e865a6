import { describe, expect, it } from "vitest";
import { get, patch, put } from "../../helpers/api";
import { ownerToken } from "../../helpers/factories";
import { outboxMails } from "../../helpers/mail";
import { script, unscript } from "../../helpers/worker-entry";
import { adminAt, bookWithTexts, cronAt, smsJobs, textingSalon, textRecords, textsTo, uniquePhone } from "./support";

// Delivery (design.md §27): every text a job sent at most once, its status read back by the cron,
// the business's monthly limit exact at its edge.

const NOW = "2031-06-02T12:00:00Z";
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const slot = (hour: number) => `2031-06-20T${String(hour).padStart(2, "0")}:00:00`;
const MESSAGES = "/twilio/2010-04-01/Accounts/ACtest00000000000000000000000000/Messages";

describe("sending texts", () => {
  it("reads the delivery status back after SMS_STATUS_CHECK_MINUTES: delivered, or undelivered with Twilio's reason", async () => {
    const s = await textingSalon();
    const good = uniquePhone();
    const lost = uniquePhone();
    await bookWithTexts(s, slot(10), NOW, { phone: good });
    await bookWithTexts(s, slot(12), NOW, { phone: lost });
    await cronAt(at(1), s.tenant.id);
    const [lostRecord] = await textRecords(lost);
    expect(lostRecord).toMatchObject({ status: "queued", statusCheckAt: at(11) });
    await script({ pathPrefix: `${MESSAGES}/${lostRecord.providerSid}.json` }, [
      {
        status: 200,
        body: { sid: lostRecord.providerSid, status: "undelivered", error_code: 30003, error_message: "Unreachable destination handset" },
      },
    ]);
    await cronAt(at(10), s.tenant.id);
    expect((await textRecords(good))[0].status).toBe("queued");
    await cronAt(at(11), s.tenant.id);
    expect((await textRecords(good))[0]).toMatchObject({ status: "delivered", statusCheckAt: null, statusChecks: 1 });
    expect((await textRecords(lost))[0]).toMatchObject({
      status: "undelivered",
      error: "Twilio 30003: Unreachable destination handset",
      statusCheckAt: null,
    });
    const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(at(12)));
    const customer = await get(`/api/customers/${lostRecord.customerId}`, { token, now: at(12) });
    expect(customer.body.data.texts.messages[0]).toMatchObject({
      status: "undelivered",
      error: "Twilio 30003: Unreachable destination handset",
    });
  });

  it("never sends a text twice: an unknown outcome fails the job for good and lists it with the failed jobs; only 429 is tried again", async () => {
    const s = await textingSalon();
    const unknown = uniquePhone();
    const busy = uniquePhone();
    await script({ pathPrefix: `${MESSAGES}.json`, bodyContains: encodeURIComponent(unknown) }, [{ status: 503, body: { code: 20500 } }]);
    await script({ pathPrefix: `${MESSAGES}.json`, bodyContains: encodeURIComponent(busy) }, [{ status: 429, body: { code: 20429 } }]);
    await bookWithTexts(s, slot(10), NOW, { phone: unknown });
    await bookWithTexts(s, slot(12), NOW, { phone: busy });
    await cronAt(at(1), s.tenant.id);
    await cronAt(at(2), s.tenant.id);
    await cronAt(at(30), s.tenant.id);
    await unscript({ pathPrefix: `${MESSAGES}.json`, bodyContains: encodeURIComponent(unknown) });
    expect(await textsTo(unknown)).toHaveLength(1);
    expect(await textsTo(busy)).toHaveLength(2);
    expect((await textsTo(busy))[1].status).toBe(201);
    const jobs = await smsJobs(s.tenant.id);
    const failed = jobs.filter((j) => j.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0].lastError).toContain("outcome unknown (HTTP 503");
    const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(at(31)));
    const list = await get("/api/businesses/me/failed-jobs", { token, now: at(31) });
    expect(list.body.data).toEqual([expect.objectContaining({ kind: "sms", type: "sms", attempts: 1 })]);
    const [record] = await textRecords(unknown);
    const customer = await get(`/api/customers/${record.customerId}`, { token, now: at(31) });
    expect(customer.body.data.texts.messages[0]).toMatchObject({ status: "failed", error: expect.stringContaining("outcome unknown") });
  });
});

describe("the monthly limit (design.md §27)", () => {
  it("stops texts at the limit exactly, tells the owner once, and counts what was used across a plan change", async () => {
    const admin = await adminAt(NOW);
    const s = await textingSalon();
    expect(
      (await put(`/api/admin/tenants/${s.tenant.id}/sms-limit`, { limit: 2, reason: "test" }, { token: admin.token, now: NOW })).status,
    ).toBe(200);
    const phones = [uniquePhone(), uniquePhone(), uniquePhone(), uniquePhone()];
    for (const [i, phone] of phones.entries()) await bookWithTexts(s, slot(9 + i), NOW, { phone });
    await cronAt(at(1), s.tenant.id);
    expect((await textsTo(phones[0])).length + (await textsTo(phones[1])).length).toBe(2);
    for (const phone of phones.slice(2)) {
      expect(await textsTo(phone)).toEqual([]);
      expect((await textRecords(phone))[0]).toMatchObject({ status: "suppressed", error: "monthly_limit" });
    }
    expect((await smsJobs(s.tenant.id)).map((j) => j.status).sort()).toEqual(["done", "done", "suppressed", "suppressed"]);
    const notices = await outboxMails(s.tenant.ownerEmail, "sms.limit_reached");
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe("Text messages to your customers have stopped for 2031-06");
    const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(at(2)));
    const view = await get("/api/businesses/me/views/settings", { token, now: at(2) });
    expect(view.body.data.sms).toEqual({ limit: 2, usedThisMonth: 2, month: "2031-06" });
    // One more allowed: the next text goes, and the month's count says 3.
    const raised = await put(
      `/api/admin/tenants/${s.tenant.id}/sms-limit`,
      { limit: 3, reason: "one more" },
      { token: admin.token, now: at(3) },
    );
    // A plan change does not reset what was used (the operator's limit stays).
    await patch(`/api/admin/tenants/${s.tenant.id}`, { plan: "enterprise", reason: "upgrade" }, { token: admin.token, now: at(3) });
    expect(raised.body.data).toEqual({ limit: 3, usedThisMonth: 2 });
    const fifth = uniquePhone();
    await bookWithTexts(s, slot(14), at(3), { phone: fifth });
    await cronAt(at(4), s.tenant.id);
    expect(await textsTo(fifth)).toHaveLength(1);
    expect(await outboxMails(s.tenant.ownerEmail, "sms.limit_reached")).toHaveLength(1);
  });

  it("holds exactly under concurrent bookings: 6 at once against a limit of 3 write 3 texts to send and 3 suppressed", async () => {
    const admin = await adminAt(NOW);
    const s = await textingSalon();
    await put(`/api/admin/tenants/${s.tenant.id}/sms-limit`, { limit: 3, reason: "test" }, { token: admin.token, now: NOW });
    const phones = Array.from({ length: 6 }, uniquePhone);
    await Promise.all(phones.map((phone, i) => bookWithTexts(s, slot(9 + i), NOW, { phone })));
    const statuses = (await smsJobs(s.tenant.id)).map((j) => j.status);
    expect(statuses.filter((x) => x === "pending")).toHaveLength(3);
    expect(statuses.filter((x) => x === "suppressed")).toHaveLength(3);
    expect(await outboxMails(s.tenant.ownerEmail, "sms.limit_reached")).toHaveLength(1);
  });
});
