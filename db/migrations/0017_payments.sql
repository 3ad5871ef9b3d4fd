CREATE TABLE `billing_customers` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_customers_user_idx` ON `billing_customers` (`user_id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`stripe_created_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`outcome` text NOT NULL,
	`detail` text,
	`user_id` text,
	`subscription_id` text,
	`attempts` integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payment_events_outcome_check" CHECK(outcome IN ('handled', 'ignored', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `payment_events_received_idx` ON `payment_events` (`received_at`);--> statement-breakpoint
CREATE TABLE `practitioner_payment_settings` (
	`practitioner_id` text PRIMARY KEY NOT NULL,
	`payment_instructions` text DEFAULT '' NOT NULL,
	`cancellation_policy` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `session_payments` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`paid` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `sessions_booking`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`plan` text NOT NULL,
	`price_id` text NOT NULL,
	`stripe_status` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`current_period_end` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`payment_failed_at` integer,
	`started_at` integer,
	`ended_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "subscriptions_plan_check" CHECK(plan IN ('basic', 'premium', 'unlimited'))
);
--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_booking_events` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`type` text NOT NULL,
	`actor` text NOT NULL,
	`from_datetime` integer,
	`to_datetime` integer,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `sessions_booking`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "booking_events_type_check" CHECK(type IN ('created', 'confirmed', 'rescheduled', 'cancelled', 'completed', 'no-show', 'paid', 'unpaid'))
);
--> statement-breakpoint
INSERT INTO `__new_booking_events`("id", "booking_id", "type", "actor", "from_datetime", "to_datetime", "reason", "created_at") SELECT "id", "booking_id", "type", "actor", "from_datetime", "to_datetime", "reason", "created_at" FROM `booking_events`;--> statement-breakpoint
DROP TABLE `booking_events`;--> statement-breakpoint
ALTER TABLE `__new_booking_events` RENAME TO `booking_events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `booking_events_booking_idx` ON `booking_events` (`booking_id`,`created_at`);