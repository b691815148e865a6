import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, patch, put } from "../../helpers/api";
import { createAdmin, createTenant } from "../../helpers/factories";
import { fetchWithEnv } from "../../helpers/worker-fetch";
import { textingSalon } from "./support";
import { auditEntries } from "../../helpers/audit";

const TEXTS_OFF = { TWILIO_ACCOUNT_SID: "", TWILIO_AUTH_TOKEN: "", SMS_FROM: "" };

const audits = (tenantId: string) => auditEntries(tenantId, "tenant.sms_limit_changed");

describe("the business's text settings (design.md §27)", () => {
  it("are off by default; the owner turns them on; the monthly limit is the plan's and read-only", async () => {
    const t = await createTenant();
    const me = await get("/api/businesses/me", { token: t.token });
    expect(me.body.data).toMatchObject({ smsConfirmations: false, smsReminders: false, smsMonthlyLimit: 0 });
    const on = await patch("/api/businesses/me", { smsConfirmations: true, smsReminders: true }, { token: t.token });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ smsConfirmations: true, smsReminders: true });
    const refused = await patch("/api/businesses/me", { smsMonthlyLimit: 10000 }, { token: t.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fieldErrors.smsMonthlyLimit).toEqual(["Only the platform operator can change this"]);
    const view = await get("/api/businesses/me/views/settings", { token: t.token });
    expect(view.body.data.sms).toEqual({ limit: 0, usedThisMonth: 0, month: expect.stringMatching(/^\d{4}-\d{2}$/) });
  });

  it("are invisible while texts are not configured: no usage in settings, no consent on the booking page", async () => {
    const s = await textingSalon();
    const view = await fetchWithEnv(TEXTS_OFF, "GET", "/api/businesses/me/views/settings", { token: s.tenant.token });
    expect(view.status).toBe(200);
    expect(view.body.data.sms).toBeNull();
    const calendar = await fetchWithEnv(TEXTS_OFF, "GET", "/api/businesses/me/views/calendar", { token: s.tenant.token });
    expect(calendar.body.data.texts).toBe(false);
    const page = await fetchWithEnv(TEXTS_OFF, "GET", `/book?slug=${s.tenant.slug}`);
    expect(page.text).not.toContain('id="smsOptIn"');
  });

  it("put the consent on the booking page only when the business sends texts and its plan allows some", async () => {
    const s = await textingSalon();
    const html = await (await SELF.fetch(`http://localhost/book?slug=${s.tenant.slug}`)).text();
    expect(html).toContain('id="smsOptIn"');
    expect(html).not.toMatch(/id="smsOptIn"[^>]*checked/);
    // The hint's words are the page script's (design.md §30, in the page's language); the server names the region.
    expect(html).toContain('data-words="texts.hintRegion" data-words-arg-region="United States"');
    const free = await textingSalon({ tenant: { plan: "free" } });
    expect(await (await SELF.fetch(`http://localhost/book?slug=${free.tenant.slug}`)).text()).not.toContain('id="smsOptIn"');
    const silent = await textingSalon({ tenant: { smsConfirmations: false, smsReminders: false } });
    expect(await (await SELF.fetch(`http://localhost/book?slug=${silent.tenant.slug}`)).text()).not.toContain('id="smsOptIn"');
  });
});

describe("PUT /api/admin/tenants/:id/sms-limit (design.md §27)", () => {
  it("sets the limit, audited with the reason and the before/after; the same value again writes nothing; null is the plan's again", async () => {
    const admin = await createAdmin();
    const t = await createTenant({ plan: "pro" });
    const set = await put(`/api/admin/tenants/${t.id}/sms-limit`, { limit: 2000, reason: "Busy season" }, { token: admin.token });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ data: { limit: 2000, usedThisMonth: 0 } });
    const rows = await audits(t.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorType: "admin",
      actorId: admin.id,
      reason: "Busy season",
      diff: { smsMonthlyLimit: { before: null, after: 2000 } },
    });
    expect((await get("/api/businesses/me", { token: t.token })).body.data.smsMonthlyLimit).toBe(2000);
    // A plan change keeps the operator's limit.
    expect((await patch(`/api/admin/tenants/${t.id}`, { plan: "enterprise", reason: "upgrade" }, { token: admin.token })).status).toBe(200);
    expect((await get("/api/businesses/me", { token: t.token })).body.data.smsMonthlyLimit).toBe(2000);
    await put(`/api/admin/tenants/${t.id}/sms-limit`, { limit: 2000, reason: "again" }, { token: admin.token });
    expect(await audits(t.id)).toHaveLength(1);
    const back = await put(`/api/admin/tenants/${t.id}/sms-limit`, { limit: null, reason: "Season over" }, { token: admin.token });
    expect(back.body.data).toEqual({ limit: 5000, usedThisMonth: 0 });
    expect(await audits(t.id)).toHaveLength(2);
  });

  it("refuses bad input with 400, an unknown tenant with 404 and anyone but the operator with 401, changing nothing", async () => {
    const admin = await createAdmin();
    const t = await createTenant();
    for (const body of [
      { limit: -1, reason: "x" },
      { limit: 1.5, reason: "x" },
      { limit: 10 },
      { limit: 10, reason: " " },
      { limit: 10, reason: "x", plan: "pro" },
    ]) {
      const res = await put(`/api/admin/tenants/${t.id}/sms-limit`, body, { token: admin.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
    expect((await put("/api/admin/tenants/tnt_nope/sms-limit", { limit: 10, reason: "x" }, { token: admin.token })).status).toBe(404);
    expect((await put(`/api/admin/tenants/${t.id}/sms-limit`, { limit: 10, reason: "x" }, { token: t.token })).status).toBe(401);
    expect(await audits(t.id)).toHaveLength(0);
    expect((await get("/api/businesses/me", { token: t.token })).body.data.smsMonthlyLimit).toBe(0);
  });
});
