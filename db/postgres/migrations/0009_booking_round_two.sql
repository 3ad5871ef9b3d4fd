CREATE TABLE "waitlist_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"practitioner_id" text NOT NULL,
	"client_id" text NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text NOT NULL,
	"times_of_day" jsonb NOT NULL,
	"duration" integer NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status_check" CHECK (status IN ('waiting', 'booked', 'left')),
	CONSTRAINT "waitlist_entries_duration_check" CHECK (duration > 0)
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"practitioner_id" text NOT NULL,
	"client_id" text NOT NULL,
	"start" timestamp (3) with time zone NOT NULL,
	"duration" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"booking_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offers_status_check" CHECK (status IN ('open', 'accepted', 'declined', 'expired', 'void'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_openings" (
	"id" text PRIMARY KEY NOT NULL,
	"practitioner_id" text NOT NULL,
	"start" timestamp (3) with time zone NOT NULL,
	"duration" integer NOT NULL,
	"processed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions_booking" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "sessions_booking" ADD COLUMN "late_cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions_booking" ADD COLUMN "cancellation_window_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions_booking" ADD COLUMN "expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "practitioner_availability" ADD COLUMN "taking_bookings" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioner_availability" ADD COLUMN "request_expiry_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioner_availability" ADD COLUMN "session_address" text;--> statement-breakpoint
ALTER TABLE "practitioner_payment_settings" ADD COLUMN "cancellation_window_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_booking_id_sessions_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."sessions_booking"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_openings" ADD CONSTRAINT "waitlist_openings_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_queue_idx" ON "waitlist_entries" USING btree ("practitioner_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_client_idx" ON "waitlist_entries" USING btree ("client_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_hold_unique" ON "waitlist_offers" USING btree ("practitioner_id","start") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_entry_start_unique" ON "waitlist_offers" USING btree ("entry_id","start");--> statement-breakpoint
CREATE INDEX "waitlist_offers_due_idx" ON "waitlist_offers" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "waitlist_offers_client_idx" ON "waitlist_offers" USING btree ("client_id","status");--> statement-breakpoint
CREATE INDEX "waitlist_openings_pending_idx" ON "waitlist_openings" USING btree ("processed_at","created_at");--> statement-breakpoint
CREATE INDEX "bookings_expires_idx" ON "sessions_booking" USING btree ("expires_at");