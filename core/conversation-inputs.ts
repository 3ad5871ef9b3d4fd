/**
 * What /api/conversations takes (issue 23), validated by the server (src/features/conversations/routes.ts)
 * and typed for the browser by core/api-routes.ts. The browser imports only the types of this file.
 */
import { z } from "zod";
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXTS, REPORT_NOTE_MAX, REPORT_REASONS } from "./conversations";

/** Trimmed, not empty, at most 4,000 characters. */
export const messageBody = z
  .string({ error: MESSAGE_TEXTS.empty })
  .transform((text) => text.trim())
  .pipe(z.string().min(1, MESSAGE_TEXTS.empty).max(MESSAGE_MAX_LENGTH, MESSAGE_TEXTS.tooLong));

export const conversationIdText = z.string().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, "Use an id as the site gave it");
export const startInput = z.union([
  z.object({ practitionerId: conversationIdText, body: messageBody }, { error: "Send practitionerId (or bookingId) and body" }),
  z.object({ bookingId: conversationIdText, body: messageBody }, { error: "Send practitionerId (or bookingId) and body" }),
]);
export const sendInput = z.object({ body: messageBody });
export const readInput = z.object({ messageId: conversationIdText.nullish() });
export const reportInput = z.object({
  reason: z.enum(REPORT_REASONS, { error: `reason: choose one of ${REPORT_REASONS.join(", ")}` }),
  note: z.string().trim().max(REPORT_NOTE_MAX, `note: at most ${REPORT_NOTE_MAX} characters`).nullish(),
});
export const settingsInput = z.object({ emailWhenAway: z.boolean({ error: "emailWhenAway: true or false" }) });
export const threadQuery = z.object({ before: conversationIdText.optional(), booking: conversationIdText.optional() });
export const inboxQuery = z.object({ cursor: z.string().max(200).optional() });
