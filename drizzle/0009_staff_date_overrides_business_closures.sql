CREATE TABLE `business_closures` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `business_closures_tenant_end_idx` ON `business_closures` (`tenant_id`,`end_date`);--> statement-breakpoint
CREATE TABLE `staff_date_overrides` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`staff_id` text NOT NULL,
	`date` text NOT NULL,
	`intervals` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`staff_id`) REFERENCES `staff_profiles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_date_overrides_staff_date_uq` ON `staff_date_overrides` (`staff_id`,`date`);--> statement-breakpoint
CREATE INDEX `staff_date_overrides_tenant_date_idx` ON `staff_date_overrides` (`tenant_id`,`date`);