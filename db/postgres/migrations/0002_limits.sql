CREATE TABLE "limit_events" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limit_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limit_events_key_at_idx" ON "limit_events" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "limit_events_expires_idx" ON "limit_events" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "limit_marks_expires_idx" ON "limit_marks" USING btree ("expires_at");