/**
 * What joining a waitlist takes (decision 028), validated by the server
 * (src/features/bookings/waitlist-routes.ts) and typed for the browser by core/api-routes.ts.
 * The browser imports only the types of this file.
 */
import { z } from "zod";
import { BOOKING_DURATIONS } from "./constants";
import { dateTextSchema, timeZoneSchema } from "./availability";
import { TIMES_OF_DAY } from "./waitlist";

const ID = /^[A-Za-z0-9-]{1,64}$/;

export const joinWaitlistSchema = z
  .object({
    practitionerId: z.string({ error: "practitionerId is required" }).regex(ID, "practitionerId is not valid"),
    fromDate: dateTextSchema,
    toDate: dateTextSchema,
    timesOfDay: z.array(z.enum(TIMES_OF_DAY, { error: `timesOfDay are ${TIMES_OF_DAY.join(", ")}` })).min(1, "Choose at least one time of day").max(3).transform((list) => [...new Set(list)]),
    duration: z.number({ error: `duration must be one of ${BOOKING_DURATIONS.join(", ")} minutes` }).refine((d) => (BOOKING_DURATIONS as readonly number[]).includes(d), `duration must be one of ${BOOKING_DURATIONS.join(", ")} minutes`),
    timeZone: timeZoneSchema,
  })
  .refine((v) => v.fromDate <= v.toDate, { message: "The end date must be on or after the start date", path: ["toDate"] });
