/**
 * Moderation an admin can explain (issue 26): each decision is given a reason, written to the audit
 * log and e-mailed to the person it concerns, in the transaction of the change (the outbox).
 * Suspending also cancels the person's upcoming sessions with an e-mail to each other side.
 */
import { eq } from "drizzle-orm";
import { reasonSchema } from "../../../core/moderation-inputs";
import { atomic, first, type Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { MODERATION_TEXTS } from "../../../core/admin";
import { hasControlCharacter, isWellFormedText } from "../../../core/text";
import { httpError } from "../../http/errors";
import { enqueueEmail } from "../../email/outbox";
import { layout, parseMailbox, type Block } from "../../email/templates";
import type { BookingMailConfig } from "../bookings/notifications";
import { cancelUpcomingSessionsOf } from "../bookings/cancel-upcoming";
import { reviewGardenContent } from "../garden/service";
import { removeReviewIn } from "../reviews/service";
import { recordAdminAction, setAccountSuspended, type AdminActor } from "./service";

export { reasonSchema };

/** The reason of a suspension or a rejection, from a body that may be absent: 400 without one. */
export function parseReason(body: unknown): { reason: string } {
  const result = reasonSchema.safeParse(body);
  if (!result.success) throw httpError(400, result.error.issues[0]?.message ?? MODERATION_TEXTS.reasonRequired);
  if (hasControlCharacter(result.data.reason) || !isWellFormedText(result.data.reason)) throw httpError(400, "The reason contains a character that cannot be sent");
  return result.data;
}

async function emailOf(tx: Db, userId: string): Promise<string | null> {
  const row = await first(tx.select({ email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).limit(1));
  return row && !row.deletedAt ? row.email : null;
}

/** One plain e-mail through the outbox, inside `tx`. The reason is the admin's text: it goes in the body, never the subject. */
async function tell(tx: Db, config: BookingMailConfig, to: string | null, subject: string, heading: string, block: Block, now: Date): Promise<void> {
  if (!to) return;
  await enqueueEmail(tx, { to, subject, ...layout(subject, heading, block, { appUrl: config.APP_URL, from: parseMailbox(config.MAIL_FROM), now }) }, { now });
}

/** Approves or rejects a pending Garden piece; a rejection needs a reason, which its author receives. */
export async function moderateGardenPiece(db: Db, config: BookingMailConfig, actor: AdminActor, contentId: string, decision: "approve" | "reject", reason: string | null, now: Date) {
  return atomic(db, async (tx) => {
    const result = await reviewGardenContent(tx, contentId, decision, now);
    await recordAdminAction(tx, actor, decision === "approve" ? "garden-approve" : "garden-reject", { type: "garden", id: contentId, detail: reason ?? undefined }, now);
    if (decision === "reject") {
      await tell(tx, config, await emailOf(tx, result.authorId), "Your Garden piece was not published", "Your piece was not published", {
        paragraphs: [`“${result.title}” was reviewed and not published in the Garden.`, `The reason given: ${reason}`, "You are welcome to change it and share it again."],
        button: { label: "Open the Garden", href: `${config.APP_URL}/garden` },
      }, now);
    }
    return result;
  });
}

/** Suspends with a reason: sessions ended, upcoming sessions cancelled (the other sides e-mailed), the person told why. */
export async function suspendAccount(db: Db, config: BookingMailConfig, actor: AdminActor, userId: string, reason: string, now: Date): Promise<{ id: string; suspended: true; cancelledSessions: number; message: string }> {
  return atomic(db, async (tx) => {
    await setAccountSuspended(tx, actor, userId, true, now, reason);
    const { cancelled } = await cancelUpcomingSessionsOf(tx, config, userId, MODERATION_TEXTS.sessionCancelledReason, now);
    await tell(tx, config, await emailOf(tx, userId), "Your Pollinate account is suspended", "Your account is suspended", {
      paragraphs: [
        "An administrator suspended your Pollinate account. You cannot sign in while it is suspended.",
        `The reason given: ${reason}`,
        cancelled.length ? `${cancelled.length} upcoming session${cancelled.length === 1 ? " was" : "s were"} cancelled, and the other people told.` : "You had no upcoming sessions.",
        "To ask about it, reply to this e-mail.",
      ],
    }, now);
    return { id: userId, suspended: true as const, cancelledSessions: cancelled.length, message: MODERATION_TEXTS.suspendedNotice(cancelled.length) };
  });
}

/** Removes a review with a reason; its author is told. */
export async function removeReview(db: Db, config: BookingMailConfig, actor: AdminActor, reviewId: string, reason: string, now: Date): Promise<{ id: string; message: string }> {
  return atomic(db, async (tx) => {
    const review = await removeReviewIn(tx, reviewId);
    await recordAdminAction(tx, actor, "remove-review", { type: "review", id: reviewId, detail: reason }, now);
    await tell(tx, config, await emailOf(tx, review.clientId), "Your review was removed", "Your review was removed", {
      paragraphs: ["An administrator removed a review you wrote on Pollinate.", `The reason given: ${reason}`, ...(review.comment ? [`What it said: ${review.comment}`] : [])],
    }, now);
    return { id: reviewId, message: MODERATION_TEXTS.reviewRemoved };
  });
}
