-- design.md §29, issue #40: the reports' roll-up, kept current by the writes themselves (SQLite
-- triggers, so no write path can forget it and it costs no round trip). A business's roll-up is
-- used only while its report_rollups row exists and names the business's current zone and
-- currency; src/services/reports/rollup.ts builds it (the cron), and the report falls back to
-- reading the bookings until then. Days are the business's local dates as whole days since
-- 1970-01-01, from the zone's offsets in report_zone_offsets.
CREATE TABLE `report_rollups` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`zone` text NOT NULL,
	`currency` text NOT NULL,
	`built_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `report_zone_offsets` (
	`zone` text NOT NULL,
	`from_ms` integer NOT NULL,
	`offset_ms` integer NOT NULL,
	PRIMARY KEY(`zone`, `from_ms`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `report_days` (
	`tenant_id` text NOT NULL,
	`day` integer NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	`no_shows` integer DEFAULT 0 NOT NULL,
	`cancelled` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `report_staff_days` (
	`tenant_id` text NOT NULL,
	`day` integer NOT NULL,
	`staff_id` text NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`booked_ms` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `day`, `staff_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `report_service_days` (
	`tenant_id` text NOT NULL,
	`day` integer NOT NULL,
	`service_id` text NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`taken` integer DEFAULT 0 NOT NULL,
	`refunded` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `day`, `service_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `report_sale_days` (
	`tenant_id` text NOT NULL,
	`day` integer NOT NULL,
	`taken` integer DEFAULT 0 NOT NULL,
	`refunded` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `report_customer_days` (
	`tenant_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`day` integer NOT NULL,
	`visits` integer DEFAULT 0 NOT NULL,
	`prev_day` integer,
	PRIMARY KEY(`tenant_id`, `customer_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `report_customer_days_day_idx` ON `report_customer_days` (`tenant_id`,`day`,`prev_day`);
--> statement-breakpoint
CREATE TRIGGER `report_bookings_insert` AFTER INSERT ON `bookings` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM report_rollups WHERE tenant_id = NEW.tenant_id) BEGIN
  INSERT INTO report_days (tenant_id, day, bookings, completed, no_shows, cancelled)
    SELECT NEW.tenant_id, k.d, (NEW.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = NEW.visit_id AND e.id <> NEW.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d)), (NEW.status = 'completed' AND (NEW.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = NEW.visit_id AND e.id <> NEW.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = NEW.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d))), (NEW.status = 'no_show' AND (NEW.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = NEW.visit_id AND e.id <> NEW.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = NEW.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d))), (NEW.status = 'cancelled' AND (NEW.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = NEW.visit_id AND e.id <> NEW.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = NEW.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d)))
    FROM (SELECT ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (NEW.status <> 'pending' AND NOT (NEW.status = 'cancelled' AND NEW.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, completed = completed + excluded.completed,
      no_shows = no_shows + excluded.no_shows, cancelled = cancelled + excluded.cancelled;
  INSERT INTO report_staff_days (tenant_id, day, staff_id, bookings, booked_ms)
    SELECT NEW.tenant_id, k.d, NEW.staff_id, 1, (CASE WHEN NEW.status IN ('confirmed', 'completed', 'no_show') THEN NEW.end_at - NEW.start_at ELSE 0 END)
    FROM (SELECT ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (NEW.status <> 'pending' AND NOT (NEW.status = 'cancelled' AND NEW.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day, staff_id) DO UPDATE SET bookings = bookings + excluded.bookings, booked_ms = booked_ms + excluded.booked_ms;
  INSERT INTO report_service_days (tenant_id, day, service_id, bookings, taken, refunded)
    SELECT NEW.tenant_id, k.d, NEW.service_id, 1, (SELECT coalesce(sum(p.amount), 0) FROM payments p WHERE p.booking_id = NEW.id AND p.tenant_id = NEW.tenant_id AND (p.status IN ('succeeded', 'partially_refunded', 'refunded') AND p.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(p.currency) = (SELECT upper(currency) FROM tenants WHERE id = p.tenant_id))), (SELECT coalesce(sum(p.refunded_amount), 0) FROM payments p WHERE p.booking_id = NEW.id AND p.tenant_id = NEW.tenant_id AND (p.status IN ('succeeded', 'partially_refunded', 'refunded') AND p.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(p.currency) = (SELECT upper(currency) FROM tenants WHERE id = p.tenant_id)))
    FROM (SELECT ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (NEW.status <> 'pending' AND NOT (NEW.status = 'cancelled' AND NEW.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day, service_id) DO UPDATE SET bookings = bookings + excluded.bookings, taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
  INSERT INTO report_customer_days (tenant_id, customer_id, day, visits, prev_day)
    SELECT NEW.tenant_id, NEW.customer_id, k.d, 1, (SELECT max(day) FROM report_customer_days WHERE tenant_id = NEW.tenant_id AND customer_id = NEW.customer_id AND day < k.d)
    FROM (SELECT ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (NEW.status <> 'pending' AND NOT (NEW.status = 'cancelled' AND NEW.hold_expires_at IS NOT NULL)) AND NEW.status IN ('confirmed', 'completed') AND NEW.customer_id IS NOT NULL
    ON CONFLICT (tenant_id, customer_id, day) DO UPDATE SET visits = visits + 1;
  UPDATE report_customer_days SET prev_day = ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000)
    WHERE (NEW.status <> 'pending' AND NOT (NEW.status = 'cancelled' AND NEW.hold_expires_at IS NOT NULL)) AND NEW.status IN ('confirmed', 'completed') AND NEW.customer_id IS NOT NULL AND tenant_id = NEW.tenant_id AND customer_id = NEW.customer_id AND day = (SELECT min(day) FROM report_customer_days WHERE tenant_id = NEW.tenant_id AND customer_id = NEW.customer_id AND day > ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000));
END;
--> statement-breakpoint
CREATE TRIGGER `report_bookings_update` AFTER UPDATE ON `bookings` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM report_rollups WHERE tenant_id = NEW.tenant_id) AND (OLD.status IS NOT NEW.status OR OLD.start_at IS NOT NEW.start_at OR OLD.end_at IS NOT NEW.end_at OR OLD.staff_id IS NOT NEW.staff_id OR OLD.service_id IS NOT NEW.service_id OR OLD.customer_id IS NOT NEW.customer_id OR OLD.visit_id IS NOT NEW.visit_id OR OLD.hold_expires_at IS NOT NEW.hold_expires_at) BEGIN
  INSERT INTO report_days (tenant_id, day, bookings, completed, no_shows, cancelled)
    SELECT OLD.tenant_id, k.d, -(OLD.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = OLD.visit_id AND e.id <> OLD.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d)), -(OLD.status = 'completed' AND (OLD.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = OLD.visit_id AND e.id <> OLD.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = OLD.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d))), -(OLD.status = 'no_show' AND (OLD.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = OLD.visit_id AND e.id <> OLD.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = OLD.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d))), -(OLD.status = 'cancelled' AND (OLD.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = OLD.visit_id AND e.id <> OLD.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = OLD.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d)))
    FROM (SELECT ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, completed = completed + excluded.completed,
      no_shows = no_shows + excluded.no_shows, cancelled = cancelled + excluded.cancelled;
  INSERT INTO report_staff_days (tenant_id, day, staff_id, bookings, booked_ms)
    SELECT OLD.tenant_id, k.d, OLD.staff_id, -1, -(CASE WHEN OLD.status IN ('confirmed', 'completed', 'no_show') THEN OLD.end_at - OLD.start_at ELSE 0 END)
    FROM (SELECT ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day, staff_id) DO UPDATE SET bookings = bookings + excluded.bookings, booked_ms = booked_ms + excluded.booked_ms;
  INSERT INTO report_service_days (tenant_id, day, service_id, bookings, taken, refunded)
    SELECT OLD.tenant_id, k.d, OLD.service_id, -1, -(SELECT coalesce(sum(p.amount), 0) FROM payments p WHERE p.booking_id = OLD.id AND p.tenant_id = OLD.tenant_id AND (p.status IN ('succeeded', 'partially_refunded', 'refunded') AND p.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(p.currency) = (SELECT upper(currency) FROM tenants WHERE id = p.tenant_id))), -(SELECT coalesce(sum(p.refunded_amount), 0) FROM payments p WHERE p.booking_id = OLD.id AND p.tenant_id = OLD.tenant_id AND (p.status IN ('succeeded', 'partially_refunded', 'refunded') AND p.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(p.currency) = (SELECT upper(currency) FROM tenants WHERE id = p.tenant_id)))
    FROM (SELECT ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day, service_id) DO UPDATE SET bookings = bookings + excluded.bookings, taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
  UPDATE report_customer_days SET visits = visits - 1 WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL)) AND OLD.status IN ('confirmed', 'completed') AND OLD.customer_id IS NOT NULL AND tenant_id = OLD.tenant_id AND customer_id = OLD.customer_id AND day = ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000);
  UPDATE report_customer_days SET prev_day = (SELECT g.prev_day FROM report_customer_days g WHERE g.tenant_id = OLD.tenant_id AND g.customer_id = OLD.customer_id AND g.day = ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000))
    WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL)) AND OLD.status IN ('confirmed', 'completed') AND OLD.customer_id IS NOT NULL AND tenant_id = OLD.tenant_id AND customer_id = OLD.customer_id AND day = (SELECT min(day) FROM report_customer_days WHERE tenant_id = OLD.tenant_id AND customer_id = OLD.customer_id AND day > ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000))
      AND (SELECT g.visits FROM report_customer_days g WHERE g.tenant_id = OLD.tenant_id AND g.customer_id = OLD.customer_id AND g.day = ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000)) = 0;
  DELETE FROM report_customer_days WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL)) AND OLD.status IN ('confirmed', 'completed') AND OLD.customer_id IS NOT NULL AND tenant_id = OLD.tenant_id AND customer_id = OLD.customer_id AND day = ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AND visits = 0;
  INSERT INTO report_days (tenant_id, day, bookings, completed, no_shows, cancelled)
    SELECT NEW.tenant_id, k.d, (NEW.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = NEW.visit_id AND e.id <> NEW.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d)), (NEW.status = 'completed' AND (NEW.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = NEW.visit_id AND e.id <> NEW.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = NEW.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d))), (NEW.status = 'no_show' AND (NEW.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = NEW.visit_id AND e.id <> NEW.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = NEW.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d))), (NEW.status = 'cancelled' AND (NEW.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = NEW.visit_id AND e.id <> NEW.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = NEW.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d)))
    FROM (SELECT ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (NEW.status <> 'pending' AND NOT (NEW.status = 'cancelled' AND NEW.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, completed = completed + excluded.completed,
      no_shows = no_shows + excluded.no_shows, cancelled = cancelled + excluded.cancelled;
  INSERT INTO report_staff_days (tenant_id, day, staff_id, bookings, booked_ms)
    SELECT NEW.tenant_id, k.d, NEW.staff_id, 1, (CASE WHEN NEW.status IN ('confirmed', 'completed', 'no_show') THEN NEW.end_at - NEW.start_at ELSE 0 END)
    FROM (SELECT ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (NEW.status <> 'pending' AND NOT (NEW.status = 'cancelled' AND NEW.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day, staff_id) DO UPDATE SET bookings = bookings + excluded.bookings, booked_ms = booked_ms + excluded.booked_ms;
  INSERT INTO report_service_days (tenant_id, day, service_id, bookings, taken, refunded)
    SELECT NEW.tenant_id, k.d, NEW.service_id, 1, (SELECT coalesce(sum(p.amount), 0) FROM payments p WHERE p.booking_id = NEW.id AND p.tenant_id = NEW.tenant_id AND (p.status IN ('succeeded', 'partially_refunded', 'refunded') AND p.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(p.currency) = (SELECT upper(currency) FROM tenants WHERE id = p.tenant_id))), (SELECT coalesce(sum(p.refunded_amount), 0) FROM payments p WHERE p.booking_id = NEW.id AND p.tenant_id = NEW.tenant_id AND (p.status IN ('succeeded', 'partially_refunded', 'refunded') AND p.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(p.currency) = (SELECT upper(currency) FROM tenants WHERE id = p.tenant_id)))
    FROM (SELECT ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (NEW.status <> 'pending' AND NOT (NEW.status = 'cancelled' AND NEW.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day, service_id) DO UPDATE SET bookings = bookings + excluded.bookings, taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
  INSERT INTO report_customer_days (tenant_id, customer_id, day, visits, prev_day)
    SELECT NEW.tenant_id, NEW.customer_id, k.d, 1, (SELECT max(day) FROM report_customer_days WHERE tenant_id = NEW.tenant_id AND customer_id = NEW.customer_id AND day < k.d)
    FROM (SELECT ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (NEW.status <> 'pending' AND NOT (NEW.status = 'cancelled' AND NEW.hold_expires_at IS NOT NULL)) AND NEW.status IN ('confirmed', 'completed') AND NEW.customer_id IS NOT NULL
    ON CONFLICT (tenant_id, customer_id, day) DO UPDATE SET visits = visits + 1;
  UPDATE report_customer_days SET prev_day = ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000)
    WHERE (NEW.status <> 'pending' AND NOT (NEW.status = 'cancelled' AND NEW.hold_expires_at IS NOT NULL)) AND NEW.status IN ('confirmed', 'completed') AND NEW.customer_id IS NOT NULL AND tenant_id = NEW.tenant_id AND customer_id = NEW.customer_id AND day = (SELECT min(day) FROM report_customer_days WHERE tenant_id = NEW.tenant_id AND customer_id = NEW.customer_id AND day > ((NEW.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= NEW.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000));
END;
--> statement-breakpoint
CREATE TRIGGER `report_bookings_delete` AFTER DELETE ON `bookings` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM report_rollups WHERE tenant_id = OLD.tenant_id) BEGIN
  INSERT INTO report_days (tenant_id, day, bookings, completed, no_shows, cancelled)
    SELECT OLD.tenant_id, k.d, -(OLD.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = OLD.visit_id AND e.id <> OLD.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d)), -(OLD.status = 'completed' AND (OLD.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = OLD.visit_id AND e.id <> OLD.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = OLD.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d))), -(OLD.status = 'no_show' AND (OLD.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = OLD.visit_id AND e.id <> OLD.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = OLD.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d))), -(OLD.status = 'cancelled' AND (OLD.visit_id IS NULL OR NOT EXISTS (SELECT 1 FROM bookings e WHERE e.visit_id = OLD.visit_id AND e.id <> OLD.id AND (e.status <> 'pending' AND NOT (e.status = 'cancelled' AND e.hold_expires_at IS NOT NULL)) AND e.status = OLD.status AND ((e.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = e.tenant_id) AND o.from_ms <= e.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) = k.d)))
    FROM (SELECT ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, completed = completed + excluded.completed,
      no_shows = no_shows + excluded.no_shows, cancelled = cancelled + excluded.cancelled;
  INSERT INTO report_staff_days (tenant_id, day, staff_id, bookings, booked_ms)
    SELECT OLD.tenant_id, k.d, OLD.staff_id, -1, -(CASE WHEN OLD.status IN ('confirmed', 'completed', 'no_show') THEN OLD.end_at - OLD.start_at ELSE 0 END)
    FROM (SELECT ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day, staff_id) DO UPDATE SET bookings = bookings + excluded.bookings, booked_ms = booked_ms + excluded.booked_ms;
  INSERT INTO report_service_days (tenant_id, day, service_id, bookings, taken, refunded)
    SELECT OLD.tenant_id, k.d, OLD.service_id, -1, -(SELECT coalesce(sum(p.amount), 0) FROM payments p WHERE p.booking_id = OLD.id AND p.tenant_id = OLD.tenant_id AND (p.status IN ('succeeded', 'partially_refunded', 'refunded') AND p.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(p.currency) = (SELECT upper(currency) FROM tenants WHERE id = p.tenant_id))), -(SELECT coalesce(sum(p.refunded_amount), 0) FROM payments p WHERE p.booking_id = OLD.id AND p.tenant_id = OLD.tenant_id AND (p.status IN ('succeeded', 'partially_refunded', 'refunded') AND p.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(p.currency) = (SELECT upper(currency) FROM tenants WHERE id = p.tenant_id)))
    FROM (SELECT ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AS d) k WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL))
    ON CONFLICT (tenant_id, day, service_id) DO UPDATE SET bookings = bookings + excluded.bookings, taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
  UPDATE report_customer_days SET visits = visits - 1 WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL)) AND OLD.status IN ('confirmed', 'completed') AND OLD.customer_id IS NOT NULL AND tenant_id = OLD.tenant_id AND customer_id = OLD.customer_id AND day = ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000);
  UPDATE report_customer_days SET prev_day = (SELECT g.prev_day FROM report_customer_days g WHERE g.tenant_id = OLD.tenant_id AND g.customer_id = OLD.customer_id AND g.day = ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000))
    WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL)) AND OLD.status IN ('confirmed', 'completed') AND OLD.customer_id IS NOT NULL AND tenant_id = OLD.tenant_id AND customer_id = OLD.customer_id AND day = (SELECT min(day) FROM report_customer_days WHERE tenant_id = OLD.tenant_id AND customer_id = OLD.customer_id AND day > ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000))
      AND (SELECT g.visits FROM report_customer_days g WHERE g.tenant_id = OLD.tenant_id AND g.customer_id = OLD.customer_id AND g.day = ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000)) = 0;
  DELETE FROM report_customer_days WHERE (OLD.status <> 'pending' AND NOT (OLD.status = 'cancelled' AND OLD.hold_expires_at IS NOT NULL)) AND OLD.status IN ('confirmed', 'completed') AND OLD.customer_id IS NOT NULL AND tenant_id = OLD.tenant_id AND customer_id = OLD.customer_id AND day = ((OLD.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= OLD.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000) AND visits = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `report_payments_insert` AFTER INSERT ON `payments` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM report_rollups WHERE tenant_id = NEW.tenant_id) BEGIN
  INSERT INTO report_service_days (tenant_id, day, service_id, bookings, taken, refunded)
    SELECT b.tenant_id, ((b.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = b.tenant_id) AND o.from_ms <= b.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000), b.service_id, 0, NEW.amount, NEW.refunded_amount
    FROM bookings b WHERE b.id = NEW.booking_id AND b.tenant_id = NEW.tenant_id AND (b.status <> 'pending' AND NOT (b.status = 'cancelled' AND b.hold_expires_at IS NOT NULL)) AND (NEW.status IN ('succeeded', 'partially_refunded', 'refunded') AND NEW.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(NEW.currency) = (SELECT upper(currency) FROM tenants WHERE id = NEW.tenant_id))
    ON CONFLICT (tenant_id, day, service_id) DO UPDATE SET taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
  INSERT INTO report_sale_days (tenant_id, day, taken, refunded)
    SELECT NEW.tenant_id, (((CAST(strftime('%s', NEW.created_at) AS INTEGER) * 1000) + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= (CAST(strftime('%s', NEW.created_at) AS INTEGER) * 1000) ORDER BY o.from_ms DESC LIMIT 1)) / 86400000), NEW.amount, NEW.refunded_amount
    WHERE NEW.booking_id IS NULL AND (NEW.status IN ('succeeded', 'partially_refunded', 'refunded') AND NEW.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(NEW.currency) = (SELECT upper(currency) FROM tenants WHERE id = NEW.tenant_id))
    ON CONFLICT (tenant_id, day) DO UPDATE SET taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
END;
--> statement-breakpoint
CREATE TRIGGER `report_payments_update` AFTER UPDATE ON `payments` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM report_rollups WHERE tenant_id = NEW.tenant_id) AND (OLD.amount IS NOT NEW.amount OR OLD.refunded_amount IS NOT NEW.refunded_amount OR OLD.status IS NOT NEW.status OR OLD.kind IS NOT NEW.kind OR OLD.currency IS NOT NEW.currency OR OLD.booking_id IS NOT NEW.booking_id OR OLD.created_at IS NOT NEW.created_at) BEGIN
  INSERT INTO report_service_days (tenant_id, day, service_id, bookings, taken, refunded)
    SELECT b.tenant_id, ((b.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = b.tenant_id) AND o.from_ms <= b.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000), b.service_id, 0, -OLD.amount, -OLD.refunded_amount
    FROM bookings b WHERE b.id = OLD.booking_id AND b.tenant_id = OLD.tenant_id AND (b.status <> 'pending' AND NOT (b.status = 'cancelled' AND b.hold_expires_at IS NOT NULL)) AND (OLD.status IN ('succeeded', 'partially_refunded', 'refunded') AND OLD.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(OLD.currency) = (SELECT upper(currency) FROM tenants WHERE id = OLD.tenant_id))
    ON CONFLICT (tenant_id, day, service_id) DO UPDATE SET taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
  INSERT INTO report_sale_days (tenant_id, day, taken, refunded)
    SELECT OLD.tenant_id, (((CAST(strftime('%s', OLD.created_at) AS INTEGER) * 1000) + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= (CAST(strftime('%s', OLD.created_at) AS INTEGER) * 1000) ORDER BY o.from_ms DESC LIMIT 1)) / 86400000), -OLD.amount, -OLD.refunded_amount
    WHERE OLD.booking_id IS NULL AND (OLD.status IN ('succeeded', 'partially_refunded', 'refunded') AND OLD.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(OLD.currency) = (SELECT upper(currency) FROM tenants WHERE id = OLD.tenant_id))
    ON CONFLICT (tenant_id, day) DO UPDATE SET taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
  INSERT INTO report_service_days (tenant_id, day, service_id, bookings, taken, refunded)
    SELECT b.tenant_id, ((b.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = b.tenant_id) AND o.from_ms <= b.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000), b.service_id, 0, NEW.amount, NEW.refunded_amount
    FROM bookings b WHERE b.id = NEW.booking_id AND b.tenant_id = NEW.tenant_id AND (b.status <> 'pending' AND NOT (b.status = 'cancelled' AND b.hold_expires_at IS NOT NULL)) AND (NEW.status IN ('succeeded', 'partially_refunded', 'refunded') AND NEW.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(NEW.currency) = (SELECT upper(currency) FROM tenants WHERE id = NEW.tenant_id))
    ON CONFLICT (tenant_id, day, service_id) DO UPDATE SET taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
  INSERT INTO report_sale_days (tenant_id, day, taken, refunded)
    SELECT NEW.tenant_id, (((CAST(strftime('%s', NEW.created_at) AS INTEGER) * 1000) + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = NEW.tenant_id) AND o.from_ms <= (CAST(strftime('%s', NEW.created_at) AS INTEGER) * 1000) ORDER BY o.from_ms DESC LIMIT 1)) / 86400000), NEW.amount, NEW.refunded_amount
    WHERE NEW.booking_id IS NULL AND (NEW.status IN ('succeeded', 'partially_refunded', 'refunded') AND NEW.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(NEW.currency) = (SELECT upper(currency) FROM tenants WHERE id = NEW.tenant_id))
    ON CONFLICT (tenant_id, day) DO UPDATE SET taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
END;
--> statement-breakpoint
CREATE TRIGGER `report_payments_delete` AFTER DELETE ON `payments` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM report_rollups WHERE tenant_id = OLD.tenant_id) BEGIN
  INSERT INTO report_service_days (tenant_id, day, service_id, bookings, taken, refunded)
    SELECT b.tenant_id, ((b.start_at + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = b.tenant_id) AND o.from_ms <= b.start_at ORDER BY o.from_ms DESC LIMIT 1)) / 86400000), b.service_id, 0, -OLD.amount, -OLD.refunded_amount
    FROM bookings b WHERE b.id = OLD.booking_id AND b.tenant_id = OLD.tenant_id AND (b.status <> 'pending' AND NOT (b.status = 'cancelled' AND b.hold_expires_at IS NOT NULL)) AND (OLD.status IN ('succeeded', 'partially_refunded', 'refunded') AND OLD.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(OLD.currency) = (SELECT upper(currency) FROM tenants WHERE id = OLD.tenant_id))
    ON CONFLICT (tenant_id, day, service_id) DO UPDATE SET taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
  INSERT INTO report_sale_days (tenant_id, day, taken, refunded)
    SELECT OLD.tenant_id, (((CAST(strftime('%s', OLD.created_at) AS INTEGER) * 1000) + (SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = OLD.tenant_id) AND o.from_ms <= (CAST(strftime('%s', OLD.created_at) AS INTEGER) * 1000) ORDER BY o.from_ms DESC LIMIT 1)) / 86400000), -OLD.amount, -OLD.refunded_amount
    WHERE OLD.booking_id IS NULL AND (OLD.status IN ('succeeded', 'partially_refunded', 'refunded') AND OLD.kind IN ('deposit', 'full', 'no_show_fee', 'late_cancel_fee', 'gift_card_sale', 'package_sale') AND upper(OLD.currency) = (SELECT upper(currency) FROM tenants WHERE id = OLD.tenant_id))
    ON CONFLICT (tenant_id, day) DO UPDATE SET taken = taken + excluded.taken, refunded = refunded + excluded.refunded;
END;
--> statement-breakpoint
CREATE TRIGGER `report_tenants_zone` AFTER UPDATE OF timezone, currency ON `tenants` FOR EACH ROW WHEN OLD.timezone IS NOT NEW.timezone OR upper(OLD.currency) IS NOT upper(NEW.currency) BEGIN
  DELETE FROM report_rollups WHERE tenant_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `report_tenants_delete` AFTER DELETE ON `tenants` FOR EACH ROW WHEN 1 BEGIN
  DELETE FROM report_rollups WHERE tenant_id = OLD.id;
  DELETE FROM report_days WHERE tenant_id = OLD.id;
  DELETE FROM report_staff_days WHERE tenant_id = OLD.id;
  DELETE FROM report_service_days WHERE tenant_id = OLD.id;
  DELETE FROM report_sale_days WHERE tenant_id = OLD.id;
  DELETE FROM report_customer_days WHERE tenant_id = OLD.id;
END;
