import { describe, expect, test } from "bun:test";
import { accessInfoFor, effectiveAccessLevel, isPermitted, LEVEL_PERMISSIONS, practitionerViewLimit } from "./permissions";

const now = new Date("2026-06-01T12:00:00Z");
const day = 24 * 60 * 60 * 1000;

describe("access levels", () => {
  test("visitors and preview see 3 practitioners, basic 10, premium and unlimited all", () => {
    expect(practitionerViewLimit(effectiveAccessLevel(null, now))).toBe(3);
    expect(practitionerViewLimit("preview")).toBe(3);
    expect(practitionerViewLimit("basic")).toBe(10);
    expect(practitionerViewLimit("premium")).toBeNull();
    expect(practitionerViewLimit("unlimited")).toBeNull();
  });

  test("preview has none of the gated permissions (SPEC.md section 6)", () => {
    const p = LEVEL_PERMISSIONS.preview;
    expect([p.viewSessions, p.bookSessions, p.messagePractitioners, p.accessGarden, p.createContent, p.viewFullProfiles, p.accessSeeds]).toEqual(Array(7).fill(false));
    expect(LEVEL_PERMISSIONS.basic.createContent).toBe(false);
    expect(LEVEL_PERMISSIONS.premium.createContent).toBe(true);
  });

  test("a running trial gives premium; an ended one falls back to preview and reads as expired", () => {
    const trial = { accessLevel: "premium" as const, subscriptionStatus: "trial" as const, trialEndDate: new Date(now.getTime() + 3 * day) };
    expect(accessInfoFor(trial, now)).toMatchObject({ accessLevel: "premium", subscriptionStatus: "trial", trialEndDate: trial.trialEndDate.toISOString() });
    const ended = { ...trial, trialEndDate: new Date(now.getTime() - 1) };
    expect(accessInfoFor(ended, now)).toMatchObject({ accessLevel: "preview", subscriptionStatus: "expired", trialEndDate: null });
  });

  test("cancelled and expired subscriptions fall back to preview", () => {
    expect(effectiveAccessLevel({ accessLevel: "premium", subscriptionStatus: "cancelled", trialEndDate: null }, now)).toBe("preview");
    expect(effectiveAccessLevel({ accessLevel: "basic", subscriptionStatus: "expired", trialEndDate: null }, now)).toBe("preview");
    expect(effectiveAccessLevel({ accessLevel: "basic", subscriptionStatus: "premium", trialEndDate: null }, now)).toBe("basic");
  });

  test("the gate rule: true, 'unlimited', read access and positive limits allow; false denies", () => {
    expect(isPermitted(true)).toBe(true);
    expect(isPermitted("unlimited")).toBe(true);
    expect(isPermitted("read")).toBe(true);
    expect(isPermitted(1)).toBe(true);
    expect(isPermitted(false)).toBe(false);
    expect(isPermitted(0)).toBe(false);
  });
});
