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

const t = createTestDatabase();
afterAll(() => t.cleanup());

const rolesOf = (userId: string) =>
  t.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .all()
    .map((r) => r.role)
    .sort();

describe("factories", () => {
  test("createUser inserts roles and hashes a given password", () => {
    const user = createUser(t.db, { roles: ["client", "admin"], password: "correct horse" });
    expect(rolesOf(user.id)).toEqual(["admin", "client"]);
    expect(user.passwordHash).not.toBe("correct horse");
    expect(Bun.password.verifySync("correct horse", user.passwordHash!)).toBe(true);
  });

  test("createUser defaults to a unique address, no password and the client role", () => {
    const a = createUser(t.db);
    const b = createUser(t.db);
    expect(a.email).not.toBe(b.email);
    expect(a.passwordHash).toBeNull();
    expect(rolesOf(a.id)).toEqual(["client"]);
  });

  test("createPractitioner and createClient create their users with the matching role", () => {
    const practitioner = createPractitioner(t.db, { archetype: "beetle", hourlyRateCents: 12000 });
    expect(practitioner.archetype).toBe("beetle");
    expect(rolesOf(practitioner.userId)).toEqual(["practitioner"]);
    const client = createClient(t.db);
    expect(rolesOf(client.userId)).toEqual(["client"]);
  });

  test("createBooking prices the session from the practitioner's rate", () => {
    const practitioner = createPractitioner(t.db, { hourlyRateCents: 9000 });
    const client = createUser(t.db);
    const booking = createBooking(t.db, { clientId: client.id, practitionerId: practitioner.id, duration: 90 });
    expect(booking.totalAmountCents).toBe(13500);
    expect(booking.status).toBe("scheduled");
    const review = createReview(t.db, { clientId: client.id, practitionerId: practitioner.id, sessionId: booking.id, rating: 4 });
    expect(review.rating).toBe(4);
  });

  test("the remaining factories insert valid rows", () => {
    const user = createUser(t.db);
    expect(createSurveyResponse(t.db).userId).toBeNull();
    expect(createGardenContent(t.db, { authorId: user.id }).status).toBe("approved");
    expect(createWallet(t.db, { userId: user.id, seedsBalance: 40 })).toMatchObject({ seedsBalance: 40, currentTier: "seedling" });
  });
});
