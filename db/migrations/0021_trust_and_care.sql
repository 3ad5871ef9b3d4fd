ALTER TABLE `users` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `practitioners` ADD `display_name` text;--> statement-breakpoint
ALTER TABLE `reviews` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `reviews` ADD `reply` text;--> statement-breakpoint
ALTER TABLE `reviews` ADD `replied_at` integer;