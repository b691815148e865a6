ALTER TABLE `tenants` ADD `schedule_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `bookings_schedule_insert` AFTER INSERT ON `bookings` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = NEW.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_schedule_update` AFTER UPDATE OF tenant_id, staff_id, start_at, end_at, status, buffer_before_minutes, buffer_after_minutes ON `bookings` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` IN (OLD.`tenant_id`, NEW.`tenant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `bookings_schedule_delete` AFTER DELETE ON `bookings` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = OLD.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `services_schedule_insert` AFTER INSERT ON `services` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = NEW.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `services_schedule_update` AFTER UPDATE ON `services` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` IN (OLD.`tenant_id`, NEW.`tenant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `services_schedule_delete` AFTER DELETE ON `services` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = OLD.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `staff_profiles_schedule_insert` AFTER INSERT ON `staff_profiles` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = NEW.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `staff_profiles_schedule_update` AFTER UPDATE ON `staff_profiles` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` IN (OLD.`tenant_id`, NEW.`tenant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `staff_profiles_schedule_delete` AFTER DELETE ON `staff_profiles` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = OLD.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `staff_hours_schedule_insert` AFTER INSERT ON `staff_hours` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = NEW.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `staff_hours_schedule_update` AFTER UPDATE ON `staff_hours` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` IN (OLD.`tenant_id`, NEW.`tenant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `staff_hours_schedule_delete` AFTER DELETE ON `staff_hours` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = OLD.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `staff_time_off_schedule_insert` AFTER INSERT ON `staff_time_off` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = NEW.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `staff_time_off_schedule_update` AFTER UPDATE ON `staff_time_off` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` IN (OLD.`tenant_id`, NEW.`tenant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `staff_time_off_schedule_delete` AFTER DELETE ON `staff_time_off` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = OLD.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `staff_date_overrides_schedule_insert` AFTER INSERT ON `staff_date_overrides` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = NEW.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `staff_date_overrides_schedule_update` AFTER UPDATE ON `staff_date_overrides` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` IN (OLD.`tenant_id`, NEW.`tenant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `staff_date_overrides_schedule_delete` AFTER DELETE ON `staff_date_overrides` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = OLD.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `business_closures_schedule_insert` AFTER INSERT ON `business_closures` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = NEW.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `business_closures_schedule_update` AFTER UPDATE ON `business_closures` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` IN (OLD.`tenant_id`, NEW.`tenant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `business_closures_schedule_delete` AFTER DELETE ON `business_closures` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = OLD.`tenant_id`; END;
