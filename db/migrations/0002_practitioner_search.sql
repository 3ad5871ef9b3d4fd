-- Practitioner keyword search: an FTS5 index whose rowid is practitioner_directory.doc_id, kept in
-- step with practitioners by triggers, so every writer (API, demo seed, bulk seed, raw SQL) is
-- indexed without knowing about it. Contentless with delete support: the text already lives in
-- practitioners, and search only needs rowids and bm25. Columns in bm25 weight order of the
-- service (specializations, categories, archetype, location, bio). The archetype column holds the
-- archetype, its essence (Grounding, Precision, Transformation, Integration) and the experience
-- level, so that those words are searchable and the directory's archetype and level filters can
-- be FTS terms. No stemmer: searches are word prefixes ('heal' finds 'healer' and 'healing'), and
-- a stemmer's prefix queries miss half-typed words ('integrat' vs the stem 'integr'). Prefix
-- indexes make 2-3 letter prefixes cheap.
CREATE VIRTUAL TABLE `practitioner_search` USING fts5(
	specializations, categories, archetype, location, bio,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2',
	prefix='2 3'
);
--> statement-breakpoint
INSERT INTO `practitioner_directory` (practitioner_id, archetype, experience_level, experience_rank, hourly_rate_cents, average_rating, total_sessions, is_featured, created_at)
SELECT id, archetype, experience_level,
	CASE experience_level WHEN 'wise' THEN 3 WHEN 'evolving' THEN 2 ELSE 1 END,
	hourly_rate_cents, average_rating, total_sessions, is_featured, created_at
FROM `practitioners` ORDER BY created_at, id;
--> statement-breakpoint
INSERT INTO `practitioner_search` (rowid, specializations, categories, archetype, location, bio)
SELECT d.doc_id, p.specializations, p.professional_categories,
	CASE p.archetype WHEN 'bee' THEN 'bee grounding' WHEN 'hummingbird' THEN 'hummingbird precision' WHEN 'butterfly' THEN 'butterfly transformation' WHEN 'beetle' THEN 'beetle integration' ELSE p.archetype END || ' ' || p.experience_level,
	p.location, p.bio
FROM `practitioner_directory` d JOIN `practitioners` p ON p.id = d.practitioner_id;
--> statement-breakpoint
CREATE TRIGGER `practitioners_search_insert` AFTER INSERT ON `practitioners` BEGIN
	INSERT INTO `practitioner_directory` (practitioner_id, archetype, experience_level, experience_rank, hourly_rate_cents, average_rating, total_sessions, is_featured, created_at)
	VALUES (new.id, new.archetype, new.experience_level,
		CASE new.experience_level WHEN 'wise' THEN 3 WHEN 'evolving' THEN 2 ELSE 1 END,
		new.hourly_rate_cents, new.average_rating, new.total_sessions, new.is_featured, new.created_at);
	INSERT INTO `practitioner_search` (rowid, specializations, categories, archetype, location, bio)
	VALUES ((SELECT doc_id FROM `practitioner_directory` WHERE practitioner_id = new.id),
		new.specializations, new.professional_categories,
		CASE new.archetype WHEN 'bee' THEN 'bee grounding' WHEN 'hummingbird' THEN 'hummingbird precision' WHEN 'butterfly' THEN 'butterfly transformation' WHEN 'beetle' THEN 'beetle integration' ELSE new.archetype END || ' ' || new.experience_level,
		new.location, new.bio);
END;
--> statement-breakpoint
-- Sort columns change often (each review, each session); the text is re-indexed only when it changed.
CREATE TRIGGER `practitioners_search_update` AFTER UPDATE ON `practitioners` BEGIN
	UPDATE `practitioner_directory` SET
		practitioner_id = new.id,
		archetype = new.archetype,
		experience_level = new.experience_level,
		experience_rank = CASE new.experience_level WHEN 'wise' THEN 3 WHEN 'evolving' THEN 2 ELSE 1 END,
		hourly_rate_cents = new.hourly_rate_cents,
		average_rating = new.average_rating,
		total_sessions = new.total_sessions,
		is_featured = new.is_featured,
		created_at = new.created_at
	WHERE practitioner_id = old.id;
	DELETE FROM `practitioner_search`
	WHERE rowid = (SELECT doc_id FROM `practitioner_directory` WHERE practitioner_id = new.id)
		AND (old.bio IS NOT new.bio OR old.specializations IS NOT new.specializations
			OR old.professional_categories IS NOT new.professional_categories OR old.location IS NOT new.location
			OR old.archetype IS NOT new.archetype OR old.experience_level IS NOT new.experience_level);
	INSERT INTO `practitioner_search` (rowid, specializations, categories, archetype, location, bio)
	SELECT d.doc_id, new.specializations, new.professional_categories,
		CASE new.archetype WHEN 'bee' THEN 'bee grounding' WHEN 'hummingbird' THEN 'hummingbird precision' WHEN 'butterfly' THEN 'butterfly transformation' WHEN 'beetle' THEN 'beetle integration' ELSE new.archetype END || ' ' || new.experience_level,
		new.location, new.bio
	FROM `practitioner_directory` d
	WHERE d.practitioner_id = new.id
		AND (old.bio IS NOT new.bio OR old.specializations IS NOT new.specializations
			OR old.professional_categories IS NOT new.professional_categories OR old.location IS NOT new.location
			OR old.archetype IS NOT new.archetype OR old.experience_level IS NOT new.experience_level);
END;
--> statement-breakpoint
CREATE TRIGGER `practitioners_search_delete` AFTER DELETE ON `practitioners` BEGIN
	DELETE FROM `practitioner_search` WHERE rowid = (SELECT doc_id FROM `practitioner_directory` WHERE practitioner_id = old.id);
	DELETE FROM `practitioner_directory` WHERE practitioner_id = old.id;
END;
