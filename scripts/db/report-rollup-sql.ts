import { countedSql, isoMsSql, localDaySql, OCCUPYING_SQL, takenSql, VISITED_SQL } from "../../src/services/reports/rollup-sql";

/**
 * The text of the report roll-up's migration (drizzle/*_report_rollup.sql, a `drizzle-kit generate
 * --custom` migration): its tables and the SQLite triggers that keep them current on every write
 * of bookings and payments (design.md §29, issue #40; docs/decisions.md says why triggers). The
 * triggers repeat the same few expressions dozens of times, so they are written once here;
 * test/tools/report-rollup-migration.test.ts checks the migration is this text, so a payment kind
 * or status rule changed in src/domain/reports.ts without a new migration fails there.
 *
 *   npx tsx scripts/db/report-rollup-sql.ts > drizzle/<n>_report_rollup.sql
 */

const live = (t: string) => `EXISTS (SELECT 1 FROM report_rollups WHERE tenant_id = ${t})`;
const day = localDaySql;
const counted = countedSql;
const taken = takenSql;
const isoMs = isoMsSql;
const OCCUPYING = OCCUPYING_SQL;
const VISITED = VISITED_SQL;
const money = (x: string, col: "amount" | "refunded_amount") =>
  `(SELECT coalesce(sum(p.${col}), 0) FROM payments p WHERE p.booking_id = ${x}.id AND p.tenant_id = ${x}.tenant_id AND ${taken("p")})`;

/** A booking's part of the roll-up, added (sign 1) or taken away (sign -1). */
function bookingPart(x: string, sign: 1 | -1): string[] {
  const s = sign === 1 ? "" : "-";
  const d = `k.d`;
  // Another counted item of the same visit on the same local date (and the same status).
  const sibling = (sameStatus: boolean) =>
    `EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = ${x}.visit_id AND e.id <> ${x}.id AND ${counted("e")}${sameStatus ? ` AND e.status = ${x}.status` : ""} AND ${day("e.tenant_id", "e.start_at")} = ${d})`;
  const firstOfVisit = `(${x}.visit_id IS NULL OR NOT ${sibling(false)})`;
  const firstWithStatus = `(${x}.visit_id IS NULL OR NOT ${sibling(true)})`;
  // The date and the booking's money, worked out once for the statements below.
  const k = `(SELECT ${day(`${x}.tenant_id`, `${x}.start_at`)} AS d, ${money(x, "amount")} AS taken, ${money(x, "refunded_amount")} AS refunded) k`;
  const kDay = `(SELECT ${day(`${x}.tenant_id`, `${x}.start_at`)} AS d) k`;
  const guard = `WHERE ${counted(x)} AND k.d IS NOT NULL`;
  const out = [
    // A date that cannot be worked out (no offsets stored for the zone) must not count anywhere:
    // the roll-up is dropped, so the report reads the bookings until the cron rebuilds it.
    `DELETE FROM report_rollups WHERE tenant_id = ${x}.tenant_id AND ${counted(x)} AND ${day(`${x}.tenant_id`, `${x}.start_at`)} IS NULL;`,
    `INSERT INTO report_days (tenant_id, day, bookings, completed, no_shows, cancelled, taken, refunded)
    SELECT ${x}.tenant_id, k.d, ${s}${firstOfVisit}, ${s}(${x}.status = 'completed' AND ${firstWithStatus}), ${s}(${x}.status = 'no_show' AND ${firstWithStatus}), ${s}(${x}.status = 'cancelled' AND ${firstWithStatus}), ${s}k.taken, ${s}k.refunded
    FROM ${k} ${guard}
    ON CONFLICT (tenant_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, completed = completed + excluded.completed,
      no_shows = no_shows + excluded.no_shows, cancelled = cancelled + excluded.cancelled, taken = taken + excluded.taken, refunded = refunded + excluded.refunded;`,
    `INSERT INTO report_staff_days (tenant_id, day, staff_id, bookings, booked_ms)
    SELECT ${x}.tenant_id, k.d, ${x}.staff_id, ${s}1, ${s}(CASE WHEN ${x}.status IN (${OCCUPYING}) THEN ${x}.end_at - ${x}.start_at ELSE 0 END)
    FROM ${k} ${guard}
    ON CONFLICT (tenant_id, day, staff_id) DO UPDATE SET bookings = bookings + excluded.bookings, booked_ms = booked_ms + excluded.booked_ms;`,
    `INSERT INTO report_service_days (tenant_id, day, service_id, bookings, taken, refunded)
    SELECT ${x}.tenant_id, k.d, ${x}.service_id, ${s}1, ${s}k.taken, ${s}k.refunded
    FROM ${k} ${guard}
    ON CONFLICT (tenant_id, day, service_id) DO UPDATE SET bookings = bookings + excluded.bookings, taken = taken + excluded.taken, refunded = refunded + excluded.refunded;`,
  ];
  const visited = `${counted(x)} AND ${x}.status IN (${VISITED}) AND ${x}.customer_id IS NOT NULL`;
  const cd = (extra: string) => `tenant_id = ${x}.tenant_id AND customer_id = ${x}.customer_id ${extra}`;
  const dx = day(`${x}.tenant_id`, `${x}.start_at`);
  if (sign === 1) {
    // A customer's visited dates form a chain (each row names the date before it): a new date
    // takes its predecessor and becomes the predecessor of the date after it.
    out.push(
      `INSERT INTO report_customer_days (tenant_id, customer_id, day, visits, prev_day)
    SELECT ${x}.tenant_id, ${x}.customer_id, k.d, 1, (SELECT max(day) FROM report_customer_days WHERE ${cd("AND day < k.d")})
    FROM ${kDay} WHERE ${visited} AND k.d IS NOT NULL
    ON CONFLICT (tenant_id, customer_id, day) DO UPDATE SET visits = visits + 1;`,
      `UPDATE report_customer_days SET prev_day = ${dx}
    WHERE ${visited} AND ${cd(`AND day = (SELECT min(day) FROM report_customer_days WHERE ${cd(`AND day > ${dx}`)})`)};`,
    );
  } else {
    out.push(
      `UPDATE report_customer_days SET visits = visits - 1 WHERE ${visited} AND ${cd(`AND day = ${dx}`)};`,
      // The date's last visit gone: the date after it takes its predecessor, and the row goes.
      `UPDATE report_customer_days SET prev_day = (SELECT g.prev_day FROM report_customer_days g WHERE g.tenant_id = ${x}.tenant_id AND g.customer_id = ${x}.customer_id AND g.day = ${dx})
    WHERE ${visited} AND ${cd(`AND day = (SELECT min(day) FROM report_customer_days WHERE ${cd(`AND day > ${dx}`)})`)}
      AND (SELECT g.visits FROM report_customer_days g WHERE g.tenant_id = ${x}.tenant_id AND g.customer_id = ${x}.customer_id AND g.day = ${dx}) = 0;`,
      `DELETE FROM report_customer_days WHERE ${visited} AND ${cd(`AND day = ${dx} AND visits = 0`)};`,
    );
  }
  return out;
}

