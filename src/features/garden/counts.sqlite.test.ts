/**
 * The Garden's kept totals (garden_visible_counts, migration 0010) against count(*) of the rows
 * themselves, after every kind of write: shares, approvals, rejections, edits of type, tags and
 * visibility, deletions (also by a user's cascade), rolled-back transactions and random mixes.
 * Then the list's totals and pages against plain SQL over the same rows.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { CONTENT_TYPES } from "../../../core/enums";
import { GARDEN_CATEGORY_KEYS, gardenListQuery, type GardenListQuery } from "../../../core/garden";
import { atomic, type Db } from "../../../db/client";
import { writeConnectionOf } from "../../../db/sqlite/testing";
import { gardenContent, users } from "../../../db/schema";
import { DemoRandom } from "../../demo/demo-data";
import { createGardenContent, createUser, type User } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-db";
import { listGardenContent, reviewGardenContent, shareGardenContent } from "./service";

let t: TestDatabase;
let author: User;

beforeAll(async () => {
  t = await createTestDatabase();
  author = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" });
});
afterAll(() => t.cleanup());

type CountRow = { contentType: string; category: string; n: number };

/** The kept counts and the rows' own counts, both without zero rows, in one order. */
function keptAndCounted(): { kept: CountRow[]; counted: CountRow[] } {
  const kept = writeConnectionOf(t.db)
    .query("SELECT content_type AS contentType, category, n FROM garden_visible_counts WHERE n != 0 ORDER BY 1, 2")
    .all() as CountRow[];
  const counted = writeConnectionOf(t.db)
    .query(
      "SELECT content_type AS contentType, coalesce(category, '') AS category, count(*) AS n FROM garden_content WHERE status = 'approved' AND is_public = 1 GROUP BY 1, 2 ORDER BY 1, 2",
    )
    .all() as CountRow[];
  return { kept, counted };
}

function expectCountsExact() {
  const { kept, counted } = keptAndCounted();
  expect(kept).toEqual(counted);
}

const now = () => new Date();

/** One write by another writer than the Garden's service (the outside handle only reads). */
async function write(work: (tx: Db) => PromiseLike<unknown>): Promise<void> {
  await atomic(t.db, async (tx) => {
    await work(tx);
  });
}

