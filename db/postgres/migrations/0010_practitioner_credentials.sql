CREATE TABLE "practitioner_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"practitioner_id" text NOT NULL,
	"title" text NOT NULL,
	"issuing_body" text NOT NULL,
	"number" text,
	"year" integer NOT NULL,
	"verified_at" timestamp (3) with time zone,
	"verified_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practitioner_credentials" ADD CONSTRAINT "practitioner_credentials_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practitioner_credentials_practitioner_idx" ON "practitioner_credentials" USING btree ("practitioner_id","created_at");