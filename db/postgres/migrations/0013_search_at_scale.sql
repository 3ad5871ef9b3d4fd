-- Keyword search at 100,000 practitioners (docs/decisions/033-search-at-scale.md). Hand-written:
-- columns, a table and triggers drizzle does not describe, like the search columns of 0001.
--
-- 1. The directory row carries its practitioner's search vector, so that a search counts and pages
--    the listed practitioners from one narrow table and its GIN index (no join to the wide
--    practitioners rows, whose bio, lists and folded text made every match a heap read).
ALTER TABLE "practitioner_directory" ADD COLUMN "search_vector" tsvector;
--> statement-breakpoint
UPDATE "practitioner_directory" d SET "search_vector" = p."search_vector" FROM "practitioners" p WHERE p."id" = d."practitioner_id";
--> statement-breakpoint
CREATE INDEX "practitioner_directory_search_vector_idx" ON "practitioner_directory" USING gin ("search_vector");
--> statement-breakpoint
-- 2. Every word of every practitioner's search vector, once: a substring search ('herapy', 'ness')
--    finds the words holding it here (a few thousand rows, pg_trgm) and then matches those whole
--    words in the GIN index of the vectors, which needs no recheck of the text. (SQLite matches
--    substrings in its FTS5 trigram table; this is PostgreSQL's own search table, as SQLite's FTS5
--    tables are its own: no drizzle twin.) Words are only added: a word no profile holds any more
--    matches nothing.
CREATE TABLE "practitioner_search_terms" ("term" text PRIMARY KEY);
--> statement-breakpoint
INSERT INTO "practitioner_search_terms" ("term")
	SELECT DISTINCT unnest(tsvector_to_array("search_vector")) FROM "practitioners" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE INDEX "practitioner_search_terms_trgm_idx" ON "practitioner_search_terms" USING gin ("term" gin_trgm_ops);
--> statement-breakpoint
-- New words of inserted profiles: once per statement (a bulk insert of 500 profiles adds its words in one go).
CREATE FUNCTION pollinate_practitioner_terms_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO practitioner_search_terms (term)
		SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM inserted ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "practitioners_terms_insert" AFTER INSERT ON "practitioners"
	REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION pollinate_practitioner_terms_insert();
--> statement-breakpoint
-- New words of an edited profile (only when its searched text changed).
CREATE FUNCTION pollinate_practitioner_terms_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO practitioner_search_terms (term)
		SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "practitioners_terms_update" AFTER UPDATE ON "practitioners"
	FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION pollinate_practitioner_terms_update();
--> statement-breakpoint
-- 3. The directory's triggers (0001) write the search vector with the rest of the row.
CREATE OR REPLACE FUNCTION pollinate_practitioners_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND is_email_verified AND suspended_at IS NULL) THEN
		INSERT INTO practitioner_directory (practitioner_id, archetype, experience_level, experience_rank, hourly_rate_cents, average_rating, total_sessions, is_featured, created_at, search_vector)
		VALUES (NEW.id, NEW.archetype, NEW.experience_level, pollinate_experience_rank(NEW.experience_level),
			NEW.hourly_rate_cents, NEW.average_rating, NEW.total_sessions, NEW.is_featured, NEW.created_at, NEW.search_vector);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pollinate_practitioners_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE practitioner_directory SET
		practitioner_id = NEW.id,
		archetype = NEW.archetype,
		experience_level = NEW.experience_level,
		experience_rank = pollinate_experience_rank(NEW.experience_level),
		hourly_rate_cents = NEW.hourly_rate_cents,
		average_rating = NEW.average_rating,
		total_sessions = NEW.total_sessions,
		is_featured = NEW.is_featured,
		created_at = NEW.created_at,
		search_vector = NEW.search_vector
	WHERE practitioner_id = OLD.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pollinate_users_listed_lists_practitioner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO practitioner_directory (practitioner_id, archetype, experience_level, experience_rank, hourly_rate_cents, average_rating, total_sessions, is_featured, created_at, search_vector)
	SELECT p.id, p.archetype, p.experience_level, pollinate_experience_rank(p.experience_level),
		p.hourly_rate_cents, p.average_rating, p.total_sessions, p.is_featured, p.created_at, p.search_vector
	FROM practitioners p
	WHERE p.user_id = NEW.id AND NOT EXISTS (SELECT 1 FROM practitioner_directory d WHERE d.practitioner_id = p.id);
	RETURN NULL;
END $$;
