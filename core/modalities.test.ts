import { test, expect } from "bun:test";
import { PROFESSIONAL_CATEGORIES } from "./enums";
import {
  MODALITIES,
  MODALITY_GROUPS,
  MODALITY_GROUP_KEYS,
  MODALITY_LIST,
  categoryLabel,
  isProfessionalCategory,
  modalitiesByGroup,
} from "./modalities";

test("there are 10 groups in the spec's order, each with a label", () => {
  expect([...MODALITY_GROUP_KEYS]).toEqual([
    "bodywork",
    "energy",
    "eastern",
    "psychology",
    "spiritual",
    "movement",
    "breath",
    "nutrition",
    "creative",
    "other",
  ]);
  expect(Object.keys(MODALITY_GROUPS).sort()).toEqual([...MODALITY_GROUP_KEYS].sort());
  for (const g of MODALITY_GROUP_KEYS) {
    expect(MODALITY_GROUPS[g].key).toBe(g);
    expect(MODALITY_GROUPS[g].label.length).toBeGreaterThan(0);
  }
  expect(MODALITY_GROUPS.bodywork.label).toBe("Bodywork & Touch");
  expect(MODALITY_GROUPS.nutrition.label).toBe("Nutrition & Natural Medicine");
  expect(MODALITY_GROUPS.other.label).toBe("Other Modalities");
});

test("every professional category has a modality with a known group", () => {
  expect(PROFESSIONAL_CATEGORIES).toHaveLength(50);
  expect(Object.keys(MODALITIES).sort()).toEqual([...PROFESSIONAL_CATEGORIES].sort());
  const groups = new Set<string>(MODALITY_GROUP_KEYS);
  for (const key of PROFESSIONAL_CATEGORIES) {
    const m = MODALITIES[key];
    expect(m.key).toBe(key);
    expect(groups.has(m.group)).toBe(true);
    expect(m.name.trim().length).toBeGreaterThan(0);
    expect(m.icon.length).toBeGreaterThan(0);
    expect(/[a-z0-9]/i.test(m.icon)).toBe(false);
  }
});

test("names are unique and properly capitalised", () => {
  const names = MODALITY_LIST.map((m) => m.name);
  expect(new Set(names).size).toBe(names.length);
  for (const name of names) expect(name.charAt(0)).toBe(name.charAt(0).toUpperCase());
  expect(MODALITIES.emdr.name).toBe("EMDR");
  expect(MODALITIES.nlp.name).toBe("NLP");
  expect(MODALITIES.eft_tapping.name).toBe("EFT Tapping");
  expect(MODALITIES.traditional_chinese_medicine.name).toBe("Traditional Chinese Medicine");
  expect(MODALITIES.tai_chi.name).toBe("Tai Chi");
});

test("categoryLabel uses the catalogue and title-cases unknown keys", () => {
  expect(categoryLabel("emdr")).toBe("EMDR");
  expect(categoryLabel("massage_therapy")).toBe("Massage Therapy");
  expect(categoryLabel("deep_tissue_work")).toBe("Deep Tissue Work");
  expect(categoryLabel("forest-bathing")).toBe("Forest Bathing");
  expect(categoryLabel("toString")).toBe("Tostring");
  expect(categoryLabel("")).toBe("");
  expect(isProfessionalCategory("reiki")).toBe(true);
  expect(isProfessionalCategory("constructor")).toBe(false);
});

test("modalitiesByGroup covers every modality once, in group order, with no empty group", () => {
  const grouped = modalitiesByGroup();
  expect(grouped.map((g) => g.group)).toEqual([...MODALITY_GROUP_KEYS]);
  for (const g of grouped) {
    expect(g.label).toBe(MODALITY_GROUPS[g.group].label);
    expect(g.modalities.length).toBeGreaterThan(0);
    for (const m of g.modalities) expect(m.group).toBe(g.group);
  }
  const all = grouped.flatMap((g) => g.modalities.map((m) => m.key));
  expect(all).toHaveLength(PROFESSIONAL_CATEGORIES.length);
  expect(new Set(all).size).toBe(PROFESSIONAL_CATEGORIES.length);
});
