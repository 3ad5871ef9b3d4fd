ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_sign_in_at" timestamp (3) with time zone;--> statement-breakpoint
-- members signed in before this migration are returning members ('Welcome back'); the rest start at null
UPDATE "users" SET "last_sign_in_at" = "created_at", "previous_sign_in_at" = "created_at" WHERE "id" IN (SELECT "user_id" FROM "sessions");
