import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { bookings } from "./booking";
import { practitioners } from "./marketplace";
import { sqlInList, timestamp, timestamps } from "./columns";
import { PAID_LEVELS, PAYMENT_EVENT_OUTCOMES, type PaidLevel, type PaymentEventOutcome } from "../../core/payments";

/**
 * Plans and payments (docs/decisions/026-payments.md). Stripe holds the money and the truth; these
 * tables hold what the site needs to decide access and to show it: which Stripe customer is which
 * member, each subscription's last known state, and every webhook event once.
 */

/** A Stripe customer of a member (created at the first checkout); looked up by the webhook. */
export const billingCustomers = sqliteTable(
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
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    /** Stripe's subscription id (sub_…). */
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: text().notNull(),
    plan: text().$type<PaidLevel>().notNull(),
    priceId: text().notNull(),
    /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
    stripeStatus: text().notNull(),
    /** Monthly price in cents when it was read (for the admin's recurring revenue). */
    amountCents: integer().notNull(),
    currentPeriodEnd: integer({ mode: "timestamp_ms" }),
    cancelAtPeriodEnd: integer({ mode: "boolean" }).notNull().default(false),
    /** When a renewal first failed (cleared once an invoice is paid); the grace period counts from it. */
    paymentFailedAt: integer({ mode: "timestamp_ms" }),
    startedAt: integer({ mode: "timestamp_ms" }),
    endedAt: integer({ mode: "timestamp_ms" }),
    ...timestamps(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId),
    check("subscriptions_plan_check", sql.raw(`plan IN (${sqlInList(PAID_LEVELS)})`)),
  ],
);

/** Every webhook event, stored once by its id in the transaction of its effects. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    /** Stripe's event id (evt_…): a replay finds it and changes nothing. */
    id: text().primaryKey(),
    type: text().notNull(),
    /** When Stripe created the event. */
    stripeCreatedAt: integer({ mode: "timestamp_ms" }).notNull(),
    receivedAt: integer({ mode: "timestamp_ms" }).notNull(),
    outcome: text().$type<PaymentEventOutcome>().notNull(),
    /** What happened, or why nothing did (an unknown customer, the reason of a failure). */
    detail: text(),
    userId: text(),
    subscriptionId: text(),
    /** Deliveries of a failed event (Stripe retries it; a later one may handle it). */
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
export const practitionerPaymentSettings = sqliteTable("practitioner_payment_settings", {
  practitionerId: text()
    .primaryKey()
    .references(() => practitioners.id, { onDelete: "cascade" }),
  /** Up to 1,000 characters, shown as text (links made links). */
  paymentInstructions: text().notNull().default(""),
  cancellationWindowHours: integer().notNull().default(0),
  cancellationPolicy: text(),
  ...timestamps(),
});

/** Whether a session was paid, as its practitioner marked it, and how much when it differs from the total. */
export const sessionPayments = sqliteTable("session_payments", {
  bookingId: text()
    .primaryKey()
    .references(() => bookings.id, { onDelete: "cascade" }),
  paid: integer({ mode: "boolean" }).notNull(),
  amountCents: integer().notNull(),
  ...timestamps(),
});