/** A payment's part: money of a counted booking on the booking's date (and service), money of no booking on the date it was taken. */
function paymentPart(p: string, sign: 1 | -1): string[] {
  const s = sign === 1 ? "" : "-";
  return [
    `DELETE FROM report_rollups WHERE tenant_id = ${p}.tenant_id AND ${p}.booking_id IS NULL AND ${taken(p)}
      AND ${day(`${p}.tenant_id`, isoMs(`${p}.created_at`))} IS NULL;`,
    ...(["report_service_days", "report_days"] as const).map(
      (table) => `INSERT INTO ${table} (tenant_id, day, ${table === "report_days" ? "" : "service_id, "}bookings, taken, refunded)
    SELECT b.tenant_id, ${day("b.tenant_id", "b.start_at")} AS d, ${table === "report_days" ? "" : "b.service_id, "}0, ${s}${p}.amount, ${s}${p}.refunded_amount
    FROM bookings b WHERE b.id = ${p}.booking_id AND b.tenant_id = ${p}.tenant_id AND ${counted("b")} AND ${taken(p)} AND d IS NOT NULL
    ON CONFLICT (tenant_id, day${table === "report_days" ? "" : ", service_id"}) DO UPDATE SET taken = taken + excluded.taken, refunded = refunded + excluded.refunded;`,
    ),
    `INSERT INTO report_days (tenant_id, day, bookings, taken, refunded)
    SELECT ${p}.tenant_id, k.d, 0, ${s}${p}.amount, ${s}${p}.refunded_amount
    FROM (SELECT ${day(`${p}.tenant_id`, isoMs(`${p}.created_at`))} AS d) k
    WHERE ${p}.booking_id IS NULL AND ${taken(p)} AND k.d IS NOT NULL
    ON CONFLICT (tenant_id, day) DO UPDATE SET taken = taken + excluded.taken, refunded = refunded + excluded.refunded;`,
  ];
}

const trigger = (name: string, event: string, when: string, body: string[]) =>
  `CREATE TRIGGER \`${name}\` ${event} FOR EACH ROW WHEN ${when} BEGIN\n  ${body.join("\n  ")}\nEND;`;

const bookingCols = ["status", "start_at", "end_at", "staff_id", "service_id", "customer_id", "visit_id", "hold_expires_at"];
const paymentCols = ["amount", "refunded_amount", "status", "kind", "currency", "booking_id", "created_at"];
const changed = (cols: string[]) => `(${cols.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(" OR ")})`;

