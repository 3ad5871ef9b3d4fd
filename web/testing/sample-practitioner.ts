import type { ApiPractitioner } from "../../core/types";

/** A practitioner in the API's JSON shape for component and render tests; `n` makes the id. */
export function samplePractitioner(n: number, overrides: Partial<ApiPractitioner> = {}): ApiPractitioner {
  return {
    id: `aaaaaaaa-bbbb-4ccc-8ddd-${String(n).padStart(12, "0")}`,
    archetype: "bee",
    experienceLevel: "rising",
    bio: "Grounding support.",
    specializations: ["Stress release"],
    professionalCategories: ["reiki"],
    hourlyRate: "85.00",
    averageRating: null,
    totalSessions: 0,
    isFeatured: false,
    isVerified: false,
    isVirtual: true,
    isInPerson: false,
    location: "Portland, OR",
    yearsActive: 1,
    responseTimeHours: 2,
    createdAt: "2026-01-01T00:00:00.000Z",
    displayName: null,
    photoUrl: null,
    takingBookings: true,
    ...overrides,
  };
}
