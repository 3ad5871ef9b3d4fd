import { afterAll, beforeAll, expect, test } from "bun:test";
import { practitionerAvailability, practitioners } from "../../db/schema";
import { addDays, dateInZone } from "../../core/slots";
import { createTestDatabase, type TestDatabase } from "../testing/test-db";
import { getAvailabilitySettings, slotsForDay } from "../features/bookings/availability";
import { LOCATION_TIME_ZONES, timeZoneOfLocation } from "./demo-data";
import { seedDemoData } from "./seed";

const NOW = new Date("2026-06-15T09:30:00Z");
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoData(t.db, { now: NOW });
});
afterAll(() => t.cleanup());

test("every demo practitioner has availability in their location's zone", async () => {
  const all = await t.db.select({ id: practitioners.id, location: practitioners.location }).from(practitioners);
  const rows = new Map((await t.db.select().from(practitionerAvailability)).map((r) => [r.practitionerId, r]));
  expect(rows.size).toBe(all.length);
  for (const p of all) expect(rows.get(p.id)?.timeZone).toBe(timeZoneOfLocation(p.location)!);
  for (const zone of Object.values(LOCATION_TIME_ZONES)) expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
});

test("the directory is bookable on first start: every practitioner has free slots within the next week", async () => {
  for (const p of await t.db.select({ id: practitioners.id }).from(practitioners)) {
    const settings = await getAvailabilitySettings(t.db, p.id);
    const today = dateInZone(NOW, settings.timeZone);
    const days = await Promise.all(Array.from({ length: 7 }, (_, i) => slotsForDay(t.db, p.id, settings, addDays(today, i + 1), 60, settings.timeZone, NOW)));
    const free = days.flat().filter((s) => s.available);
    expect(free.length, p.id).toBeGreaterThan(0);
  }
});
