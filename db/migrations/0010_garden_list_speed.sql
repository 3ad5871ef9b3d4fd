CREATE TABLE `garden_visible_counts` (
	`content_type` text NOT NULL,
	`category` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`content_type`, `category`)
);
--> statement-breakpoint
DROP INDEX `garden_content_visible_created_idx`;--> statement-breakpoint
DROP INDEX `garden_content_visible_type_created_idx`;--> statement-breakpoint
DROP INDEX `garden_content_visible_category_created_idx`;--> statement-breakpoint
CREATE INDEX `garden_content_visible_created_idx` ON `garden_content` (`status`,`is_public`,`created_at`,`id`,`search_doc_id`);--> statement-breakpoint
CREATE INDEX `garden_content_visible_type_created_idx` ON `garden_content` (`status`,`is_public`,`content_type`,`created_at`,`id`,`search_doc_id`);--> statement-breakpoint
CREATE INDEX `garden_content_visible_category_created_idx` ON `garden_content` (`status`,`is_public`,`category`,`created_at`,`id`,`search_doc_id`);
--> statement-breakpoint
-- The triggers below add and take away one for each approved public piece as it comes, goes or
-- changes type or category. They only add deltas, so the order in which SQLite runs them next to
-- garden_content_after_insert (which sets the category after the insert) does not matter: a
-- count may pass through -1 inside a statement, never at its end.
INSERT INTO `garden_visible_counts` (content_type, category, n)
SELECT content_type, coalesce(category, ''), count(*) FROM `garden_content` WHERE status = 'approved' AND is_public = 1 GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER `garden_counts_after_insert` AFTER INSERT ON `garden_content`
WHEN new.status = 'approved' AND new.is_public = 1 BEGIN
	INSERT INTO `garden_visible_counts` (content_type, category, n) VALUES (new.content_type, coalesce(new.category, ''), 1)
	ON CONFLICT (content_type, category) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `garden_counts_after_delete` AFTER DELETE ON `garden_content`
WHEN old.status = 'approved' AND old.is_public = 1 BEGIN
	INSERT INTO `garden_visible_counts` (content_type, category, n) VALUES (old.content_type, coalesce(old.category, ''), -1)
	ON CONFLICT (content_type, category) DO UPDATE SET n = n - 1;
END;
--> statement-breakpoint
CREATE TRIGGER `garden_counts_after_update` AFTER UPDATE OF status, is_public, content_type, category ON `garden_content`
WHEN (old.status = 'approved' AND old.is_public = 1) OR (new.status = 'approved' AND new.is_public = 1) BEGIN
	INSERT INTO `garden_visible_counts` (content_type, category, n)
	SELECT old.content_type, coalesce(old.category, ''), -1 WHERE old.status = 'approved' AND old.is_public = 1
	ON CONFLICT (content_type, category) DO UPDATE SET n = n - 1;
	INSERT INTO `garden_visible_counts` (content_type, category, n)
	SELECT new.content_type, coalesce(new.category, ''), 1 WHERE new.status = 'approved' AND new.is_public = 1
	ON CONFLICT (content_type, category) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- Keyword search (src/features/garden/search.sqlite.ts) with word prefixes of 4 to 6 letters in
-- the index too: a prefix such as 'breath' or 'medi' that begins many words is read as one list
-- instead of merging every word's list, so counting the first matches stops early
-- (docs/performance.md). The same table otherwise; the triggers of 0008 keep filling it.
DROP TABLE `garden_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `garden_search` USING fts5(
	title, description, tags, body,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2',
	prefix='2 3 4 5 6'
);
--> statement-breakpoint
INSERT INTO `garden_search` (rowid, title, description, tags, body)
SELECT search_doc_id, title, coalesce(description, ''), tags, coalesce(content, '') FROM `garden_content`;
