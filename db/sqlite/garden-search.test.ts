/**
 * Pages of broad keyword searches (over BROAD_MATCHES word matches) against plain SQL: the walk
 * over the newest pieces, its growing rounds when few of them match, and the fallback that reads
 * every match.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, type SQL } from "drizzle-orm";
import { gardenContent } from "../schema/tables";
import { createUser } from "../../src/testing/factories";
import { createTestDatabase, type TestDatabase } from "../../src/testing/test-db";
import { BROAD_MATCHES, gardenKeyword } from "./garden-search";
import { writeConnectionOf } from "./testing";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  const author = await createUser(t.db);
  const insert = writeConnectionOf(t.db).prepare(
    "INSERT INTO garden_content (id, author_id, title, content_type, content, status, is_public, created_at, updated_at) VALUES (?, ?, ?, ?, 'x', ?, ?, ?, ?)",
  );
  const base = Date.UTC(2026, 0, 1);
  let minute = 0;
  const add = (title: string, i: number) => {
    minute += 1;
    // some pieces share a moment (the id breaks the tie); some are pending, private or audio
    const at = base + Math.floor(minute / 2) * 60_000;
    insert.run(crypto.randomUUID(), author.id, title, i % 7 === 0 ? "audio" : "article", i % 11 === 0 ? "pending" : "approved", i % 13 === 0 ? 0 : 1, at, at);
  };
  writeConnectionOf(t.db).transaction(() => {
    // old matches, then many newer pieces that do not match, then a few new matches among them:
    // the first rounds over the newest pieces find too few matches and have to grow
    for (let i = 0; i < BROAD_MATCHES + 300; i++) add(`Tidepool note ${i}`, i);
    for (let i = 0; i < 1500; i++) add(i % 100 === 0 ? `Tidepool among others ${i}` : `Unrelated piece ${i}`, i);
  })();
});
afterAll(() => t.cleanup());

const visible = and(eq(gardenContent.status, "approved"), eq(gardenContent.isPublic, true))!;

function expected(filter: string, limit: number, offset: number): string[] {
  return (
    writeConnectionOf(t.db)
      .query(
        `SELECT id FROM garden_content WHERE status = 'approved' AND is_public = 1 ${filter}
           AND search_doc_id IN (SELECT rowid FROM garden_search WHERE garden_search MATCH '"tidepool"*')
         ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(limit, offset) as { id: string }[]
  ).map((r) => r.id);
}

describe("a broad keyword's pages", () => {
  const cases: Array<[string, SQL, string]> = [
    ["all types", visible, ""],
    ["audio only", and(visible, eq(gardenContent.contentType, "audio"))!, "AND content_type = 'audio'"],
  ];
  for (const [label, where, filter] of cases) {
    test(`${label}: the newest-first walk and the fallback both give the pages plain SQL gives`, async () => {
      const walk = (await gardenKeyword(t.db, "tidepool"))!;
      const fallback = (await gardenKeyword(t.db, "tidepool", { newestMax: 0 }))!;
      for (const offset of [0, 3, 14, 15, 16, 20, 100, 400, 1000, 1990, 2400]) {
        const want = expected(filter, 20, offset);
        expect({ offset, ids: await walk.pageIds(where, 20, offset) }).toEqual({ offset, ids: want });
        expect({ offset, ids: await fallback.pageIds(where, 20, offset) }).toEqual({ offset, ids: want });
      }
    });
  }

  test("the search really is broad here, and a narrow one pages the same way", async () => {
    expect((writeConnectionOf(t.db).query(`SELECT count(*) AS n FROM garden_search WHERE garden_search MATCH '"tidepool"*'`).get() as { n: number }).n).toBeGreaterThan(BROAD_MATCHES);
    const narrow = (await gardenKeyword(t.db, "among"))!;
    const want = (writeConnectionOf(t.db).query(`SELECT id FROM garden_content WHERE status = 'approved' AND is_public = 1 AND title LIKE '%among%' ORDER BY created_at DESC, id DESC`).all() as { id: string }[]).map((r) => r.id);
    expect(want.length).toBeGreaterThan(5);
    expect(await narrow.pageIds(visible, 5, 2)).toEqual(want.slice(2, 7));
    expect(await narrow.countUpTo(visible, 1000)).toBe(want.length);
    expect(await narrow.countUpTo(visible, 3)).toBe(3);
  });
});
