import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { captured, script } from "../../helpers/worker-entry";
import { bookableTenant } from "../../helpers/booking";
import { bookingBody, customer, payingTenant } from "../payments/support";

// design.md §31 / issue #33 (medium): a script held every slot of a business that requires payment,
// 15 minutes at a time, from a few addresses, and filled a business without payment with fake
// confirmed bookings. Holds are capped per e-mail, per client network and per business; a business
// may require a Turnstile check on public creates.

const NOW = "2031-05-01T12:00:00.000Z";
const hour = (h: number) => `2031-05-14T${String(h).padStart(2, "0")}:00:00`;

async function heldRows(tenantId: string) {
  return testDb().all<{ id: string; client_network: string | null }>(
    sql`SELECT id, client_network FROM bookings WHERE tenant_id = ${tenantId} AND status = 'pending'`,
  );
}

const create = (slug: string, body: unknown, opts: { ip?: string; now?: string } = {}) =>
  post(`/api/public/${slug}/bookings`, body, { ip: opts.ip, now: opts.now ?? NOW });

describe("hold caps (design.md §31)", () => {
  it("one e-mail holds at most 3 unpaid bookings of a business; the 4th is 429 with Retry-After to the oldest hold's end, and holds nothing", async () => {
    const s = await payingTenant();
    const who = customer();
    const times = [NOW, "2031-05-01T12:02:00.000Z", "2031-05-01T12:04:00.000Z"];
    for (const [i, at] of times.entries()) {
      const res = await create(s.tenant.slug, { ...bookingBody(s.service.id, s.staff.id, hour(9 + i)), customer: who }, { now: at });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data.status).toBe("pending");
    }
    const stripeBefore = (await captured({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: s.tenant.id })).length;
    // The abuse path: the same customer (from another address) asks for a fourth hold.
    const fourth = await create(
      s.tenant.slug,
      { ...bookingBody(s.service.id, s.staff.id, hour(13)), customer: who },
      {
        now: "2031-05-01T12:05:00.000Z",
      },
    );
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ error: "rate_limited" });
    // The oldest hold (made at 12:00, 15 minutes) ends at 12:15: 10 minutes from 12:05.
    expect(fourth.headers.get("Retry-After")).toBe("600");
    expect(await heldRows(s.tenant.id)).toHaveLength(3);
    // Nothing was asked of Stripe for it.
    expect(await captured({ pathPrefix: "/stripe/v1/payment_intents", bodyContains: s.tenant.id })).toHaveLength(stripeBefore);

    // Once the oldest hold has ended, the customer may hold again.
    const later = await create(
      s.tenant.slug,
      { ...bookingBody(s.service.id, s.staff.id, hour(13)), customer: who },
      {
        now: "2031-05-01T12:15:01.000Z",
      },
    );
    expect(later.status).toBe(201);
  });

  it("one client network (an IPv6 /64) holds at most 3, whatever the e-mails", async () => {
    const s = await payingTenant();
    const ips = ["2001:db8:33:1::1", "2001:db8:33:1::2", "2001:db8:33:1:ffff::9"];
    for (const [i, ip] of ips.entries()) {
      expect((await create(s.tenant.slug, bookingBody(s.service.id, s.staff.id, hour(9 + i)), { ip })).status).toBe(201);
    }
    expect((await heldRows(s.tenant.id)).map((r) => r.client_network)).toEqual(Array(3).fill("2001:db8:33:1::/64"));
    const refused = await create(s.tenant.slug, bookingBody(s.service.id, s.staff.id, hour(13)), { ip: "2001:db8:33:1::abcd" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBe(15 * 60);
    // Another network is not affected.
    expect((await create(s.tenant.slug, bookingBody(s.service.id, s.staff.id, hour(13)), { ip: "2001:db8:44::1" })).status).toBe(201);
  });

  it("a business holds at most 50 in all", async () => {
    const s = await payingTenant();
    // 50 holds already running (from many customers and networks), written as the create writes them.
    const t = new Date(NOW).toISOString();
    const start = Date.parse("2031-06-01T13:00:00Z");
    await testDb().run(sql`
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 49)
      INSERT INTO bookings (id, tenant_id, service_id, staff_id, start_at, end_at, status, hold_expires_at, confirmation_code, currency,
                            client_network, created_at, updated_at)
      SELECT 'bkg_cap_' || ${s.tenant.id} || '_' || i, ${s.tenant.id}, ${s.service.id}, ${s.staff.id}, ${start} + i * 3600000,
             ${start} + i * 3600000 + 3600000, 'pending', ${Date.parse(NOW) + 10 * 60_000} + i * 1000,
             'BK-' || substr(upper(hex(randomblob(3))), 1, 6), 'EUR', '10.250.' || i || '.1', ${t}, ${t}
      FROM n`);
    const refused = await create(s.tenant.slug, bookingBody(s.service.id, s.staff.id, hour(9)));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("600");
    expect(await heldRows(s.tenant.id)).toHaveLength(50);
  });

  it("a business that takes no payment holds nothing, so creates are not capped", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const who = customer();
    for (let i = 0; i < 4; i++) {
      const res = await create(tenant.slug, { ...bookingBody(service.id, staff.id, hour(9 + i)), customer: who });
      expect(res.status).toBe(201);
      expect(res.body.data.status).toBe("confirmed");
    }
  });
});

