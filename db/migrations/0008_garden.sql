ALTER TABLE `garden_content` ADD `category` text;--> statement-breakpoint
ALTER TABLE `garden_content` ADD `search_doc_id` integer;--> statement-breakpoint
CREATE INDEX `garden_content_visible_created_idx` ON `garden_content` (`status`,`is_public`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `garden_content_visible_type_created_idx` ON `garden_content` (`status`,`is_public`,`content_type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `garden_content_visible_category_created_idx` ON `garden_content` (`status`,`is_public`,`category`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `garden_content_search_doc_unique` ON `garden_content` (`search_doc_id`);--> statement-breakpoint
CREATE INDEX `garden_content_search_doc_cover_idx` ON `garden_content` (`search_doc_id`,`status`,`is_public`,`content_type`,`category`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `garden_content_author_status_created_idx` ON `garden_content` (`author_id`,`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `seeds_transactions` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `seeds_transactions_idempotency_unique` ON `seeds_transactions` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `garden_interactions_like_unique` ON `garden_interactions` (`content_id`,`user_id`) WHERE interaction_type = 'like';--> statement-breakpoint
CREATE UNIQUE INDEX `garden_interactions_view_day_unique` ON `garden_interactions` (`content_id`,`user_id`,(created_at / 86400000)) WHERE interaction_type = 'view';--> statement-breakpoint
CREATE INDEX `garden_interactions_user_type_idx` ON `garden_interactions` (`user_id`,`interaction_type`);
--> statement-breakpoint
-- The four pollinator tiers of core/seeds.ts (a test compares the two).
INSERT OR IGNORE INTO `pollinator_tiers` (id, tier, name, description, required_seeds, benefits, badge_color, badge_icon) VALUES
	('tier-seedling', 'seedling', 'Seedling', 'Every garden starts with a single seed. Welcome to the community.', 0, '["Access to the Community Garden", "Earn Seeds for sessions and reviews", "Seedling badge on your profile"]', '#8FBC8F', '🌱'),
	('tier-sprout', 'sprout', 'Sprout', 'You are putting down roots: showing up, sharing and supporting others.', 100, '["Sprout badge on your profile", "Early access to new Garden content", "Redeem Seeds for session discounts"]', '#6B8E23', '🌿'),
	('tier-blooming', 'blooming', 'Blooming', 'Your contributions help the whole garden flourish.', 250, '["Blooming badge on your profile", "Priority booking windows with featured practitioners", "Monthly bonus of 10 Seeds", "Invitations to community circles"]', '#D4AF37', '🌸'),
	('tier-wise_garden', 'wise_garden', 'Wise Garden', 'A pillar of the community whose care keeps the garden growing.', 500, '["Wise Garden badge on your profile", "Free monthly group session", "Mentor newer members in the Garden", "Vote on new platform features"]', '#8B4513', '🌳');
--> statement-breakpoint
-- Garden keyword search (src/features/garden/search.sqlite.ts): title, description, tags and text
-- as word prefixes. Contentless (the text lives in garden_content); its rowid is
-- garden_content.search_doc_id, a stored integer (implicit rowids may change on VACUUM).
CREATE VIRTUAL TABLE `garden_search` USING fts5(
	title, description, tags, body,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2',
	prefix='2 3'
);
--> statement-breakpoint
UPDATE `garden_content` SET search_doc_id = rowid, category = CASE
		WHEN EXISTS (SELECT 1 FROM json_each(garden_content.tags) WHERE lower(json_each.value) IN ('success story', 'success stories', 'success-story')) THEN 'success-stories'
		WHEN garden_content.content_type = 'meditation' THEN 'meditations'
		WHEN garden_content.content_type = 'exercise' THEN 'practical-tools'
		WHEN garden_content.content_type IN ('video', 'audio') THEN 'resources'
		ELSE 'insights' END;
--> statement-breakpoint
INSERT INTO `garden_search` (rowid, title, description, tags, body)
SELECT search_doc_id, title, coalesce(description, ''), tags, coalesce(content, '') FROM `garden_content`;
--> statement-breakpoint
-- Every writer (API, demo seed, bulk seed, raw SQL) gets a search row and a category.
CREATE TRIGGER `garden_content_after_insert` AFTER INSERT ON `garden_content` BEGIN
	UPDATE `garden_content` SET
		search_doc_id = (SELECT coalesce(max(search_doc_id), 0) + 1 FROM `garden_content`),
		category = CASE
		WHEN EXISTS (SELECT 1 FROM json_each(new.tags) WHERE lower(json_each.value) IN ('success story', 'success stories', 'success-story')) THEN 'success-stories'
		WHEN new.content_type = 'meditation' THEN 'meditations'
		WHEN new.content_type = 'exercise' THEN 'practical-tools'
		WHEN new.content_type IN ('video', 'audio') THEN 'resources'
		ELSE 'insights' END
	WHERE id = new.id;
	INSERT INTO `garden_search` (rowid, title, description, tags, body)
	VALUES ((SELECT search_doc_id FROM `garden_content` WHERE id = new.id), new.title, coalesce(new.description, ''), new.tags, coalesce(new.content, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `garden_content_after_text_update` AFTER UPDATE OF title, description, tags, content, content_type ON `garden_content` BEGIN
	DELETE FROM `garden_search` WHERE rowid = old.search_doc_id;
	INSERT INTO `garden_search` (rowid, title, description, tags, body)
	VALUES (new.search_doc_id, new.title, coalesce(new.description, ''), new.tags, coalesce(new.content, ''));
	UPDATE `garden_content` SET category = CASE
		WHEN EXISTS (SELECT 1 FROM json_each(new.tags) WHERE lower(json_each.value) IN ('success story', 'success stories', 'success-story')) THEN 'success-stories'
		WHEN new.content_type = 'meditation' THEN 'meditations'
		WHEN new.content_type = 'exercise' THEN 'practical-tools'
		WHEN new.content_type IN ('video', 'audio') THEN 'resources'
		ELSE 'insights' END WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `garden_content_after_delete` AFTER DELETE ON `garden_content` BEGIN
	DELETE FROM `garden_search` WHERE rowid = old.search_doc_id;
END;
