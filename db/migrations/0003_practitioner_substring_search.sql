-- Substring search (docs/decisions/003-practitioner-search.md, "Amended"): the spec's keyword rule is
-- "bio or any specialization contains the text", and word prefixes miss 'therapy' in
-- 'Psychotherapy' or 'ness' in 'wellness'. A second contentless FTS5 index with the trigram
-- tokenizer (case-insensitive, diacritics removed) holds the same five columns as
-- practitioner_search, under the same rowid (practitioner_directory.doc_id). A phrase query of a
-- word of 3+ characters ('"therapy"') matches wherever the text contains it; since the text is
-- the same, that includes every word-prefix match. The triggers of 0002 are replaced by ones
-- that keep both indexes (and the directory table) in step.
CREATE VIRTUAL TABLE `practitioner_substring` USING fts5(
	specializations, categories, archetype, location, bio,
	content='', contentless_delete=1,
	tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
INSERT INTO `practitioner_substring` (rowid, specializations, categories, archetype, location, bio)
SELECT d.doc_id, p.specializations, p.professional_categories,
	CASE p.archetype WHEN 'bee' THEN 'bee grounding' WHEN 'hummingbird' THEN 'hummingbird precision' WHEN 'butterfly' THEN 'butterfly transformation' WHEN 'beetle' THEN 'beetle integration' ELSE p.archetype END || ' ' || p.experience_level,
	p.location, p.bio
FROM `practitioner_directory` d JOIN `practitioners` p ON p.id = d.practitioner_id;
--> statement-breakpoint
DROP TRIGGER `practitioners_search_insert`;
--> statement-breakpoint
DROP TRIGGER `practitioners_search_update`;
--> statement-breakpoint
DROP TRIGGER `practitioners_search_delete`;
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
	INSERT INTO `practitioner_substring` (rowid, specializations, categories, archetype, location, bio)
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
	DELETE FROM `practitioner_substring`
	WHERE rowid = (SELECT doc_id FROM `practitioner_directory` WHERE practitioner_id = new.id)
		AND (old.bio IS NOT new.bio OR old.specializations IS NOT new.specializations
			OR old.professional_categories IS NOT new.professional_categories OR old.location IS NOT new.location
			OR old.archetype IS NOT new.archetype OR old.experience_level IS NOT new.experience_level);
	INSERT INTO `practitioner_substring` (rowid, specializations, categories, archetype, location, bio)
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
	DELETE FROM `practitioner_substring` WHERE rowid = (SELECT doc_id FROM `practitioner_directory` WHERE practitioner_id = old.id);
	DELETE FROM `practitioner_directory` WHERE practitioner_id = old.id;
END;