describe("the kept totals follow every write", () => {
  test("shares, approvals, rejections, edits, deletions and rollbacks", async () => {
    expectCountsExact();
    // an approved insert (the demo seed and raw SQL write like this): the category comes from a trigger
    await createGardenContent(t.db, { authorId: author.id, contentType: "audio" });
    await createGardenContent(t.db, { authorId: author.id, contentType: "article", tags: ["Success Story"] });
    expectCountsExact();
    expect(keptAndCounted().kept.map((r) => r.category)).toEqual(["success-stories", "resources"]);

    // a share is pending: counted only once approved; a rejected one never
    const shared = await shareGardenContent(t.db, { id: author.id, isPractitioner: false }, { title: "Evening reset", description: null, content: "Slow down.", contentType: "meditation", tags: [] }, null, now());
    const rejected = await shareGardenContent(t.db, { id: author.id, isPractitioner: false }, { title: "Noise", description: null, content: "x", contentType: "meditation", tags: [] }, null, now());
    expectCountsExact();
    await reviewGardenContent(t.db, shared.content.id, "approve", now());
    await reviewGardenContent(t.db, rejected.content.id, "reject", now());
    expectCountsExact();
    expect(writeConnectionOf(t.db).query("SELECT n FROM garden_visible_counts WHERE content_type = 'meditation'").get()).toEqual({ n: 1 });

    // changes of type, of tags (category), of visibility and of status, by any writer
    const piece = await createGardenContent(t.db, { authorId: author.id, contentType: "exercise" });
    await write((tx) => tx.update(gardenContent).set({ contentType: "video" }).where(eq(gardenContent.id, piece.id)));
    expectCountsExact();
    await write((tx) => tx.update(gardenContent).set({ tags: ["success stories"] }).where(eq(gardenContent.id, piece.id)));
    expectCountsExact();
    await write((tx) => tx.update(gardenContent).set({ isPublic: false }).where(eq(gardenContent.id, piece.id)));
    expectCountsExact();
    await write((tx) => tx.update(gardenContent).set({ isPublic: true, status: "archived" }).where(eq(gardenContent.id, piece.id)));
    expectCountsExact();
    writeConnectionOf(t.db).run("UPDATE garden_content SET status = 'approved', content_type = 'audio', tags = '[]' WHERE id = ?", [piece.id]);
    expectCountsExact();
    // an update that changes nothing the counts depend on
    await write((tx) => tx.update(gardenContent).set({ title: "Renamed", likeCount: 3, viewCount: 9 }).where(eq(gardenContent.id, piece.id)));
    expectCountsExact();

    // deletion, directly and through the author's account (ON DELETE CASCADE)
    await write((tx) => tx.delete(gardenContent).where(eq(gardenContent.id, piece.id)));
    expectCountsExact();
    const leaving = await createUser(t.db);
    for (const contentType of CONTENT_TYPES) await createGardenContent(t.db, { authorId: leaving.id, contentType });
    await createGardenContent(t.db, { authorId: leaving.id, status: "pending" });
    expectCountsExact();
    await write((tx) => tx.delete(users).where(eq(users.id, leaving.id)));
    expect(writeConnectionOf(t.db).query("SELECT count(*) AS n FROM garden_content WHERE author_id = ?").get(leaving.id)).toEqual({ n: 0 });
    expectCountsExact();

    // a rolled-back transaction leaves the counts as they were
    const before = keptAndCounted().kept;
    await expect(
      atomic(t.db, async (tx) => {
        await createGardenContent(tx, { authorId: author.id, contentType: "meditation" });
        await tx.update(gardenContent).set({ status: "rejected" }).where(eq(gardenContent.status, "approved"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(keptAndCounted().kept).toEqual(before);
    expectCountsExact();
  });

  test("a random mix of 400 writes never lets them drift", async () => {
    const random = new DemoRandom(0x5eed);
    const authors = [author, await createUser(t.db), await createUser(t.db)];
    const statuses = ["approved", "approved", "pending", "rejected"];
    const tagSets = [[], ["success story"], ["sleep"], ["Success-Story", "grief"]];
    const ids = () => (writeConnectionOf(t.db).query("SELECT id FROM garden_content").all() as { id: string }[]).map((r) => r.id);
    for (let step = 0; step < 400; step++) {
      const existing = ids();
      const id = existing.length ? random.pick(existing) : null;
      const action = random.int(0, 9);
      if (action <= 3 || !id) {
        await createGardenContent(t.db, {
          authorId: random.pick(authors).id,
          contentType: random.pick(CONTENT_TYPES),
          tags: random.pick(tagSets),
          status: random.pick(statuses),
          isPublic: random.chance(0.9),
        });
      } else if (action <= 5) {
        await write((tx) => tx.update(gardenContent).set({ status: random.pick(statuses) }).where(eq(gardenContent.id, id)));
      } else if (action === 6) {
        await write((tx) => tx.update(gardenContent).set({ contentType: random.pick(CONTENT_TYPES), tags: random.pick(tagSets) }).where(eq(gardenContent.id, id)));
      } else if (action === 7) {
        await write((tx) => tx.update(gardenContent).set({ isPublic: random.chance(0.5) }).where(eq(gardenContent.id, id)));
      } else if (action === 8) {
        await write((tx) => tx.delete(gardenContent).where(eq(gardenContent.id, id)));
      } else {
        // a statement touching many rows at once
        await write((tx) => tx.update(gardenContent).set({ status: sql`CASE WHEN ${gardenContent.status} = 'pending' THEN 'approved' ELSE ${gardenContent.status} END` }).where(eq(gardenContent.authorId, random.pick(authors).id)));
      }
      if (step % 20 === 19) expectCountsExact();
    }
    expectCountsExact();
  });

  test("the migration's first fill computes what the triggers keep", () => {
    const migration = readFileSync(join(import.meta.dir, "../../../db/migrations/0010_garden_list_speed.sql"), "utf8");
    const fill = migration.split("--> statement-breakpoint").find((s) => /INSERT INTO `garden_visible_counts`[\s\S]*GROUP BY/.test(s) && !s.includes("CREATE TRIGGER"));
    expect(fill).toBeDefined();
    const kept = keptAndCounted().kept;
    writeConnectionOf(t.db).run("DELETE FROM garden_visible_counts");
    writeConnectionOf(t.db).run(fill!);
    expect(keptAndCounted().kept).toEqual(kept);
  });
});

describe("list totals and pages", () => {
  let viewer: User;
  beforeAll(async () => {
    viewer = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" });
    const random = new DemoRandom(42);
    const base = Date.now() - 10_000_000;
    for (let i = 0; i < 90; i++) {
      await createGardenContent(t.db, {
        authorId: random.chance(0.1) ? viewer.id : author.id,
        title: `${random.pick(["Grief", "Sleep", "Breath"])} note ${i}`,
        contentType: random.pick(CONTENT_TYPES),
        tags: random.chance(0.2) ? ["success story"] : [],
        status: random.pick(["approved", "approved", "approved", "pending", "rejected"]),
        isPublic: random.chance(0.95),
        // some share a moment: the id breaks the tie
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      });
    }
  });

  /** The page by plain SQL: the viewer's pending pieces, then approved public ones, newest first. */
  function expected(viewerId: string | null, query: GardenListQuery): { ids: string[]; total: number } {
    const filters = [
      query.contentType ? `AND content_type = '${query.contentType}'` : "",
      query.category ? `AND category = '${query.category}'` : "",
      query.q ? `AND search_doc_id IN (SELECT rowid FROM garden_search WHERE garden_search MATCH '"${query.q}"*')` : "",
    ].join(" ");
    const pending = viewerId
      ? (writeConnectionOf(t.db).query(`SELECT id FROM garden_content WHERE author_id = ? AND status = 'pending' ${filters} ORDER BY created_at DESC, id DESC`).all(viewerId) as { id: string }[])
      : [];
    const approved = writeConnectionOf(t.db).query(`SELECT id FROM garden_content WHERE status = 'approved' AND is_public = 1 ${filters} ORDER BY created_at DESC, id DESC`).all() as { id: string }[];
    const all = [...pending, ...approved].map((r) => r.id);
    return { ids: all.slice(query.offset, query.offset + query.limit), total: all.length };
  }

  test("every filter's total is exact and every page matches plain SQL, from either end", async () => {
    const filterSets: Array<Record<string, string>> = [{}, { q: "grief" }];
    for (const type of CONTENT_TYPES) filterSets.push({ contentType: type });
    for (const category of GARDEN_CATEGORY_KEYS) filterSets.push({ category }, { category, contentType: "article" });
    for (const filters of filterSets) {
      for (const who of [null, viewer.id]) {
        const whole = expected(who, gardenListQuery.parse({ ...filters, limit: 50 }));
        for (let offset = 0; offset <= whole.total + 7; offset += 7) {
          const query = gardenListQuery.parse({ ...filters, limit: 7, offset });
          const answer = await listGardenContent(t.db, who ? { id: who, canRead: true } : null, query);
          const want = expected(who, query);
          expect({ filters, who, offset, ids: answer.content.map((c) => c.id), total: answer.total, exact: answer.totalExact }).toEqual({
            filters,
            who,
            offset,
            ids: want.ids,
            total: want.total,
            exact: true,
          });
        }
      }
    }
  });
});
