/**
 * Prepares scripts/bench's inputs in a directory: sessions of several premium clients (one Cookie
 * header per line) and lists of real searches drawn from the database's own practitioners, so that
 * the benchmark's keyword targets rotate through at least 100 distinct queries.
 *
 *   DATABASE_PATH=… bun scripts/bench-setup.ts OUT_DIR [USERS]
 *
 * Writes OUT_DIR/cookies.txt, keywords.txt (one-word searches), two-words.txt (two-word searches
 * with archetype, level and sort filters), pages-keywords.txt (the same one-word searches as
 * /practitioners pages), profiles.txt (120 listed practitioners' profile pages) and bookings.txt:
 * one free booking a line (`Cookie<TAB>path<TAB>JSON body`, for scripts/bench.lua's post mode), BOOKERS
 * (default 200) practitioners each booked by a client of their own, hour-long slots from tomorrow
 * to the booking horizon, interleaved so that consecutive lines are different practitioners.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, asc, inArray, like, ne } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { bookings, practitionerDirectory, practitioners } from "../db/schema";
import { ARCHETYPES, EXPERIENCE_LEVELS } from "../core/enums";
import { defaultAvailability } from "../core/availability";
import { BOOKING_HORIZON_DAYS } from "../core/constants";
import { addDays, computeSlots, dateInZone } from "../core/slots";
import { findUserByEmail } from "../src/auth/accounts";
import { createSession, sessionCookieName } from "../src/auth/session";
import { saveAvailabilitySettings } from "../src/features/bookings/availability";
import { createPractitioner, createUser } from "../src/testing/factories";

const [outDir, usersArg = "8"] = process.argv.slice(2);
if (!outDir) throw new Error("usage: bun scripts/bench-setup.ts OUT_DIR [USERS]");
const userCount = Number(usersArg);
const QUERIES = 120;
const BOOKERS = Number(process.env.BOOKERS ?? 200);
const ZONE = "America/New_York";

const { db, close } = await openDatabase(process.env.DATABASE_PATH ?? "./data/app.db");
try {
  // premium clients (created once; the same rows on the next run)
  const cookies: string[] = [];
  for (let i = 1; i <= userCount; i++) {
    const email = `bench-client-${i}@pollinate.example`;
    const user =
      (await findUserByEmail(db, email)) ??
      await createUser(db, { email, firstName: "Bench", lastName: `Client ${i}`, isEmailVerified: true, subscriptionStatus: "premium", accessLevel: "premium", roles: ["client"] });
    const { token } = await createSession(db, user.id, new Date());
    cookies.push(`${sessionCookieName(false)}=${token}`);
  }

  // words people would type: from specializations, categories and places of listed practitioners
  // (the lists' items and the places are taken apart here, in any engine's SQL: the sets below dedupe)
  const lists = await db.select({ specializations: practitioners.specializations, categories: practitioners.professionalCategories }).from(practitioners).limit(5000);
  const places = await db.selectDistinct({ location: practitioners.location }).from(practitioners).where(like(practitioners.location, "%,%"));
  const phrases = [
    ...new Set([
      ...lists.flatMap((row) => row.specializations.map((item) => item.toLowerCase())),
      ...lists.flatMap((row) => row.categories.map((item) => item.replaceAll("_", " ").toLowerCase())),
      ...places.map(({ location }) => location!.slice(0, location!.indexOf(",")).toLowerCase()),
    ]),
  ];
  const words = [...new Set(phrases.flatMap((p) => p.split(/[^a-z]+/)).filter((w) => w.length >= 4))].sort();
  const STOP = new Set(["and", "the", "for", "with", "from"]);
  const pairs = [
    ...new Set(
      phrases
        .map((p) => p.split(/[^a-z]+/).filter((w) => w.length >= 3 && !STOP.has(w)))
        .filter((w) => w.length >= 2)
        .map((w) => `${w[0]} ${w[1]}`),
    ),
  ].sort();
  if (words.length < 60 || pairs.length < 20) throw new Error(`too few distinct words (${words.length}) or pairs (${pairs.length}) in the database`);

  const keywords: string[] = [];
  // each word whole, then its first 4-6 letters (people type prefixes), until QUERIES distinct
  for (const length of [Infinity, 5]) {
    for (const word of words) if (keywords.length < QUERIES) keywords.push(word.slice(0, length));
  }
  const distinctKeywords = [...new Set(keywords)];
  const sorts = ["relevance", "rating", "price-low", "newest", "experience"];
  const twoWords: string[] = [];
  for (let i = 0; twoWords.length < QUERIES; i++) {
    const params = new URLSearchParams({ q: pairs[i % pairs.length] });
    if (i % 2 === 0) params.set("archetype", ARCHETYPES[i % ARCHETYPES.length]);
    if (i % 3 === 0) params.set("level", EXPERIENCE_LEVELS[i % EXPERIENCE_LEVELS.length]);
    params.set("sort", sorts[i % sorts.length]);
    twoWords.push(`/api/practitioners/all?${params}`);
  }
  const api = distinctKeywords.map((q) => `/api/practitioners/all?${new URLSearchParams({ q })}`);
  const pages = distinctKeywords.map((q) => `/practitioners?${new URLSearchParams({ q })}`);
  // profile pages: listed practitioners spread over the directory's order
  const listed = await db.select({ id: practitionerDirectory.practitionerId }).from(practitionerDirectory).orderBy(asc(practitionerDirectory.docId));
  const step = Math.max(1, Math.floor(listed.length / QUERIES));
  const profiles = listed.filter((_, i) => i % step === 0).slice(0, QUERIES).map((row) => `/practitioners/${row.id}`);

  // bookings: BOOKERS practitioners with a client each (made once), and every free hour-long slot
  const now = new Date();
  const settings = { ...defaultAvailability(ZONE), minimumNoticeMinutes: 0, bufferMinutes: 0 };
  const bookers: { practitionerId: string; cookie: string }[] = [];
  for (let i = 1; i <= BOOKERS; i++) {
    const practitionerEmail = `bench-practitioner-${i}@pollinate.example`;
    const owner = await findUserByEmail(db, practitionerEmail);
    let practitionerId: string;
    if (!owner) {
      const made = await createPractitioner(db, { hourlyRateCents: 8500, isVirtual: true, user: { email: practitionerEmail, firstName: "Bench", lastName: `Practitioner ${i}` } });
      await saveAvailabilitySettings(db, made.id, settings, now);
      practitionerId = made.id;
    } else {
      practitionerId = (await db.select({ id: practitioners.id }).from(practitioners).where(inArray(practitioners.userId, [owner.id])))[0]!.id;
    }
    const clientEmail = `bench-booker-${i}@pollinate.example`;
    const client =
      (await findUserByEmail(db, clientEmail)) ??
      (await createUser(db, { email: clientEmail, firstName: "Bench", lastName: `Booker ${i}`, isEmailVerified: true, subscriptionStatus: "premium", accessLevel: "premium", roles: ["client"] }));
    const { token } = await createSession(db, client.id, now);
    bookers.push({ practitionerId, cookie: `${sessionCookieName(false)}=${token}` });
  }
  const taken = new Set(
    (
      await db
        .select({ practitionerId: bookings.practitionerId, at: bookings.scheduledDatetime })
        .from(bookings)
        .where(and(inArray(bookings.practitionerId, bookers.map((p) => p.practitionerId)), ne(bookings.status, "cancelled")))
    ).map((row) => `${row.practitionerId} ${row.at.getTime()}`),
  );
  const bookingLines: string[] = [];
  const last = addDays(dateInZone(now, ZONE), BOOKING_HORIZON_DAYS - 2);
  for (let date = addDays(dateInZone(now, ZONE), 1); date <= last; date = addDays(date, 1)) {
    let previous = 0;
    for (const slot of computeSlots({ settings, date, duration: 60, viewerTimeZone: ZONE, bookings: [], now })) {
      const at = Date.parse(slot.start);
      if (!slot.available || at < previous + 3_600_000) continue;
      previous = at;
      for (const { practitionerId, cookie } of bookers) {
        if (taken.has(`${practitionerId} ${at}`)) continue;
        const body = JSON.stringify({ practitionerId, scheduledDatetime: slot.start, duration: 60, isVirtual: true, totalAmount: "85.00", notes: null });
        bookingLines.push(`${cookie}\t/api/bookings\t${body}`);
      }
    }
  }
  writeFileSync(join(outDir, "profiles.txt"), profiles.join("\n") + "\n");
  writeFileSync(join(outDir, "bookings.txt"), bookingLines.join("\n") + "\n");
  writeFileSync(join(outDir, "cookies.txt"), cookies.join("\n") + "\n");
  writeFileSync(join(outDir, "keywords.txt"), api.join("\n") + "\n");
  writeFileSync(join(outDir, "two-words.txt"), [...new Set(twoWords)].join("\n") + "\n");
  writeFileSync(join(outDir, "pages-keywords.txt"), pages.join("\n") + "\n");
  console.log(`${cookies.length} signed-in clients; ${profiles.length} profile pages; ${bookingLines.length} free slots of ${BOOKERS} practitioners to book; ${api.length} one-word and ${new Set(twoWords).size} two-word searches (first: ${distinctKeywords.slice(0, 5).join(", ")}; ${pairs.slice(0, 3).join(", ")})`);
} finally {
  close();
}
