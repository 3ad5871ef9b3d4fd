import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ACCESS_DENIED_TITLE, ADMIN_REQUIRED_MESSAGE, UPGRADE_REQUIRED_MESSAGE } from "./access-texts";
import { ADMIN_TEXTS } from "./admin";
import { AUTH_MESSAGES } from "./auth";
import { BOOKING_TEXTS } from "./booking-texts";
import { COMMON_TEXTS } from "./common-texts";
import { PRACTITIONER_NOT_FOUND, RESPONSE_TIME_TEXT } from "./constants";
import { FAVORITES_UPDATED } from "./favorites";
import { GARDEN_TEXTS } from "./garden";
import { REVIEW_FAILED_MESSAGE } from "./reviews";
import { SURVEY_ESTIMATED_TIME, SURVEY_TEXTS } from "./survey";

const ROOT = join(import.meta.dir, "..");

/** The spec's texts that core/ holds; short ones ('Previous', 'Success') are ordinary words elsewhere too. */
const SPEC_TEXTS = [
  ...[BOOKING_TEXTS, GARDEN_TEXTS, ADMIN_TEXTS, AUTH_MESSAGES, SURVEY_TEXTS, COMMON_TEXTS].flatMap((texts) => Object.values(texts)),
  ACCESS_DENIED_TITLE,
  ADMIN_REQUIRED_MESSAGE,
  UPGRADE_REQUIRED_MESSAGE,
  PRACTITIONER_NOT_FOUND,
  RESPONSE_TIME_TEXT,
  SURVEY_ESTIMATED_TIME,
  FAVORITES_UPDATED,
  REVIEW_FAILED_MESSAGE,
].filter((text): text is string => typeof text === "string" && text.length >= 11);

/** Source without comments (which may quote the spec), roughly: block comments and // to the end of a line. */
function codeOf(path: string): string {
  return readFileSync(join(ROOT, path), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

describe("the spec's texts are written once, in core/ (decision note 007)", () => {
  test("no file of the server or the browser has its own copy of one", () => {
    const copies: string[] = [];
    for (const dir of ["src", "web"]) {
      for (const file of new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: join(ROOT, dir) })) {
        if (/\.test\.tsx?$/.test(file) || file.startsWith("e2e/") || file.startsWith("testing/") || file.startsWith("demo/")) continue;
        const code = codeOf(`${dir}/${file}`);
        for (const text of SPEC_TEXTS) if (code.includes(text)) copies.push(`${dir}/${file}: ${text}`);
      }
    }
    expect(copies).toEqual([]);
  });
});
