CREATE TABLE `sms_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text,
	`booking_id` text,
	`customer_id` text,
	`direction` text NOT NULL,
	`phone` text NOT NULL,
	`body` text NOT NULL,
	`template` text,
	`segments` integer DEFAULT 1 NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`provider_sid` text,
	`month` text,
	`job_id` text,
	`status_check_at` text,
	`status_checks` integer DEFAULT 0 NOT NULL,
	`sent_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sms_messages_provider_sid_uq` ON `sms_messages` (`provider_sid`);--> statement-breakpoint
CREATE INDEX `sms_messages_usage_idx` ON `sms_messages` (`tenant_id`,`month`,`status`);--> statement-breakpoint
CREATE INDEX `sms_messages_customer_idx` ON `sms_messages` (`tenant_id`,`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sms_messages_phone_idx` ON `sms_messages` (`phone`,`direction`,`created_at`);--> statement-breakpoint
CREATE INDEX `sms_messages_status_check_idx` ON `sms_messages` (`status_check_at`) WHERE status_check_at IS NOT NULL;--> statement-breakpoint
CREATE TABLE `sms_opt_outs` (
	`phone` text PRIMARY KEY NOT NULL,
	`keyword` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `tenants` ADD `sms_confirmations` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `sms_reminders` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `sms_monthly_limit` integer;--> statement-breakpoint
ALTER TABLE `tenants` ADD `sms_limit_notice_month` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `sms_opt_in` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `sms_phone_typed` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `sms_phone` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `customer_confirmed_at` text;