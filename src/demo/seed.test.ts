import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import {
  gardenContent,
  gardenInteractions,
  bookings,
  pollinatorTiers,
  practitionerPhotos,
  practitioners,
  reviews,
  seedsTransactions,
  seedsWallets,
  surveyResponses,
  userRoles,
  users,
} from "../../db/schema";
import { BOOKING_STATUSES, CONTENT_TYPES, IDENTITY_TYPES } from "../../core/enums";
import { createUser } from "../testing/factories";
import { createTestDatabase, type TestDatabase } from "../testing/test-db";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, buildDemoData } from "./demo-data";
import { surveyInputSchema } from "../../core/survey";
import { calendarMonth, monthlyBonusFields, tierForSeeds, uploadRewardFields, uploadReversalFields } from "../../core/seeds";
import { GARDEN_CATEGORIES, categoryOf } from "../../core/garden";
import { seedBulkPractitioners } from "./bulk";
import { queryRows, first as firstRow } from "../../db/client";
import { sql } from "drizzle-orm";
import { LEVEL_PERMISSIONS } from "../auth/permissions";
import { isDatabaseEmpty, loadDemoDataIfWanted, seedDemoData, seedIfEmpty } from "./seed";

const NOW = new Date("2025-06-15T09:30:00Z");

describe("seedDemoData", () => {
  let t: TestDatabase;

  // ~1 s alone (four argon2id hashes and ~3,000 rows); give a busy machine room
  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemoData(t.db, { now: NOW });
  }, 30_000);
  afterAll(() => t.cleanup());

  test("inserts at least 48 practitioners covering every archetype and level", async () => {
    const rows = (await t.db.select().from(practitioners));
    expect(rows.length).toBeGreaterThanOrEqual(48);
    const combos = new Map<string, number>();
    for (const row of rows) combos.set(`${row.archetype}/${row.experienceLevel}`, (combos.get(`${row.archetype}/${row.experienceLevel}`) ?? 0) + 1);
    expect(combos.size).toBe(12);
    for (const count of combos.values()) expect(count).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      expect(row.specializations.length).toBeGreaterThanOrEqual(3);
      expect(row.specializations.length).toBeLessThanOrEqual(6);
      expect(row.hourlyRateCents! % 50).toBe(0);
      expect(row.hourlyRateCents!).toBeGreaterThanOrEqual(4500);
      expect(row.hourlyRateCents!).toBeLessThanOrEqual(25000);
      expect(row.isVirtual || row.isInPerson).toBe(true);
    }
  });

  test("most practitioners have a generated avatar, a few (the demo practitioner among them) none", async () => {
    const rows = await t.db.select().from(practitioners);
    const withPhoto = rows.filter((row) => row.photoVersion !== null);
    expect(withPhoto.length).toBeGreaterThan(rows.length * 0.7);
    expect(withPhoto.length).toBeLessThan(rows.length);
    const photos = await t.db.select().from(practitionerPhotos);
    expect(new Set(photos.map((p) => p.practitionerId))).toEqual(new Set(withPhoto.map((p) => p.id)));
    for (const photo of photos) expect(photo.version).toBe(withPhoto.find((p) => p.id === photo.practitionerId)!.photoVersion!);
    const demo = (await firstRow(t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.practitioner.email))))!;
    expect(rows.find((row) => row.userId === demo.id)!.photoVersion).toBeNull();
  });

  test("creates the demo accounts with their roles, verified e-mail and working password", async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = (await firstRow(t.db.select().from(users).where(eq(users.email, account.email))))!;
      expect(user.firstName).toBe(account.firstName);
      expect(user.isEmailVerified).toBe(true);
      expect(user.accessLevel).toBe(account.accessLevel);
      const roles = (await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id)));
      expect(roles.map((r) => r.role)).toEqual([...account.roles]);
    }
    const client = (await firstRow(t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.client.email))))!;
    expect(Bun.password.verifySync(DEMO_PASSWORD, client.passwordHash!)).toBe(true);
  });

  test("the demo practitioner owns a rising bee profile with upcoming and completed bookings", async () => {
    const user = (await firstRow(t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.practitioner.email))))!;
    const profile = (await firstRow(t.db.select().from(practitioners).where(eq(practitioners.userId, user.id))))!;
    expect(profile).toMatchObject({ archetype: "bee", experienceLevel: "rising" });
    const own = (await t.db.select().from(bookings).where(eq(bookings.practitionerId, profile.id)));
    expect(own.some((b) => b.status === "completed" && b.scheduledDatetime < NOW)).toBe(true);
    expect(own.some((b) => b.status === "scheduled" && b.scheduledDatetime > NOW)).toBe(true);
  });

  test("has bookings in every status, upcoming ones in the future and finished ones in the past", async () => {
    const rows = (await t.db.select().from(bookings));
    expect(new Set(rows.map((b) => b.status))).toEqual(new Set(BOOKING_STATUSES));
    for (const booking of rows) {
      if (["scheduled", "confirmed", "pending"].includes(booking.status)) expect(booking.scheduledDatetime > NOW).toBe(true);
      if (["completed", "no-show"].includes(booking.status)) expect(booking.scheduledDatetime < NOW).toBe(true);
    }
  });

  test("the demo client has a completed session still waiting for a review", async () => {
    const client = (await firstRow(t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.client.email))))!;
    const completed = (await t.db.select().from(bookings).where(eq(bookings.clientId, client.id))).filter((b) => b.status === "completed");
    const reviewed = new Set((await t.db.select().from(reviews).where(eq(reviews.clientId, client.id))).map((r) => r.sessionId));
    expect(new Set(completed.map((b) => b.practitionerId)).size).toBeGreaterThanOrEqual(3);
    expect(completed.some((b) => !reviewed.has(b.id))).toBe(true);
  });

  test("every review belongs to a completed booking of the same client and practitioner", async () => {
    const byId = new Map((await t.db.select().from(bookings)).map((b) => [b.id, b]));
    const rows = (await t.db.select().from(reviews));
    expect(rows.length).toBeGreaterThan(0);
    for (const review of rows) {
      const booking = byId.get(review.sessionId!)!;
      expect(booking.status).toBe("completed");
      expect(booking.clientId).toBe(review.clientId);
      expect(booking.practitionerId).toBe(review.practitionerId);
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
    }
  });

  test("reviews read as real: no text twice on one profile, and varied words overall", async () => {
    const all = (await t.db.select().from(reviews));
    const byProfile = new Map<string, string[]>();
    for (const r of all) if (r.comment) byProfile.set(r.practitionerId, [...(byProfile.get(r.practitionerId) ?? []), r.comment]);
    for (const [id, texts] of byProfile) expect(new Set(texts).size, id).toBe(texts.length);
    const texts = all.flatMap((r) => (r.comment ? [r.comment] : []));
    expect(new Set(texts).size).toBeGreaterThan(texts.length * 0.5);
  });

  test("practitioner ratings and session counts match their reviews and completed bookings", async () => {
    const allReviews = (await t.db.select().from(reviews));
    const allBookings = (await t.db.select().from(bookings));
    for (const practitioner of (await t.db.select().from(practitioners))) {
      const ratings = allReviews.filter((r) => r.practitionerId === practitioner.id).map((r) => r.rating);
      const expected = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100 : null;
      expect(practitioner.averageRating).toBe(expected);
      const completed = allBookings.filter((b) => b.practitionerId === practitioner.id && b.status === "completed");
      expect(practitioner.totalSessions).toBe(completed.length);
    }
  });

  test("wallet balances equal their ledgers, and tiers follow total earned", async () => {
    const wallets = (await t.db.select().from(seedsWallets));
    expect(wallets.length).toBeGreaterThanOrEqual(4);
    for (const wallet of wallets) {
      const ledger = await t.db
        .select()
        .from(seedsTransactions)
        .where(eq(seedsTransactions.userId, wallet.userId))
        .orderBy(asc(seedsTransactions.createdAt));
      let running = 0;
      for (const entry of ledger) {
        running += entry.amount;
        expect(entry.balanceAfter).toBe(running);
      }
      expect(wallet.seedsBalance).toBe(running);
      expect(ledger.at(-1)!.balanceAfter).toBe(wallet.seedsBalance);
      expect(wallet.seedsBalance).toBe(wallet.totalEarned - wallet.totalSpent);
      expect(wallet.currentTier).toBe(tierForSeeds(wallet.totalEarned).tier);
    }
  });

  test("every ledger row is one the live product writes: a share's reward (by its author, at its time, by the author's role) or a practitioner's past monthly bonus", async () => {
    const rows = (await t.db.select().from(seedsTransactions));
    expect(rows.length).toBeGreaterThan(0);
    const items = new Map((await t.db.select().from(gardenContent)).map((item) => [item.id, item]));
    const practitionerIds = new Set((await t.db.select().from(userRoles).where(eq(userRoles.role, "practitioner"))).map((r) => r.userId));
    const joined = new Map((await t.db.select().from(users)).map((u) => [u.id, u.createdAt]));
    // the kinds of row the live services write, taken from the builders they write with
    const piece = { id: "c", title: "t" };
    const kind = (f: { type: string; reason: string | null; referenceType: string | null }) => `${f.type}/${f.reason}/${f.referenceType}`;
    const liveKinds = new Set([uploadRewardFields(piece, false), uploadRewardFields(piece, true), uploadReversalFields(piece, 1), monthlyBonusFields("u", "2025-01")].map(kind));
    const bonusMonths = new Set<string>();
    for (const row of rows) {
      expect(liveKinds).toContain(kind(row));
      expect(row.metadata).toBeNull();
      const fields = { amount: row.amount, type: row.type, reason: row.reason, description: row.description, referenceId: row.referenceId, referenceType: row.referenceType, idempotencyKey: row.idempotencyKey };
      if (row.referenceType === "garden_content") {
        const item = items.get(row.referenceId!)!;
        expect(row.userId).toBe(item.authorId);
        expect(fields).toEqual(uploadRewardFields(item, practitionerIds.has(item.authorId)));
        expect(item.seedsReward).toBe(row.amount);
        expect(row.createdAt).toEqual(item.createdAt);
      } else {
        // claimed by a practitioner, once per calendar month, after joining and before this month
        expect(practitionerIds.has(row.userId)).toBe(true);
        const month = calendarMonth(row.createdAt);
        expect(fields).toEqual(monthlyBonusFields(row.userId, month));
        expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(joined.get(row.userId)!.getTime());
        expect(month < calendarMonth(NOW)).toBe(true);
        expect(bonusMonths.has(`${row.userId}:${month}`)).toBe(false);
        bonusMonths.add(`${row.userId}:${month}`);
      }
    }
    // nothing spends Seeds, and practitioners claim their bonus
    expect(rows.every((row) => row.amount > 0)).toBe(true);
    expect(bonusMonths.size).toBeGreaterThan(0);
  });

  test("inserts the four pollinator tiers", async () => {
    const tiers = (await t.db.select().from(pollinatorTiers).orderBy(asc(pollinatorTiers.requiredSeeds)));
    expect(tiers.map((tier) => [tier.tier, tier.name, tier.requiredSeeds])).toEqual([
      ["seedling", "Seedling", 0],
      ["sprout", "Sprout", 100],
      ["blooming", "Blooming", 250],
      ["wise_garden", "Wise Garden", 500],
    ]);
    for (const tier of tiers) expect(tier.benefits.length).toBeGreaterThanOrEqual(2);
  });

  test("a lively Garden: dozens of items in every category, some pending, counters equal their like and view rows", async () => {
    const items = (await t.db.select().from(gardenContent));
    expect(items.length).toBeGreaterThanOrEqual(30);
    expect(items.filter((i) => i.status === "pending").length).toBeGreaterThanOrEqual(3);
    expect(new Set(items.map((i) => categoryOf(i)))).toEqual(new Set(GARDEN_CATEGORIES.map((c) => c.key)));
    const rows = (await t.db.select().from(gardenInteractions));
    for (const item of items) {
      const mine = rows.filter((r) => r.contentId === item.id);
      expect(item.likeCount).toBe(mine.filter((r) => r.interactionType === "like").length);
      expect(item.viewCount).toBe(mine.filter((r) => r.interactionType === "view").length);
      if (item.status === "approved") expect(item.viewCount).toBeGreaterThan(0);
      expect(mine.every((r) => r.userId !== item.authorId && r.createdAt >= item.createdAt)).toBe(true);
    }
    // every author could share (premium access), and shared after the subscription began
    const people = new Map((await t.db.select().from(users)).map((u) => [u.id, u]));
    for (const item of items) {
      const author = people.get(item.authorId)!;
      expect(LEVEL_PERMISSIONS[author.accessLevel].createContent).toBe(true);
      expect(item.createdAt.getTime()).toBeGreaterThanOrEqual((author.subscriptionStartDate ?? author.createdAt).getTime());
    }
    // every upload's reward is keyed, so a live retry can never pay it again
    const rewards = (await t.db.select().from(seedsTransactions).where(eq(seedsTransactions.reason, "garden_upload")));
    expect(rewards.length).toBe(items.length);
    expect(rewards.every((r) => r.idempotencyKey === `garden_upload:${r.referenceId}`)).toBe(true);
  });

  test("has Garden content of every type and survey responses of every identity", async () => {
    const data = buildDemoData(NOW);
    expect(new Set(data.gardenContent.map((c) => c.contentType))).toEqual(new Set(CONTENT_TYPES));
    const responses = (await t.db.select().from(surveyResponses));
    expect(responses.length).toBeGreaterThanOrEqual(15);
    expect(new Set(responses.map((r) => r.identityType))).toEqual(new Set(IDENTITY_TYPES));
    expect(responses.some((r) => r.userId === null)).toBe(true);
    // every answer is one the survey itself accepts (its bands and choices come from core/survey.ts)
    for (const response of responses) expect(surveyInputSchema.safeParse(response).success).toBe(true);
  });
});

