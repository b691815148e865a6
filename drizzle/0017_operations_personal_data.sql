CREATE TABLE `alert_state` (
	`condition` text PRIMARY KEY NOT NULL,
	`last_sent_at` text NOT NULL,
	`last_value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cron_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text,
	`summary` text
);
--> statement-breakpoint
CREATE INDEX `cron_runs_started_idx` ON `cron_runs` (`started_at`);--> statement-breakpoint
ALTER TABLE `customers` ADD `erased_at` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `deletion_scheduled_at` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `deletion_due_at` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `deletion_reason` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `deletion_reminded_at` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `deleted_at` text;--> statement-breakpoint
CREATE INDEX `tenants_deletion_due_idx` ON `tenants` (`deletion_due_at`);--> statement-breakpoint
CREATE INDEX `password_resets_expires_idx` ON `password_resets` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `user_tokens_expires_idx` ON `user_tokens` (`expires_at`);--> statement-breakpoint
CREATE INDEX `processed_events_received_idx` ON `processed_events` (`received_at`);--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_ai_text_idx` ON `audit_log` (`created_at`) WHERE action IN ('ai.public_chat', 'ai.owner_chat') AND json_extract(metadata, '$.question') <> '';--> statement-breakpoint
CREATE INDEX `webhook_deliveries_payload_idx` ON `webhook_deliveries` (`delivered_at`) WHERE status = 'delivered' AND payload <> '';--> statement-breakpoint
CREATE INDEX `sms_messages_body_idx` ON `sms_messages` (`created_at`) WHERE body <> '';