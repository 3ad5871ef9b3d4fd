// PostgreSQL twin of db/schema/media.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { practitioners } from "./marketplace";
import { id, sqlInList, timestamp } from "./columns";
import { MEDIA_LIMITS, MEDIA_TYPES, type MediaType } from "../../../core/media";

/** `bytea`, read as a Buffer (SQLite's `blob({ mode: "buffer" })`). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const mediaFiles = pgTable(
  "media_files",
  {
    id: id(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentType: text().$type<MediaType>().notNull(),
    byteSize: integer().notNull(),
    sha256: text().notNull(),
    data: bytea().notNull(),
    createdAt: timestamp(),
  },
  (t) => [
    index("media_files_owner_idx").on(t.ownerId),
    check("media_files_content_type_check", sql.raw(`content_type IN (${sqlInList(MEDIA_TYPES)})`)),
    check("media_files_byte_size_check", sql.raw(`byte_size > 0 AND byte_size <= ${MEDIA_LIMITS.maxBytes}`)),
  ],
);

export const practitionerPhotos = pgTable(
  "practitioner_photos",
  {
    practitionerId: text()
      .primaryKey()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    version: text().notNull(),
    small: bytea().notNull(),
    large: bytea().notNull(),
    createdAt: timestamp(),
  },
  (t) => [check("practitioner_photos_size_check", sql.raw(`length(small) > 0 AND length(large) > 0`))],
);