describe("determinism", () => {
  test("two fresh databases get identical practitioner ids and bios, even on different days", async () => {
    const snapshot = async (now: Date) => {
      const t = await createTestDatabase();
      try {
        await seedDemoData(t.db, { now });
        return await t.db
          .select({ id: practitioners.id, bio: practitioners.bio, rate: practitioners.hourlyRateCents })
          .from(practitioners)
          .orderBy(asc(practitioners.id));
      } finally {
        await t.cleanup();
      }
    };
    const first = await snapshot(NOW);
    const second = await snapshot(new Date(NOW.getTime() + 17 * 86_400_000));
    expect(second).toEqual(first);
  });

  test("the whole data set only shifts by whole days, whatever the time of day", () => {
    const relativeToDay = (now: Date) => {
      const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      return JSON.stringify(buildDemoData(now), function (key, value) {
        const holder = this as Record<string, unknown>;
        const original = holder[key];
        // a monthly bonus names its calendar month ('2025-05'), which a shift by days can change
        // (the ledger test above checks that the month is the one of the claim's createdAt)
        if (original instanceof Date) return original.getTime() - midnight;
        return holder.referenceType === "facilitator_bonus" && typeof value === "string" ? value.replace(/\b\d{4}-\d{2}\b/, "YYYY-MM") : value;
      });
    };
    expect(relativeToDay(new Date("2025-06-15T23:59:00Z"))).toBe(relativeToDay(new Date("2026-01-03T00:01:00Z")));
  });
});

