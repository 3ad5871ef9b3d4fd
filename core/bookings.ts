import type { BookingStatus } from "./enums";

/** GET /api/bookings: SPEC.md section 3, "Booking (as listed)". */
export interface ApiBooking {
  id: string;
  status: BookingStatus;
  /** ISO 8601, UTC. */
  scheduledDatetime: string;
  /** Minutes. */
  duration: number;
  isVirtual: boolean;
  /** Decimal text, e.g. "85.00". */
  totalAmount: string;
  /** 'Practitioner #' + the last 6 characters of the practitioner id. */
  practitionerName: string;
  /** The client's first and last name. */
  clientName: string;
}

/** A booking as the dashboards render it: the listed shape plus what a session card needs. */
export interface DashboardBooking extends ApiBooking {
  practitionerId: string;
  /** The practitioner's location, for in-person sessions. */
  location: string | null;
  meetingLink: string | null;
  notes: string | null;
}

/** Someone who booked a practitioner, as the practitioner dashboard lists them. */
export interface PractitionerClientSummary {
  clientId: string;
  clientName: string;
  /** Bookings that were not cancelled. */
  sessions: number;
  /** ISO date of the latest booking (may be an upcoming one). */
  latestSession: string;
}

/** Whose bookings GET /api/bookings lists: the user's as a client, or their practitioner profile's. */
export const BOOKING_VIEWS = ["client", "practitioner"] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];

/** Statuses of a session that is still going to happen (SPEC.md section 4, "Dashboards"). */
export const UPCOMING_STATUSES = ["scheduled", "confirmed", "pending"] as const satisfies readonly BookingStatus[];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  scheduled: "Scheduled",
  confirmed: "Confirmed",
  pending: "Pending",
  completed: "Completed",
  cancelled: "Cancelled",
  "no-show": "No-show",
};
