CREATE TABLE `booking_cards` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`booking_id` text NOT NULL,
	`stripe_customer_id` text NOT NULL,
	`stripe_setup_intent_id` text,
	`setup_client_secret` text,
	`stripe_payment_method_id` text,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_cards_booking_uq` ON `booking_cards` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `booking_cards_setup_uq` ON `booking_cards` (`stripe_setup_intent_id`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`seq` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`reason` text NOT NULL,
	`stripe_refund_id` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_payment_seq_uq` ON `refunds` (`payment_id`,`seq`);--> statement-breakpoint
CREATE INDEX `refunds_tenant_created_idx` ON `refunds` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_stripe_uq` ON `refunds` (`stripe_refund_id`);--> statement-breakpoint
ALTER TABLE `payments` ADD `stripe_account_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `stripe_customer_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `failure_message` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `charge_at` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `waived_at` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `waived_by` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_booking_fee_uq` ON `payments` (`booking_id`,`kind`) WHERE kind IN ('no_show_fee', 'late_cancel_fee');--> statement-breakpoint
ALTER TABLE `processed_events` ADD `apply_id` text;--> statement-breakpoint
CREATE INDEX `bookings_hold_idx` ON `bookings` (`status`,`hold_expires_at`);