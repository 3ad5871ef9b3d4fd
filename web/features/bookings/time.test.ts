import { afterEach, describe, expect, test } from "bun:test";
import { inHostTimeZone } from "../../../core/host-time-zone";
import { formatDateIn, formatMonthIn, formatWeekdayDateIn, formatZonedTimeIn, viewerTimeZone, zoneLabel } from "./time";

describe("a session's time in a zone, as the dashboards show it (whatever the host's zone)", () => {
  const lateEvening = "2026-06-02T23:30:00.000Z";

  test("the time carries the zone's short name, with a plain space", () =>
    inHostTimeZone("Asia/Kolkata", () => {
      expect(formatZonedTimeIn(lateEvening, "UTC")).toBe("11:30 PM UTC");
      expect(formatZonedTimeIn(lateEvening, "America/New_York")).toBe("7:30 PM EDT");
      expect(formatZonedTimeIn("2026-12-01T02:00:00Z", "America/New_York")).toBe("9:00 PM EST");
      expect(formatZonedTimeIn(lateEvening, "Europe/Berlin")).toBe("1:30 AM GMT+2");
    }));

  test("the day and the month are the zone's", () =>
    inHostTimeZone("Pacific/Auckland", () => {
      expect(formatWeekdayDateIn(lateEvening, "UTC")).toBe("Tue, Jun 2, 2026");
      expect(formatWeekdayDateIn(lateEvening, "Europe/Berlin")).toBe("Wed, Jun 3, 2026");
      expect(formatDateIn(lateEvening, "America/New_York")).toBe("Jun 2, 2026");
      expect(formatDateIn(lateEvening, "Asia/Tokyo")).toBe("Jun 3, 2026");
      // 02:00 UTC on 1 December is still November in New York
      expect(formatMonthIn("2026-12-01T02:00:00Z", "America/New_York")).toBe("November 2026");
      expect(formatMonthIn("2026-12-01T02:00:00Z", "UTC")).toBe("December 2026");
    }));

  test("zones are named as people read them", () => {
    expect(zoneLabel("America/New_York", new Date("2026-12-01T02:00:00Z"))).toBe("America/New York (GMT-5)");
  });
});

const realDateTimeFormat = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = realDateTimeFormat;
});

/** A browser that reports `zone` as its own (Chromium reports Kolkata as the legacy Asia/Calcutta). */
function browserReporting(zone: string) {
  Intl.DateTimeFormat = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    const formatter = new realDateTimeFormat(...args);
    const resolved = formatter.resolvedOptions();
    formatter.resolvedOptions = () => ({ ...resolved, timeZone: args[1]?.timeZone ?? zone });
    return formatter;
  } as unknown as typeof Intl.DateTimeFormat;
}

describe("zone names shown to a person", () => {
  test("the wizard's zone note names Kolkata, Ho Chi Minh and Kyiv by today's names", () => {
    const at = new Date("2026-06-02T10:00:00Z");
    expect(zoneLabel("Asia/Calcutta", at)).toBe("Asia/Kolkata (GMT+5:30)");
    expect(zoneLabel("Asia/Saigon", at)).toBe("Asia/Ho Chi Minh (GMT+7)");
    expect(zoneLabel("Europe/Kiev", at)).toBe("Europe/Kyiv (GMT+3)");
    expect(zoneLabel("America/New_York", at)).toBe("America/New York (GMT-4)");
  });

  test("the viewer's zone is read by today's name, also from a browser that says Asia/Calcutta", () => {
    browserReporting("Asia/Calcutta");
    expect(viewerTimeZone()).toBe("Asia/Kolkata");
    browserReporting("Europe/Kiev");
    expect(viewerTimeZone()).toBe("Europe/Kyiv");
    browserReporting("Europe/Berlin");
    expect(viewerTimeZone()).toBe("Europe/Berlin");
  });
});
