/**
 * What the heart's toggle takes (POST /api/favorites), validated by the server
 * (src/features/favorites/routes.ts) and typed for the browser by core/api-routes.ts. The browser
 * imports only the type of this file.
 */
import { z } from "zod";

export const favoriteInput = z.object({
  practitionerId: z.string({ error: "practitionerId is required" }).min(1, "practitionerId is required").max(100),
});
