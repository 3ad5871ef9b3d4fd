import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import { availabilityUrl, type AvailabilityAnswer } from "./booking-api";

/** The bookings cache of GET /api/bookings (refreshed after a booking changes). */
export const BOOKINGS_QUERY_KEY = ["/api/bookings"] as const;

export const availabilityQueries = {
  /** Every availability answer of one practitioner (refreshed after a slot was taken). */
  all: (practitionerId: string) => ["availability", practitionerId] as const,
  forDay: (practitionerId: string, date: string, duration: number, timeZone: string, excludeBookingId?: string) =>
    queryOptions({
      queryKey: ["availability", practitionerId, date, duration, timeZone, excludeBookingId ?? null] as const,
      queryFn: () => apiGet<AvailabilityAnswer>(availabilityUrl(practitionerId, date, duration, timeZone, excludeBookingId)),
      // slots change as others book: fresh for a minute only
      staleTime: 60_000,
    }),
};
