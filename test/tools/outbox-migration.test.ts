// The outbox engine kept email_outbox and webhook_deliveries as the e-mail and webhook kinds'
// storage and only added to them (docs/engineering.md, "Side effects"): a database holding
// pending and in-flight rows from before the engine must keep every one of them, unchanged (the
// engine claims them as it claimed them before), after all migrations run. Applies the first migration, writes such rows, then
// applies the rest exactly as `npm run db:migrate` does.
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { migrateDatabase } from "../../scripts/db/migrate";
import { databaseAt, journalUpTo, scratchFolder } from "./partial-migrations";

const dir = scratchFolder("outbox-migration-");

/** A copy of drizzle/ whose journal stops after the first migration (the schema before the engine). */
const firstMigrationOnly = () => journalUpTo(dir, "first", () => 1);

describe("outbox migrations", () => {
  it("keep every pending and sending e-mail and webhook row written before the engine", async () => {
    const { url, client } = await databaseAt(dir, firstMigrationOnly());
    const t = "2026-01-01T00:00:00.000Z";
    await client.batch(
      [
        `INSERT INTO tenants (id, slug, business_name, email, created_at, updated_at) VALUES ('tnt_m', 'mig', 'Mig', 'm@example.test', '${t}', '${t}')`,
        `INSERT INTO email_outbox (id, tenant_id, kind, to_email, subject, text_body, html_body, status, attempts, next_attempt_at, created_at, updated_at)
         VALUES ('eml_pending', 'tnt_m', 'booking.confirmed', 'a@example.test', 'S', 'text', '<p>html</p>', 'pending', 2, '${t}', '${t}', '${t}')`,
        `INSERT INTO email_outbox (id, tenant_id, kind, to_email, subject, text_body, html_body, status, attempts, next_attempt_at, locked_at, created_at, updated_at)
         VALUES ('eml_sending', NULL, 'customer.password_reset', 'b@example.test', 'S', 'link', '<a>link</a>', 'sending', 1, '${t}', '${t}', '${t}', '${t}')`,
        `INSERT INTO webhook_endpoints (id, tenant_id, url, events, secret, is_active, created_at) VALUES ('whe_m', 'tnt_m', 'https://example.test/h', '["*"]', 'whsec_x', 1, '${t}')`,
        `INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
         VALUES ('whd_pending', 'tnt_m', 'whe_m', 'evt_1', 'booking.created', '{"id":"evt_1"}', 'pending', 3, '${t}', '${t}', '${t}')`,
      ],
      "write",
    );
    const before = {
      email: (await client.execute("SELECT * FROM email_outbox ORDER BY id")).rows,
      webhook: (await client.execute("SELECT * FROM webhook_deliveries ORDER BY id")).rows,
    };
    client.close();

    await migrateDatabase(url);

    const after = createClient({ url });
    const emails = (await after.execute("SELECT * FROM email_outbox ORDER BY id")).rows;
    const webhooks = (await after.execute("SELECT * FROM webhook_deliveries ORDER BY id")).rows;
    // Columns added since read as before: not sensitive, no attachments or facts, no language (English).
    expect(emails.map((r) => ({ ...r }))).toEqual(
      before.email.map((r) => ({ ...r, sensitive: 0, attachments: null, facts: null, language: null })),
    );
    expect(webhooks.map((r) => ({ ...r }))).toEqual(before.webhook.map((r) => ({ ...r })));
    // The generic jobs table is there, empty, for the kinds without a table of their own.
    expect((await after.execute("SELECT count(*) AS n FROM jobs")).rows[0].n).toBe(0);
    after.close();
  });
});