describe("seedIfEmpty and seedBulkPractitioners", () => {
  test("seedIfEmpty does nothing on a database that has users", async () => {
    const t = await createTestDatabase();
    try {
      await createUser(t.db);
      expect(await isDatabaseEmpty(t.db)).toBe(false);
      expect(await seedIfEmpty(t.db)).toBe(false);
      expect(await t.db.select().from(practitioners)).toHaveLength(0);
    } finally {
      await t.cleanup();
    }
  });

  test("npm start keeps the demo accounts (published passwords) off a public https site unless DEMO_DATA=true", async () => {
    const outcome = async (options: { DEMO_DATA: "auto" | "true" | "false"; APP_URL: string; HOST?: string }) => {
      const config = { HOST: "127.0.0.1", ...options };
      const t = await createTestDatabase();
      try {
        const result = await loadDemoDataIfWanted(t.db, config);
        return { result, demoAdmin: (await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email))).length };
      } finally {
        await t.cleanup();
      }
    };
    expect(await outcome({ DEMO_DATA: "auto", APP_URL: "https://pollinate.example" })).toEqual({ result: "skipped", demoAdmin: 0 });
    expect(await outcome({ DEMO_DATA: "auto", APP_URL: "http://localhost:3000" })).toEqual({ result: "loaded", demoAdmin: 1 });
    expect(await outcome({ DEMO_DATA: "true", APP_URL: "https://demo.pollinate.example" })).toEqual({ result: "loaded", demoAdmin: 1 });
    expect(await outcome({ DEMO_DATA: "false", APP_URL: "http://localhost:3000" })).toEqual({ result: "skipped", demoAdmin: 0 });
    // a local demo started on every interface keeps them out too (issue 26)
    expect(await outcome({ DEMO_DATA: "auto", APP_URL: "http://localhost:3000", HOST: "0.0.0.0" })).toEqual({ result: "skipped", demoAdmin: 0 });
  });

  test("seedBulkPractitioners adds exactly the requested number, and continues on a second run", async () => {
    const t = await createTestDatabase();
    try {
      const count = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT cast(count(*) AS integer) AS n FROM practitioners`))[0].n;
      await seedBulkPractitioners(t.db, 1000);
      expect(await count()).toBe(1000);
      expect(await seedBulkPractitioners(t.db, 10)).toEqual({ first: 1001, last: 1010 });
      expect(await count()).toBe(1010);
      const [roles] = await queryRows<{ n: number }>(t.db, sql`SELECT cast(count(*) AS integer) AS n FROM user_roles WHERE role = 'practitioner'`);
      expect(roles.n).toBe(1010);
    } finally {
      await t.cleanup();
    }
  });

  test("bulk row N is the same practitioner in every database", async () => {
    const rows = async () => {
      const t = await createTestDatabase();
      try {
        await seedBulkPractitioners(t.db, 5);
        return await queryRows(t.db, sql`SELECT id, user_id, bio, hourly_rate_cents FROM practitioners ORDER BY id`);
      } finally {
        await t.cleanup();
      }
    };
    expect(await rows()).toEqual(await rows());
  });
});

test("the demo client has favourites among practitioners she has seen", async () => {
  const t = await createTestDatabase();
  try {
    await seedDemoData(t.db);
    const [rows] = await queryRows<{ n: number; seen: number }>(
      t.db,
      sql`select cast(count(*) as integer) as n,
                cast(sum(case when exists(select 1 from sessions_booking b where b.client_id = f.user_id and b.practitioner_id = f.practitioner_id and b.status = 'completed') then 1 else 0 end) as integer) as seen
         from favorite_practitioners f join users u on u.id = f.user_id where u.email = 'client@pollinate.example'`,
    );
    expect(rows.n).toBeGreaterThanOrEqual(2);
    expect(rows.seen).toBe(rows.n);
  } finally {
    await t.cleanup();
  }
});
