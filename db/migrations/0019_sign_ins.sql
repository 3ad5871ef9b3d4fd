ALTER TABLE `users` ADD `last_sign_in_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `previous_sign_in_at` integer;--> statement-breakpoint
-- members signed in before this migration are returning members ('Welcome back'); the rest start at null
UPDATE `users` SET `last_sign_in_at` = `created_at`, `previous_sign_in_at` = `created_at` WHERE `id` IN (SELECT `user_id` FROM `sessions`);
