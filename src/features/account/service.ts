/**
 * What a person controls about their account (issue 26, decision 029): their password, a copy of
 * their data, and deleting the account. Deleting keeps what others rely on (a practitioner's past
 * sessions for their clients, reviews and Garden pieces as "a former member", the Seeds ledger's
 * history) and removes who the person was: the user row stays as an anonymous tombstone that the
 * others' rows still point to, with no e-mail address, name, password, Google link, photo, notes or
 * sessions left.
 */
import { ACCOUNT_WRONG_CONFIRMATION } from "../../../core/auth-inputs";
import { and, eq, ne, or, inArray } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import {
  bookings,
  calendarFeedTokens,
  clients,
  conversationParticipants,
  emailChanges,
  favoritePractitioners,
  gardenContent,
  mediaFiles,
  messageSettings,
  messages,
  practitionerAvailability,
  practitionerCredentials,
  practitionerPaymentSettings,
  practitionerPhotos,
  practitioners,
  reviews,
  seedsTransactions,
  seedsWallets,
  sessions,
  sessionPayments,
  subscriptions,
  surveyResponses,
  userRoles,
  users,
} from "../../../db/schema";
import { PHOTO_CONTENT_TYPE } from "../../../core/practitioner-photo";
import { hashPassword, verifyPassword } from "../../auth/password";
import { hashToken } from "../../auth/tokens";
import { badRequest, conflict } from "../../http/errors";
import { liveSubscriptionOf } from "../payments/service";
import { enqueueEmail } from "../../email/outbox";
import { layout, parseMailbox } from "../../email/templates";
import { cancelUpcomingSessionsOf } from "../bookings/cancel-upcoming";
import type { BookingMailConfig } from "../bookings/notifications";

export const ACCOUNT_TEXTS = {
  wrongPassword: "Your current password is not right.",
  wrongConfirmation: ACCOUNT_WRONG_CONFIRMATION,
  passwordChanged: "Your password is changed. You are signed out everywhere else.",
  deleted: "Your account is deleted.",
  deletionReason: "The other person deleted their Pollinate account.",
  planStillRenews: "Your plan still renews every month: cancel it first (Settings, Billing), so that nothing more is charged, then delete the account.",
} as const;

/** Checks the current password, stores the new one and ends every other session of the account. */
export async function changePassword(db: Db, userId: string, current: string, next: string, keepSessionToken: string | undefined, now: Date): Promise<void> {
  const row = await first(db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1));
  // an account made with Google has no password yet: it sets one without a current one
  if (row?.passwordHash && !(await verifyPassword(current, row.passwordHash))) throw badRequest(ACCOUNT_TEXTS.wrongPassword);
  const hash = await hashPassword(next);
  await atomic(db, async (tx) => {
    await tx.update(users).set({ passwordHash: hash, resetPasswordToken: null, resetPasswordExpires: null, updatedAt: now }).where(eq(users.id, userId));
    const keep = keepSessionToken ? hashToken(keepSessionToken) : "";
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.sid, keep)));
  });
}

/** The practitioner's photo as the server keeps it: both square crops, base64-encoded. */
async function photoExport(db: Db, practitionerId: string) {
  const photo = await first(db.select().from(practitionerPhotos).where(eq(practitionerPhotos.practitionerId, practitionerId)).limit(1));
  if (!photo) return null;
  return {
    about: "Your profile photo as Pollinate keeps it: square crops of what you uploaded (the original file is not kept), base64-encoded.",
    contentType: PHOTO_CONTENT_TYPE,
    encoding: "base64",
    uploadedAt: photo.createdAt,
    size320: Buffer.from(photo.large).toString("base64"),
    size96: Buffer.from(photo.small).toString("base64"),
  };
}

