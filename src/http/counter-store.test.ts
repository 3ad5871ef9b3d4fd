import { afterAll, describe, expect, test } from "bun:test";
import { createTestDatabase } from "../testing/test-db";
import { createDatabaseCounterStore, createMemoryCounterStore, type CounterStore } from "./counter-store";

const testDb = await createTestDatabase();
afterAll(() => testDb.cleanup());

const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms);
let n = 0;
const freshKey = () => `test:${++n}`;

// one table of behaviour, run against both stores: the app may use either for any counter
describe.each<[string, () => CounterStore]>([
  ["memory", () => createMemoryCounterStore()],
  ["database", () => createDatabaseCounterStore(testDb)],
])("CounterStore (%s)", (_name, make) => {
  const store = make();

  test("counts hits within the sliding window and tells when the oldest leaves it", async () => {
    const key = freshKey();
    expect(await store.count(key, MINUTE, at(0))).toEqual({ count: 0, msUntilFree: 0 });
    expect(await store.hit(key, MINUTE, at(0))).toEqual({ count: 1, msUntilFree: MINUTE, counted: true });
    expect(await store.hit(key, MINUTE, at(20_000))).toEqual({ count: 2, msUntilFree: 40_000, counted: true });
    expect(await store.count(key, MINUTE, at(30_000))).toEqual({ count: 2, msUntilFree: 30_000 });
    // the first hit leaves the window at exactly one minute
    expect(await store.count(key, MINUTE, at(MINUTE))).toEqual({ count: 1, msUntilFree: 20_000 });
    expect(await store.count(key, MINUTE, at(MINUTE + 20_000))).toEqual({ count: 0, msUntilFree: 0 });
  });

  test("a limit refuses without counting, so a key holds at most the limit", async () => {
    const key = freshKey();
    for (let i = 0; i < 3; i++) expect((await store.hit(key, MINUTE, at(i * 1000), 3)).counted).toBe(true);
    const refused = await store.hit(key, MINUTE, at(10_000), 3);
    expect(refused).toEqual({ count: 3, msUntilFree: 50_000, counted: false });
    expect((await store.count(key, MINUTE, at(10_000))).count).toBe(3);
    // as soon as the first leaves, one more is let through
    expect((await store.hit(key, MINUTE, at(MINUTE), 3)).counted).toBe(true);
  });

  test("keys are separate, and reset forgets one key", async () => {
    const [a, b] = [freshKey(), freshKey()];
    await store.hit(a, MINUTE, at(0));
    await store.hit(a, MINUTE, at(1));
    await store.hit(b, MINUTE, at(2));
    await store.reset(a);
    expect((await store.count(a, MINUTE, at(3))).count).toBe(0);
    expect((await store.count(b, MINUTE, at(3))).count).toBe(1);
  });

  test("concurrent hits under a limit never count past it", async () => {
    const key = freshKey();
    const results = await Promise.all(Array.from({ length: 20 }, () => store.hit(key, MINUTE, at(0), 5)));
    expect(results.filter((r) => r.counted)).toHaveLength(5);
    expect((await store.count(key, MINUTE, at(0))).count).toBe(5);
  });

  test("remember keeps the last time of a key until it is older than its keep time", async () => {
    const key = freshKey();
    expect(await store.lastSeen(key, at(0))).toBeNull();
    await store.remember(key, at(0), MINUTE);
    await store.remember(key, at(10_000), MINUTE);
    expect(await store.lastSeen(key, at(30_000))).toEqual(at(10_000));
    expect(await store.lastSeen(key, at(MINUTE + 10_000))).toBeNull();
    expect(await store.lastSeen(freshKey(), at(0))).toBeNull();
  });
});
