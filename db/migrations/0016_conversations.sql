CREATE TABLE `conversation_participants` (
	`conversation_id` text NOT NULL,
	`user_id` text NOT NULL,
	`other_user_id` text NOT NULL,
	`role` text NOT NULL,
	`unread_count` integer DEFAULT 0 NOT NULL,
	`last_read_message_id` text,
	`last_message_at` integer,
	`last_message_preview` text,
	`blocked_at` integer,
	`email_queued` integer DEFAULT false NOT NULL,
	`last_emailed_at` integer,
	PRIMARY KEY(`conversation_id`, `user_id`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`other_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_participants_inbox_idx` ON `conversation_participants` (`user_id`,`last_message_at`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`practitioner_id` text NOT NULL,
	`practitioner_user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practitioner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair_unique` ON `conversations` (`client_id`,`practitioner_id`);--> statement-breakpoint
CREATE TABLE `message_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reported_user_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`status` text DEFAULT 'open' NOT NULL,
	`resolved_by` text,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reported_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "message_reports_reason_check" CHECK(reason IN ('harassment', 'spam', 'inappropriate', 'safety', 'other')),
	CONSTRAINT "message_reports_status_check" CHECK(status IN ('open', 'dismissed', 'suspended'))
);
--> statement-breakpoint
CREATE INDEX `message_reports_status_idx` ON `message_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `message_reports_message_reporter_unique` ON `message_reports` (`message_id`,`reporter_id`);--> statement-breakpoint
CREATE TABLE `message_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email_when_away` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`kind` text NOT NULL,
	`sender_id` text,
	`body` text DEFAULT '' NOT NULL,
	`booking_id` text,
	`event_type` text,
	`session_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `sessions_booking`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "messages_kind_check" CHECK(kind IN ('text', 'event'))
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`id`);