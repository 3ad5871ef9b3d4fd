import { test, expect } from "bun:test";
import { ARCHETYPES, EXPERIENCE_LEVELS } from "./enums";
import {
  ARCHETYPE_DEFINITIONS,
  ARCHETYPE_LIST,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVEL_RANK,
  archetypeName,
  isArchetype,
} from "./archetypes";

const SPEC = {
  bee: { name: "Bee", tagline: "Grounding", scientificName: "Apis Therapeuticus", color: "#D4AF37" },
  hummingbird: {
    name: "Hummingbird",
    tagline: "Precision",
    scientificName: "Trochilus Intuitus",
    color: "#2F4F4F",
  },
  butterfly: {
    name: "Butterfly",
    tagline: "Transformation",
    scientificName: "Papilio Transformus",
    color: "#C49C9C",
  },
  beetle: { name: "Beetle", tagline: "Integration", scientificName: "Scarabaeus Integrator", color: "#8B4513" },
} as const;

test("every archetype has a definition matching the spec", () => {
  expect(Object.keys(ARCHETYPE_DEFINITIONS).sort()).toEqual([...ARCHETYPES].sort());
  for (const key of ARCHETYPES) {
    const def = ARCHETYPE_DEFINITIONS[key];
    expect(def.key).toBe(key);
    expect(def.name).toBe(SPEC[key].name);
    expect(def.tagline).toBe(SPEC[key].tagline);
    expect(def.scientificName).toBe(SPEC[key].scientificName);
    expect(def.color).toBe(SPEC[key].color);
    expect(def.image).toBe(`/images/archetype-${key}.svg`);
  }
});

test("list sizes: 6 specialties, 4 traits, 4 client benefits", () => {
  for (const def of ARCHETYPE_LIST) {
    expect(def.specialties).toHaveLength(6);
    expect(def.traits).toHaveLength(4);
    expect(def.clientBenefits).toHaveLength(4);
    for (const s of [...def.specialties, ...def.traits, ...def.clientBenefits]) {
      expect(s.trim().length).toBeGreaterThan(0);
    }
  }
});

test("text fields are filled in", () => {
  for (const def of ARCHETYPE_LIST) {
    for (const field of ["description", "fullDescription", "methodology", "approach", "researchInsights"] as const) {
      expect(def[field].trim().length).toBeGreaterThan(20);
    }
  }
});

test("only the Bee has facilitator benefits (4 of them)", () => {
  expect(ARCHETYPE_DEFINITIONS.bee.facilitatorBenefits).toHaveLength(4);
  for (const key of ARCHETYPES.filter((k) => k !== "bee")) {
    expect(ARCHETYPE_DEFINITIONS[key].facilitatorBenefits).toBeUndefined();
  }
});

test("only the Bee is open to newcomers", () => {
  expect(ARCHETYPE_DEFINITIONS.bee.forExperiencedOnly).toBe(false);
  expect(ARCHETYPE_DEFINITIONS.hummingbird.forExperiencedOnly).toBe(true);
  expect(ARCHETYPE_DEFINITIONS.butterfly.forExperiencedOnly).toBe(true);
  expect(ARCHETYPE_DEFINITIONS.beetle.forExperiencedOnly).toBe(true);
});

test("ARCHETYPE_LIST is in display order", () => {
  expect(ARCHETYPE_LIST.map((d) => d.key)).toEqual(["bee", "hummingbird", "butterfly", "beetle"]);
});

test("archetypeName and isArchetype", () => {
  expect(archetypeName("bee")).toBe("Bee");
  expect(archetypeName("hummingbird")).toBe("Hummingbird");
  expect(archetypeName("butterfly")).toBe("Butterfly");
  expect(archetypeName("beetle")).toBe("Beetle");
  expect(archetypeName("moth")).toBe("Moth");
  expect(archetypeName("toString")).toBe("ToString");
  expect(isArchetype("beetle")).toBe(true);
  expect(isArchetype("constructor")).toBe(false);
  expect(isArchetype(42)).toBe(false);
});

test("experience level labels", () => {
  expect(Object.keys(EXPERIENCE_LEVEL_LABELS).sort()).toEqual([...EXPERIENCE_LEVELS].sort());
  expect(EXPERIENCE_LEVEL_LABELS.rising).toBe("Rising");
  expect(EXPERIENCE_LEVEL_LABELS.evolving).toBe("Evolving");
  expect(EXPERIENCE_LEVEL_LABELS.wise).toBe("Wise");
});

test("experience rank order: wise 3, evolving 2, rising 1", () => {
  expect(EXPERIENCE_LEVEL_RANK).toEqual({ wise: 3, evolving: 2, rising: 1 });
  const sorted = [...EXPERIENCE_LEVELS].sort((a, b) => EXPERIENCE_LEVEL_RANK[b] - EXPERIENCE_LEVEL_RANK[a]);
  expect(sorted).toEqual(["wise", "evolving", "rising"]);
});
