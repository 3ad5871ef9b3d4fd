import { afterEach, describe, expect, test } from "bun:test";
import { viewerTimeZone, zoneLabel } from "./time";

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
