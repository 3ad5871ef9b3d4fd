import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** The bookings cache of GET /api/bookings (refreshed after a booking changes). */
export const BOOKINGS_QUERY_KEY = ["/api/bookings"] as const;

export const availabilityQueries = {
  /** Every availability answer of one practitioner (refreshed after a slot was taken). */
  all: (practitionerId: string) => ["availability", practitionerId] as const,
  forDay: (practitionerId: string, date: string, duration: number, timeZone: string, excludeBookingId?: string) =>
    queryOptions({
      queryKey: ["availability", practitionerId, date, duration, timeZone, excludeBookingId ?? null] as const,
      // `exclude`: the booking being rescheduled, whose own time is free for it
      queryFn: () =>
        api.get("/api/bookings/:practitionerId/availability", {
          params: { practitionerId },
          query: { date, duration: String(duration), tz: timeZone, exclude: excludeBookingId || undefined },
        }),
      // slots change as others book: fresh for a minute only
      staleTime: 60_000,
    }),
};
