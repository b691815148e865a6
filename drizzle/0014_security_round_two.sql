ALTER TABLE `tenants` ADD `bot_protection` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `tenants_stripe_account_idx` ON `tenants` (`stripe_account_id`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancellation_hours` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `no_show_fee_percent` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `late_cancel_fee_percent` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `refund_deadline_at` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `moved_late_at` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `guest_first_name` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `guest_last_name` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `guest_phone` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `client_network` text;--> statement-breakpoint
CREATE INDEX `bookings_tenant_hold_idx` ON `bookings` (`tenant_id`,`status`,`hold_expires_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_recipient_idx` ON `email_outbox` (`to_email`,`kind`,`created_at`);