/**
 * Row factories shared by the tests and the demo seed: each inserts its rows in one transaction
 * (or inside the caller's: pass `tx`) and returns the row. Every field can be overridden; the defaults are the smallest valid row.
 */
import { eq } from "drizzle-orm";
import { atomic, first, type Db } from "../../db/client";
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

/** An insert … returning run with the transaction's handle. */
interface InsertReturning<T> {
  (tx: Db): Promise<T[]>;
}

/** Runs one insert … returning in a transaction (or the caller's) and answers its row. */
async function insertOne<T>(db: Db, insert: InsertReturning<T>): Promise<T> {
  return atomic(db, async (tx) => (await insert(tx))[0]);
}

let sequence = 0;

/** A number unique within the test process, for default e-mail addresses and names. */
function nextSequence(): number {
  sequence += 1;
  return sequence;
}

/** Inserts a user and its user_roles rows. */
export async function createUser(db: Db, overrides: UserOverrides = {}): Promise<User> {
  const { roles = ["client"], password, ...fields } = overrides;
  const n = nextSequence();
  return atomic(db, async (tx) => {
  const [user] = await tx
    .insert(users)
    .values({
      email: `user${n}@example.test`,
      firstName: "Test",
      lastName: `User ${n}`,
      passwordHash: password === undefined ? null : Bun.password.hashSync(password, { algorithm: "argon2id" }),
      ...fields,
    })
    .returning();
  for (const role of roles) {
    const row = { userId: user.id, role };
    await tx.insert(userRoles).values(row);
  }
  return user;
  });
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
export async function createPractitioner(db: Db, overrides: PractitionerOverrides = {}): Promise<Practitioner> {
  const { user: userOverrides, ...fields } = overrides;
  const userId = fields.userId ?? (await createUser(db, { roles: ["practitioner"], isEmailVerified: true, ...userOverrides })).id;
  return insertOne(db, (tx) => tx
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
    .returning());
}

export type ClientOverrides = Partial<typeof clients.$inferInsert> & { user?: UserOverrides };

/** Inserts a client profile, creating a user with the client role unless userId is given. */
export async function createClient(db: Db, overrides: ClientOverrides = {}): Promise<Client> {
  const { user: userOverrides, ...fields } = overrides;
  const userId = fields.userId ?? (await createUser(db, { roles: ["client"], ...userOverrides })).id;
  return insertOne(db, (tx) => tx
    .insert(clients)
    .values({ ...fields, userId })
    .returning());
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
export async function createBooking(db: Db, overrides: BookingOverrides): Promise<Booking> {
  const duration = overrides.duration ?? 60;
  let totalAmountCents = overrides.totalAmountCents;
  if (totalAmountCents === undefined) {
    const practitioner = await first(
      db.select({ hourlyRateCents: practitioners.hourlyRateCents }).from(practitioners).where(eq(practitioners.id, overrides.practitionerId)).limit(1),
    );
    totalAmountCents = Math.round(((practitioner?.hourlyRateCents ?? 0) * duration) / 60);
  }
  // tomorrow from 10:00 UTC, a different hour for each booking made without a time: the database
  // refuses two live bookings of one practitioner at the same start (bookings_practitioner_slot_unique)
  const tomorrow = new Date();
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  tomorrow.setUTCHours(10, 0, 0, 0);
  if (overrides.scheduledDatetime === undefined) tomorrow.setTime(tomorrow.getTime() + nextSequence() * 3_600_000);
  return insertOne(db, (tx) => tx
    .insert(bookings)
    .values({
      scheduledDatetime: tomorrow,
      status: "scheduled",
      isVirtual: true,
      ...overrides,
      duration,
      totalAmountCents,
    })
    .returning());
}

export type ReviewOverrides = Partial<typeof reviews.$inferInsert> & {
  clientId: string;
  practitionerId: string;
};

/** Inserts a review (5 stars unless told otherwise). */
export async function createReview(db: Db, overrides: ReviewOverrides): Promise<Review> {
  return insertOne(db, (tx) => tx
    .insert(reviews)
    .values({ rating: 5, comment: "A grounding, thoughtful session.", ...overrides })
    .returning());
}

/** Inserts a survey response (anonymous and 'exploring' unless told otherwise). */
export async function createSurveyResponse(
  db: Db,
  overrides: Partial<typeof surveyResponses.$inferInsert> = {},
): Promise<SurveyResponse> {
  return insertOne(db, (tx) => tx
    .insert(surveyResponses)
    .values({ identityType: "exploring", ...overrides })
    .returning());
}

export type GardenContentOverrides = Partial<typeof gardenContent.$inferInsert> & { authorId: string };

/** Inserts Garden content; approved by default so that it shows in listings. */
export async function createGardenContent(db: Db, overrides: GardenContentOverrides): Promise<GardenContent> {
  const n = nextSequence();
  return insertOne(db, (tx) => tx
    .insert(gardenContent)
    .values({
      title: `Garden note ${n}`,
      description: "A short practice to share.",
      contentType: "article",
      content: "Breathe in for four counts, hold for four, out for six.",
      status: "approved",
      ...overrides,
    })
    .returning());
}

export type WalletOverrides = Partial<typeof seedsWallets.$inferInsert> & { userId: string };

/** Inserts a Seeds wallet (empty seedling wallet unless told otherwise). */
export async function createWallet(db: Db, overrides: WalletOverrides): Promise<SeedsWallet> {
  return insertOne(db, (tx) => tx.insert(seedsWallets).values(overrides).returning());
}
