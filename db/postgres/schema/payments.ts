// PostgreSQL twin of db/schema/payments.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings, practitioners } from "./marketplace";
import { sqlInList, timestamp, timestamps, timestamptz } from "./columns";
import { PAID_LEVELS, PAYMENT_EVENT_OUTCOMES, type PaidLevel, type PaymentEventOutcome } from "../../../core/payments";

/** A Stripe customer of a member (created at the first checkout); looked up by the webhook. */
export const billingCustomers = pgTable(
  "billing_customers",
  {
    customerId: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp(),
  },
  (t) => [uniqueIndex("billing_customers_user_idx").on(t.userId)],
);

/** The last state of a Stripe subscription read from Stripe's API (never from an event's copy). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: text().notNull(),
    plan: text().$type<PaidLevel>().notNull(),
    priceId: text().notNull(),
    stripeStatus: text().notNull(),
    amountCents: integer().notNull(),
    currentPeriodEnd: timestamptz(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    paymentFailedAt: timestamptz(),
    startedAt: timestamptz(),
    endedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId),
    check("subscriptions_plan_check", sql.raw(`plan IN (${sqlInList(PAID_LEVELS)})`)),
  ],
);

/** Every webhook event, stored once by its id in the transaction of its effects. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text().primaryKey(),
    type: text().notNull(),
    stripeCreatedAt: timestamptz().notNull(),
    receivedAt: timestamptz().notNull(),
    outcome: text().$type<PaymentEventOutcome>().notNull(),
    detail: text(),
    userId: text(),
    subscriptionId: text(),
    attempts: integer().notNull().default(1),
  },
  (t) => [
    index("payment_events_received_idx").on(t.receivedAt),
    check("payment_events_outcome_check", sql.raw(`outcome IN (${sqlInList(PAYMENT_EVENT_OUTCOMES)})`)),
  ],
);

/**
 * A practitioner's payment instructions and their one cancellation policy (decision 028): the
 * window (hours before the start inside which a client's cancellation is late: 0, 24, 48 or 72,
 * copied onto each booking) and an optional text. Shown to clients; Pollinate takes no money for sessions.
 */
export const practitionerPaymentSettings = pgTable("practitioner_payment_settings", {
  practitionerId: text()
    .primaryKey()
    .references(() => practitioners.id, { onDelete: "cascade" }),
  paymentInstructions: text().notNull().default(""),
  cancellationWindowHours: integer().notNull().default(0),
  cancellationPolicy: text(),
  ...timestamps(),
});

/** Whether a session was paid, as its practitioner marked it, and how much when it differs from the total. */
export const sessionPayments = pgTable("session_payments", {
  bookingId: text()
    .primaryKey()
    .references(() => bookings.id, { onDelete: "cascade" }),
  paid: boolean().notNull(),
  amountCents: integer().notNull(),
  ...timestamps(),
});
