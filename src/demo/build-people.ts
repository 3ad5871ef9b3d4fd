/** Builds the demo's practitioners (with their users) and clients. */
import { ARCHETYPES, EXPERIENCE_LEVELS, type AccessLevel, type Archetype, type ExperienceLevel, type Role, type SubscriptionStatus } from "../../core/enums";
import { DAY, type Clock, type DemoData, type DemoPractitioner, type DemoUser } from "./data-set";
import { FIRST_NAMES, LAST_NAMES, LOCATIONS, emailLocalPart, generatePractitionerProfile } from "./profiles";
import { DEMO_SEED, DemoRandom, type IdSource } from "./random";

const CLIENT_PLANS: readonly (readonly [AccessLevel, SubscriptionStatus])[] = [
  ["premium", "premium"],
  ["basic", "premium"],
  ["preview", "free"],
  ["premium", "premium"],
  ["unlimited", "premium"],
  ["basic", "trial"],
  ["preview", "free"],
  ["premium", "premium"],
  ["basic", "premium"],
  ["preview", "cancelled"],
  ["premium", "trial"],
  ["preview", "expired"],
  ["basic", "premium"],
  ["premium", "premium"],
];

export type AddUser = (user: Omit<DemoUser, "id">, roles: Role[]) => DemoUser;

/** Unique first/last name pairs in a random but fixed order. */
function* namePairs(random: DemoRandom): Generator<readonly [string, string]> {
  const used = new Set<string>();
  for (;;) {
    const pair = [random.pick(FIRST_NAMES), random.pick(LAST_NAMES)] as const;
    const key = pair.join(" ");
    if (used.has(key)) continue;
    used.add(key);
    yield pair;
  }
}

export function buildPractitioners(
  data: DemoData,
  clock: Clock,
  ids: IdSource,
  addUser: AddUser,
  addDemoPractitionerAccount: () => DemoUser,
): DemoUser[] {
  const random = new DemoRandom(DEMO_SEED ^ 0x0001);
  const names = namePairs(new DemoRandom(DEMO_SEED ^ 0x0002));

  const combos: { archetype: Archetype; level: ExperienceLevel }[] = [];
  for (const archetype of ARCHETYPES) {
    for (const level of EXPERIENCE_LEVELS) {
      for (let copy = 0; copy < 4; copy++) combos.push({ archetype, level });
    }
  }
  // The oldest four profiles come first on the home page: one of each archetype, experienced.
  const leaders: { archetype: Archetype; level: ExperienceLevel }[] = [
    { archetype: "bee", level: "wise" },
    { archetype: "hummingbird", level: "evolving" },
    { archetype: "butterfly", level: "wise" },
    { archetype: "beetle", level: "evolving" },
  ];
  const rest = [...combos];
  for (const leader of leaders) {
    rest.splice(rest.findIndex((c) => c.archetype === leader.archetype && c.level === leader.level), 1);
  }
  const ordered = [...leaders, ...random.shuffle(rest)];
  const demoIndex = ordered.findIndex((c) => c.archetype === "bee" && c.level === "rising");
  const featuredIndexes = new Set([0, 1, 2, 3, ordered.findIndex((c, i) => i > 3 && c.level === "wise")]);

  const practitionerUsers: DemoUser[] = [];
  ordered.forEach(({ archetype, level }, index) => {
    const createdAt = clock.ago(400 - index * 6.5);
    let user: DemoUser;
    if (index === demoIndex) {
      user = addDemoPractitionerAccount();
      user.createdAt = createdAt;
      user.updatedAt = createdAt;
      user.subscriptionStartDate = new Date(createdAt.getTime() + DAY);
    } else {
      const [firstName, lastName] = names.next().value!;
      // Every demo practitioner's address is verified (an unverified one is not listed). This
      // draw once chose it at random; it stays so that the rest of the data set is unchanged.
      random.next();
      user = addUser(
        {
          email: `${emailLocalPart(firstName)}.${emailLocalPart(lastName)}@example.com`,
          firstName,
          lastName,
          isEmailVerified: true,
          subscriptionStatus: "premium",
          accessLevel: "premium",
          subscriptionStartDate: new Date(createdAt.getTime() + DAY),
          subscriptionEndDate: clock.ago(-random.int(5, 30)),
          createdAt,
        },
        ["practitioner"],
      );
    }
    practitionerUsers.push(user);
    const profile = generatePractitionerProfile(random, archetype, level);
    const featured = featuredIndexes.has(index);
    const practitioner: DemoPractitioner = {
      id: ids.next("practitioner"),
      userId: user.id,
      archetype,
      experienceLevel: level,
      ...profile,
      isVerified: profile.isVerified || featured,
      isFeatured: featured,
      createdAt,
      updatedAt: createdAt,
    };
    if (index === demoIndex) {
      // The demo practitioner offers both kinds of session so every booking path can be tried.
      practitioner.isVirtual = true;
      practitioner.isInPerson = true;
      practitioner.location = "Portland, OR";
      data.demoPractitionerId = practitioner.id;
    }
    data.practitioners.push(practitioner);
  });
  return practitionerUsers;
}

export function buildClients(
  data: DemoData,
  clock: Clock,
  ids: IdSource,
  addUser: AddUser,
  demoClients: DemoUser[],
): DemoUser[] {
  const random = new DemoRandom(DEMO_SEED ^ 0x0003);
  const names = namePairs(new DemoRandom(DEMO_SEED ^ 0x0004));
  const usedNames = new Set(data.users.map((user) => `${user.firstName} ${user.lastName}`));

  const generated = CLIENT_PLANS.map(([accessLevel, subscriptionStatus]) => {
    let pair = names.next().value!;
    while (usedNames.has(pair.join(" "))) pair = names.next().value!;
    usedNames.add(pair.join(" "));
    const [firstName, lastName] = pair;
    const createdAt = clock.ago(random.int(45, 300) + random.next());
    const paying = subscriptionStatus === "premium" || subscriptionStatus === "trial";
    return addUser(
      {
        email: `${emailLocalPart(firstName)}.${emailLocalPart(lastName)}@example.org`,
        firstName,
        lastName,
        isEmailVerified: random.chance(0.85),
        subscriptionStatus,
        accessLevel,
        subscriptionStartDate: subscriptionStatus === "free" ? null : new Date(createdAt.getTime() + 2 * DAY),
        subscriptionEndDate: paying ? clock.ago(-random.int(3, 28)) : subscriptionStatus === "free" ? null : clock.ago(random.int(2, 20)),
        trialEndDate: subscriptionStatus === "trial" ? clock.ago(-random.int(1, 6)) : null,
        createdAt,
      },
      ["client"],
    );
  });

  for (const user of [...demoClients, ...generated]) {
    const budgetMin = random.int(8, 16) * 500;
    data.clients.push({
      id: ids.next("client"),
      userId: user.id,
      preferredArchetypes: random.sample(ARCHETYPES, random.int(1, 2)),
      budgetMinCents: budgetMin,
      budgetMaxCents: budgetMin + random.int(8, 30) * 500,
      location: random.pick(LOCATIONS),
      preferenceVirtual: random.chance(0.8),
      preferenceInPerson: random.chance(0.5),
      createdAt: user.createdAt,
      updatedAt: user.createdAt,
    });
  }
  return generated;
}
