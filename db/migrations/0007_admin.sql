CREATE TABLE `admin_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor` text NOT NULL,
	`actor_user_id` text,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`detail` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_audit_log_created_idx` ON `admin_audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `admin_gate_sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`expire` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_gate_sessions_expire_idx` ON `admin_gate_sessions` (`expire`);--> statement-breakpoint
DROP INDEX `survey_responses_created_at_idx`;--> statement-breakpoint
CREATE INDEX `survey_responses_created_id_idx` ON `survey_responses` (`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `survey_responses_user_unique` ON `survey_responses` (`user_id`) WHERE user_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` integer;