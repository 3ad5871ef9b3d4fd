import { describe, expect, test } from "bun:test";
import { canonicalTimeZone, canonicalTimeZones, LEGACY_TIME_ZONE_NAMES, timeZoneDisplayName } from "./time-zones";

describe("canonicalTimeZone", () => {
  test.each([
    ["Asia/Calcutta", "Asia/Kolkata"],
    ["Asia/Saigon", "Asia/Ho_Chi_Minh"],
    ["Asia/Katmandu", "Asia/Kathmandu"],
    ["Asia/Rangoon", "Asia/Yangon"],
    ["Europe/Kiev", "Europe/Kyiv"],
    ["America/Buenos_Aires", "America/Argentina/Buenos_Aires"],
  ])("%s → %s", (legacy, today) => {
    expect(canonicalTimeZone(legacy)).toBe(today);
  });

  test("today's names, UTC and unknown text are unchanged; no prototype key is read as an alias", () => {
    for (const zone of ["Asia/Kolkata", "Europe/Berlin", "America/New_York", "UTC", "Mars/Olympus", "constructor", "toString"]) {
      expect(canonicalTimeZone(zone)).toBe(zone);
    }
  });

  test("every alias names the same zone: the same offset all year, and a name the runtime knows", () => {
    const instants = ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z", "2000-01-01T00:00:00Z"].map((iso) => new Date(iso));
    const offset = (zone: string, at: Date) =>
      new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName")!.value;
    for (const [legacy, today] of Object.entries(LEGACY_TIME_ZONE_NAMES)) {
      expect(Object.hasOwn(LEGACY_TIME_ZONE_NAMES, today), today).toBe(false);
      for (const at of instants) expect(offset(today, at), `${legacy} at ${at.toISOString()}`).toBe(offset(legacy, at));
    }
  });
});

describe("timeZoneDisplayName", () => {
  test("today's name with spaces", () => {
    expect(timeZoneDisplayName("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(timeZoneDisplayName("Asia/Saigon")).toBe("Asia/Ho Chi Minh");
    expect(timeZoneDisplayName("America/New_York")).toBe("America/New York");
  });
});

describe("canonicalTimeZones", () => {
  test("a browser's list with old names offers today's, each once", () => {
    expect(canonicalTimeZones(["Europe/Kiev", "Asia/Calcutta", "Asia/Kolkata", "Europe/Berlin"])).toEqual(["Asia/Kolkata", "Europe/Berlin", "Europe/Kyiv"]);
  });
});