describe("bot protection on public creates (design.md §31)", () => {
  it("a business with it on refuses a create without a passing token (403 captcha_failed) and holds nothing; a token passes once", async () => {
    const { tenant, service, staff } = await bookableTenant();
    await testDb().run(sql`UPDATE tenants SET bot_protection = 1 WHERE id = ${tenant.id}`);
    const body = bookingBody(service.id, staff.id, hour(9));
    const count = async () =>
      (await testDb().all<{ n: number }>(sql`SELECT count(*) AS n FROM bookings WHERE tenant_id = ${tenant.id}`))[0].n;

    // The abuse path: a script creating bookings with no browser in sight.
    for (const captchaToken of [undefined, "forged-token"]) {
      const res = await create(tenant.slug, { ...body, captchaToken });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("captcha_failed");
    }
    expect(await count()).toBe(0);
    const verified = await captured({ pathPrefix: "/turnstile/siteverify", bodyContains: "forged-token" });
    expect(Object.fromEntries(new URLSearchParams(verified[0].body))).toMatchObject({
      secret: "0x-test-secret-key",
      response: "forged-token",
    });

    const token = `pass-${crypto.randomUUID()}`;
    const ok = await create(tenant.slug, { ...body, captchaToken: token }, { ip: "203.0.113.33" });
    expect(ok.status).toBe(201);
    const [check] = await captured({ pathPrefix: "/turnstile/siteverify", bodyContains: token });
    expect(Object.fromEntries(new URLSearchParams(check.body)).remoteip).toBe("203.0.113.33");
    // Each token is good for one check.
    const again = await create(tenant.slug, { ...bookingBody(service.id, staff.id, hour(11)), captchaToken: token });
    expect(again.status).toBe(403);
    expect(await count()).toBe(1);
  });

  it("an unreachable siteverify is a failed check; a business without bot protection never calls it", async () => {
    const { tenant, service, staff } = await bookableTenant();
    await testDb().run(sql`UPDATE tenants SET bot_protection = 1 WHERE id = ${tenant.id}`);
    const token = `pass-${crypto.randomUUID()}`;
    await script({ pathPrefix: "/turnstile/siteverify", bodyContains: token }, [{ status: 503, body: { error: "down" } }]);
    const res = await create(tenant.slug, { ...bookingBody(service.id, staff.id, hour(9)), captchaToken: token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("captcha_failed");

    const open = await bookableTenant();
    const plain = await create(open.tenant.slug, {
      ...bookingBody(open.service.id, open.staff.id, hour(9)),
      captchaToken: "anything-at-all",
    });
    expect(plain.status).toBe(201);
    expect(await captured({ pathPrefix: "/turnstile/siteverify", bodyContains: "anything-at-all" })).toEqual([]);
  });
});
