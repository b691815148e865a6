CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`tenant_id` text,
	`idempotency_key` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`locked_at` text,
	`last_error` text,
	`result` text,
	`done_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_kind_key_idx` ON `jobs` (`kind`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `jobs_tenant_status_idx` ON `jobs` (`tenant_id`,`status`,`updated_at`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `sensitive` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `email_outbox_tenant_status_idx` ON `email_outbox` (`tenant_id`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_tenant_status_idx` ON `webhook_deliveries` (`tenant_id`,`status`,`updated_at`);