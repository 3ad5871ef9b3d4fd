-- What SQLite's triggers and FTS5 tables do (db/migrations 0001-0013), the PostgreSQL way
-- (docs/decisions/025-postgresql-driver.md). Hand-written: `drizzle-kit generate --custom`.
--   1. Extensions and helper functions.
--   2. No double booking: an exclusion constraint (btree_gist) over each non-cancelled booking's
--      time range per practitioner, besides the booking transaction's own check and the partial
--      unique index bookings_practitioner_slot_unique of the baseline.
--   3. Search: generated tsvector columns with GIN indexes (word prefixes: `word:*`) in place of the
--      FTS5 tables practitioner_search and garden_search, and a generated folded text with a pg_trgm
--      GIN index (substrings) in place of practitioner_substring. These columns are not in
--      db/postgres/schema: the row types stay the same on both engines.
--   4. The listing rules and counters: each SQLite trigger still in force after 0013 ported to a
--      plpgsql trigger function, one by one, each with a comment naming the trigger it mirrors.
--      What only fed FTS5 needs no trigger here: the generated columns follow the row.
--   5. The rows SQLite's migrations insert (the two version counters, the four tiers as 0013 left them).

CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could be changed), so it cannot appear in a generated column
-- or an index; this wrapper names the dictionary and is declared IMMUTABLE (the usual idiom).
-- SQLite's tokenizers remove diacritics too ('remove_diacritics 2' and trigram 'remove_diacritics 1').
CREATE FUNCTION pollinate_unaccent(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Words as SQLite's unicode61 tokenizer makes them: no stemming, lower case, diacritics removed.
CREATE TEXT SEARCH CONFIGURATION pollinate_words (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION pollinate_words ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
--> statement-breakpoint
-- The strings of a JSON list, space-separated (SQLite's FTS5 read the JSON text itself).
CREATE FUNCTION pollinate_json_words(jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT coalesce(string_agg(value, ' '), '') FROM jsonb_array_elements_text(coalesce($1, '[]'::jsonb)) $$;
--> statement-breakpoint
-- The archetype column of SQLite's search tables: the archetype, its essence and the level.
CREATE FUNCTION pollinate_archetype_words(archetype text, experience_level text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE archetype WHEN 'bee' THEN 'bee grounding' WHEN 'hummingbird' THEN 'hummingbird precision'
	WHEN 'butterfly' THEN 'butterfly transformation' WHEN 'beetle' THEN 'beetle integration' ELSE archetype END
	|| ' ' || experience_level $$;
--> statement-breakpoint
-- wise 3, evolving 2, rising 1 (practitioner_directory.experience_rank).
CREATE FUNCTION pollinate_experience_rank(experience_level text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE experience_level WHEN 'wise' THEN 3 WHEN 'evolving' THEN 2 ELSE 1 END $$;
--> statement-breakpoint
-- A Garden piece's category from its type and tags (core/garden.ts GARDEN_CATEGORIES; the CASE of
-- SQLite's garden_content_after_insert and garden_content_after_text_update).
CREATE FUNCTION pollinate_garden_category(tags jsonb, content_type text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE
	WHEN EXISTS (SELECT 1 FROM jsonb_array_elements_text(coalesce(tags, '[]'::jsonb)) AS tag(value)
		WHERE lower(tag.value) IN ('success story', 'success stories', 'success-story')) THEN 'success-stories'
	WHEN content_type = 'meditation' THEN 'meditations'
	WHEN content_type = 'exercise' THEN 'practical-tools'
	WHEN content_type IN ('video', 'audio') THEN 'resources'
	ELSE 'insights' END $$;
--> statement-breakpoint
-- A booking's time: [start, start + duration minutes). timestamptz + interval is only STABLE (a
-- day or month depends on the time zone); minutes do not, so this is IMMUTABLE and may be indexed.
CREATE FUNCTION pollinate_booking_slot(start timestamptz, minutes integer) RETURNS tstzrange
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT tstzrange(start, start + minutes * interval '1 minute', '[)') $$;
--> statement-breakpoint

-- 2. No double booking ----------------------------------------------------------------------------
-- Two bookings of one practitioner that are not cancelled may not overlap in time (SQLite: the
-- overlap check inside the BEGIN IMMEDIATE booking transaction, plus bookings_practitioner_slot_unique
-- for the same start). SQLSTATE 23P01 (exclusion_violation) names this constraint.
ALTER TABLE "sessions_booking" ADD CONSTRAINT "bookings_no_overlap"
	EXCLUDE USING gist ("practitioner_id" WITH =, pollinate_booking_slot("scheduled_datetime", "duration") WITH &&)
	WHERE ("status" <> 'cancelled');
--> statement-breakpoint

-- 3. Search --------------------------------------------------------------------------------------
-- Practitioners: the five columns of SQLite's practitioner_search in its bm25 weight order
-- (specializations A, categories B, archetype words and location C, bio D), for ts_rank_cd and
-- prefix queries ('heal:*'). Listed-only comes from joining practitioner_directory (which holds only
-- listed practitioners, as the FTS tables do on SQLite).
ALTER TABLE "practitioners" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('pollinate_words', pollinate_json_words("specializations")), 'A')
	|| setweight(to_tsvector('pollinate_words', pollinate_json_words("professional_categories")), 'B')
	|| setweight(to_tsvector('pollinate_words', pollinate_archetype_words("archetype", "experience_level")), 'C')
	|| setweight(to_tsvector('pollinate_words', coalesce("location", '')), 'C')
	|| setweight(to_tsvector('pollinate_words', coalesce("bio", '')), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "practitioners_search_vector_idx" ON "practitioners" USING gin ("search_vector");
--> statement-breakpoint
-- The same five columns as one folded text (lower case, no diacritics) for substring matches
-- (SQLite's practitioner_substring, trigram tokenizer): `search_text LIKE '%therapy%'` finds
-- 'Psychotherapy', through the trigram index for 3+ characters.
ALTER TABLE "practitioners" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
	lower(pollinate_unaccent(
		pollinate_json_words("specializations") || ' ' || pollinate_json_words("professional_categories") || ' '
		|| pollinate_archetype_words("archetype", "experience_level") || ' ' || coalesce("location", '') || ' ' || coalesce("bio", '')))
) STORED;
--> statement-breakpoint
CREATE INDEX "practitioners_search_text_trgm_idx" ON "practitioners" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- Garden: the four columns of SQLite's garden_search (title, description, tags, body).
ALTER TABLE "garden_content" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('pollinate_words', "title"), 'A')
	|| setweight(to_tsvector('pollinate_words', coalesce("description", '')), 'B')
	|| setweight(to_tsvector('pollinate_words', pollinate_json_words("tags")), 'B')
	|| setweight(to_tsvector('pollinate_words', coalesce("content", '')), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "garden_content_search_vector_idx" ON "garden_content" USING gin ("search_vector");
--> statement-breakpoint
-- garden_content.search_doc_id: SQLite gives max + 1 in its insert trigger; here a sequence.
CREATE SEQUENCE "garden_content_search_doc_id_seq" AS bigint OWNED BY "garden_content"."search_doc_id";
--> statement-breakpoint

-- 4. Listing rules and counters ---------------------------------------------------------------
-- A practitioner is listed when its owner's address is verified and the account is not suspended
-- (SQLite 0012). Listing writes the directory row; the search columns above follow the row itself.

-- Mirrors SQLite's `practitioners_search_insert` (0012): a new profile is listed when its owner is
-- listed. (SQLite's WHEN EXISTS (…) becomes the IF: PostgreSQL's WHEN may not hold a subquery.)
CREATE FUNCTION pollinate_practitioners_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND is_email_verified AND suspended_at IS NULL) THEN
		INSERT INTO practitioner_directory (practitioner_id, archetype, experience_level, experience_rank, hourly_rate_cents, average_rating, total_sessions, is_featured, created_at)
		VALUES (NEW.id, NEW.archetype, NEW.experience_level, pollinate_experience_rank(NEW.experience_level),
			NEW.hourly_rate_cents, NEW.average_rating, NEW.total_sessions, NEW.is_featured, NEW.created_at);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "practitioners_search_insert" AFTER INSERT ON "practitioners"
	FOR EACH ROW EXECUTE FUNCTION pollinate_practitioners_search_insert();
--> statement-breakpoint
-- Mirrors SQLite's `practitioners_search_update` (0003): a listed practitioner's directory row
-- follows every update (SQLite also re-indexed FTS5 when the text changed: the generated columns do).
CREATE FUNCTION pollinate_practitioners_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
		created_at = NEW.created_at
	WHERE practitioner_id = OLD.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "practitioners_search_update" AFTER UPDATE ON "practitioners"
	FOR EACH ROW EXECUTE FUNCTION pollinate_practitioners_search_update();
--> statement-breakpoint
-- Mirrors SQLite's `practitioners_search_delete` (0003): a deleted profile leaves the directory.
CREATE FUNCTION pollinate_practitioners_search_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM practitioner_directory WHERE practitioner_id = OLD.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "practitioners_search_delete" AFTER DELETE ON "practitioners"
	FOR EACH ROW EXECUTE FUNCTION pollinate_practitioners_search_delete();
--> statement-breakpoint
-- Mirrors SQLite's `users_listed_lists_practitioner` (0012): an account that becomes listed
-- (verified, or reinstated while verified) lists its practitioner profile.
CREATE FUNCTION pollinate_users_listed_lists_practitioner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO practitioner_directory (practitioner_id, archetype, experience_level, experience_rank, hourly_rate_cents, average_rating, total_sessions, is_featured, created_at)
	SELECT p.id, p.archetype, p.experience_level, pollinate_experience_rank(p.experience_level),
		p.hourly_rate_cents, p.average_rating, p.total_sessions, p.is_featured, p.created_at
	FROM practitioners p
	WHERE p.user_id = NEW.id AND NOT EXISTS (SELECT 1 FROM practitioner_directory d WHERE d.practitioner_id = p.id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_listed_lists_practitioner" AFTER UPDATE OF is_email_verified, suspended_at ON "users"
	FOR EACH ROW
	WHEN (NEW.is_email_verified AND NEW.suspended_at IS NULL AND NOT (OLD.is_email_verified AND OLD.suspended_at IS NULL))
	EXECUTE FUNCTION pollinate_users_listed_lists_practitioner();
--> statement-breakpoint
-- Mirrors SQLite's `users_unlisted_unlists_practitioner` (0012): an account that stops being listed
-- (un-verified, or suspended) takes its practitioner out of the directory (and so out of search).
CREATE FUNCTION pollinate_users_unlisted_unlists_practitioner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM practitioner_directory WHERE practitioner_id IN (SELECT id FROM practitioners WHERE user_id = NEW.id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_unlisted_unlists_practitioner" AFTER UPDATE OF is_email_verified, suspended_at ON "users"
	FOR EACH ROW
	WHEN (NOT (NEW.is_email_verified AND NEW.suspended_at IS NULL) AND OLD.is_email_verified AND OLD.suspended_at IS NULL)
	EXECUTE FUNCTION pollinate_users_unlisted_unlists_practitioner();
--> statement-breakpoint
-- Mirrors SQLite's `garden_content_after_insert` (0008): every new piece gets a search doc id and a
-- category. BEFORE INSERT here (SQLite updates the row after inserting it), so the row is written
-- once and the counters below see its category at once; the search vector is a generated column.
CREATE FUNCTION pollinate_garden_content_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.search_doc_id := nextval('garden_content_search_doc_id_seq');
	NEW.category := pollinate_garden_category(NEW.tags, NEW.content_type);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "garden_content_after_insert" BEFORE INSERT ON "garden_content"
	FOR EACH ROW EXECUTE FUNCTION pollinate_garden_content_after_insert();
--> statement-breakpoint
-- Mirrors SQLite's `garden_content_after_text_update` (0008): a change of text, tags or type
-- recomputes the category (SQLite also re-indexed FTS5: the generated column does). BEFORE UPDATE,
-- so the category is part of the same row version.
CREATE FUNCTION pollinate_garden_content_after_text_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.category := pollinate_garden_category(NEW.tags, NEW.content_type);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "garden_content_after_text_update" BEFORE UPDATE OF title, description, tags, content, content_type ON "garden_content"
	FOR EACH ROW EXECUTE FUNCTION pollinate_garden_content_after_text_update();
--> statement-breakpoint
-- SQLite's `garden_content_after_delete` (0008) only deleted the FTS5 row: nothing to port (the
-- search vector goes with the row).

-- Mirrors SQLite's `practitioner_directory_version_insert`, `_update` and `_delete` (0009): every
-- change to the directory adds one to the version the in-memory keyword index compares.
CREATE FUNCTION pollinate_practitioner_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE practitioner_directory_version SET version = version + 1 WHERE id = 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "practitioner_directory_version_insert" AFTER INSERT ON "practitioner_directory"
	FOR EACH ROW EXECUTE FUNCTION pollinate_practitioner_directory_version();
--> statement-breakpoint
CREATE TRIGGER "practitioner_directory_version_update" AFTER UPDATE ON "practitioner_directory"
	FOR EACH ROW EXECUTE FUNCTION pollinate_practitioner_directory_version();
--> statement-breakpoint
CREATE TRIGGER "practitioner_directory_version_delete" AFTER DELETE ON "practitioner_directory"
	FOR EACH ROW EXECUTE FUNCTION pollinate_practitioner_directory_version();
--> statement-breakpoint
-- Mirrors SQLite's `garden_counts_after_insert` (0010): a new approved public piece adds one to its
-- type and category.
CREATE FUNCTION pollinate_garden_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO garden_visible_counts (content_type, category, n) VALUES (NEW.content_type, coalesce(NEW.category, ''), 1)
	ON CONFLICT (content_type, category) DO UPDATE SET n = garden_visible_counts.n + 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "garden_counts_after_insert" AFTER INSERT ON "garden_content"
	FOR EACH ROW WHEN (NEW.status = 'approved' AND NEW.is_public)
	EXECUTE FUNCTION pollinate_garden_counts_after_insert();
--> statement-breakpoint
-- Mirrors SQLite's `garden_counts_after_delete` (0010): a deleted approved public piece (also by a
-- user's cascade) takes one away.
CREATE FUNCTION pollinate_garden_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO garden_visible_counts (content_type, category, n) VALUES (OLD.content_type, coalesce(OLD.category, ''), -1)
	ON CONFLICT (content_type, category) DO UPDATE SET n = garden_visible_counts.n - 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "garden_counts_after_delete" AFTER DELETE ON "garden_content"
	FOR EACH ROW WHEN (OLD.status = 'approved' AND OLD.is_public)
	EXECUTE FUNCTION pollinate_garden_counts_after_delete();
--> statement-breakpoint
-- Mirrors SQLite's `garden_counts_after_update` (0010): a piece that comes, goes or changes type or
-- category moves its one. Not `AFTER UPDATE OF status, is_public, content_type, category` as on
-- SQLite: PostgreSQL fires a column trigger only for columns in the UPDATE's SET list, and the
-- category is set by the BEFORE trigger above when only the tags change; the WHEN compares values.
CREATE FUNCTION pollinate_garden_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.status = 'approved' AND OLD.is_public THEN
		INSERT INTO garden_visible_counts (content_type, category, n) VALUES (OLD.content_type, coalesce(OLD.category, ''), -1)
		ON CONFLICT (content_type, category) DO UPDATE SET n = garden_visible_counts.n - 1;
	END IF;
	IF NEW.status = 'approved' AND NEW.is_public THEN
		INSERT INTO garden_visible_counts (content_type, category, n) VALUES (NEW.content_type, coalesce(NEW.category, ''), 1)
		ON CONFLICT (content_type, category) DO UPDATE SET n = garden_visible_counts.n + 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "garden_counts_after_update" AFTER UPDATE ON "garden_content"
	FOR EACH ROW
	WHEN (((OLD.status = 'approved' AND OLD.is_public) OR (NEW.status = 'approved' AND NEW.is_public))
		AND (OLD.status, OLD.is_public, OLD.content_type, OLD.category) IS DISTINCT FROM (NEW.status, NEW.is_public, NEW.content_type, NEW.category))
	EXECUTE FUNCTION pollinate_garden_counts_after_update();
--> statement-breakpoint
-- Mirrors SQLite's nine session-version triggers (0011): `sessions_session_version_insert`,
-- `_update`, `_delete`, `users_session_version_insert`, `_update`, `_delete` and
-- `user_roles_session_version_insert`, `_update`, `_delete`: every change to a session, a user or a
-- role adds one to the version the in-memory sessions compare. (On PostgreSQL the row stays locked
-- until the writer commits: every sign-in's transaction passes through it, as on SQLite's single
-- writer; keep those transactions short.)
CREATE FUNCTION pollinate_session_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE session_data_version SET version = version + 1 WHERE id = 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_session_version_insert" AFTER INSERT ON "sessions" FOR EACH ROW EXECUTE FUNCTION pollinate_session_data_version();
--> statement-breakpoint
CREATE TRIGGER "sessions_session_version_update" AFTER UPDATE ON "sessions" FOR EACH ROW EXECUTE FUNCTION pollinate_session_data_version();
--> statement-breakpoint
CREATE TRIGGER "sessions_session_version_delete" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION pollinate_session_data_version();
--> statement-breakpoint
CREATE TRIGGER "users_session_version_insert" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION pollinate_session_data_version();
--> statement-breakpoint
CREATE TRIGGER "users_session_version_update" AFTER UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION pollinate_session_data_version();
--> statement-breakpoint
CREATE TRIGGER "users_session_version_delete" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION pollinate_session_data_version();
--> statement-breakpoint
CREATE TRIGGER "user_roles_session_version_insert" AFTER INSERT ON "user_roles" FOR EACH ROW EXECUTE FUNCTION pollinate_session_data_version();
--> statement-breakpoint
CREATE TRIGGER "user_roles_session_version_update" AFTER UPDATE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION pollinate_session_data_version();
--> statement-breakpoint
CREATE TRIGGER "user_roles_session_version_delete" AFTER DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION pollinate_session_data_version();
--> statement-breakpoint

-- 5. Rows SQLite's migrations insert -------------------------------------------------------------
INSERT INTO "session_data_version" (id, version) OVERRIDING SYSTEM VALUE VALUES (1, 0);
--> statement-breakpoint
INSERT INTO "practitioner_directory_version" (id, version) OVERRIDING SYSTEM VALUE VALUES (1, 0);
--> statement-breakpoint
-- The identities continue after the row given above.
SELECT setval(pg_get_serial_sequence('session_data_version', 'id'), 1);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('practitioner_directory_version', 'id'), 1);
--> statement-breakpoint
-- The four pollinator tiers (core/seeds.ts), as SQLite's 0008 inserted them and 0013 rewrote them.
INSERT INTO "pollinator_tiers" (id, tier, name, description, required_seeds, benefits, badge_color, badge_icon) VALUES
	('tier-seedling', 'seedling', 'Seedling', 'Every garden starts with a single seed. Welcome to the community.', 0, '["The Seedling badge beside your Seeds in the Garden and in your wallet","25 Seeds for each piece you share to the Garden (50 for practitioners); sharing needs Premium access","Practitioners: +50 Seeds once each calendar month, claimed in the Garden"]', '#8FBC8F', '🌱'),
	('tier-sprout', 'sprout', 'Sprout', 'You are putting down roots by sharing with the community.', 100, '["The Sprout badge beside your Seeds in the Garden and in your wallet","Everything in Seedling"]', '#6B8E23', '🌿'),
	('tier-blooming', 'blooming', 'Blooming', 'Your contributions help the whole garden flourish.', 250, '["The Blooming badge beside your Seeds in the Garden and in your wallet","Everything in Sprout"]', '#D4AF37', '🌸'),
	('tier-wise_garden', 'wise_garden', 'Wise Garden', 'A pillar of the community whose care keeps the garden growing.', 500, '["The Wise Garden badge beside your Seeds in the Garden and in your wallet","Everything in Blooming"]', '#8B4513', '🌳')
ON CONFLICT (tier) DO NOTHING;
