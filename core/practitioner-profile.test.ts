import { describe, expect, test } from "bun:test";
import { ARCHETYPE_GUIDANCE_MESSAGE, isArchetypeAllowed, specializationList, validateProfileInput } from "./practitioner-profile";

const valid = {
  archetype: "bee",
  experienceLevel: "rising",
  bio: "A warm, steady practice of breath and gentle bodywork for newcomers.",
  specializations: ["Stress release"],
  professionalCategories: ["breathwork"],
  hourlyRate: "65",
  location: "",
  isVirtual: true,
  isInPerson: false,
};

describe("isArchetypeAllowed (SPEC.md section 1)", () => {
  test("rising facilitators are Bees; the other archetypes open from evolving", () => {
    expect(isArchetypeAllowed("bee", "rising")).toBe(true);
    expect(isArchetypeAllowed("hummingbird", "rising")).toBe(false);
    expect(isArchetypeAllowed("beetle", "evolving")).toBe(true);
    expect(isArchetypeAllowed("butterfly", "wise")).toBe(true);
  });

  test("a profile may keep the archetype it already holds", () => {
    expect(isArchetypeAllowed("beetle", "rising", "beetle")).toBe(true);
    expect(isArchetypeAllowed("butterfly", "rising", "beetle")).toBe(false);
  });
});

describe("validateProfileInput", () => {
  test("normalises a valid profile", () => {
    const result = validateProfileInput({ ...valid, bio: `  ${valid.bio}  `, hourlyRate: "$65.5", specializations: " Stress release, stress RELEASE ,, Sleep " });
    expect(result.errors).toBeNull();
    expect(result.value).toMatchObject({ bio: valid.bio, hourlyRate: "65.50", location: null, specializations: ["Stress release", "Sleep"] });
  });

  test("explains the archetype guidance", () => {
    expect(validateProfileInput({ ...valid, archetype: "beetle" }).errors).toEqual({ archetype: ARCHETYPE_GUIDANCE_MESSAGE });
  });

  test("limits: bio length, specialization count and length, categories, rate, location", () => {
    expect(validateProfileInput({ ...valid, bio: "x".repeat(2001) }).errors?.bio).toContain("2000 characters or fewer");
    expect(validateProfileInput({ ...valid, specializations: Array.from({ length: 13 }, (_, i) => `Thing ${i}`) }).errors?.specializations).toContain("at most 12");
    expect(validateProfileInput({ ...valid, specializations: ["x"] }).errors?.specializations).toContain("2 to 60 characters");
    expect(validateProfileInput({ ...valid, professionalCategories: [] }).errors?.professionalCategories).toContain("at least one");
    expect(validateProfileInput({ ...valid, professionalCategories: ["reiki", "bodywork", "ayurveda", "nlp", "emdr", "toning", "qigong", "tai_chi", "rolfing"] }).errors?.professionalCategories).toContain("at most 8");
    expect(validateProfileInput({ ...valid, hourlyRate: "0.5" }).errors?.hourlyRate).toContain("between $1 and $1000");
    expect(validateProfileInput({ ...valid, hourlyRate: "12.345" }).errors?.hourlyRate).toContain("e.g. 85 or 85.50");
    expect(validateProfileInput({ ...valid, hourlyRate: 80 }).value?.hourlyRate).toBe("80.00");
    expect(validateProfileInput({ ...valid, location: "x".repeat(121) }).errors?.location).toContain("120 characters");
  });

  test("specializationList splits text or takes a list", () => {
    expect(specializationList("a b,  c ")).toEqual(["a b", "c"]);
    expect(specializationList(["A", "a", 3])).toEqual(["A"]);
    expect(specializationList(undefined)).toEqual([]);
  });
});
