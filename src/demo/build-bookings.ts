/** Builds the demo's bookings and reviews, and the practitioners' session counts and ratings from them. */
import { ARCHETYPES, type BookingStatus, type ExperienceLevel } from "../../core/enums";
import { DAY, HOUR, MINUTE, type Clock, type DemoBooking, type DemoData, type DemoPractitioner, type DemoUser } from "./data-set";
import { DEMO_SEED, DemoRandom, type IdSource } from "./random";

const BOOKING_NOTES = [
  "First session. I'd like to focus on sleep and winding down in the evenings.",
  "Follow-up from last month; the breathing practice has been helping.",
  "I've had a stressful few weeks at work and would love to just reset.",
  "Could we spend some time on my shoulders and jaw? Lots of tension there.",
  "Going through a big move and feeling unsettled.",
  "Interested in trying something new; no particular goal yet.",
  "Please note I have a lower back injury from last year.",
  "Would like to continue the work from our previous session.",
] as const;

const REVIEW_COMMENTS: Record<number, readonly string[]> = {
  5: [
    "Exactly what I needed. I left feeling lighter and more like myself than I have in months.",
    "Warm, attentive and incredibly skilled. I've already booked my next session.",
    "I came in anxious and left grounded. The breathing practice I was given has become part of my mornings.",
    "Gentle but never vague. Every question I brought was met with real care.",
    "A beautiful session. I felt completely safe the whole time.",
    "I've tried a lot of practitioners over the years and this was the first time I felt truly heard.",
    "Clear, kind and practical. I walked away with tools I actually use.",
  ],
  4: [
    "A really thoughtful session. It took me a while to settle in, but by the end I felt much calmer.",
    "Very helpful and kind. I'd have liked a little more time to talk through next steps.",
    "Lovely energy and a calm space. The video call dropped once but we picked up easily.",
    "Solid, caring work. I noticed a real difference in my sleep that week.",
    "Insightful and grounded. Not every exercise landed for me, but most did.",
  ],
  3: [
    "Pleasant session, though it felt a bit generic for what I'd described in my notes.",
    "Kind and well-meaning, but we ran out of time before getting to what I came for.",
    "Some useful moments. I think a different approach might suit me better.",
  ],
  2: [
    "The session started late and felt rushed. Friendly, but not what I expected.",
    "I didn't feel the approach matched what the profile described.",
  ],
  1: [
    "The session was cut short and I never heard back about rescheduling.",
    "Not a good fit for me at all; I felt talked over for most of the hour.",
  ],
};

/** Second sentences, so that reviews read in varied words (any may follow any comment of its mood). */
const REVIEW_ADDITIONS: Record<"good" | "mixed" | "poor", readonly string[]> = {
  good: [
    "The follow-up notes were a lovely touch.",
    "I'd recommend this to anyone starting out.",
    "It felt unhurried, which I really needed.",
    "Booking and joining the call were effortless.",
    "I noticed the difference for days afterwards.",
    "Already looking forward to the next one.",
    "The space felt calm from the first minute.",
    "Thank you for the patience with all my questions.",
    "My partner noticed how much calmer I was that evening.",
    "The exercises to take home were simple and effective.",
  ],
  mixed: [
    "I may try again at a different time of day.",
    "The practitioner was responsive when I wrote afterwards.",
    "Still, I came away with one or two ideas to try.",
    "Worth a try if the approach suits you.",
  ],
  poor: [
    "I hope it was an off day.",
    "I've asked support to look into it.",
    "Others may have a better experience than I did.",
  ],
};

/**
 * A review text for `rating` that this practitioner's page does not already show: a comment of
 * that rating, sometimes followed by a second sentence of the same mood. Its own random source,
 * so the rest of the demo data does not shift.
 */
function reviewTextPicker() {
  const random = new DemoRandom(DEMO_SEED ^ 0x0009);
  const used = new Map<string, Set<string>>();
  return (practitionerId: string, rating: number): string => {
    const shown = used.get(practitionerId) ?? new Set<string>();
    used.set(practitionerId, shown);
    const mood = rating >= 4 ? "good" : rating === 3 ? "mixed" : "poor";
    let text = "";
    for (let attempt = 0; attempt < 40; attempt++) {
      const first = random.pick(REVIEW_COMMENTS[rating]);
      text = random.chance(0.65) ? `${first} ${random.pick(REVIEW_ADDITIONS[mood])}` : first;
      if (!shown.has(text)) break;
    }
    shown.add(text);
    return text;
  };
}

