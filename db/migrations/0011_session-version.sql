CREATE TABLE `session_data_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
-- One row: the number of changes to what a signed-in request reads about its session (the session
-- row, its user, the user's roles). The sessions kept in memory (src/auth/session.ts) compare it.
INSERT INTO `session_data_version` (id, version) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `sessions_session_version_insert` AFTER INSERT ON `sessions` BEGIN
	UPDATE `session_data_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_session_version_update` AFTER UPDATE ON `sessions` BEGIN
	UPDATE `session_data_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_session_version_delete` AFTER DELETE ON `sessions` BEGIN
	UPDATE `session_data_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_session_version_insert` AFTER INSERT ON `users` BEGIN
	UPDATE `session_data_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_session_version_update` AFTER UPDATE ON `users` BEGIN
	UPDATE `session_data_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_session_version_delete` AFTER DELETE ON `users` BEGIN
	UPDATE `session_data_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_session_version_insert` AFTER INSERT ON `user_roles` BEGIN
	UPDATE `session_data_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_session_version_update` AFTER UPDATE ON `user_roles` BEGIN
	UPDATE `session_data_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_session_version_delete` AFTER DELETE ON `user_roles` BEGIN
	UPDATE `session_data_version` SET version = version + 1 WHERE id = 1;
END;
