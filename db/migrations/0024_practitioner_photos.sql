CREATE TABLE `practitioner_photos` (
	`practitioner_id` text PRIMARY KEY NOT NULL,
	`version` text NOT NULL,
	`small` blob NOT NULL,
	`large` blob NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "practitioner_photos_size_check" CHECK(length(small) > 0 AND length(large) > 0)
);
--> statement-breakpoint
ALTER TABLE `practitioners` ADD `photo_version` text;