-- A suspended account's practitioner is not listed (docs/decisions/009-service-seam.md, "Listed"):
-- listed now means the owner's address is verified AND the account is not suspended
-- (users.is_email_verified = 1 AND users.suspended_at IS NULL), the same rule as `isListed` in
-- src/features/practitioners/service.ts and the rebuild in search.sqlite.ts. The directory table and
-- both search indexes hold only listed practitioners, so the directory, search (SQLite and the
-- in-memory index, through the version counter of 0009), the Hive and the access levels' fixed sets
-- leave suspended ones out with no extra condition or join in any query.
-- Here: practitioners of accounts suspended today are taken out; the insert trigger of 0004 lists a
-- new profile only when its owner is verified and not suspended; 0004's two triggers on
-- is_email_verified are replaced by two on both columns, which list the owner's profile when the
-- account becomes listed (verified, or reinstated while verified) and unlist it when it stops being
-- listed (un-verified, or suspended). The update and delete triggers of 0003 touch only listed rows.
-- Bookings, reviews and favourites of a suspended practitioner are left as they are.
DELETE FROM `practitioner_search` WHERE rowid IN (
	SELECT d.doc_id FROM `practitioner_directory` d
	JOIN `practitioners` p ON p.id = d.practitioner_id
	JOIN `users` u ON u.id = p.user_id
	WHERE u.suspended_at IS NOT NULL);
--> statement-breakpoint
DELETE FROM `practitioner_substring` WHERE rowid IN (
	SELECT d.doc_id FROM `practitioner_directory` d
	JOIN `practitioners` p ON p.id = d.practitioner_id
	JOIN `users` u ON u.id = p.user_id
	WHERE u.suspended_at IS NOT NULL);
--> statement-breakpoint
DELETE FROM `practitioner_directory` WHERE practitioner_id IN (
	SELECT p.id FROM `practitioners` p JOIN `users` u ON u.id = p.user_id WHERE u.suspended_at IS NOT NULL);
--> statement-breakpoint
DROP TRIGGER `practitioners_search_insert`;
--> statement-breakpoint
CREATE TRIGGER `practitioners_search_insert` AFTER INSERT ON `practitioners`
WHEN EXISTS (SELECT 1 FROM `users` WHERE id = new.user_id AND is_email_verified = 1 AND suspended_at IS NULL)
BEGIN
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
DROP TRIGGER `users_verified_lists_practitioner`;
--> statement-breakpoint
DROP TRIGGER `users_unverified_unlists_practitioner`;
--> statement-breakpoint
CREATE TRIGGER `users_listed_lists_practitioner` AFTER UPDATE OF is_email_verified, suspended_at ON `users`
WHEN new.is_email_verified = 1 AND new.suspended_at IS NULL
	AND NOT (old.is_email_verified = 1 AND old.suspended_at IS NULL)
BEGIN
	INSERT INTO `practitioner_directory` (practitioner_id, archetype, experience_level, experience_rank, hourly_rate_cents, average_rating, total_sessions, is_featured, created_at)
	SELECT p.id, p.archetype, p.experience_level,
		CASE p.experience_level WHEN 'wise' THEN 3 WHEN 'evolving' THEN 2 ELSE 1 END,
		p.hourly_rate_cents, p.average_rating, p.total_sessions, p.is_featured, p.created_at
	FROM `practitioners` p
	WHERE p.user_id = new.id AND NOT EXISTS (SELECT 1 FROM `practitioner_directory` WHERE practitioner_id = p.id);
	INSERT INTO `practitioner_search` (rowid, specializations, categories, archetype, location, bio)
	SELECT d.doc_id, p.specializations, p.professional_categories,
		CASE p.archetype WHEN 'bee' THEN 'bee grounding' WHEN 'hummingbird' THEN 'hummingbird precision' WHEN 'butterfly' THEN 'butterfly transformation' WHEN 'beetle' THEN 'beetle integration' ELSE p.archetype END || ' ' || p.experience_level,
		p.location, p.bio
	FROM `practitioners` p JOIN `practitioner_directory` d ON d.practitioner_id = p.id
	WHERE p.user_id = new.id AND NOT EXISTS (SELECT 1 FROM `practitioner_search` WHERE rowid = d.doc_id);
	INSERT INTO `practitioner_substring` (rowid, specializations, categories, archetype, location, bio)
	SELECT d.doc_id, p.specializations, p.professional_categories,
		CASE p.archetype WHEN 'bee' THEN 'bee grounding' WHEN 'hummingbird' THEN 'hummingbird precision' WHEN 'butterfly' THEN 'butterfly transformation' WHEN 'beetle' THEN 'beetle integration' ELSE p.archetype END || ' ' || p.experience_level,
		p.location, p.bio
	FROM `practitioners` p JOIN `practitioner_directory` d ON d.practitioner_id = p.id
	WHERE p.user_id = new.id AND NOT EXISTS (SELECT 1 FROM `practitioner_substring` WHERE rowid = d.doc_id);
END;
--> statement-breakpoint
CREATE TRIGGER `users_unlisted_unlists_practitioner` AFTER UPDATE OF is_email_verified, suspended_at ON `users`
WHEN NOT (new.is_email_verified = 1 AND new.suspended_at IS NULL)
	AND old.is_email_verified = 1 AND old.suspended_at IS NULL
BEGIN
	DELETE FROM `practitioner_search` WHERE rowid IN (
		SELECT d.doc_id FROM `practitioner_directory` d JOIN `practitioners` p ON p.id = d.practitioner_id WHERE p.user_id = new.id);
	DELETE FROM `practitioner_substring` WHERE rowid IN (
		SELECT d.doc_id FROM `practitioner_directory` d JOIN `practitioners` p ON p.id = d.practitioner_id WHERE p.user_id = new.id);
	DELETE FROM `practitioner_directory` WHERE practitioner_id IN (SELECT id FROM `practitioners` WHERE user_id = new.id);
END;
