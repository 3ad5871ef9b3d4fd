import { sql } from "drizzle-orm";
import { blob, check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { practitioners } from "./marketplace";
import { id, sqlInList, timestamp } from "./columns";
import { MEDIA_LIMITS, MEDIA_TYPES, type MediaType } from "../../core/media";

/**
 * Uploaded files (the Garden's recordings and videos), kept in the database itself: every process
 * serves them, a backup or `pg_dump` carries them, and a piece and its file are written in one
 * transaction (src/features/media/store.ts; docs/decisions/032-garden-media.md).
 */
export const mediaFiles = sqliteTable(
  "media_files",
  {
    id: id(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Recognised from the bytes (core/media.ts sniffMediaType), never from the upload's word. */
    contentType: text().$type<MediaType>().notNull(),
    byteSize: integer().notNull(),
    /** Hex SHA-256 of the bytes: the ETag. */
    sha256: text().notNull(),
    data: blob({ mode: "buffer" }).notNull(),
    createdAt: timestamp(),
  },
  (t) => [
    index("media_files_owner_idx").on(t.ownerId),
    check("media_files_content_type_check", sql.raw(`content_type IN (${sqlInList(MEDIA_TYPES)})`)),
    check("media_files_byte_size_check", sql.raw(`byte_size > 0 AND byte_size <= ${MEDIA_LIMITS.maxBytes}`)),
  ],
);

/**
 * A practitioner's photo (decision 029, issue 26), decoded and cropped on the server to two
 * squares kept as JPEG (core/practitioner-photo.ts PHOTO_SIZES); one row per practitioner, replaced
 * on each upload. `practitioners.photo_version` names the current one for its URL.
 */
export const practitionerPhotos = sqliteTable(
  "practitioner_photos",
  {
    practitionerId: text()
      .primaryKey()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    version: text().notNull(),
    small: blob({ mode: "buffer" }).notNull(),
    large: blob({ mode: "buffer" }).notNull(),
    createdAt: timestamp(),
  },
  (t) => [check("practitioner_photos_size_check", sql.raw(`length(small) > 0 AND length(large) > 0`))],
);
