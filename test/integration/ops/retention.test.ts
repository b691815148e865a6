import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { scratchDatabase } from "../../helpers/scratch-db";

// design.md §25: retention by the cron in bounded batches, on a database of the test's own (the
// statements are platform-wide), at a pinned instant.

const T = new Date("2032-01-15T12:00:00.000Z");
const daysAgo = (d: number) => new Date(T.getTime() - d * 86_400_000).toISOString();

type Scratch = Awaited<ReturnType<typeof scratchDatabase>>;
const ids = async (s: Scratch, query: ReturnType<typeof sql>) => (await s.db.all<{ id: string }>(query)).map((r) => r.id).sort();

async function business(s: Scratch) {
  await s.db.batch([
    s.db.run(
      sql`INSERT INTO tenants (id, slug, business_name, created_at, updated_at) VALUES ('tnt_r', 'r', 'R', ${daysAgo(900)}, ${daysAgo(900)})`,
    ),
    s.db.run(sql`INSERT INTO webhook_endpoints (id, tenant_id, url, events, secret, created_at)
      VALUES ('whe_r', 'tnt_r', 'https://example.test/hook', '["*"]', 'whsec_x', ${daysAgo(900)})`),
    s.db.run(
      sql`INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('usr_r', 'u@example.test', 'x', ${daysAgo(900)}, ${daysAgo(900)})`,
    ),
    s.db.run(sql`INSERT INTO customer_accounts (id, email, password_hash, created_at, updated_at)
      VALUES ('cus_r', 'c@example.test', 'x', ${daysAgo(900)}, ${daysAgo(900)})`),
  ]);
}

const delivery = (s: Scratch, id: string, status: string, deliveredDaysAgo: number) =>
  s.db.run(sql`INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at,
      delivered_at, created_at, updated_at)
    VALUES (${id}, 'tnt_r', 'whe_r', ${`evt_${id}`}, 'booking.created', '{"customer":{"email":"a@example.test"}}', ${status}, 1,
      ${daysAgo(deliveredDaysAgo)}, ${status === "delivered" ? daysAgo(deliveredDaysAgo) : null}, ${daysAgo(deliveredDaysAgo)}, ${daysAgo(deliveredDaysAgo)})`);

const audit = (s: Scratch, id: string, action: string, age: number, metadata: unknown = null) =>
  s.db.run(sql`INSERT INTO audit_log (id, action, actor_type, actor_id, target_type, target_id, metadata, created_at)
    VALUES (${id}, ${action}, 'system', 'x', 'tenant', 'tnt_r', ${metadata === null ? null : JSON.stringify(metadata)}, ${daysAgo(age)})`);

