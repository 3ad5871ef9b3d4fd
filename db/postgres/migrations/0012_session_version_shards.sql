-- The version the in-memory sessions compare (src/auth/session.ts) was one row that every change to
-- a session, a user or a role updated: under serializable isolation every sign-in's transaction
-- passed through it, and 200 sign-ins at once failed 60–100 of them after their retries
-- (db/postgres/cross-process.pgtest.ts). The count is now spread over 64 rows: each change adds one
-- to a row chosen at random (a retry picks again), and readers compare the sum, which still moves
-- with every committed change. SQLite's single writer keeps its one row; the sum reads it the same.
INSERT INTO "session_data_version" (id, version) OVERRIDING SYSTEM VALUE
	SELECT shard, 0 FROM generate_series(2, 64) AS shard
	ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pollinate_session_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	-- chosen once (random() in the WHERE clause would be drawn again for every row it looks at)
	shard integer := 1 + floor(random() * 64)::integer;
BEGIN
	UPDATE session_data_version SET version = version + 1 WHERE id = shard;
	RETURN NULL;
END $$;
