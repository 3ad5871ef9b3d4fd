/**
 * Prepares scripts/bench's inputs in a directory: sessions of several premium clients (one Cookie
 * header per line) and lists of real searches drawn from the database's own practitioners, so that
 * the benchmark's keyword targets rotate through at least 100 distinct queries.
 *
 *   DATABASE_PATH=… bun scripts/bench-setup.ts OUT_DIR [USERS]
 *
 * Writes OUT_DIR/cookies.txt, keywords.txt (one-word searches), two-words.txt (two-word searches
 * with archetype, level and sort filters) and pages-keywords.txt (the same one-word searches as
 * /practitioners pages).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { like } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { practitioners } from "../db/schema";
import { ARCHETYPES, EXPERIENCE_LEVELS } from "../core/enums";
import { findUserByEmail } from "../src/auth/accounts";
import { createSession, sessionCookieName } from "../src/auth/session";
import { createUser } from "../src/testing/factories";

const [outDir, usersArg = "8"] = process.argv.slice(2);
if (!outDir) throw new Error("usage: bun scripts/bench-setup.ts OUT_DIR [USERS]");
const userCount = Number(usersArg);
const QUERIES = 120;

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
  writeFileSync(join(outDir, "cookies.txt"), cookies.join("\n") + "\n");
  writeFileSync(join(outDir, "keywords.txt"), api.join("\n") + "\n");
  writeFileSync(join(outDir, "two-words.txt"), [...new Set(twoWords)].join("\n") + "\n");
  writeFileSync(join(outDir, "pages-keywords.txt"), pages.join("\n") + "\n");
  console.log(`${cookies.length} signed-in clients; ${api.length} one-word and ${new Set(twoWords).size} two-word searches (first: ${distinctKeywords.slice(0, 5).join(", ")}; ${pairs.slice(0, 3).join(", ")})`);
} finally {
  close();
}
