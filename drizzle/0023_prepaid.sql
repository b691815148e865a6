CREATE TABLE `gift_cards` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`code_hash` text,
	`last4` text,
	`amount` integer NOT NULL,
	`balance` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`expires_at` text,
	`buyer_name` text DEFAULT '' NOT NULL,
	`buyer_email` text DEFAULT '' NOT NULL,
	`recipient_name` text DEFAULT '' NOT NULL,
	`recipient_email` text DEFAULT '' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`delivery_date` text,
	`payment_id` text,
	`customer_id` text,
	`customer_account_id` text,
	`reason` text,
	`issued_at` text,
	`issued_by` text,
	`void_reason` text,
	`voided_at` text,
	`voided_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gift_cards_code_uq` ON `gift_cards` (`tenant_id`,`code_hash`);--> statement-breakpoint
CREATE INDEX `gift_cards_tenant_created_idx` ON `gift_cards` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `gift_cards_payment_idx` ON `gift_cards` (`payment_id`);--> statement-breakpoint
CREATE INDEX `gift_cards_customer_idx` ON `gift_cards` (`customer_id`);--> statement-breakpoint
CREATE TABLE `package_credits` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`package_id` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`code_hash` text,
	`last4` text,
	`service_ids` text NOT NULL,
	`sessions` integer NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	`price` integer NOT NULL,
	`currency` text NOT NULL,
	`expires_at` text,
	`buyer_name` text DEFAULT '' NOT NULL,
	`buyer_email` text DEFAULT '' NOT NULL,
	`payment_id` text,
	`customer_id` text,
	`customer_account_id` text,
	`reason` text,
	`issued_at` text,
	`issued_by` text,
	`void_reason` text,
	`voided_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `package_credits_code_uq` ON `package_credits` (`tenant_id`,`code_hash`);--> statement-breakpoint
CREATE INDEX `package_credits_tenant_created_idx` ON `package_credits` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `package_credits_account_idx` ON `package_credits` (`customer_account_id`);--> statement-breakpoint
CREATE INDEX `package_credits_payment_idx` ON `package_credits` (`payment_id`);--> statement-breakpoint
CREATE TABLE `packages` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`service_ids` text NOT NULL,
	`sessions` integer NOT NULL,
	`price` integer NOT NULL,
	`currency` text NOT NULL,
	`validity_days` integer NOT NULL,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `packages_tenant_idx` ON `packages` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `promo_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`code` text NOT NULL,
	`percent_off` integer,
	`amount_off` integer,
	`service_ids` text,
	`valid_from` text,
	`valid_to` text,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`first_visit_only` integer DEFAULT false NOT NULL,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_codes_code_uq` ON `promo_codes` (`tenant_id`,`code`) WHERE deleted_at IS NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `gift_card_settings` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `gift_card_id` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `gift_card_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `package_credit_id` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `promo_code_id` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `promo_discount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `gift_card_id` text;