import { describe, expect, test } from "bun:test";
import { CRISIS_PHRASES, linkParts, mentionsCrisis } from "./conversations";

describe("crisis language (docs/decisions/027-conversations.md)", () => {
  const MUST = [
    "I want to kill myself",
    "sometimes I think about ending my life",
    "I don't want to live anymore",
    "I don’t want to be alive",
    "I've been self-harming… well, I have thoughts of self harm",
    "I keep hurting myself when it gets bad",
    "Everyone would be better off without me",
    "I've had suicidal thoughts since the miscarriage",
    "I WANT TO DIE",
    "there is no reason to live",
    "I took an overdose last year",
  ];
  const MUST_NOT = [
    "This deadline is killing me",
    "I'd die for a good latte after the session",
    "Running 5 minutes late, sorry!",
    "Do you work with grief after a miscarriage?",
    "That workout was a killer",
    "I cut my hair myself",
    "We will end the session at noon",
    "My life coach said to take my time",
    "I live to dance",
    "I'm dying to try breathwork",
    "It hurt my back, the session helped",
    "Here is what to bring: a mat and water",
  ];
  test.each(MUST)("matches: %s", (text) => expect(mentionsCrisis(text)).toBe(true));
  test.each(MUST_NOT)("does not match: %s", (text) => expect(mentionsCrisis(text)).toBe(false));
  test("every phrase of the list matches itself inside a sentence", () => {
    for (const phrase of CRISIS_PHRASES) expect(mentionsCrisis(`Well, ${phrase}.`)).toBe(true);
  });
  test("whole words only", () => {
    expect(mentionsCrisis("a selfie of myself, unharmed")).toBe(false);
    expect(mentionsCrisis("overdosed")).toBe(true);
  });
});

describe("linkParts", () => {
  test("splits http(s) links, leaving trailing punctuation outside", () => {
    expect(linkParts("see https://example.com/a?b=1. ok")).toEqual([{ text: "see " }, { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" }, { text: ". ok" }]);
  });
  test("no javascript: or other schemes", () => {
    expect(linkParts("javascript:alert(1) <b>x</b>")).toEqual([{ text: "javascript:alert(1) <b>x</b>" }]);
  });
});
