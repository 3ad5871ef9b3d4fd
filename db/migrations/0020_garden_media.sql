CREATE TABLE `media_files` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`sha256` text NOT NULL,
	`data` blob NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "media_files_content_type_check" CHECK(content_type IN ('audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/flac', 'audio/mp4', 'audio/webm', 'video/mp4', 'video/webm', 'video/ogg')),
	CONSTRAINT "media_files_byte_size_check" CHECK(byte_size > 0 AND byte_size <= 20971520)
);
--> statement-breakpoint
CREATE INDEX `media_files_owner_idx` ON `media_files` (`owner_id`);--> statement-breakpoint
ALTER TABLE `garden_content` ADD `media_id` text REFERENCES `media_files`(`id`) ON DELETE set null;