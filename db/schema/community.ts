import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { mediaFiles } from "./media";
import { users } from "./auth";
import { id, textList, timestamp, timestamps, sqlInList } from "./columns";
import { GARDEN_DEFAULT_SEEDS_REWARD } from "../../core/seeds";
import {
  CONTENT_TYPES,
  IDENTITY_TYPES,
  INTERACTION_TYPES,
  type ContentType,
  type IdentityType,
  type InteractionType,
} from "../../core/enums";

export const surveyResponses = sqliteTable(
  "survey_responses",
  {
    id: id(),
    /** Absent means an anonymous response. */
    userId: text().references(() => users.id, { onDelete: "set null" }),
    identityType: text().$type<IdentityType>().notNull(),
    ageRange: text(),
    countryOfResidence: text(),
    currency: text(),
    facilitatorSessionPrice: text(),
    openToFreeSession: text(),
    contributionInterests: textList(),
    reciprocityPreferences: textList(),
    reciprocityOther: text(),
    clientComfortablePrice: text(),
    clientMaxPrice: text(),
    clientTrialPrice: text(),
    sessionFrequency: text(),
    bookingEncouragements: textList(),
    trustFactors: textList(),
    trustFactorsOther: text(),
    gardenInterestLevel: text(),
    gardenContentIdeas: text(),
    gardenMonthlyPrice: text(),
    finalThoughts: text(),
    createdAt: timestamp(),
  },
  (t) => [
    // admin views list newest first and filter by identity type
    // (the id breaks ties: the export reads in keyset batches by (created_at, id))
    index("survey_responses_created_id_idx").on(t.createdAt, t.id),
    index("survey_responses_identity_idx").on(t.identityType),
    // one response per signed-in user (a second submission updates it); anonymous ones are many
    uniqueIndex("survey_responses_user_unique").on(t.userId).where(sql`user_id IS NOT NULL`),
    check("survey_identity_type_check", sql.raw(`identity_type IN (${sqlInList(IDENTITY_TYPES)})`)),
  ],
);

export const gardenContent = sqliteTable(
  "garden_content",
  {
    id: id(),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text(),
    contentType: text().$type<ContentType>().notNull(),
    content: text(),
    fileUrl: text(),
    fileName: text(),
    fileSize: integer(),
    /** The piece's recording or video (media_files); fileUrl is its address, fileName and fileSize describe it. */
    mediaId: text().references(() => mediaFiles.id, { onDelete: "set null" }),
    thumbnailUrl: text(),
    tags: textList(),
    isPublic: integer({ mode: "boolean" }).notNull().default(true),
    isFeatured: integer({ mode: "boolean" }).notNull().default(false),
    /** Free text in the spec; pending and approved are the values the screens use. */
    status: text().notNull().default("pending"),
    viewCount: integer().notNull().default(0),
    likeCount: integer().notNull().default(0),
    downloadCount: integer().notNull().default(0),
    seedsReward: integer().notNull().default(GARDEN_DEFAULT_SEEDS_REWARD),
    /** Derived by triggers from the type and tags (core/garden.ts GARDEN_CATEGORIES): the category filter. */
    category: text(),
    /** Rowid of this piece in the FTS5 table garden_search, set by the insert trigger (stable across VACUUM). */
    searchDocId: integer(),
    ...timestamps(),
  },
  (t) => [
    // the Garden grid: public content of a type, newest first
    index("garden_content_type_created_idx").on(t.contentType, t.createdAt),
    index("garden_content_created_idx").on(t.createdAt),
    index("garden_content_author_idx").on(t.authorId),
    // the Garden list: visible (approved, public) content newest first, all, of a type or of a
    // category; ending with id makes them cover the page's id query (deep offsets stay in the index),
    // and with the doc id the newest pieces a broad keyword search checks against its matches
    index("garden_content_visible_created_idx").on(t.status, t.isPublic, t.createdAt, t.id, t.searchDocId),
    index("garden_content_visible_type_created_idx").on(t.status, t.isPublic, t.contentType, t.createdAt, t.id, t.searchDocId),
    index("garden_content_visible_category_created_idx").on(t.status, t.isPublic, t.category, t.createdAt, t.id, t.searchDocId),
    // keyword matches (FTS rowids) back to their pieces; the second covers a keyword search's
    // count and filters without reading the wide rows
    uniqueIndex("garden_content_search_doc_unique").on(t.searchDocId),
    index("garden_content_search_doc_cover_idx").on(t.searchDocId, t.status, t.isPublic, t.contentType, t.category, t.createdAt, t.id),
    // an author's own pending items at the top of their list; the upload rate limit
    index("garden_content_author_status_created_idx").on(t.authorId, t.status, t.createdAt),
    check("garden_content_type_check", sql.raw(`content_type IN (${sqlInList(CONTENT_TYPES)})`)),
  ],
);

/**
 * How many Garden pieces are approved and public, per content type and category: the totals of the
 * unfiltered and filtered lists without counting rows. Kept by triggers on garden_content
 * (migration 0010), so every writer updates it in the same statement, and so the same transaction,
 * as its write. `category` is '' while a row has none.
 */
export const gardenVisibleCounts = sqliteTable(
  "garden_visible_counts",
  {
    contentType: text().$type<ContentType>().notNull(),
    category: text().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.contentType, t.category] })],
);

export const gardenInteractions = sqliteTable(
  "garden_interactions",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentId: text()
      .notNull()
      .references(() => gardenContent.id, { onDelete: "cascade" }),
    interactionType: text().$type<InteractionType>().notNull(),
    aiResponse: text(),
    createdAt: timestamp(),
  },
  (t) => [
    // likes and views of a piece of content by a user
    index("garden_interactions_content_user_idx").on(t.contentId, t.userId, t.interactionType),
    // one like per user per item (the like toggle checks first; this is the second guard)
    uniqueIndex("garden_interactions_like_unique").on(t.contentId, t.userId).where(sql`interaction_type = 'like'`),
    // one counted view per user per item per UTC day
    uniqueIndex("garden_interactions_view_day_unique")
      .on(t.contentId, t.userId, sql`(created_at / 86400000)`)
      .where(sql`interaction_type = 'view'`),
    // "liked by me" for a page of cards
    index("garden_interactions_user_type_idx").on(t.userId, t.interactionType),
    check("garden_interactions_type_check", sql.raw(`interaction_type IN (${sqlInList(INTERACTION_TYPES)})`)),
  ],
);
