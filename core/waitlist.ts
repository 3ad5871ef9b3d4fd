/** The waitlist's shared words and shapes (decision 028); no zod here (the browser imports it). */
export const TIMES_OF_DAY = ["morning", "afternoon", "evening"] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/** Where each time of day starts and ends, in minutes of the client's day (a start in [from, to)). */
export const TIME_OF_DAY_MINUTES: Record<TimeOfDay, { from: number; to: number; label: string }> = {
  morning: { from: 6 * 60, to: 12 * 60, label: "Morning (6 AM – noon)" },
  afternoon: { from: 12 * 60, to: 17 * 60, label: "Afternoon (noon – 5 PM)" },
  evening: { from: 17 * 60, to: 22 * 60, label: "Evening (5 PM – 10 PM)" },
};

export const WAITLIST_ENTRY_STATUSES = ["waiting", "booked", "left"] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];
export const WAITLIST_OFFER_STATUSES = ["open", "accepted", "declined", "expired", "void"] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/** How long an offer holds its slot for the person it is offered to. */
export const WAITLIST_HOLD_MINUTES = 30;
/** How many practitioners one client may wait for at once. */
export const WAITLIST_MAX_ENTRIES = 10;

export const WAITLIST_MESSAGES = {
  held: "This time is held for someone on the waitlist. Please choose another time, or join the waitlist.",
  offerGone: "This offer is no longer open: it expired, was declined or was booked.",
  alreadyWaiting: "You are already on this practitioner's waitlist. Leave it first to change your times.",
  tooMany: `You can wait for at most ${WAITLIST_MAX_ENTRIES} practitioners at once.`,
  notFound: "Waitlist entry not found",
  offerNotFound: "Offer not found",
} as const;

/** GET /api/waitlist: one of the client's waitlists, with its open offer if any. */
export interface WaitlistEntryAnswer {
  id: string;
  practitionerId: string;
  practitionerName: string;
  fromDate: string;
  toDate: string;
  timesOfDay: TimeOfDay[];
  duration: number;
  timeZone: string;
  status: WaitlistEntryStatus;
  createdAt: string;
  offer: { id: string; start: string; duration: number; expiresAt: string } | null;
}
