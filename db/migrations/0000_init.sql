CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL,
	`user_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_roles_role_check" CHECK(role IN ('client', 'practitioner', 'admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_roles_user_role_unique` ON `user_roles` (`user_id`,`role`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`is_email_verified` integer DEFAULT false NOT NULL,
	`email_verification_token` text,
	`reset_password_token` text,
	`reset_password_expires` integer,
	`google_id` text,
	`subscription_status` text DEFAULT 'free' NOT NULL,
	`access_level` text DEFAULT 'preview' NOT NULL,
	`subscription_start_date` integer,
	`subscription_end_date` integer,
	`trial_end_date` integer,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "users_subscription_status_check" CHECK(subscription_status IN ('free', 'trial', 'premium', 'cancelled', 'expired')),
	CONSTRAINT "users_access_level_check" CHECK(access_level IN ('preview', 'basic', 'premium', 'unlimited'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_id_unique` ON `users` (`google_id`);--> statement-breakpoint
CREATE INDEX `users_email_verification_token_idx` ON `users` (`email_verification_token`);--> statement-breakpoint
CREATE INDEX `users_reset_password_token_idx` ON `users` (`reset_password_token`);--> statement-breakpoint
CREATE TABLE `sessions_booking` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`practitioner_id` text NOT NULL,
	`scheduled_datetime` integer NOT NULL,
	`duration` integer DEFAULT 60 NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`total_amount_cents` integer NOT NULL,
	`is_virtual` integer NOT NULL,
	`meeting_link` text,
	`notes` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bookings_status_check" CHECK(status IN ('scheduled', 'confirmed', 'pending', 'completed', 'cancelled', 'no-show')),
	CONSTRAINT "bookings_duration_check" CHECK(duration > 0),
	CONSTRAINT "bookings_amount_check" CHECK(total_amount_cents >= 0)
);
--> statement-breakpoint
CREATE INDEX `bookings_client_idx` ON `sessions_booking` (`client_id`,`scheduled_datetime`);--> statement-breakpoint
CREATE INDEX `bookings_practitioner_time_idx` ON `sessions_booking` (`practitioner_id`,`scheduled_datetime`);--> statement-breakpoint
CREATE TABLE `clients` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`preferred_archetypes` text DEFAULT '[]' NOT NULL,
	`budget_min_cents` integer,
	`budget_max_cents` integer,
	`location` text,
	`preference_virtual` integer DEFAULT true NOT NULL,
	`preference_in_person` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `clients_user_id_unique` ON `clients` (`user_id`);--> statement-breakpoint
CREATE TABLE `favorite_practitioners` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`practitioner_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_user_practitioner_unique` ON `favorite_practitioners` (`user_id`,`practitioner_id`);--> statement-breakpoint
CREATE TABLE `practitioners` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`archetype` text NOT NULL,
	`experience_level` text NOT NULL,
	`bio` text,
	`specializations` text DEFAULT '[]' NOT NULL,
	`professional_categories` text DEFAULT '[]' NOT NULL,
	`hourly_rate_cents` integer,
	`location` text,
	`is_virtual` integer DEFAULT true NOT NULL,
	`is_in_person` integer DEFAULT false NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`total_sessions` integer DEFAULT 0 NOT NULL,
	`average_rating` real,
	`response_time_hours` integer,
	`years_active` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "practitioners_archetype_check" CHECK(archetype IN ('bee', 'hummingbird', 'butterfly', 'beetle')),
	CONSTRAINT "practitioners_experience_level_check" CHECK(experience_level IN ('rising', 'evolving', 'wise')),
	CONSTRAINT "practitioners_rate_check" CHECK(hourly_rate_cents IS NULL OR hourly_rate_cents >= 0),
	CONSTRAINT "practitioners_rating_check" CHECK(average_rating IS NULL OR (average_rating >= 0 AND average_rating <= 5))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `practitioners_user_id_unique` ON `practitioners` (`user_id`);--> statement-breakpoint
CREATE INDEX `practitioners_archetype_level_idx` ON `practitioners` (`archetype`,`experience_level`);--> statement-breakpoint
CREATE INDEX `practitioners_created_at_idx` ON `practitioners` (`created_at`);--> statement-breakpoint
CREATE INDEX `practitioners_rating_idx` ON `practitioners` (`average_rating`);--> statement-breakpoint
CREATE INDEX `practitioners_rate_idx` ON `practitioners` (`hourly_rate_cents`);--> statement-breakpoint
CREATE INDEX `practitioners_sessions_idx` ON `practitioners` (`total_sessions`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text,
	`client_id` text NOT NULL,
	`practitioner_id` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions_booking`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating_check" CHECK(rating BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `reviews_practitioner_idx` ON `reviews` (`practitioner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_client_idx` ON `reviews` (`client_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_session_unique` ON `reviews` (`session_id`);--> statement-breakpoint
CREATE TABLE `garden_content` (
	`id` text PRIMARY KEY NOT NULL,
	`author_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`content_type` text NOT NULL,
	`content` text,
	`file_url` text,
	`file_name` text,
	`file_size` integer,
	`thumbnail_url` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`download_count` integer DEFAULT 0 NOT NULL,
	`seeds_reward` integer DEFAULT 10 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "garden_content_type_check" CHECK(content_type IN ('article', 'video', 'audio', 'exercise', 'meditation'))
);
--> statement-breakpoint
CREATE INDEX `garden_content_type_created_idx` ON `garden_content` (`content_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `garden_content_created_idx` ON `garden_content` (`created_at`);--> statement-breakpoint
CREATE INDEX `garden_content_author_idx` ON `garden_content` (`author_id`);--> statement-breakpoint
CREATE TABLE `garden_interactions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content_id` text NOT NULL,
	`interaction_type` text NOT NULL,
	`ai_response` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `garden_content`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "garden_interactions_type_check" CHECK(interaction_type IN ('view', 'like', 'download', 'share', 'ai_query'))
);
--> statement-breakpoint
CREATE INDEX `garden_interactions_content_user_idx` ON `garden_interactions` (`content_id`,`user_id`,`interaction_type`);--> statement-breakpoint
CREATE TABLE `pollinator_tiers` (
	`id` text PRIMARY KEY NOT NULL,
	`tier` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`required_seeds` integer DEFAULT 0 NOT NULL,
	`benefits` text DEFAULT '[]' NOT NULL,
	`badge_color` text NOT NULL,
	`badge_icon` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "pollinator_tiers_tier_check" CHECK(tier IN ('seedling', 'sprout', 'blooming', 'wise_garden'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pollinator_tiers_tier_unique` ON `pollinator_tiers` (`tier`);--> statement-breakpoint
CREATE TABLE `seeds_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`amount` integer NOT NULL,
	`type` text NOT NULL,
	`reason` text,
	`description` text,
	`reference_id` text,
	`reference_type` text,
	`balance_after` integer NOT NULL,
	`metadata` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "seeds_transactions_type_check" CHECK(type IN ('earned', 'spent', 'gifted', 'reward', 'refund'))
);
--> statement-breakpoint
CREATE INDEX `seeds_transactions_user_idx` ON `seeds_transactions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `seeds_wallets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`seeds_balance` integer DEFAULT 0 NOT NULL,
	`total_earned` integer DEFAULT 0 NOT NULL,
	`total_spent` integer DEFAULT 0 NOT NULL,
	`current_tier` text DEFAULT 'seedling' NOT NULL,
	`next_tier_threshold` integer DEFAULT 100 NOT NULL,
	`last_active_date` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "seeds_wallets_balance_check" CHECK(seeds_balance >= 0),
	CONSTRAINT "seeds_wallets_tier_check" CHECK(current_tier IN ('seedling', 'sprout', 'blooming', 'wise_garden'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seeds_wallets_user_unique` ON `seeds_wallets` (`user_id`);--> statement-breakpoint
CREATE TABLE `survey_responses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`identity_type` text NOT NULL,
	`age_range` text,
	`country_of_residence` text,
	`currency` text,
	`facilitator_session_price` text,
	`open_to_free_session` text,
	`contribution_interests` text DEFAULT '[]' NOT NULL,
	`reciprocity_preferences` text DEFAULT '[]' NOT NULL,
	`reciprocity_other` text,
	`client_comfortable_price` text,
	`client_max_price` text,
	`client_trial_price` text,
	`session_frequency` text,
	`booking_encouragements` text DEFAULT '[]' NOT NULL,
	`trust_factors` text DEFAULT '[]' NOT NULL,
	`trust_factors_other` text,
	`garden_interest_level` text,
	`garden_content_ideas` text,
	`garden_monthly_price` text,
	`final_thoughts` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "survey_identity_type_check" CHECK(identity_type IN ('facilitator', 'client', 'both', 'neither', 'exploring'))
);
--> statement-breakpoint
CREATE INDEX `survey_responses_created_at_idx` ON `survey_responses` (`created_at`);--> statement-breakpoint
CREATE INDEX `survey_responses_identity_idx` ON `survey_responses` (`identity_type`);