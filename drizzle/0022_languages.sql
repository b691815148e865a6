ALTER TABLE `tenant_members` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `locale` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `booking_languages` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `locale` text;