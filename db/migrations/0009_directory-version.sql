CREATE TABLE `practitioner_directory_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
-- One row: the number of changes to practitioner_directory so far. Every change to a listed
-- practitioner (text, facets, sort columns) updates its directory row (migration 0003's triggers),
-- so these three triggers see all of them. The in-memory keyword index compares this number.
INSERT INTO `practitioner_directory_version` (id, version) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `practitioner_directory_version_insert` AFTER INSERT ON `practitioner_directory` BEGIN
	UPDATE `practitioner_directory_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `practitioner_directory_version_update` AFTER UPDATE ON `practitioner_directory` BEGIN
	UPDATE `practitioner_directory_version` SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `practitioner_directory_version_delete` AFTER DELETE ON `practitioner_directory` BEGIN
	UPDATE `practitioner_directory_version` SET version = version + 1 WHERE id = 1;
END;
