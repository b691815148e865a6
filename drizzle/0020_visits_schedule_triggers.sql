-- design.md §26: the schedule_version triggers of drizzle/0010 for what now also decides slots: resources,
-- their time off, the resources bookings hold, and a booking's processing window (availability copies, schedule-cache.ts).
CREATE TRIGGER `resources_schedule_insert` AFTER INSERT ON `resources` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = NEW.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `resources_schedule_update` AFTER UPDATE ON `resources` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` IN (OLD.`tenant_id`, NEW.`tenant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `resources_schedule_delete` AFTER DELETE ON `resources` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = OLD.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `resource_time_off_schedule_insert` AFTER INSERT ON `resource_time_off` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = NEW.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `resource_time_off_schedule_update` AFTER UPDATE ON `resource_time_off` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` IN (OLD.`tenant_id`, NEW.`tenant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `resource_time_off_schedule_delete` AFTER DELETE ON `resource_time_off` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = OLD.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `booking_resources_schedule_insert` AFTER INSERT ON `booking_resources` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = NEW.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `booking_resources_schedule_update` AFTER UPDATE ON `booking_resources` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` IN (OLD.`tenant_id`, NEW.`tenant_id`); END;
--> statement-breakpoint
CREATE TRIGGER `booking_resources_schedule_delete` AFTER DELETE ON `booking_resources` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` = OLD.`tenant_id`; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_schedule_update_visits` AFTER UPDATE OF processing_offset_minutes, processing_minutes, visit_id ON `bookings` BEGIN UPDATE `tenants` SET `schedule_version` = (random() >> 11) WHERE `id` IN (OLD.`tenant_id`, NEW.`tenant_id`); END;
