CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`practitioner_id` text NOT NULL,
	`client_id` text NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`times_of_day` text NOT NULL,
	`duration` integer NOT NULL,
	`time_zone` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "waitlist_entries_status_check" CHECK(status IN ('waiting', 'booked', 'left')),
	CONSTRAINT "waitlist_entries_duration_check" CHECK(duration > 0)
);
--> statement-breakpoint
CREATE INDEX `waitlist_entries_queue_idx` ON `waitlist_entries` (`practitioner_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_client_idx` ON `waitlist_entries` (`client_id`,`status`);--> statement-breakpoint
CREATE TABLE `waitlist_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`entry_id` text NOT NULL,
	`practitioner_id` text NOT NULL,
	`client_id` text NOT NULL,
	`start` integer NOT NULL,
	`duration` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`expires_at` integer NOT NULL,
	`booking_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `waitlist_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `sessions_booking`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "waitlist_offers_status_check" CHECK(status IN ('open', 'accepted', 'declined', 'expired', 'void'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_hold_unique` ON `waitlist_offers` (`practitioner_id`,`start`) WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_entry_start_unique` ON `waitlist_offers` (`entry_id`,`start`);--> statement-breakpoint
CREATE INDEX `waitlist_offers_due_idx` ON `waitlist_offers` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `waitlist_offers_client_idx` ON `waitlist_offers` (`client_id`,`status`);--> statement-breakpoint
CREATE TABLE `waitlist_openings` (
	`id` text PRIMARY KEY NOT NULL,
	`practitioner_id` text NOT NULL,
	`start` integer NOT NULL,
	`duration` integer NOT NULL,
	`processed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `waitlist_openings_pending_idx` ON `waitlist_openings` (`processed_at`,`created_at`);--> statement-breakpoint
ALTER TABLE `sessions_booking` ADD `cancelled_by` text;--> statement-breakpoint
ALTER TABLE `sessions_booking` ADD `late_cancellation` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions_booking` ADD `cancellation_window_hours` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions_booking` ADD `expires_at` integer;--> statement-breakpoint
CREATE INDEX `bookings_expires_idx` ON `sessions_booking` (`expires_at`);--> statement-breakpoint
ALTER TABLE `practitioner_availability` ADD `taking_bookings` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `practitioner_availability` ADD `request_expiry_hours` integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE `practitioner_availability` ADD `session_address` text;--> statement-breakpoint
ALTER TABLE `practitioner_payment_settings` ADD `cancellation_window_hours` integer DEFAULT 0 NOT NULL;