import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { userRoles } from "../../db/schema";
import {
  createBooking,
  createClient,
  createGardenContent,
  createPractitioner,
  createReview,
  createSurveyResponse,
  createUser,
  createWallet,
} from "./factories";
import { createTestDatabase } from "./test-db";

const t = await createTestDatabase();
afterAll(() => t.cleanup());

const rolesOf = async (userId: string) =>
  (await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role).sort();

describe("factories", async () => {
  test("createUser inserts roles and hashes a given password", async () => {
    const user = await createUser(t.db, { roles: ["client", "admin"], password: "correct horse" });
    expect(await rolesOf(user.id)).toEqual(["admin", "client"]);
    expect(user.passwordHash).not.toBe("correct horse");
    expect(Bun.password.verifySync("correct horse", user.passwordHash!)).toBe(true);
  });

  test("createUser defaults to a unique address, no password and the client role", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    expect(a.email).not.toBe(b.email);
    expect(a.passwordHash).toBeNull();
    expect(await rolesOf(a.id)).toEqual(["client"]);
  });

  test("createPractitioner and createClient create their users with the matching role", async () => {
    const practitioner = await createPractitioner(t.db, { archetype: "beetle", hourlyRateCents: 12000 });
    expect(practitioner.archetype).toBe("beetle");
    expect(await rolesOf(practitioner.userId)).toEqual(["practitioner"]);
    const client = await createClient(t.db);
    expect(await rolesOf(client.userId)).toEqual(["client"]);
  });

  test("createBooking prices the session from the practitioner's rate", async () => {
    const practitioner = await createPractitioner(t.db, { hourlyRateCents: 9000 });
    const client = await createUser(t.db);
    const booking = await createBooking(t.db, { clientId: client.id, practitionerId: practitioner.id, duration: 90 });
    expect(booking.totalAmountCents).toBe(13500);
    expect(booking.status).toBe("scheduled");
    const review = await createReview(t.db, { clientId: client.id, practitionerId: practitioner.id, sessionId: booking.id, rating: 4 });
    expect(review.rating).toBe(4);
  });

  test("the remaining factories insert valid rows", async () => {
    const user = await createUser(t.db);
    expect((await createSurveyResponse(t.db)).userId).toBeNull();
    expect((await createGardenContent(t.db, { authorId: user.id })).status).toBe("approved");
    expect(await createWallet(t.db, { userId: user.id, seedsBalance: 40 })).toMatchObject({ seedsBalance: 40, currentTier: "seedling" });
  });
});
