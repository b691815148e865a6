-- design.md §31 (issue #33): every booking made before its money terms were stored keeps the
-- terms in force now (the business's current cancellation hours and fee percents) and the refund
-- deadline they give (start - cancellation hours). Rows written by a Worker of the previous
-- release during the deploy are filled the same way by the code that reads them (null = this).
UPDATE `bookings` SET
  `cancellation_hours` = (SELECT t.`cancellation_hours` FROM `tenants` t WHERE t.`id` = `bookings`.`tenant_id`),
  `no_show_fee_percent` = (SELECT t.`no_show_fee_percent` FROM `tenants` t WHERE t.`id` = `bookings`.`tenant_id`),
  `late_cancel_fee_percent` = (SELECT t.`late_cancel_fee_percent` FROM `tenants` t WHERE t.`id` = `bookings`.`tenant_id`),
  `refund_deadline_at` = `start_at` - (SELECT t.`cancellation_hours` FROM `tenants` t WHERE t.`id` = `bookings`.`tenant_id`) * 3600000
WHERE `cancellation_hours` IS NULL;
