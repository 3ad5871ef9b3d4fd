/**
 * The reason an admin gives for a decision (issue 26), validated by the server
 * (src/features/admin/moderation.ts) and typed for the browser by core/api-routes.ts. The browser
 * imports only the type of this file.
 */
import { z } from "zod";
import { MODERATION_TEXTS } from "./admin";

export const reasonSchema = z.object({ reason: z.string({ error: MODERATION_TEXTS.reasonRequired }).trim().min(3, MODERATION_TEXTS.reasonRequired).max(MODERATION_TEXTS.reasonMax) });
