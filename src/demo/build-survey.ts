/** Builds the demo's survey responses. */
import { GARDEN_INTEREST_LEVELS, OPEN_TO_FREE_SESSION, SESSION_FREQUENCIES, type IdentityType } from "../../core/enums";
import { BOOKING_ENCOURAGEMENTS, CONTRIBUTION_INTERESTS, RECIPROCITY_PREFERENCES, SURVEY_BANDS, TRUST_FACTORS } from "../../core/survey";
import type { Clock, DemoData, DemoUser } from "./data-set";
import { DEMO_SEED, DemoRandom, type IdSource } from "./random";

const COUNTRIES = [
  ["United States", "USD"],
  ["Canada", "CAD"],
  ["United Kingdom", "GBP"],
  ["Australia", "AUD"],
  ["Germany", "EUR"],
  ["Ireland", "EUR"],
  ["New Zealand", "NZD"],
  ["Mexico", "MXN"],
] as const;

const GARDEN_IDEAS = [
  "Short guided meditations I can do on my lunch break.",
  "Stories from people who have been through similar transitions.",
  "Practical breathwork videos for anxiety.",
  "Seasonal rituals and recipes.",
  "Q&A sessions with wise practitioners.",
];
const FINAL_THOUGHTS = [
  "Excited to see a platform that treats practitioners as a community rather than a commodity.",
  "Please keep pricing transparent; that matters more to me than anything else.",
  "I'd love a way to find practitioners who offer sliding-scale sessions.",
  "The archetype idea is lovely. It helped me understand what kind of support I'm looking for.",
  "Would be great to have more in-person options outside big cities.",
  "Happy to help test new features as a founding member.",
  "Make it easy to try a short first session before committing.",
  "Verification of credentials is the thing that would make me trust a new practitioner.",
];

/** The stored values of a list question (core/survey.ts maps each to its label). */
const choicesOf = <T extends Record<string, string>>(choices: T) => Object.keys(choices) as Array<keyof T & string>;

const SURVEY_IDENTITIES: readonly IdentityType[] = [
  "facilitator", "client", "both", "exploring", "client", "facilitator", "neither", "both", "client",
  "exploring", "facilitator", "client", "both", "neither", "client", "exploring", "facilitator", "both",
];

export function buildSurveyResponses(
  data: DemoData,
  clock: Clock,
  ids: IdSource,
  people: { sage: DemoUser; clara: DemoUser; robin: DemoUser; practitionerUsers: DemoUser[]; generatedClients: DemoUser[] },
): void {
  const random = new DemoRandom(DEMO_SEED ^ 0x0007);
  // Linked respondents in the order they answer; facilitators are practitioner accounts.
  const facilitators = [people.sage, ...people.practitionerUsers.filter((u) => u.id !== people.sage.id).slice(4, 10)];
  const seekers = [people.clara, people.robin, ...people.generatedClients.slice(0, 6)];
  let nextFacilitator = 0;
  let nextSeeker = 0;

  SURVEY_IDENTITIES.forEach((identityType, index) => {
    const anonymous = index % 3 === 1;
    let user: DemoUser | undefined;
    if (!anonymous) {
      user = identityType === "facilitator" || identityType === "both" ? facilitators[nextFacilitator++] : seekers[nextSeeker++];
    }
    const [country, currency] = random.pick(COUNTRIES);
    const facilitatorQuestions = identityType === "facilitator" || identityType === "both";
    const clientQuestions = identityType === "client" || identityType === "both";
    const comfortableIndex = random.int(0, 3);
    const earliest = user ? Math.min(clock.daysSince(user.createdAt as Date) - 1, 90) : 90;
    data.surveyResponses.push({
      id: ids.next("surveyResponse"),
      userId: user?.id ?? null,
      identityType,
      ageRange: random.pick(SURVEY_BANDS.ageRanges),
      countryOfResidence: country,
      currency,
      facilitatorSessionPrice: facilitatorQuestions ? random.pick(SURVEY_BANDS.facilitatorSessionPrice) : null,
      openToFreeSession: facilitatorQuestions ? random.pick(OPEN_TO_FREE_SESSION) : null,
      contributionInterests: facilitatorQuestions ? random.sample(choicesOf(CONTRIBUTION_INTERESTS), random.int(1, 3)) : [],
      reciprocityPreferences: facilitatorQuestions ? random.sample(choicesOf(RECIPROCITY_PREFERENCES), random.int(1, 2)) : [],
      reciprocityOther: facilitatorQuestions && random.chance(0.2) ? "Trading sessions with other facilitators" : null,
      clientComfortablePrice: clientQuestions ? SURVEY_BANDS.clientComfortablePrice[comfortableIndex] : null,
      clientMaxPrice: clientQuestions ? SURVEY_BANDS.clientMaxPrice[Math.min(comfortableIndex + random.int(0, 2), SURVEY_BANDS.clientMaxPrice.length - 1)] : null,
      clientTrialPrice: clientQuestions ? random.pick(SURVEY_BANDS.clientTrialPrice) : null,
      sessionFrequency: clientQuestions ? random.pick(SESSION_FREQUENCIES) : null,
      bookingEncouragements: clientQuestions ? random.sample(choicesOf(BOOKING_ENCOURAGEMENTS), random.int(1, 3)) : [],
      trustFactors: clientQuestions ? random.sample(choicesOf(TRUST_FACTORS), random.int(2, 4)) : [],
      trustFactorsOther: null,
      gardenInterestLevel: random.pick(GARDEN_INTEREST_LEVELS),
      gardenContentIdeas: random.chance(0.5) ? random.pick(GARDEN_IDEAS) : null,
      gardenMonthlyPrice: random.pick(SURVEY_BANDS.gardenMonthlyPrice),
      finalThoughts: random.chance(0.6) ? random.pick(FINAL_THOUGHTS) : null,
      createdAt: clock.ago(random.int(1, Math.max(earliest, 2)) + random.next() / 2),
    });
  });
}