describe("retention by the cron", () => {
  it("blanks delivered webhook payloads and text bodies after 30 days and drops expired tokens 7 days after expiry", async () => {
    const s = await scratchDatabase();
    await business(s);
    await delivery(s, "whd_old", "delivered", 31);
    await delivery(s, "whd_recent", "delivered", 29);
    await delivery(s, "whd_failed", "failed", 60);
    await s.db.batch([
      s.db.run(sql`INSERT INTO sessions (id, subject_type, subject_id, created_at, expires_at) VALUES
        ('ses_gone', 'user', 'usr_r', ${daysAgo(40)}, ${daysAgo(8)}), ('ses_kept', 'user', 'usr_r', ${daysAgo(40)}, ${daysAgo(6)})`),
      s.db.run(sql`INSERT INTO password_resets (id, customer_account_id, token_hash, expires_at, created_at) VALUES
        ('prs_gone', 'cus_r', 'h1', ${daysAgo(8)}, ${daysAgo(8)}), ('prs_kept', 'cus_r', 'h2', ${daysAgo(1)}, ${daysAgo(1)})`),
      s.db.run(sql`INSERT INTO user_tokens (id, user_id, purpose, token_hash, expires_at, created_at) VALUES
        ('utk_gone', 'usr_r', 'invite', 'h3', ${daysAgo(10)}, ${daysAgo(17)}), ('utk_kept', 'usr_r', 'invite', 'h4', ${daysAgo(2)}, ${daysAgo(9)})`),
      s.db.run(sql`INSERT INTO sms_messages (id, tenant_id, direction, phone, body, status, created_at, updated_at) VALUES
        ('sms_old', 'tnt_r', 'out', '+14155550100', 'See you at 10', 'delivered', ${daysAgo(31)}, ${daysAgo(31)}),
        ('sms_recent', 'tnt_r', 'out', '+14155550100', 'See you at 11', 'delivered', ${daysAgo(29)}, ${daysAgo(29)})`),
      s.db.run(sql`INSERT INTO processed_events (id, source, type, received_at) VALUES
        ('evt_gone', 'stripe', 'charge.refunded', ${daysAgo(91)}), ('evt_kept', 'stripe', 'charge.refunded', ${daysAgo(89)})`),
    ]);

    await s.cron(T);
    const payloads = await s.db.all<{ id: string; payload: string }>(sql`SELECT id, payload FROM webhook_deliveries ORDER BY id`);
    expect(payloads).toEqual([
      { id: "whd_failed", payload: '{"customer":{"email":"a@example.test"}}' },
      { id: "whd_old", payload: "" },
      { id: "whd_recent", payload: '{"customer":{"email":"a@example.test"}}' },
    ]);
    expect(await s.db.all(sql`SELECT id, body FROM sms_messages ORDER BY id`)).toEqual([
      { id: "sms_old", body: "" },
      { id: "sms_recent", body: "See you at 11" },
    ]);
    expect(await ids(s, sql`SELECT id FROM sessions`)).toEqual(["ses_kept"]);
    expect(await ids(s, sql`SELECT id FROM password_resets`)).toEqual(["prs_kept"]);
    expect(await ids(s, sql`SELECT id FROM user_tokens`)).toEqual(["utk_kept"]);
    expect(await ids(s, sql`SELECT id FROM processed_events`)).toEqual(["evt_kept"]);
  });

  it("AI question text after 90 days; audit rows after AUDIT_RETENTION_DAYS, except tenant.* and payment rows", async () => {
    const s = await scratchDatabase();
    await business(s);
    const ai = { model: "m", latencyMs: 5, outcome: "ok", question: "Can I bring my dog, Ada Lovelace here?", toolCalls: [] };
    await audit(s, "aud_ai_old", "ai.public_chat", 91, ai);
    await audit(s, "aud_ai_new", "ai.public_chat", 89, ai);
    await audit(s, "aud_customer", "customer.erased", 731);
    await audit(s, "aud_impersonate", "admin.tenant.impersonate", 800);
    await audit(s, "aud_young", "job.retried", 729);
    await audit(s, "aud_tenant", "tenant.plan_changed", 1000);
    await audit(s, "aud_fee", "booking.fee_waived", 1000);

    await s.cron(T);
    const left = await s.db.all<{ id: string; question: string | null }>(
      sql`SELECT id, json_extract(metadata, '$.question') AS question FROM audit_log ORDER BY id`,
    );
    expect(left).toEqual([
      { id: "aud_ai_new", question: ai.question },
      { id: "aud_ai_old", question: "" },
      { id: "aud_fee", question: null },
      { id: "aud_tenant", question: null },
      { id: "aud_young", question: null },
    ]);
    // The AI log's own record of the request stays: model, latency, outcome.
    const [old] = await s.db.all<{ model: string }>(
      sql`SELECT json_extract(metadata, '$.model') AS model FROM audit_log WHERE id = 'aud_ai_old'`,
    );
    expect(old.model).toBe("m");

    await s.cron(new Date(T.getTime() + 60_000), { AUDIT_RETENTION_DAYS: "365" });
    expect(await ids(s, sql`SELECT id FROM audit_log`)).toEqual(["aud_ai_new", "aud_ai_old", "aud_fee", "aud_tenant"]);
  });

  it("works in bounded batches: 500 rows per statement per run, the rest next run", async () => {
    const s = await scratchDatabase();
    await s.db.run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 501)
      INSERT INTO sessions (id, subject_type, subject_id, created_at, expires_at)
      SELECT 'ses_' || i, 'customer', 'cus_x', ${daysAgo(60)}, ${daysAgo(30)} FROM n`);
    await s.cron(T);
    expect(await s.db.all(sql`SELECT count(*) AS n FROM sessions`)).toEqual([{ n: 1 }]);
    await s.cron(new Date(T.getTime() + 60_000));
    expect(await s.db.all(sql`SELECT count(*) AS n FROM sessions`)).toEqual([{ n: 0 }]);
    // The runs are recorded, and their own rows are kept a week.
    expect(await s.db.all(sql`SELECT count(*) AS n FROM cron_runs`)).toEqual([{ n: 2 }]);
    await s.cron(new Date(T.getTime() + 8 * 86_400_000));
    expect(await s.db.all(sql`SELECT count(*) AS n FROM cron_runs`)).toEqual([{ n: 1 }]);
  });
});
