CREATE TABLE `practitioner_credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`practitioner_id` text NOT NULL,
	`title` text NOT NULL,
	`issuing_body` text NOT NULL,
	`number` text,
	`year` integer NOT NULL,
	`verified_at` integer,
	`verified_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `practitioner_credentials_practitioner_idx` ON `practitioner_credentials` (`practitioner_id`,`created_at`);