/** Everything the account owns, as one JSON document (no secrets: no password hash, tokens or session ids). */
export async function exportAccountData(db: Db, userId: string, now: Date): Promise<Record<string, unknown>> {
  const user = await first(db.select().from(users).where(eq(users.id, userId)).limit(1));
  if (!user) return {};
  const { passwordHash: _p, emailVerificationToken: _e, resetPasswordToken: _r, ...account } = user;
  const practitioner = await first(db.select().from(practitioners).where(eq(practitioners.userId, userId)).limit(1));
  const practitionerIds = practitioner ? [practitioner.id] : [];
  const sessionsBooked = await db.select().from(bookings).where(practitionerIds.length ? or(eq(bookings.clientId, userId), inArray(bookings.practitionerId, practitionerIds)) : eq(bookings.clientId, userId));
  return {
    exportedAt: now.toISOString(),
    about: "Everything Pollinate keeps about your account. Sessions with a practitioner include only what both of you see.",
    account,
    roles: (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role),
    clientProfile: (await first(db.select().from(clients).where(eq(clients.userId, userId)).limit(1))) ?? null,
    practitionerProfile: practitioner ?? null,
    availability: practitioner ? ((await first(db.select().from(practitionerAvailability).where(eq(practitionerAvailability.practitionerId, practitioner.id)).limit(1))) ?? null) : null,
    sessions: sessionsBooked.map((b) => ({ ...b, yourSide: b.clientId === userId ? "client" : "practitioner", idempotencyKey: undefined })),
    reviewsWritten: await db.select().from(reviews).where(eq(reviews.clientId, userId)),
    reviewsReceived: practitioner ? await db.select().from(reviews).where(eq(reviews.practitionerId, practitioner.id)) : [],
    favorites: await db.select().from(favoritePractitioners).where(eq(favoritePractitioners.userId, userId)),
    seedsWallet: (await first(db.select().from(seedsWallets).where(eq(seedsWallets.userId, userId)).limit(1))) ?? null,
    seedsTransactions: await db.select().from(seedsTransactions).where(eq(seedsTransactions.userId, userId)),
    plans: await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    credentials: practitioner ? await db.select().from(practitionerCredentials).where(eq(practitionerCredentials.practitionerId, practitioner.id)) : [],
    practitionerPhoto: practitioner ? await photoExport(db, practitioner.id) : null,
    paymentSettings: practitioner ? ((await first(db.select().from(practitionerPaymentSettings).where(eq(practitionerPaymentSettings.practitionerId, practitioner.id)).limit(1))) ?? null) : null,
    sessionPayments: practitioner ? await db.select().from(sessionPayments).where(inArray(sessionPayments.bookingId, sessionsBooked.filter((b) => b.practitionerId === practitioner.id).map((b) => b.id))) : [],
    conversations: await db.select().from(conversationParticipants).where(eq(conversationParticipants.userId, userId)),
    messagesSent: await db.select({ id: messages.id, conversationId: messages.conversationId, body: messages.body, createdAt: messages.createdAt }).from(messages).where(eq(messages.senderId, userId)),
    messageSettings: (await first(db.select().from(messageSettings).where(eq(messageSettings.userId, userId)).limit(1))) ?? null,
    gardenPieces: await db.select().from(gardenContent).where(eq(gardenContent.authorId, userId)),
    // recordings and videos can be large: described here, each downloadable from its piece
    gardenMedia: (
      await db.select({ id: mediaFiles.id, contentType: mediaFiles.contentType, byteSize: mediaFiles.byteSize, sha256: mediaFiles.sha256, createdAt: mediaFiles.createdAt }).from(mediaFiles).where(eq(mediaFiles.ownerId, userId))
    ).map((file) => ({ ...file, about: "An uploaded recording or video; download it from its Garden piece (GET /api/garden/content/{piece id}/media?download=1)." })),
    surveyResponses: await db.select().from(surveyResponses).where(eq(surveyResponses.userId, userId)),
  };
}

/**
 * Deletes the account after the person confirmed with their password (an account without one:
 * its e-mail address). In one transaction: upcoming sessions cancelled with an e-mail to each
 * other side, a last e-mail to the person, and every personal field removed (see the file's note).
 */
export async function deleteAccount(db: Db, config: BookingMailConfig, userId: string, confirmation: string, now: Date): Promise<{ cancelled: number }> {
  const row = await first(db.select({ email: users.email, passwordHash: users.passwordHash, firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1));
  if (!row) throw badRequest(ACCOUNT_TEXTS.wrongConfirmation);
  const confirmed = row.passwordHash ? await verifyPassword(confirmation, row.passwordHash) : confirmation.trim().toLowerCase() === row.email.toLowerCase();
  if (!confirmed) throw badRequest(ACCOUNT_TEXTS.wrongConfirmation);
  // Stripe would keep charging a tombstone: a plan that still renews is cancelled first (one that ends at its period's end may stay)
  const plan = await liveSubscriptionOf(db, userId);
  if (plan && !plan.cancelAtPeriodEnd) throw conflict(ACCOUNT_TEXTS.planStillRenews);
  return atomic(db, async (tx) => {
    const { cancelled } = await cancelUpcomingSessionsOf(tx, config, userId, ACCOUNT_TEXTS.deletionReason, now);
    const subject = "Your Pollinate account is deleted";
    const tctx = { appUrl: config.APP_URL, from: parseMailbox(config.MAIL_FROM), now };
    const lines = [
      "Your account and the personal data in it are deleted, as you asked.",
      cancelled.length ? `${cancelled.length} upcoming session${cancelled.length === 1 ? " was" : "s were"} cancelled, and the other person told.` : "You had no upcoming sessions.",
      "Reviews and Garden pieces you wrote stay, signed as a former member; past sessions stay in your practitioners' and clients' histories without your name.",
    ];
    await enqueueEmail(tx, { to: row.email, subject, ...layout(subject, "Your account is deleted", { paragraphs: lines }, tctx) }, { now });
    const practitioner = await first(tx.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId)).limit(1));
    // the tombstone: nothing that says who this was, and nothing that can sign in
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        passwordHash: null,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        isEmailVerified: false,
        emailVerificationToken: null,
        emailVerificationExpires: null,
        resetPasswordToken: null,
        resetPasswordExpires: null,
        googleId: null,
        stripeCustomerId: null,
        stripeSubscriptionId: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    // a client's notes can hold health details: gone from every session they booked
    await tx.update(bookings).set({ notes: null }).where(eq(bookings.clientId, userId));
    if (practitioner) {
      await tx.update(practitioners).set({ displayName: null, photoVersion: null, bio: null, location: null, specializations: [], isFeatured: false, isVerified: false, updatedAt: now }).where(eq(practitioners.id, practitioner.id));
      await tx.delete(practitionerPhotos).where(eq(practitionerPhotos.practitionerId, practitioner.id));
      // payment instructions can hold bank details
      await tx.delete(practitionerPaymentSettings).where(eq(practitionerPaymentSettings.practitionerId, practitioner.id));
      await tx.delete(practitionerCredentials).where(eq(practitionerCredentials.practitionerId, practitioner.id));
    }
    await tx.delete(clients).where(eq(clients.userId, userId));
    await tx.delete(favoritePractitioners).where(eq(favoritePractitioners.userId, userId));
    await tx.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    await tx.delete(messageSettings).where(eq(messageSettings.userId, userId));
    await tx.update(surveyResponses).set({ userId: null }).where(eq(surveyResponses.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return { cancelled: cancelled.length };
  });
}
