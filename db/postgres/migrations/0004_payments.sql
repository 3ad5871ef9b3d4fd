CREATE TABLE "billing_customers" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"stripe_created_at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"user_id" text,
	"subscription_id" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payment_events_outcome_check" CHECK (outcome IN ('handled', 'ignored', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "practitioner_payment_settings" (
	"practitioner_id" text PRIMARY KEY NOT NULL,
	"payment_instructions" text DEFAULT '' NOT NULL,
	"cancellation_policy" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_payments" (
	"booking_id" text PRIMARY KEY NOT NULL,
	"paid" boolean NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"plan" text NOT NULL,
	"price_id" text NOT NULL,
	"stripe_status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"current_period_end" timestamp (3) with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"payment_failed_at" timestamp (3) with time zone,
	"started_at" timestamp (3) with time zone,
	"ended_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_plan_check" CHECK (plan IN ('basic', 'premium', 'unlimited'))
);
--> statement-breakpoint
ALTER TABLE "booking_events" DROP CONSTRAINT "booking_events_type_check";--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_payment_settings" ADD CONSTRAINT "practitioner_payment_settings_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_payments" ADD CONSTRAINT "session_payments_booking_id_sessions_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."sessions_booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_user_idx" ON "billing_customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_events_received_idx" ON "payment_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_type_check" CHECK (type IN ('created', 'confirmed', 'rescheduled', 'cancelled', 'completed', 'no-show', 'paid', 'unpaid'));