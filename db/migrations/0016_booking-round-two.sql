ALTER TABLE `sessions_booking` ADD `cancelled_by` text;--> statement-breakpoint
ALTER TABLE `sessions_booking` ADD `late_cancellation` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions_booking` ADD `cancellation_window_hours` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions_booking` ADD `expires_at` integer;--> statement-breakpoint
CREATE INDEX `bookings_expires_idx` ON `sessions_booking` (`expires_at`);--> statement-breakpoint
ALTER TABLE `practitioner_availability` ADD `taking_bookings` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `practitioner_availability` ADD `cancellation_window_hours` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `practitioner_availability` ADD `cancellation_policy` text;--> statement-breakpoint
ALTER TABLE `practitioner_availability` ADD `request_expiry_hours` integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE `practitioner_availability` ADD `session_address` text;