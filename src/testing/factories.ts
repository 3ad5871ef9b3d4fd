/**
 * Row factories shared by the tests and the demo seed: each inserts one row synchronously and
 * returns it. Every field can be overridden; the defaults are the smallest valid row.
 */
import { eq } from "drizzle-orm";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import {
  bookings,
  clients,
  gardenContent,
  practitioners,
  reviews,
  seedsWallets,
  surveyResponses,
  userRoles,
  users,
} from "../../db/schema";
import type { Role } from "../../core/enums";

/** The database or a transaction of it, so the seed can call the factories inside one transaction. */
export type DbExecutor = Db | BaseSQLiteDatabase<"sync", void, typeof schema>;

export type User = typeof users.$inferSelect;
export type Practitioner = typeof practitioners.$inferSelect;
export type Client = typeof clients.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type SurveyResponse = typeof surveyResponses.$inferSelect;
export type GardenContent = typeof gardenContent.$inferSelect;
export type SeedsWallet = typeof seedsWallets.$inferSelect;

export type UserOverrides = Partial<typeof users.$inferInsert> & {
  /** Roles to insert into user_roles; defaults to ["client"]. */
  roles?: Role[];
  /** Plain password, hashed with argon2id (slow: ~100 ms). Leave out for a null passwordHash. */
  password?: string;
};

let sequence = 0;

/** A number unique within the test process, for default e-mail addresses and names. */
function nextSequence(): number {
  sequence += 1;
  return sequence;
}

/** Inserts a user and its user_roles rows. */
export function createUser(db: DbExecutor, overrides: UserOverrides = {}): User {
  const { roles = ["client"], password, ...fields } = overrides;
  const n = nextSequence();
  const user = db
    .insert(users)
    .values({
      email: `user${n}@example.test`,
      firstName: "Test",
      lastName: `User ${n}`,
      passwordHash: password === undefined ? null : Bun.password.hashSync(password, { algorithm: "argon2id" }),
      ...fields,
    })
    .returning()
    .get();
  for (const role of roles) {
    db.insert(userRoles).values({ userId: user.id, role }).run();
  }
  return user;
}

export type PractitionerOverrides = Partial<typeof practitioners.$inferInsert> & {
  /** Fields for the user created when no userId is given. */
  user?: UserOverrides;
};

/**
 * Inserts a practitioner profile, creating a user with the practitioner role unless userId is
 * given. That user's address is verified unless `user` says otherwise: only then is the profile
 * listed in the directory.
 */
export function createPractitioner(db: DbExecutor, overrides: PractitionerOverrides = {}): Practitioner {
  const { user: userOverrides, ...fields } = overrides;
  const userId = fields.userId ?? createUser(db, { roles: ["practitioner"], isEmailVerified: true, ...userOverrides }).id;
  return db
    .insert(practitioners)
    .values({
      archetype: "bee",
      experienceLevel: "rising",
      bio: "I hold grounded, steady space for people finding their footing.",
      specializations: ["Stress release"],
      professionalCategories: ["reiki"],
      hourlyRateCents: 8500,
      location: "Portland, OR",
      ...fields,
      userId,
    })
    .returning()
    .get();
}

export type ClientOverrides = Partial<typeof clients.$inferInsert> & { user?: UserOverrides };

/** Inserts a client profile, creating a user with the client role unless userId is given. */
export function createClient(db: DbExecutor, overrides: ClientOverrides = {}): Client {
  const { user: userOverrides, ...fields } = overrides;
  const userId = fields.userId ?? createUser(db, { roles: ["client"], ...userOverrides }).id;
  return db
    .insert(clients)
    .values({ ...fields, userId })
    .returning()
    .get();
}

export type BookingOverrides = Partial<typeof bookings.$inferInsert> & {
  /** A user id. */
  clientId: string;
  /** A practitioner id (not the practitioner's user id). */
  practitionerId: string;
};

/**
 * Inserts a booking. Defaults: tomorrow from 10:00 UTC (a later hour for each call), 60 minutes, scheduled, virtual, and the fee
 * computed from the practitioner's hourly rate.
 */
export function createBooking(db: DbExecutor, overrides: BookingOverrides): Booking {
  const duration = overrides.duration ?? 60;
  let totalAmountCents = overrides.totalAmountCents;
  if (totalAmountCents === undefined) {
    const practitioner = db
      .select({ hourlyRateCents: practitioners.hourlyRateCents })
      .from(practitioners)
      .where(eq(practitioners.id, overrides.practitionerId))
      .get();
    totalAmountCents = Math.round(((practitioner?.hourlyRateCents ?? 0) * duration) / 60);
  }
  // tomorrow from 10:00 UTC, a different hour for each booking made without a time: the database
  // refuses two live bookings of one practitioner at the same start (bookings_practitioner_slot_unique)
  const tomorrow = new Date();
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  tomorrow.setUTCHours(10, 0, 0, 0);
  if (overrides.scheduledDatetime === undefined) tomorrow.setTime(tomorrow.getTime() + nextSequence() * 3_600_000);
  return db
    .insert(bookings)
    .values({
      scheduledDatetime: tomorrow,
      status: "scheduled",
      isVirtual: true,
      ...overrides,
      duration,
      totalAmountCents,
    })
    .returning()
    .get();
}

export type ReviewOverrides = Partial<typeof reviews.$inferInsert> & {
  clientId: string;
  practitionerId: string;
};

/** Inserts a review (5 stars unless told otherwise). */
export function createReview(db: DbExecutor, overrides: ReviewOverrides): Review {
  return db
    .insert(reviews)
    .values({ rating: 5, comment: "A grounding, thoughtful session.", ...overrides })
    .returning()
    .get();
}

/** Inserts a survey response (anonymous and 'exploring' unless told otherwise). */
export function createSurveyResponse(
  db: DbExecutor,
  overrides: Partial<typeof surveyResponses.$inferInsert> = {},
): SurveyResponse {
  return db
    .insert(surveyResponses)
    .values({ identityType: "exploring", ...overrides })
    .returning()
    .get();
}

export type GardenContentOverrides = Partial<typeof gardenContent.$inferInsert> & { authorId: string };

/** Inserts Garden content; approved by default so that it shows in listings. */
export function createGardenContent(db: DbExecutor, overrides: GardenContentOverrides): GardenContent {
  const n = nextSequence();
  return db
    .insert(gardenContent)
    .values({
      title: `Garden note ${n}`,
      description: "A short practice to share.",
      contentType: "article",
      content: "Breathe in for four counts, hold for four, out for six.",
      status: "approved",
      ...overrides,
    })
    .returning()
    .get();
}

export type WalletOverrides = Partial<typeof seedsWallets.$inferInsert> & { userId: string };

/** Inserts a Seeds wallet (empty seedling wallet unless told otherwise). */
export function createWallet(db: DbExecutor, overrides: WalletOverrides): SeedsWallet {
  return db.insert(seedsWallets).values(overrides).returning().get();
}
