CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`service_id` text NOT NULL,
	`staff_id` text,
	`first_name` text NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`sms_phone` text,
	`sms_opt_in` integer DEFAULT false NOT NULL,
	`status` text NOT NULL,
	`manage_token_hash` text NOT NULL,
	`last_window_end_at` integer NOT NULL,
	`booking_id` text,
	`ended_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_manage_token_uq` ON `waitlist_entries` (`manage_token_hash`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_waiting_idx` ON `waitlist_entries` (`tenant_id`,`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_waiting_uq` ON `waitlist_entries` (`tenant_id`,`service_id`,`email`) WHERE status = 'waiting';--> statement-breakpoint
CREATE TABLE `waitlist_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`trigger_key` text NOT NULL,
	`via` text NOT NULL,
	`staff_id` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_trigger_uq` ON `waitlist_offers` (`entry_id`,`trigger_key`);--> statement-breakpoint
CREATE INDEX `waitlist_offers_tenant_idx` ON `waitlist_offers` (`tenant_id`,`start_at`);--> statement-breakpoint
CREATE TABLE `waitlist_windows` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`date` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `waitlist_windows_entry_idx` ON `waitlist_windows` (`entry_id`);--> statement-breakpoint
CREATE INDEX `waitlist_windows_tenant_time_idx` ON `waitlist_windows` (`tenant_id`,`start_at`);