CREATE TABLE "practitioner_photos" (
	"practitioner_id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"small" "bytea" NOT NULL,
	"large" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practitioner_photos_size_check" CHECK (length(small) > 0 AND length(large) > 0)
);
--> statement-breakpoint
ALTER TABLE "practitioners" ADD COLUMN "photo_version" text;--> statement-breakpoint
ALTER TABLE "practitioner_photos" ADD CONSTRAINT "practitioner_photos_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;