const tables = `-- design.md §29, issue #40: the reports' roll-up, kept current by the writes themselves (SQLite
-- triggers, so no write path can forget it and it costs no round trip). A business's roll-up is
-- used only while its report_rollups row exists and names the business's current zone and
-- currency; src/services/reports/rollup.ts builds it (the cron), and the report falls back to
-- reading the bookings until then. Days are the business's local dates as whole days since
-- 1970-01-01, from the zone's offsets in report_zone_offsets.
CREATE TABLE \`report_rollups\` (
	\`tenant_id\` text PRIMARY KEY NOT NULL,
	\`zone\` text NOT NULL,
	\`currency\` text NOT NULL,
	\`built_at\` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE \`report_zone_offsets\` (
	\`zone\` text NOT NULL,
	\`from_ms\` integer NOT NULL,
	\`offset_ms\` integer NOT NULL,
	PRIMARY KEY(\`zone\`, \`from_ms\`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE \`report_days\` (
	\`tenant_id\` text NOT NULL,
	\`day\` integer NOT NULL,
	\`bookings\` integer DEFAULT 0 NOT NULL,
	\`completed\` integer DEFAULT 0 NOT NULL,
	\`no_shows\` integer DEFAULT 0 NOT NULL,
	\`cancelled\` integer DEFAULT 0 NOT NULL,
	\`taken\` integer DEFAULT 0 NOT NULL,
	\`refunded\` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(\`tenant_id\`, \`day\`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE \`report_staff_days\` (
	\`tenant_id\` text NOT NULL,
	\`day\` integer NOT NULL,
	\`staff_id\` text NOT NULL,
	\`bookings\` integer DEFAULT 0 NOT NULL,
	\`booked_ms\` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(\`tenant_id\`, \`day\`, \`staff_id\`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE \`report_service_days\` (
	\`tenant_id\` text NOT NULL,
	\`day\` integer NOT NULL,
	\`service_id\` text NOT NULL,
	\`bookings\` integer DEFAULT 0 NOT NULL,
	\`taken\` integer DEFAULT 0 NOT NULL,
	\`refunded\` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(\`tenant_id\`, \`day\`, \`service_id\`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE \`report_customer_days\` (
	\`tenant_id\` text NOT NULL,
	\`customer_id\` text NOT NULL,
	\`day\` integer NOT NULL,
	\`visits\` integer DEFAULT 0 NOT NULL,
	\`prev_day\` integer,
	PRIMARY KEY(\`tenant_id\`, \`customer_id\`, \`day\`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX \`report_customer_days_day_idx\` ON \`report_customer_days\` (\`tenant_id\`,\`day\`,\`prev_day\`);`;

const triggers = [
  trigger("report_bookings_insert", "AFTER INSERT ON `bookings`", live("NEW.tenant_id"), bookingPart("NEW", 1)),
  trigger("report_bookings_update", "AFTER UPDATE ON `bookings`", `${live("NEW.tenant_id")} AND ${changed(bookingCols)}`, [
    ...bookingPart("OLD", -1),
    ...bookingPart("NEW", 1),
  ]),
  trigger("report_bookings_delete", "AFTER DELETE ON `bookings`", live("OLD.tenant_id"), bookingPart("OLD", -1)),
  trigger("report_payments_insert", "AFTER INSERT ON `payments`", live("NEW.tenant_id"), paymentPart("NEW", 1)),
  trigger("report_payments_update", "AFTER UPDATE ON `payments`", `${live("NEW.tenant_id")} AND ${changed(paymentCols)}`, [
    ...paymentPart("OLD", -1),
    ...paymentPart("NEW", 1),
  ]),
  trigger("report_payments_delete", "AFTER DELETE ON `payments`", live("OLD.tenant_id"), paymentPart("OLD", -1)),
  // A new zone moves every local date, a new currency changes what counts as money: the roll-up is
  // dropped at once (the report reads the bookings again) and the cron builds it anew.
  trigger(
    "report_tenants_zone",
    "AFTER UPDATE OF timezone, currency ON `tenants`",
    "OLD.timezone IS NOT NEW.timezone OR upper(OLD.currency) IS NOT upper(NEW.currency)",
    ["DELETE FROM report_rollups WHERE tenant_id = NEW.id;"],
  ),
  trigger("report_tenants_delete", "AFTER DELETE ON `tenants`", "1", [
    "DELETE FROM report_rollups WHERE tenant_id = OLD.id;",
    "DELETE FROM report_days WHERE tenant_id = OLD.id;",
    "DELETE FROM report_staff_days WHERE tenant_id = OLD.id;",
    "DELETE FROM report_service_days WHERE tenant_id = OLD.id;",
    "DELETE FROM report_customer_days WHERE tenant_id = OLD.id;",
  ]),
];

export const reportRollupSql = () => `${tables}\n--> statement-breakpoint\n${triggers.join("\n--> statement-breakpoint\n")}\n`;

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(reportRollupSql());
