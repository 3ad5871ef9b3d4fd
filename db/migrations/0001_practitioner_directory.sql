CREATE TABLE `practitioner_directory` (
	`doc_id` integer PRIMARY KEY NOT NULL,
	`practitioner_id` text NOT NULL,
	`archetype` text NOT NULL,
	`experience_level` text NOT NULL,
	`experience_rank` integer NOT NULL,
	`hourly_rate_cents` integer,
	`average_rating` real,
	`total_sessions` integer NOT NULL,
	`is_featured` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `practitioner_directory_practitioner_unique` ON `practitioner_directory` (`practitioner_id`);--> statement-breakpoint
CREATE INDEX `practitioner_directory_filters_idx` ON `practitioner_directory` (`archetype`,`experience_level`,`hourly_rate_cents`);--> statement-breakpoint
CREATE INDEX `practitioner_directory_level_rate_idx` ON `practitioner_directory` (`experience_level`,`hourly_rate_cents`);--> statement-breakpoint
CREATE INDEX `practitioner_directory_featured_idx` ON `practitioner_directory` ("is_featured" DESC,`created_at`,`practitioner_id`);--> statement-breakpoint
CREATE INDEX `practitioner_directory_rating_idx` ON `practitioner_directory` (`average_rating`);--> statement-breakpoint
CREATE INDEX `practitioner_directory_rate_idx` ON `practitioner_directory` (`hourly_rate_cents`);--> statement-breakpoint
CREATE INDEX `practitioner_directory_experience_idx` ON `practitioner_directory` (`experience_rank`);--> statement-breakpoint
CREATE INDEX `practitioner_directory_created_idx` ON `practitioner_directory` (`created_at`);--> statement-breakpoint
CREATE INDEX `practitioner_directory_sessions_idx` ON `practitioner_directory` (`total_sessions`);