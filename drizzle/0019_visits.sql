CREATE TABLE `visits` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`confirmation_code` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `visits_confirmation_code_uq` ON `visits` (`confirmation_code`);--> statement-breakpoint
CREATE INDEX `visits_tenant_idx` ON `visits` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `booking_resources` (
	`booking_id` text NOT NULL,
	`resource_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`booking_id`, `resource_id`),
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `booking_resources_resource_time_idx` ON `booking_resources` (`resource_id`,`start_at`);--> statement-breakpoint
CREATE TABLE `resource_time_off` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`resource_id` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `resource_time_off_resource_idx` ON `resource_time_off` (`resource_id`,`start_at`);--> statement-breakpoint
CREATE TABLE `resources` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `resources_tenant_type_idx` ON `resources` (`tenant_id`,`type`,`name`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `processing_offset_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `processing_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `visit_id` text REFERENCES visits(id);--> statement-breakpoint
CREATE INDEX `bookings_visit_idx` ON `bookings` (`visit_id`,`start_at`);--> statement-breakpoint
ALTER TABLE `services` ADD `processing_offset_minutes` integer;--> statement-breakpoint
ALTER TABLE `services` ADD `processing_minutes` integer;--> statement-breakpoint
ALTER TABLE `services` ADD `resource_types` text DEFAULT '[]' NOT NULL;