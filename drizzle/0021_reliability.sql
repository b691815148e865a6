ALTER TABLE `customers` ADD `reliability_reset_at` integer;--> statement-breakpoint
ALTER TABLE `customers` ADD `reliability_trusted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `reliability_policy` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `late_cancelled_at` integer;