// design.md §31 (issue #33): bookings store the money terms in force when they were made. Bookings
// made before that column existed get, from the migration, the business's terms of the day it runs
// and the refund deadline they give (start − cancellation hours), so a later change of the
// business's settings no longer changes them. Applies every migration before this issue's, writes
// such bookings, then applies the rest exactly as `npm run db:migrate` does.
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { migrateDatabase } from "../../scripts/db/migrate";
import { databaseAt, journalUpTo, scratchFolder } from "./partial-migrations";

const dir = scratchFolder("security-migration-");

/** A copy of drizzle/ whose journal stops before `security_round_two`. */
function beforeThisIssue() {
  return journalUpTo(dir, "before", (entries) => {
    const at = entries.findIndex((e) => e.tag.endsWith("_security_round_two"));
    expect(at).toBeGreaterThan(0);
    return at;
  });
}

describe("security_round_two migrations", () => {
  it("give every existing booking the business's current terms and its refund deadline, and touch nothing else", async () => {
    const { url, client } = await databaseAt(dir, beforeThisIssue());
    const t = "2026-01-01T00:00:00.000Z";
    const start = Date.parse("2031-05-14T14:00:00Z");
    await client.batch(
      [
        `INSERT INTO tenants (id, slug, business_name, email, cancellation_hours, no_show_fee_percent, late_cancel_fee_percent, created_at, updated_at)
         VALUES ('tnt_a', 'mig-a', 'A', 'a@example.test', 48, 50, 30, '${t}', '${t}'), ('tnt_b', 'mig-b', 'B', 'b@example.test', 0, 0, 0, '${t}', '${t}')`,
        `INSERT INTO services (id, tenant_id, name, duration_minutes, created_at, updated_at) VALUES ('svc_a', 'tnt_a', 'Cut', 60, '${t}', '${t}'), ('svc_b', 'tnt_b', 'Cut', 60, '${t}', '${t}')`,
        `INSERT INTO staff_profiles (id, tenant_id, display_name, created_at, updated_at) VALUES ('stf_a', 'tnt_a', 'Sam', '${t}', '${t}'), ('stf_b', 'tnt_b', 'Kim', '${t}', '${t}')`,
        `INSERT INTO bookings (id, tenant_id, service_id, staff_id, start_at, end_at, status, confirmation_code, currency, created_at, updated_at)
         VALUES ('bkg_a', 'tnt_a', 'svc_a', 'stf_a', ${start}, ${start + 3_600_000}, 'confirmed', 'BK-AAAAAA', 'USD', '${t}', '${t}'),
                ('bkg_b', 'tnt_b', 'svc_b', 'stf_b', ${start}, ${start + 3_600_000}, 'cancelled', 'BK-BBBBBB', 'USD', '${t}', '${t}')`,
      ],
      "write",
    );
    const before = (await client.execute("SELECT id, start_at, status, updated_at, sequence FROM bookings ORDER BY id")).rows.map((r) => ({
      ...r,
    }));
    client.close();

    await migrateDatabase(url);

    const after = createClient({ url });
    const rows = (
      await after.execute(`SELECT id, cancellation_hours, no_show_fee_percent, late_cancel_fee_percent, refund_deadline_at, moved_late_at,
        guest_first_name, client_network FROM bookings ORDER BY id`)
    ).rows.map((r) => ({ ...r }));
    expect(rows).toEqual([
      {
        id: "bkg_a",
        cancellation_hours: 48,
        no_show_fee_percent: 50,
        late_cancel_fee_percent: 30,
        refund_deadline_at: start - 48 * 3_600_000,
        moved_late_at: null,
        guest_first_name: null,
        client_network: null,
      },
      {
        id: "bkg_b",
        cancellation_hours: 0,
        no_show_fee_percent: 0,
        late_cancel_fee_percent: 0,
        refund_deadline_at: start,
        moved_late_at: null,
        guest_first_name: null,
        client_network: null,
      },
    ]);
    const same = (await after.execute("SELECT id, start_at, status, updated_at, sequence FROM bookings ORDER BY id")).rows.map((r) => ({
      ...r,
    }));
    expect(same).toEqual(before);
    // The businesses' own settings are theirs to change from now on; existing bookings keep theirs.
    expect((await after.execute("SELECT bot_protection FROM tenants WHERE id = 'tnt_a'")).rows[0].bot_protection).toBe(0);
    after.close();
  });
});
