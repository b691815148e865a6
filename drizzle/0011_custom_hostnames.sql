ALTER TABLE `tenants` ADD `custom_domain_status` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `custom_hostname_id` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `custom_domain_ssl_status` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `custom_domain_records` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `custom_domain_checked_at` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `custom_domain_claimed_at` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `custom_domain_problem` text;--> statement-breakpoint
CREATE INDEX `tenants_custom_domain_check_idx` ON `tenants` (`custom_domain_status`,`custom_domain_checked_at`);