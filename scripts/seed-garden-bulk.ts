/**
 * Inserts N generated Garden items (default 100,000) for load tests of the Garden list and its
 * keyword search: 95% approved, the rest pending, authored by the existing users, deterministic.
 *
 *   bun scripts/seed-garden-bulk.ts --count 100000      (DATABASE_PATH, default ./data/app.db)
 */
import { parseArgs } from "node:util";
import { asc, sql } from "drizzle-orm";
import { atomic, execute, openDatabase } from "../db/client";
import { gardenContent, users } from "../db/schema";
import { CONTENT_TYPES } from "../core/enums";
import { DemoRandom, ID_NAMESPACES, deterministicUuid } from "../src/demo/demo-data";

const { values } = parseArgs({ options: { count: { type: "string", default: "100000" } } });
const count = Number(values.count);
const { db, close } = await openDatabase(process.env.DATABASE_PATH ?? "data/app.db");
/** Rows per insert statement: 14 values each, well under every engine's limit of bound values. */
const CHUNK = 500;

const ADJECTIVES = ["Gentle", "Grounding", "Quiet", "Deep", "Simple", "Morning", "Evening", "Mindful", "Restful", "Steady", "Healing", "Playful"];
const NOUNS = ["breathwork", "meditation", "journaling", "stretching", "sound bath", "body scan", "walk", "ritual", "check-in", "visualisation", "qigong", "yoga flow"];
const PURPOSES = ["for sleep", "for anxiety", "for grief", "for focus", "for busy days", "for transitions", "for beginners", "for the nervous system", "for tired bodies", "for creativity"];
const SENTENCES = [
  "Find a comfortable position and let the breath slow down on its own.",
  "Notice where the body meets the chair or the floor.",
  "Breathe in for four counts and out for six, ten times.",
  "Write for five minutes without stopping or editing.",
  "Let the shoulders drop away from the ears.",
  "Walk slowly and feel each foot touch the ground.",
  "Name three things you can hear right now.",
  "Return to this practice whenever the day feels rushed.",
  "Go gently and stop if anything feels overwhelming.",
  "Repeat the practice daily for a week and notice what changes.",
];
const TAGS = ["sleep", "anxiety", "grief", "breathwork", "grounding", "journaling", "movement", "sound healing", "self-care", "beginners", "focus", "nature"];

const authors = (await db.select({ id: users.id }).from(users).orderBy(asc(users.id))).map((u) => u.id);
const startedAt = Date.now() - count * 60_000;
const started = performance.now();
await atomic(db, async (tx) => {
  let rows: (typeof gardenContent.$inferInsert)[] = [];
  for (let i = 1; i <= count; i++) {
    const random = new DemoRandom(0x9a4d ^ Math.imul(i, 0x9e3779b1));
    const title = `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} ${random.pick(PURPOSES)}`;
    const content = Array.from({ length: random.int(3, 6) }, () => random.pick(SENTENCES)).join("\n");
    const tags = [...new Set([random.pick(TAGS), random.pick(TAGS)])];
    const createdAt = new Date(startedAt + i * 60_000);
    // the same draws in the same order as before, so the generated items stay the same
    rows.push({
      id: deterministicUuid(ID_NAMESPACES.gardenContent + 100, i, random),
      authorId: random.pick(authors),
      title,
      description: `A ${title.toLowerCase()} practice.`,
      contentType: random.pick(CONTENT_TYPES),
      content,
      tags,
      status: random.chance(0.95) ? "approved" : "pending",
      viewCount: random.int(0, 400),
      likeCount: random.int(0, 40),
      downloadCount: random.int(0, 20),
      seedsReward: random.chance(0.3) ? 50 : 25,
      createdAt,
      updatedAt: createdAt,
    });
    if (rows.length === CHUNK || i === count) {
      await tx.insert(gardenContent).values(rows);
      rows = [];
    }
  }
  // fresh statistics for the planner at the new size (both engines say ANALYZE)
  await execute(tx, sql`ANALYZE`);
});
console.log(`inserted ${count} garden items in ${((performance.now() - started) / 1000).toFixed(1)} s`);
close();
