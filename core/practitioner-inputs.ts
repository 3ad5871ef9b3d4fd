/**
 * What a practitioner's profile, name and id parameters take, validated by the server
 * (src/features/practitioners/routes.ts) and typed for the browser by core/api-routes.ts. The
 * browser imports only the types of this file.
 */
import { z } from "zod";
import { ARCHETYPES, EXPERIENCE_LEVELS, PROFESSIONAL_CATEGORIES } from "./enums";
import { PROFILE_LIMITS as L } from "./practitioner-profile";
import { isValidTimeZone, TIME_ZONE_MESSAGE } from "./availability";
import { AUTH_MESSAGES, nameHasLink } from "./auth";
import { DISPLAY_NAME_MAX_LENGTH } from "./practitioners";

export const practitionerIdParam = z.object({ id: z.string().min(1).max(100) });

const RATE_TEXT = /^\$?\d{1,7}(\.\d{1,2})?$/;
const rateMessage = `hourlyRate must be a number of dollars from ${L.rateMin} to ${L.rateMax}, e.g. 85 or "85.50"`;

/**
 * PUT /api/practitioners/me, checked before the profile rules (profile-rules.ts): the types,
 * enumerations, categories and bounds of each field, and no unknown fields. Anything it lets
 * through is a well-formed profile; the rules then give per-field messages for the content
 * (bio too short, the archetype guidance, a city for in-person sessions…).
 */
export const profileBodySchema = z.strictObject(
  {
    archetype: z.enum(ARCHETYPES, { error: `archetype must be one of ${ARCHETYPES.join(", ")}` }),
    experienceLevel: z.enum(EXPERIENCE_LEVELS, { error: `experienceLevel must be one of ${EXPERIENCE_LEVELS.join(", ")}` }),
    bio: z.string({ error: "bio must be text" }).max(L.bioMax, `bio must be at most ${L.bioMax} characters`),
    specializations: z.union(
      [
        z
          .array(z.string().max(L.specializationMaxLength), { error: "specializations must be a list of texts" })
          .max(L.specializationsMax, `List at most ${L.specializationsMax} specializations`),
        z.string().max(L.specializationsMax * (L.specializationMaxLength + 2)),
      ],
      { error: `specializations must be a list of texts (or one comma-separated text), each at most ${L.specializationMaxLength} characters` },
    ),
    professionalCategories: z
      .array(z.enum(PROFESSIONAL_CATEGORIES, { error: "Choose professional categories from the list (e.g. reiki, breathwork, life_coaching)" }), {
        error: "professionalCategories must be a list of categories",
      })
      .max(L.categoriesMax, `Choose at most ${L.categoriesMax} professional categories`),
    hourlyRate: z.union([z.number(), z.string()], { error: rateMessage }).refine((value) => {
      const text = typeof value === "number" ? String(value) : value.trim();
      const amount = Number(text.replace(/^\$/, ""));
      return RATE_TEXT.test(text) && Number.isFinite(amount) && amount >= L.rateMin && amount <= L.rateMax;
    }, rateMessage),
    /** The browser's IANA zone, sent by the profile form: a new practitioner's hours start in it (decision 028). */
    timeZone: z.string({ error: TIME_ZONE_MESSAGE }).max(100).refine(isValidTimeZone, TIME_ZONE_MESSAGE).optional(),
    location: z.string({ error: "location must be text (or null)" }).max(L.locationMax, `location must be at most ${L.locationMax} characters`).nullable().optional(),
    isVirtual: z.boolean({ error: "isVirtual must be true or false" }),
    isInPerson: z.boolean({ error: "isInPerson must be true or false" }),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field${issue.keys.length === 1 ? "" : "s"}: ${issue.keys.join(", ")}` : "The profile must be a JSON object") },
);

/** PUT /api/practitioners/me/name: the name clients see; empty or null goes back to the reference alone. */
export const displayNameSchema = z.object({
  displayName: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX_LENGTH, `Keep your name to ${DISPLAY_NAME_MAX_LENGTH} characters or fewer`)
    .refine((v) => !/[\x00-\x1f\x7f\u2028\u2029]/.test(v), AUTH_MESSAGES.nameOneLine)
    .refine((v) => !nameHasLink(v), AUTH_MESSAGES.nameNoLinks)
    .nullable()
    .transform((v) => v || null),
});
