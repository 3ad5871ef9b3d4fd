CREATE TABLE `booking_events` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`type` text NOT NULL,
	`actor` text NOT NULL,
	`from_datetime` integer,
	`to_datetime` integer,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `sessions_booking`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "booking_events_type_check" CHECK(type IN ('created', 'confirmed', 'rescheduled', 'cancelled', 'completed', 'no-show'))
);
--> statement-breakpoint
CREATE INDEX `booking_events_booking_idx` ON `booking_events` (`booking_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `booking_reminders` (
	`booking_id` text NOT NULL,
	`scheduled_datetime` integer NOT NULL,
	`sent_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`booking_id`, `scheduled_datetime`),
	FOREIGN KEY (`booking_id`) REFERENCES `sessions_booking`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `calendar_feed_tokens` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feed_tokens_hash_unique` ON `calendar_feed_tokens` (`token_hash`);--> statement-breakpoint
CREATE TABLE `practitioner_availability` (
	`practitioner_id` text PRIMARY KEY NOT NULL,
	`time_zone` text NOT NULL,
	`weekly_hours` text NOT NULL,
	`overrides` text DEFAULT '[]' NOT NULL,
	`buffer_minutes` integer DEFAULT 0 NOT NULL,
	`minimum_notice_minutes` integer DEFAULT 0 NOT NULL,
	`durations` text NOT NULL,
	`video_link` text,
	`saved` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "availability_buffer_check" CHECK(buffer_minutes BETWEEN 0 AND 1440),
	CONSTRAINT "availability_notice_check" CHECK(minimum_notice_minutes >= 0)
);
--> statement-breakpoint
ALTER TABLE `sessions_booking` ADD `idempotency_key` text;--> statement-breakpoint
ALTER TABLE `sessions_booking` ADD `client_time_zone` text;--> statement-breakpoint
ALTER TABLE `sessions_booking` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions_booking` ADD `cancellation_reason` text;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_client_idempotency_unique` ON `sessions_booking` (`client_id`,`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_practitioner_slot_unique` ON `sessions_booking` (`practitioner_id`,`scheduled_datetime`) WHERE status != 'cancelled';--> statement-breakpoint
CREATE INDEX `bookings_status_time_idx` ON `sessions_booking` (`status`,`scheduled_datetime`);