/**
 * The writes of the admin, survey, review and favourite services go through atomic() (decision
 * 024): called directly (no HTTP session, whose sign-in lives elsewhere), each one works and is
 * read back, also when the handle outside a transaction is read-only
 * (POLLINATE_SEPARATE_READER=1: a write outside atomic would fail at once).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Papa from "papaparse";
import { ADMIN_CSV_COLUMNS, adminCsvRow, surveyInputSchema } from "../../../core/survey";
import { surveyResponses } from "../../../db/schema";
import { createBooking, createClient, createPractitioner, createUser } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-db";
import { listFavorites, toggleFavorite } from "../favorites/service";
import { createReview, listPractitionerReviews, reviewEligibility } from "../reviews/service";
import { surveyCsvStream } from "../survey/csv";
import { countSurveyResponses, listSurveyResponses, submitSurveyResponse, surveyCountries } from "../survey/service";
import { actOnPractitioner, adminOutbox, adminOverview, listAdminUsers, listAuditLog, recordAdminAction, setAccountSuspended } from "./service";
import { atomic } from "../../../db/client";

let d: TestDatabase;
const now = new Date("2026-03-01T12:00:00Z");
const actor = { label: "admin@example.test", userId: null };
beforeAll(async () => {
  d = await createTestDatabase();
});
afterAll(() => d.cleanup());

describe("admin service", () => {
  test("verify, suspend and reinstate are written with their audit rows; the lists read them back", async () => {
    const practitioner = await createPractitioner(d.db);
    const row = await actOnPractitioner(d.db, actor, practitioner.id, "verify", now);
    expect(row.isVerified).toBe(true);
    const user = await createUser(d.db, { email: "moss@example.test" });
    expect(await setAccountSuspended(d.db, actor, user.id, true, now)).toEqual({ id: user.id, suspended: true });
    expect((await listAdminUsers(d.db, { search: "moss@", page: 1 })).rows[0].suspended).toBe(true);
    await setAccountSuspended(d.db, actor, user.id, false, now);
    await atomic(d.db, async (tx) => recordAdminAction(tx, actor, "login", {}, now));
    const audit = await listAuditLog(d.db, { page: 1 });
    expect(audit.rows.map((r) => r.action).sort()).toEqual(["login", "reinstate", "suspend", "verify"]);
    expect(audit.rows.find((r) => r.action === "suspend")?.targetLabel).toBe("moss@example.test");
    expect((await adminOverview(d.db)).totalPractitioners).toBeGreaterThanOrEqual(1);
    expect((await adminOutbox(d.db)).problems).toEqual([]);
  });
});

describe("survey service", () => {
  test("a submission (anonymous, then a signed-in one replaced), the list, the count and the streamed CSV", async () => {
    const values = surveyInputSchema.parse({ identityType: "exploring", countryOfResidence: "=Iceland", currency: "ISK" });
    const anonymous = await submitSurveyResponse(d.db, null, values, now);
    expect(anonymous.updated).toBe(false);
    const user = await createUser(d.db);
    const first = await submitSurveyResponse(d.db, user.id, values, now);
    expect(await submitSurveyResponse(d.db, user.id, { ...values, currency: "EUR" }, now)).toEqual({ id: first.id, updated: true });
    expect(await countSurveyResponses(d.db, { identityType: "exploring" })).toBe(2);
    expect((await listSurveyResponses(d.db, {}, 1)).total).toBe(2);
    expect(await surveyCountries(d.db)).toEqual(["=Iceland"]);
    const csv = await new Response(surveyCsvStream(d.db, {}, ADMIN_CSV_COLUMNS, adminCsvRow)).text();
    const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).every((r) => r[3] === "'=Iceland")).toBe(true);
  });

  test("the CSV stream reads keyset pages through awaited queries: every filtered row once, newest first, across page boundaries", async () => {
    const local = await createTestDatabase();
    try {
      const start = Date.parse("2026-01-01T00:00:00Z");
      // 2,503 rows over three batches of 1,000 (the last one partial), with equal times at the batch edges
      const rows = Array.from({ length: 2503 }, (_, i) => ({ identityType: i % 2 ? ("exploring" as const) : ("both" as const), countryOfResidence: `C${i}`, createdAt: new Date(start + Math.floor(i / 3) * 1000) }));
      await atomic(local.db, async (tx) => {
        for (let i = 0; i < rows.length; i += 500) await tx.insert(surveyResponses).values(rows.slice(i, i + 500));
      });
      const csv = await new Response(surveyCsvStream(local.db, { identityType: "both" }, ADMIN_CSV_COLUMNS, adminCsvRow)).text();
      const exported = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data.slice(1);
      expect(exported).toHaveLength(await countSurveyResponses(local.db, { identityType: "both" }));
      expect(new Set(exported.map((r) => r[3])).size).toBe(exported.length);
      const all = await new Response(surveyCsvStream(local.db, {}, ADMIN_CSV_COLUMNS, adminCsvRow)).text();
      expect(Papa.parse<string[]>(all.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data.slice(1)).toHaveLength(2503);
    } finally {
      await local.cleanup();
    }
  }, 60_000);
});

describe("reviews and favourites", () => {
  test("a review after a completed session updates the rating; a favourite toggles on and off", async () => {
    const practitioner = await createPractitioner(d.db, { averageRating: null });
    const client = await createClient(d.db);
    await createBooking(d.db, { clientId: client.userId, practitionerId: practitioner.id, status: "completed", scheduledDatetime: new Date(now.getTime() - 86_400_000) });
    expect((await reviewEligibility(d.db, client.userId, practitioner.id)).canReview).toBe(true);
    const review = await createReview(d.db, client.userId, { practitionerId: practitioner.id, rating: 4, comment: "Kind." });
    expect(review.rating).toBe(4);
    expect((await listPractitionerReviews(d.db, practitioner.id)).map((r) => r.id)).toEqual([review.id]);
    expect((await reviewEligibility(d.db, client.userId, practitioner.id)).reason).toBe("already-reviewed");

    expect((await toggleFavorite(d.db, client.userId, practitioner.id, now)).isFavorite).toBe(true);
    expect((await listFavorites(d.db, client.userId)).map((f) => f.practitionerId)).toEqual([practitioner.id]);
    expect((await toggleFavorite(d.db, client.userId, practitioner.id, now)).isFavorite).toBe(false);
    expect(await listFavorites(d.db, client.userId)).toEqual([]);
  });
});
