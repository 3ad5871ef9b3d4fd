CREATE TABLE `limit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `limit_events_key_at_idx` ON `limit_events` (`key`,`at`);--> statement-breakpoint
CREATE INDEX `limit_events_expires_idx` ON `limit_events` (`expires_at`);--> statement-breakpoint
CREATE TABLE `limit_marks` (
	`key` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `limit_marks_expires_idx` ON `limit_marks` (`expires_at`);