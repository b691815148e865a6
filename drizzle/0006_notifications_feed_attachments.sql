ALTER TABLE `staff_profiles` ADD `calendar_feed_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `staff_calendar_feed_uq` ON `staff_profiles` (`calendar_feed_hash`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attachments` text;