const RATING_WEIGHTS = [
  [5, 55],
  [4, 30],
  [3, 10],
  [2, 3],
  [1, 2],
] as const;


export function buildBookingsAndReviews(
  data: DemoData,
  clock: Clock,
  ids: IdSource,
  people: { clara: DemoUser; generatedClients: DemoUser[] },
): void {
  const random = new DemoRandom(DEMO_SEED ^ 0x0005);
  const busy = new Set<string>();
  const userJoined = new Map(data.users.map((user) => [user.id, user.createdAt as Date]));

  /** Days a client and a practitioner have both been members (the earliest day they could meet). */
  const sharedDays = (clientId: string, practitioner: DemoPractitioner) =>
    Math.min(clock.daysSince(userJoined.get(clientId)!), clock.daysSince(practitioner.createdAt as Date)) - 1;

  /**
   * One session a day per practitioner and per client keeps calendars free of overlaps: the
   * nearest free day to the one asked for, on the same side of today and after both joined.
   */
  const freeDay = (clientId: string, practitioner: DemoPractitioner, wanted: number): number => {
    const isFree = (day: number) => !busy.has(`${practitioner.id}|${day}`) && !busy.has(`${clientId}|${day}`);
    const earliest = -sharedDays(clientId, practitioner);
    const start = Math.max(wanted, earliest);
    for (let distance = 0; distance < 400; distance++) {
      for (const day of [start - distance, start + distance]) {
        const sameSide = wanted < 0 ? day >= earliest && day <= -1 : day >= 1;
        if (sameSide && isFree(day)) return day;
      }
    }
    throw new Error(`No free day for a demo booking near day ${wanted}`);
  };

  const reviewText = reviewTextPicker();
  const book = (
    clientId: string,
    practitioner: DemoPractitioner,
    status: BookingStatus,
    day: number,
    options: { review?: number | null } = {},
  ): DemoBooking => {
    day = freeDay(clientId, practitioner, day);
    busy.add(`${practitioner.id}|${day}`);
    busy.add(`${clientId}|${day}`);

    const duration = random.weighted([
      [60, 70],
      [90, 18],
      [30, 12],
    ] as const);
    const isVirtual = practitioner.isVirtual && practitioner.isInPerson ? random.chance(0.6) : Boolean(practitioner.isVirtual);
    const scheduledDatetime = clock.slot(day, random.int(9, 17), random.pick([0, 30]));
    const id = ids.next("booking");
    const bookedAt = new Date(Math.min(scheduledDatetime.getTime() - random.int(2, 14) * DAY, clock.anchorMs - HOUR));
    const booking: DemoBooking = {
      id,
      clientId,
      practitionerId: practitioner.id,
      scheduledDatetime,
      duration,
      status,
      totalAmountCents: Math.round(((practitioner.hourlyRateCents ?? 0) * duration) / 60),
      isVirtual,
      meetingLink: isVirtual && status !== "cancelled" && status !== "pending" ? `https://meet.pollinate.example/s/${id.slice(0, 8)}` : null,
      notes: random.chance(0.4) ? random.pick(BOOKING_NOTES) : null,
      createdAt: bookedAt,
      updatedAt: lastChange(status, bookedAt, scheduledDatetime, duration, clock.anchorMs),
    };
    data.bookings.push(booking);

    const rating = options.review === undefined ? (random.chance(0.7) ? random.weighted(RATING_WEIGHTS) : null) : options.review;
    if (status === "completed" && rating !== null) {
      const sessionEnd = scheduledDatetime.getTime() + duration * MINUTE;
      data.reviews.push({
        id: ids.next("review"),
        sessionId: id,
        clientId,
        practitionerId: practitioner.id,
        rating,
        // the same draws as before (the rest of the data set stays put); the words come from their own source
        comment: random.chance(0.9) && random.pick(REVIEW_COMMENTS[rating]) ? reviewText(practitioner.id, rating) : null,
        createdAt: new Date(Math.min(sessionEnd + random.int(2, 48) * HOUR, clock.anchorMs - 5 * MINUTE)),
      });
    }
    return booking;
  };

  const demoPractitioner = data.practitioners.find((p) => p.id === data.demoPractitionerId)!;
  const others = data.practitioners.filter((p) => p.id !== data.demoPractitionerId);
  // Preview members cannot book, so only subscribers appear in calendars; a few book often.
  const subscribers = people.generatedClients.filter((user) => user.accessLevel !== "preview");
  const [clientA, clientB, clientC, clientD] = subscribers;
  const clientWeights = subscribers.map((user, i) => [user.id, [9, 7, 6, 5, 4, 3, 2, 2, 1, 1][i] ?? 1] as const);
  const pickClient = () => random.weighted(clientWeights);

  // The demo client: a history with one practitioner of each archetype, two sessions still
  // waiting for a review (the most recent ones), and one booking in each upcoming state.
  const claraPractitioners = ARCHETYPES.map((archetype) => others.find((p) => p.archetype === archetype)!);
  book(people.clara.id, claraPractitioners[0], "completed", -95, { review: 5 });
  book(people.clara.id, claraPractitioners[1], "completed", -61, { review: 4 });
  book(people.clara.id, demoPractitioner, "completed", -33, { review: 5 });
  book(people.clara.id, claraPractitioners[2], "completed", -12, { review: null });
  book(people.clara.id, claraPractitioners[3], "completed", -4, { review: null });
  book(people.clara.id, claraPractitioners[1], "cancelled", -20);
  book(people.clara.id, claraPractitioners[0], "scheduled", 3);
  book(people.clara.id, demoPractitioner, "confirmed", 6);
  book(people.clara.id, claraPractitioners[2], "pending", 11);

  // The demo practitioner's calendar: history, a no-show and every upcoming state.
  book(clientA.id, demoPractitioner, "completed", -48, { review: 4 });
  book(clientB.id, demoPractitioner, "completed", -26, { review: 5 });
  book(clientC.id, demoPractitioner, "completed", -15, { review: null });
  book(clientD.id, demoPractitioner, "no-show", -7);
  book(clientA.id, demoPractitioner, "scheduled", 2);
  book(clientC.id, demoPractitioner, "confirmed", 4);
  book(clientB.id, demoPractitioner, "pending", 9);
  book(clientD.id, demoPractitioner, "cancelled", 5);

  const completedByLevel: Record<ExperienceLevel, readonly [number, number]> = {
    rising: [0, 3],
    evolving: [2, 6],
    wise: [4, 9],
  };
  for (const practitioner of others) {
    const completed = random.int(...completedByLevel[practitioner.experienceLevel]);
    for (let i = 0; i < completed; i++) {
      const clientId = pickClient();
      book(clientId, practitioner, "completed", -random.int(1, Math.max(1, Math.min(240, sharedDays(clientId, practitioner)))));
    }
    if (random.chance(0.45)) book(pickClient(), practitioner, "scheduled", random.int(1, 21));
    if (random.chance(0.35)) book(pickClient(), practitioner, "confirmed", random.int(1, 14));
    if (random.chance(0.25)) book(pickClient(), practitioner, "pending", random.int(2, 30));
    if (random.chance(0.2)) book(pickClient(), practitioner, "cancelled", random.pick([-1, 1]) * random.int(2, 40));
    if (random.chance(0.1)) book(pickClient(), practitioner, "no-show", -random.int(2, 90));
  }
  data.bookings.sort((a, b) => a.scheduledDatetime.getTime() - b.scheduledDatetime.getTime());
}

/** When a booking last changed: confirmed a day after booking, cancelled halfway to the date, finished at its end. */
function lastChange(status: BookingStatus, bookedAt: Date, scheduled: Date, duration: number, anchorMs: number): Date {
  const latest = Math.min(anchorMs - 30 * MINUTE, scheduled.getTime());
  switch (status) {
    case "scheduled":
    case "pending":
      return bookedAt;
    case "confirmed":
      return new Date(Math.min(bookedAt.getTime() + DAY, latest));
    case "cancelled":
      return new Date(Math.min((bookedAt.getTime() + scheduled.getTime()) / 2, latest));
    default:
      return new Date(scheduled.getTime() + duration * MINUTE);
  }
}

/** totalSessions counts completed bookings; averageRating is the mean of reviews to 2 places. */
export function updatePractitionerStats(data: DemoData): void {
  for (const practitioner of data.practitioners) {
    const ratings = data.reviews.filter((r) => r.practitionerId === practitioner.id).map((r) => r.rating);
    practitioner.totalSessions = data.bookings.filter(
      (b) => b.practitionerId === practitioner.id && b.status === "completed",
    ).length;
    practitioner.averageRating =
      ratings.length === 0 ? null : Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 100) / 100;
  }
}
