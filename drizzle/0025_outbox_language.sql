ALTER TABLE `email_outbox` ADD `language` text;--> statement-breakpoint
ALTER TABLE `waitlist_entries` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `gift_cards` ADD `locale` text;