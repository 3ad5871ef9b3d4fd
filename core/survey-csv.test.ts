import { describe, expect, test } from "bun:test";
import { ADMIN_CSV_COLUMNS, adminCsvRow, choiceLabel, GARDEN_INTEREST_LABELS, IDENTITY_LABELS, SESSION_FREQUENCY_LABELS, SIMPLE_CSV_COLUMNS, simpleCsvRow, type ApiSurveyResponse } from "./survey";
import { GARDEN_INTEREST_LEVELS, IDENTITY_TYPES, SESSION_FREQUENCIES } from "./enums";

// every answer distinct, so that a cell in the wrong column shows
const response = {
  id: "r1",
  userId: "u1",
  createdAt: "2026-11-20T08:30:00.000Z",
  identityType: IDENTITY_TYPES[1],
  ageRange: "age",
  countryOfResidence: "country",
  currency: "currency",
  facilitatorSessionPrice: "facilitator-price",
  openToFreeSession: "open-free",
  clientComfortablePrice: "comfortable",
  clientMaxPrice: "max",
  sessionFrequency: SESSION_FREQUENCIES[0],
  gardenInterestLevel: GARDEN_INTEREST_LEVELS[0],
  contributionInterests: ["hosting_workshops", "mentoring_facilitators"],
  reciprocityPreferences: ["sliding_scale"],
  reciprocityOther: "recip-other",
  clientTrialPrice: "trial",
  bookingEncouragements: ["client_reviews"],
  trustFactors: ["intro_call"],
  trustFactorsOther: "trust-other",
  gardenContentIdeas: "ideas",
  gardenMonthlyPrice: "monthly",
  finalThoughts: "thoughts",
} as unknown as ApiSurveyResponse;

describe("survey CSV rows", () => {
  test("the admin export: every column's cell, in the column order", () => {
    const row = adminCsvRow(response);
    expect(row).toHaveLength(ADMIN_CSV_COLUMNS.length);
    expect(row).toEqual([
      "2026-11-20",
      IDENTITY_LABELS[IDENTITY_TYPES[1]],
      "age",
      "country",
      "currency",
      "facilitator-price",
      "open-free",
      "comfortable",
      "max",
      SESSION_FREQUENCY_LABELS[SESSION_FREQUENCIES[0]],
      GARDEN_INTEREST_LABELS[GARDEN_INTEREST_LEVELS[0]],
      "Yes",
      `${choiceLabel("hosting_workshops")}; ${choiceLabel("mentoring_facilitators")}`,
      choiceLabel("sliding_scale"),
      "recip-other",
      "trial",
      choiceLabel("client_reviews"),
      choiceLabel("intro_call"),
      "trust-other",
      "ideas",
      "monthly",
      "thoughts",
    ]);
    expect(adminCsvRow({ ...response, userId: null, sessionFrequency: null, gardenInterestLevel: null } as unknown as ApiSurveyResponse)[11]).toBe("No");
  });

  test("the simple export: its ten columns", () => {
    expect(simpleCsvRow(response)).toEqual([
      "2026-11-20",
      IDENTITY_LABELS[IDENTITY_TYPES[1]],
      "age",
      "country",
      "currency",
      "facilitator-price",
      "comfortable",
      SESSION_FREQUENCY_LABELS[SESSION_FREQUENCIES[0]],
      GARDEN_INTEREST_LABELS[GARDEN_INTEREST_LEVELS[0]],
      "thoughts",
    ]);
    expect(SIMPLE_CSV_COLUMNS).toHaveLength(10);
  });
});
