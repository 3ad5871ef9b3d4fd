import { atomic, first, type Db } from "../../db/client";
import { demoAvatar } from "./avatars";
import { savePhotoIn } from "../features/practitioners/photo";
import { demoDataWanted, type Config } from "../config";
import { favoritePractitioners, gardenInteractions, mediaFiles, seedsTransactions, userRoles, users } from "../../db/schema";
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
import { buildDemoData } from "./demo-data";
import { timeZoneOfLocation } from "./profiles";
import { insertDefaultAvailability } from "../features/bookings/availability";

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
 * in one transaction. Dates are offsets from `now`; everything else is fixed.
 */
export async function seedDemoData(db: Db, options: { now?: Date } = {}): Promise<SeedSummary> {
  const data = buildDemoData(options.now ?? new Date());
  // argon2id takes ~100 ms a hash: do it before taking the write lock.
  const passwordHashes = new Map(
    data.users
      .filter((user) => user.password !== undefined)
      .map((user) => [user.id, Bun.password.hashSync(user.password!, { algorithm: "argon2id" })]),
  );

  // generated avatars (cached per process), made before taking the write lock too
  const photos = await Promise.all(data.practitioners.map((p, index) => demoAvatar(p.archetype, index, p.id === data.demoPractitionerId)));

  await atomic(db, async (tx) => {
    for (const { password: _password, ...user } of data.users) {
      await createUser(tx, { ...user, passwordHash: passwordHashes.get(user.id) ?? null, roles: [] });
    }
    for (const rows of chunks(data.userRoles)) await tx.insert(userRoles).values(rows);
    for (const practitioner of data.practitioners) {
      await createPractitioner(tx, practitioner);
      // bookable on first start: weekday hours in the practitioner's own zone
      await insertDefaultAvailability(tx, practitioner.id, timeZoneOfLocation(practitioner.location));
    }
    for (const [index, practitioner] of data.practitioners.entries()) {
      const photo = photos[index];
      if (photo) await savePhotoIn(tx, practitioner.id, photo, practitioner.createdAt ?? new Date());
    }
    for (const client of data.clients) await createClient(tx, client);
    for (const booking of data.bookings) await createBooking(tx, booking);
    for (const review of data.reviews) await createReview(tx, review);
    for (const file of data.mediaFiles) await tx.insert(mediaFiles).values(file);
    for (const item of data.gardenContent) await createGardenContent(tx, item);
    for (const rows of chunks(data.gardenInteractions)) await tx.insert(gardenInteractions).values(rows);
    for (const response of data.surveyResponses) await createSurveyResponse(tx, response);
    for (const wallet of data.wallets) await createWallet(tx, wallet);
    for (const rows of chunks(data.seedsTransactions)) await tx.insert(seedsTransactions).values(rows);
    if (data.favorites.length) await tx.insert(favoritePractitioners).values(data.favorites);
  });

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
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return (await first(db.select({ id: users.id }).from(users).limit(1))) === undefined;
}

/**
 * What `npm start` does with an empty database (DEMO_DATA, src/config.ts): "loaded" the demo data,
 * "skipped" it (a public https site, or DEMO_DATA=false), or nothing since the database has data.
 */
export async function loadDemoDataIfWanted(db: Db, config: Pick<Config, "DEMO_DATA" | "APP_URL" | "HOST">): Promise<"loaded" | "skipped" | "not-empty"> {
  if (!(await isDatabaseEmpty(db))) return "not-empty";
  if (!demoDataWanted(config)) return "skipped";
  await seedDemoData(db);
  return "loaded";
}

/** Seeds the demo data into an empty database; returns whether it seeded. */
export async function seedIfEmpty(db: Db, options: { now?: Date } = {}): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  await seedDemoData(db, options);
  return true;
}
