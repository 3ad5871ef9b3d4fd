import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FALLBACK_FIRST_NAME, TRIAL_DAYS } from "./constants";
import { ADMIN_REQUIRED_MESSAGE, TRIAL_USED_MESSAGE, trialStartedMessage } from "./access-texts";

const ROOT = join(import.meta.dir, "..");

/** The app's own source files (tests and browser tests left out: they may spell texts out). */
function sourceFiles(): string[] {
  const files: string[] = [];
  for (const dir of ["core", "src", "web", "db"]) {
    for (const path of new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: join(ROOT, dir) })) {
      if (/\.test\.tsx?$/.test(path) || path.startsWith("e2e/")) continue;
      files.push(`${dir}/${path}`);
    }
  }
  return files;
}

function filesContaining(pattern: RegExp): string[] {
  return sourceFiles().filter((file) => pattern.test(readFileSync(join(ROOT, file), "utf8")));
}

describe("texts and constants are defined once", () => {
  test("the texts read as the spec and the plans say", () => {
    expect(ADMIN_REQUIRED_MESSAGE).toBe("You need admin privileges to access this page.");
    expect(TRIAL_USED_MESSAGE).toBe("You have already used your free trial.");
    expect(trialStartedMessage("2030-03-21")).toBe(`Your ${TRIAL_DAYS}-day Premium trial has started. It ends on 2030-03-21.`);
    expect(FALLBACK_FIRST_NAME).toBe("Friend");
  });

  test.each([
    ["the admin refusal", /You need admin privileges/, ["core/access-texts.ts"]],
    ["the trial-used text", /already used your free trial/, ["core/access-texts.ts"]],
    ["the greeting fallback", /["'`]Friend["'`]/, ["core/constants.ts"]],
    ["a hard-coded trial length", /\b7-day\b/i, []],
    ["the survey's answer bands", /["']\$101-150["']/, ["core/survey.ts"]],
  ])("%s appears only where it is defined", (_name, pattern, expected) => {
    expect(filesContaining(pattern)).toEqual(expected);
  });
});
