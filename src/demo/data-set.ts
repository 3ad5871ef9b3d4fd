/** The shape of the demo data set (a row type per table) and the clock its dates are offsets of. */
import type {
  bookings,
  clients,
  gardenContent,
  practitioners,
  reviews,
  seedsTransactions,
  seedsWallets,
  surveyResponses,
  favoritePractitioners,
  gardenInteractions,
  mediaFiles,
  userRoles,
  users,
} from "../../db/schema";
import type { BookingStatus } from "../../core/enums";
import type { DemoAccountKey } from "./accounts";

type WithId<T> = Omit<T, "id"> & { id: string };

export type DemoUser = WithId<typeof users.$inferInsert> & {
  /** Set for the demo accounts only; the seed hashes it before its transaction. */
  password?: string;
};
export type DemoUserRole = WithId<typeof userRoles.$inferInsert>;
export type DemoPractitioner = WithId<typeof practitioners.$inferInsert>;
export type DemoClient = WithId<typeof clients.$inferInsert>;
export type DemoBooking = WithId<typeof bookings.$inferInsert> & { status: BookingStatus; scheduledDatetime: Date };
export type DemoReview = WithId<typeof reviews.$inferInsert>;
export type DemoWallet = WithId<typeof seedsWallets.$inferInsert>;
export type DemoSeedsTransaction = WithId<typeof seedsTransactions.$inferInsert>;
export type DemoGardenContent = WithId<typeof gardenContent.$inferInsert>;
export type DemoSurveyResponse = WithId<typeof surveyResponses.$inferInsert>;
export type DemoFavorite = WithId<typeof favoritePractitioners.$inferInsert>;
export type DemoGardenInteraction = WithId<typeof gardenInteractions.$inferInsert>;
export type DemoMediaFile = WithId<typeof mediaFiles.$inferInsert>;

export type DemoData = {
  users: DemoUser[];
  userRoles: DemoUserRole[];
  practitioners: DemoPractitioner[];
  clients: DemoClient[];
  bookings: DemoBooking[];
  reviews: DemoReview[];
  wallets: DemoWallet[];
  seedsTransactions: DemoSeedsTransaction[];
  gardenContent: DemoGardenContent[];
  /** Likes, views and downloads of the Garden: the content's counters equal these rows. */
  gardenInteractions: DemoGardenInteraction[];
  /** The Audio pieces' recordings: synthesised singing-bowl tones (no recording of anyone). */
  mediaFiles: DemoMediaFile[];
  surveyResponses: DemoSurveyResponse[];
  favorites: DemoFavorite[];
  /** User ids of the demo accounts. */
  accountUserIds: Record<DemoAccountKey, string>;
  /** The practitioner profile owned by the demo practitioner account. */
  demoPractitionerId: string;
};

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * Dates as offsets from the start of the reference day (UTC midnight), not from the reference
 * instant: the data set then only shifts by whole days between runs, and the relative order of
 * every pair of events (which decides ledgers and free slots) never depends on the time of day.
 */
export function createClock(now: Date) {
  const anchorMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    /** Today 00:00 UTC: at or before now, so everything before it is in the past. */
    anchorMs,
    /** A moment `days` (fractional allowed) before today 00:00 UTC; negative is in the future. */
    ago: (days: number) => new Date(anchorMs - days * DAY),
    /** A booking slot: `day` days from today (UTC), at hour:minute UTC. Day >= 1 is always future, <= -1 always past. */
    slot: (day: number, hour: number, minute = 0) => new Date(anchorMs + day * DAY + hour * HOUR + minute * MINUTE),
    /** Whole days between a date and today 00:00 UTC. */
    daysSince: (date: Date) => Math.floor((anchorMs - date.getTime()) / DAY),
  };
}

export type Clock = ReturnType<typeof createClock>;
