/**
 * The tables every service imports, for the engine this process runs on (db/engine.ts): SQLite's
 * (./tables.ts) or their PostgreSQL twins (db/postgres/schema), chosen once at load. The static
 * types are SQLite's: db/postgres/schema-drift.test.ts keeps both twins' row types identical, and
 * the suite runs on both engines (docs/decisions/025-postgresql-driver.md, "Running on PostgreSQL").
 * A table added to ./tables.ts must be added to the list below (tsc fails where it is used).
 */
import { ENGINE } from "../engine";
import * as postgresTables from "../postgres/schema";
import * as sqliteTables from "./tables";

export type * from "./tables";

const chosen = (ENGINE === "postgres" ? postgresTables : sqliteTables) as unknown as typeof sqliteTables;

export const OUTBOX_STATUSES = chosen.OUTBOX_STATUSES;
export const adminAuditLog = chosen.adminAuditLog;
export const adminGateSessions = chosen.adminGateSessions;
export const bookingEvents = chosen.bookingEvents;
export const bookingReminders = chosen.bookingReminders;
export const bookings = chosen.bookings;
export const calendarFeedTokens = chosen.calendarFeedTokens;
export const clients = chosen.clients;
export const favoritePractitioners = chosen.favoritePractitioners;
export const gardenContent = chosen.gardenContent;
export const gardenInteractions = chosen.gardenInteractions;
export const gardenVisibleCounts = chosen.gardenVisibleCounts;
export const limitEvents = chosen.limitEvents;
export const limitMarks = chosen.limitMarks;
export const outbox = chosen.outbox;
export const pollinatorTiers = chosen.pollinatorTiers;
export const practitionerAvailability = chosen.practitionerAvailability;
export const practitionerDirectory = chosen.practitionerDirectory;
export const practitionerDirectoryVersion = chosen.practitionerDirectoryVersion;
export const practitioners = chosen.practitioners;
export const reviews = chosen.reviews;
export const seedsTransactions = chosen.seedsTransactions;
export const seedsWallets = chosen.seedsWallets;
export const sessionDataVersion = chosen.sessionDataVersion;
export const sessions = chosen.sessions;
export const surveyResponses = chosen.surveyResponses;
export const userRoles = chosen.userRoles;
export const users = chosen.users;
export const emailChanges = chosen.emailChanges;
export const conversations = chosen.conversations;
export const conversationParticipants = chosen.conversationParticipants;
export const messages = chosen.messages;
export const messageReports = chosen.messageReports;
export const messageSettings = chosen.messageSettings;
export const billingCustomers = chosen.billingCustomers;
export const subscriptions = chosen.subscriptions;
export const paymentEvents = chosen.paymentEvents;
export const practitionerCredentials = chosen.practitionerCredentials;
export const practitionerPaymentSettings = chosen.practitionerPaymentSettings;
export const sessionPayments = chosen.sessionPayments;
export const mediaFiles = chosen.mediaFiles;
export const practitionerPhotos = chosen.practitionerPhotos;
export const waitlistEntries = chosen.waitlistEntries;
export const waitlistOpenings = chosen.waitlistOpenings;
export const waitlistOffers = chosen.waitlistOffers;
