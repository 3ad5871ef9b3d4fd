ALTER TABLE "sessions_booking" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "sessions_booking" ADD COLUMN "late_cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions_booking" ADD COLUMN "cancellation_window_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions_booking" ADD COLUMN "expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "practitioner_availability" ADD COLUMN "taking_bookings" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioner_availability" ADD COLUMN "cancellation_window_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioner_availability" ADD COLUMN "cancellation_policy" text;--> statement-breakpoint
ALTER TABLE "practitioner_availability" ADD COLUMN "request_expiry_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioner_availability" ADD COLUMN "session_address" text;--> statement-breakpoint
CREATE INDEX "bookings_expires_idx" ON "sessions_booking" USING btree ("expires_at");