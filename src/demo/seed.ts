import type { Database } from "bun:sqlite";
import type { Db } from "../../db/client";
import { favoritePractitioners, gardenInteractions, seedsTransactions, userRoles, users } from "../../db/schema";
import { ARCHETYPES, EXPERIENCE_LEVELS } from "../../core/enums";
import {
  createBooking,
  createClient,
  createGardenContent,
  createPractitioner,
  createReview,
  createSurveyResponse,
  createUser,
  createWallet,
} from "../testing/factories";
import {
  DemoRandom,
  FIRST_NAMES,
  ID_NAMESPACES,
  LAST_NAMES,
  buildDemoData,
  deterministicUuid,
  generatePractitionerProfile,
} from "./demo-data";

export type SeedSummary = {
  users: number;
  practitioners: number;
  clients: number;
  bookings: number;
  reviews: number;
  gardenContent: number;
  surveyResponses: number;
  wallets: number;
  seedsTransactions: number;
};

/** Rows per multi-row INSERT, well under SQLite's limit on bound parameters. */
const INSERT_CHUNK = 200;

function chunks<T>(rows: T[], size = INSERT_CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size));
  return result;
}

/**
 * Inserts the demo data set (accounts, practitioners, bookings, reviews, Garden, survey, Seeds)
 * in one immediate transaction. Dates are offsets from `now`; everything else is fixed.
 */
export function seedDemoData(db: Db, options: { now?: Date } = {}): SeedSummary {
  const data = buildDemoData(options.now ?? new Date());
  // argon2id takes ~100 ms a hash: do it before taking the write lock.
  const passwordHashes = new Map(
    data.users
      .filter((user) => user.password !== undefined)
      .map((user) => [user.id, Bun.password.hashSync(user.password!, { algorithm: "argon2id" })]),
  );

  db.transaction(
    (tx) => {
      for (const { password: _password, ...user } of data.users) {
        createUser(tx, { ...user, passwordHash: passwordHashes.get(user.id) ?? null, roles: [] });
      }
      for (const rows of chunks(data.userRoles)) tx.insert(userRoles).values(rows).run();
      for (const practitioner of data.practitioners) createPractitioner(tx, practitioner);
      for (const client of data.clients) createClient(tx, client);
      for (const booking of data.bookings) createBooking(tx, booking);
      for (const review of data.reviews) createReview(tx, review);
      for (const item of data.gardenContent) createGardenContent(tx, item);
      for (const rows of chunks(data.gardenInteractions)) tx.insert(gardenInteractions).values(rows).run();
      for (const response of data.surveyResponses) createSurveyResponse(tx, response);
      for (const wallet of data.wallets) createWallet(tx, wallet);
      for (const rows of chunks(data.seedsTransactions)) tx.insert(seedsTransactions).values(rows).run();
      if (data.favorites.length) tx.insert(favoritePractitioners).values(data.favorites).run();
    },
    { behavior: "immediate" },
  );

  return {
    users: data.users.length,
    practitioners: data.practitioners.length,
    clients: data.clients.length,
    bookings: data.bookings.length,
    reviews: data.reviews.length,
    gardenContent: data.gardenContent.length,
    surveyResponses: data.surveyResponses.length,
    wallets: data.wallets.length,
    seedsTransactions: data.seedsTransactions.length,
  };
}

/** True when no user exists yet. */
export function isDatabaseEmpty(db: Db): boolean {
  return db.select({ id: users.id }).from(users).limit(1).get() === undefined;
}

/** Seeds the demo data into an empty database; returns whether it seeded. */
export function seedIfEmpty(db: Db, options: { now?: Date } = {}): boolean {
  if (!isDatabaseEmpty(db)) return false;
  seedDemoData(db, options);
  return true;
}

const BULK_SEED = 0xb01c_5eed;
const BULK_EMAIL_PREFIX = "bulk-practitioner-";
const BULK_EMAIL_DOMAIN = "@pollinate.example";

/** The highest bulk index already in the database, so repeated runs continue instead of colliding. */
function lastBulkIndex(sqlite: Database): number {
  const row = sqlite
    .query(
      `SELECT max(CAST(substr(email, ${BULK_EMAIL_PREFIX.length + 1}, instr(email, '@') - ${BULK_EMAIL_PREFIX.length + 1}) AS INTEGER)) AS last
       FROM users WHERE email LIKE '${BULK_EMAIL_PREFIX}%${BULK_EMAIL_DOMAIN}'`,
    )
    .get() as { last: number | null };
  return row.last ?? 0;
}

/**
 * Inserts `count` generated practitioners with their users (no passwords, no bookings) through
 * prepared statements in one transaction: for load tests of the directory and search. Row N is
 * always the same practitioner; a second run continues after the last bulk row.
 */
export function seedBulkPractitioners(sqlite: Database, count: number): { first: number; last: number } {
  const insertUser = sqlite.prepare(
    `INSERT INTO users (id, email, first_name, last_name, is_email_verified, created_at, updated_at)
     VALUES (?, ?, ?, ?, 1, ?, ?)`,
  );
  const insertRole = sqlite.prepare(`INSERT INTO user_roles (id, user_id, role) VALUES (?, ?, 'practitioner')`);
  const insertPractitioner = sqlite.prepare(
    `INSERT INTO practitioners (id, user_id, archetype, experience_level, bio, specializations,
       professional_categories, hourly_rate_cents, location, is_virtual, is_in_person, is_verified,
       response_time_hours, years_active, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const first = lastBulkIndex(sqlite) + 1;
  const insertAll = sqlite.transaction(() => {
    const startedAt = Date.now() - count;
    for (let offset = 0; offset < count; offset++) {
      const index = first + offset;
      const random = new DemoRandom(BULK_SEED ^ Math.imul(index, 0x9e3779b1));
      const userId = deterministicUuid(ID_NAMESPACES.bulkUser, index, random);
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      const createdAt = startedAt + offset;
      insertUser.run(userId, `${BULK_EMAIL_PREFIX}${index}${BULK_EMAIL_DOMAIN}`, firstName, lastName, createdAt, createdAt);
      insertRole.run(deterministicUuid(ID_NAMESPACES.bulkUserRole, index, random), userId);

      const archetype = random.pick(ARCHETYPES);
      const level = random.pick(EXPERIENCE_LEVELS);
      const profile = generatePractitionerProfile(random, archetype, level);
      insertPractitioner.run(
        deterministicUuid(ID_NAMESPACES.bulkPractitioner, index, random),
        userId,
        archetype,
        level,
        profile.bio,
        JSON.stringify(profile.specializations),
        JSON.stringify(profile.professionalCategories),
        profile.hourlyRateCents,
        profile.location,
        profile.isVirtual ? 1 : 0,
        profile.isInPerson ? 1 : 0,
        profile.isVerified ? 1 : 0,
        profile.responseTimeHours,
        profile.yearsActive,
        createdAt,
        createdAt,
      );
    }
  });
  // Random UUID keys touch pages all over seven indexes; a bigger page cache for this one
  // transaction saved ~20% (100k rows: ~5.8 s -> ~4.7 s on 2 busy cores).
  const { cache_size: previousCacheSize } = sqlite.query("PRAGMA cache_size").get() as { cache_size: number };
  sqlite.exec("PRAGMA cache_size = -262144");
  try {
    insertAll.immediate();
  } finally {
    sqlite.exec(`PRAGMA cache_size = ${Number(previousCacheSize)}`);
  }
  return { first, last: first + count - 1 };
}
