import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { del, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { DAY, entryRow, join, joinBody, NOW, salon, waiterEmail } from "./support";
import { outboxRows } from "../../helpers/outbox";

// design.md §28: joining the public waitlist, the manage link, and what a join refuses.

const windows = [{ date: DAY, from: "10:00", to: "12:00" }];

describe("POST /api/public/:slug/waitlist", () => {
  it("answers 201 with the entry waiting and a manage link, stores the windows as instants, and e-mails the link", async () => {
    const s = await salon();
    const res = await post(
      `/api/public/${s.tenant.slug}/waitlist`,
      joinBody(s.service.id, [...windows, { date: "2031-03-11", from: "14:00", to: "16:30" }], { staffProfileId: s.sam.id }),
      { now: NOW },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ id: expect.any(String), status: "waiting", manageUrl: expect.stringContaining("/book?") });
    const link = new URL(res.body.data.manageUrl);
    expect(link.searchParams.get("slug")).toBe(s.tenant.slug);
    const token = link.searchParams.get("waitlist") ?? "";
    expect(token.length).toBeGreaterThanOrEqual(32);

    const row = await entryRow(res.body.data.id);
    expect(row).toMatchObject({ status: "waiting", staffId: s.sam.id, serviceId: s.service.id });
    // The secret is not stored, only its hash.
    expect(row.manageTokenHash).not.toContain(token);
    const stored = await testDb()
      .select()
      .from(schema.waitlistWindows)
      .where(sql`entry_id = ${row.id}`)
      .orderBy(schema.waitlistWindows.startAt);
    // 10:00 New York (EST, UTC-5) on 2031-03-10; 16:30 on 2031-03-11 (EDT from 2031-03-09).
    expect(stored.map((w) => [w.date, new Date(w.startAt).toISOString(), new Date(w.endAt).toISOString()])).toEqual([
      ["2031-03-10", "2031-03-10T14:00:00.000Z", "2031-03-10T16:00:00.000Z"],
      ["2031-03-11", "2031-03-11T18:00:00.000Z", "2031-03-11T20:30:00.000Z"],
    ]);
    const [mail] = await outboxRows(testDb(), row.email, "waitlist.joined");
    expect(mail.textBody).toContain(res.body.data.manageUrl);

    const read = await get(`/api/public/waitlist/${token}`, { now: NOW });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: row.id,
      status: "waiting",
      serviceName: "Cut",
      staffName: "Sam",
      windows: [
        { start: "2031-03-10T10:00:00", end: "2031-03-10T12:00:00" },
        { start: "2031-03-11T14:00:00", end: "2031-03-11T16:30:00" },
      ],
    });
  });

  it("leaves through the manage link (idempotent), and an unknown link is 404", async () => {
    const s = await salon();
    const entry = await join(s, windows);
    const left = await del(`/api/public/waitlist/${entry.token}`, { now: NOW });
    expect(left.status).toBe(200);
    expect(left.body.data.status).toBe("left");
    expect((await entryRow(entry.id)).status).toBe("left");
    expect((await del(`/api/public/waitlist/${entry.token}`, { now: NOW })).body.data.status).toBe("left");
    expect((await get(`/api/public/waitlist/${entry.token}x`)).status).toBe(404);
    expect((await del("/api/public/waitlist/nope")).status).toBe(404);
    // Having left, the customer may join again.
    await join(s, windows, { email: entry.email });
  });

  it("shows an entry whose last window has passed as ended", async () => {
    const s = await salon();
    const entry = await join(s, windows);
    const after = await get(`/api/public/waitlist/${entry.token}`, { now: "2031-03-10T17:00:00Z" });
    expect(after.body.data.status).toBe("ended");
  });

  it("refuses windows that are over, past the booking horizon, inverted or too many, and bad times, with field errors", async () => {
    const s = await salon();
    const url = `/api/public/${s.tenant.slug}/waitlist`;
    const over = await post(url, joinBody(s.service.id, [{ date: "2031-03-01", from: "10:00", to: "11:00" }]), { now: NOW });
    expect(over.status).toBe(400);
    expect(over.body.error.details.fieldErrors["windows.0"][0]).toMatch(/over/);
    // maxAdvanceDays defaults to 365.
    const far = await post(url, joinBody(s.service.id, [...windows, { date: "2032-06-01", from: "10:00", to: "11:00" }]), { now: NOW });
    expect(far.status).toBe(400);
    expect(far.body.error.details.fieldErrors["windows.1"][0]).toMatch(/beyond/);
    const inverted = await post(url, joinBody(s.service.id, [{ date: DAY, from: "12:00", to: "10:00" }]), { now: NOW });
    expect(inverted.status).toBe(400);
    expect(inverted.body.error.details.fieldErrors["windows.0.to"]).toBeDefined();
    const badTime = await post(url, joinBody(s.service.id, [{ date: DAY, from: "9am", to: "10:00" }]), { now: NOW });
    expect(badTime.body.error.details.fieldErrors["windows.0.from"]).toBeDefined();
    const six = Array.from({ length: 6 }, (_, i) => ({ date: DAY, from: `1${i}:00`, to: `1${i}:30` }));
    expect((await post(url, joinBody(s.service.id, six), { now: NOW })).body.error.details.fieldErrors.windows).toBeDefined();
    expect((await post(url, joinBody(s.service.id, []), { now: NOW })).status).toBe(400);
    const noEmail = await post(url, { serviceId: s.service.id, windows, customer: { firstName: "X" } }, { now: NOW });
    expect(noEmail.body.error.details.fieldErrors["customer.email"]).toBeDefined();
    expect(await testDb().select().from(schema.waitlistEntries).where(sql`tenant_id = ${s.tenant.id}`)).toHaveLength(0);
  });

  it("is 404 for an unknown service, staff member or business, and for a suspended business", async () => {
    const s = await salon();
    const url = `/api/public/${s.tenant.slug}/waitlist`;
    expect((await post(url, joinBody("svc_nope", windows), { now: NOW })).status).toBe(404);
    expect((await post(url, joinBody(s.service.id, windows, { staffProfileId: "stf_nope" }), { now: NOW })).status).toBe(404);
    expect((await post("/api/public/no-such-business/waitlist", joinBody(s.service.id, windows), { now: NOW })).status).toBe(404);
    await testDb().update(schema.tenants).set({ isSuspended: true }).where(sql`id = ${s.tenant.id}`);
    expect((await post(url, joinBody(s.service.id, windows), { now: NOW })).status).toBe(404);
    expect(await testDb().select().from(schema.waitlistEntries).where(sql`tenant_id = ${s.tenant.id}`)).toHaveLength(0);
  });

  it("refuses a staff member who does not perform the service", async () => {
    const s = await salon();
    await testDb()
      .update(schema.services)
      .set({ staffIds: [s.kim.id] })
      .where(sql`id = ${s.service.id}`);
    const res = await post(`/api/public/${s.tenant.slug}/waitlist`, joinBody(s.service.id, windows, { staffProfileId: s.sam.id }), {
      now: NOW,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors.staffProfileId).toBeDefined();
  });

  it("keeps one waiting entry per e-mail and service when the same customer joins many times at once (one 201, the rest 409)", async () => {
    const s = await salon();
    const email = waiterEmail();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(`/api/public/${s.tenant.slug}/waitlist`, joinBody(s.service.id, windows, { email }), { now: NOW }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error.code).toBe("conflict");
    const rows = await testDb().select().from(schema.waitlistEntries).where(sql`tenant_id = ${s.tenant.id}`);
    expect(rows).toHaveLength(1);
    // The same customer may wait for another service.
    await post(`/api/public/${s.tenant.slug}/waitlist`, joinBody(s.other.id, windows, { email }), { now: NOW }).then((r) =>
      expect(r.status).toBe(201),
    );
  });

  it("counts joins in the public rate limit: the 31st join from one address in a minute is 429 and writes nothing", async () => {
    const s = await salon();
    const ip = `10.39.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 30; i++) {
      const res = await post(`/api/public/${s.tenant.slug}/waitlist`, joinBody(s.service.id, windows), { now: NOW, ip });
      expect(res.status).toBe(201);
    }
    const refused = await post(`/api/public/${s.tenant.slug}/waitlist`, joinBody(s.service.id, windows), { now: NOW, ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "rate_limited" });
    const rows = await testDb().select().from(schema.waitlistEntries).where(sql`tenant_id = ${s.tenant.id}`);
    expect(rows).toHaveLength(30);
  });
});

describe("bot protection on waitlist joins (design.md §31)", () => {
  it("a business with it on refuses a join without a passing token (403 captcha_failed) and writes nothing; a token passes", async () => {
    const s = await salon();
    await testDb().run(sql`UPDATE tenants SET bot_protection = 1 WHERE id = ${s.tenant.id}`);
    const url = `/api/public/${s.tenant.slug}/waitlist`;
    for (const captchaToken of [undefined, "forged-token"]) {
      const res = await post(url, { ...joinBody(s.service.id, windows), captchaToken }, { now: NOW });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("captcha_failed");
    }
    expect(await testDb().select().from(schema.waitlistEntries).where(sql`tenant_id = ${s.tenant.id}`)).toHaveLength(0);
    const ok = await post(url, { ...joinBody(s.service.id, windows), captchaToken: `pass-${crypto.randomUUID()}` }, { now: NOW });
    expect(ok.status).toBe(201);
  });
});
