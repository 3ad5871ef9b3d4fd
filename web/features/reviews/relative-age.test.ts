import { expect, test } from "bun:test";
import { relativeAge } from "./relative-age";

test("relativeAge reads like a person would say it", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  expect(relativeAge(ago(10), now)).toBe("just now");
  expect(relativeAge(ago(-30), now)).toBe("just now");
  expect(relativeAge(ago(5 * 60), now)).toBe("5 minutes ago");
  expect(relativeAge(ago(3600), now)).toBe("1 hour ago");
  expect(relativeAge(ago(26 * 3600), now)).toBe("yesterday");
  expect(relativeAge(ago(3 * 86400), now)).toBe("3 days ago");
  expect(relativeAge(ago(15 * 86400), now)).toBe("2 weeks ago");
  expect(relativeAge(ago(70 * 86400), now)).toBe("2 months ago");
  expect(relativeAge(ago(400 * 86400), now)).toBe("last year");
});
