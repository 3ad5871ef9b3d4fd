/** Issue 26: change password, export my data, delete my account; e-mails over real SMTP. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { Jimp } from "jimp";
import { PHOTO_CONTENT_TYPE } from "../../../core/practitioner-photo";
import { atomic } from "../../../db/client";
import { bookings, practitionerPaymentSettings, practitioners, reviews, sessions, subscriptions, users } from "../../../db/schema";
import { REVIEW_TEXTS, type ApiReview } from "../../../core/reviews";
import { createBooking, createPractitioner, createReview, createUser } from "../../testing/factories";
import { startSmtpSink, type SmtpSink } from "../../testing/smtp-sink";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { ACCOUNT_TEXTS } from "./service";

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, AUTH_RATE_LIMIT: "50" } });
});
afterAll(async () => {
  await t.cleanup();
  await sink.close();
});

let n = 0;
const ip = () => `10.80.${Math.floor(++n / 200)}.${n % 200}`;

async function signIn(email: string, password: string) {
  const client = t.client({ ip: ip() });
  const res = await client.post("/api/auth/signin", { email, password });
  return { client, status: res.status };
}

describe("change password", () => {
  test("needs the current password; ends the account's other sessions and keeps this one", async () => {
    const user = await createUser(t.db, { email: "wren.pw@example.test", password: "old password 1" });
    const here = await signIn(user.email, "old password 1");
    const elsewhere = await signIn(user.email, "old password 1");
    expect((await t.client().post("/api/account/password", { currentPassword: "x", newPassword: "new password 2" })).status).toBe(401);
    const wrong = await here.client.post("/api/account/password", { currentPassword: "guess", newPassword: "new password 2" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(ACCOUNT_TEXTS.wrongPassword);
    expect((await here.client.post("/api/account/password", { currentPassword: "old password 1", newPassword: "short" })).status).toBe(400);
    const ok = await here.client.post("/api/account/password", { currentPassword: "old password 1", newPassword: "new password 2" });
    expect(ok.status).toBe(200);
    expect((await here.client.get("/api/auth/user")).status).toBe(200);
    expect((await elsewhere.client.get("/api/auth/user")).status).toBe(401);
    expect((await signIn(user.email, "old password 1")).status).toBe(401);
    expect((await signIn(user.email, "new password 2")).status).toBe(200);
  }, 30_000);
});

describe("export my data", () => {
  test("one JSON file with what the account owns and no secrets; a visitor gets 401", async () => {
    const practitioner = await createPractitioner(t.db);
    const user = await createUser(t.db, { email: "ivy.export@example.test", password: "export pass 1", firstName: "Ivy" });
    await createBooking(t.db, { clientId: user.id, practitionerId: practitioner.id, status: "completed", notes: "Sleep, mostly." });
    await createReview(t.db, { clientId: user.id, practitionerId: practitioner.id, comment: "Kind." });
    expect((await t.client().get("/api/account/export")).status).toBe(401);
    const { client } = await signIn(user.email, "export pass 1");
    const res = await client.get("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.account.email).toBe("ivy.export@example.test");
    expect(data.sessions[0].notes).toBe("Sleep, mostly.");
    expect(data.reviewsWritten[0].comment).toBe("Kind.");
    expect(text).not.toContain("passwordHash");
    expect(text).not.toContain("$argon2");
  });
});

describe("export my data: a practitioner's photo and credentials (issue 26)", () => {
  test("the photo comes as base64 JPEG crops with their content type, and the credentials with what was checked", async () => {
    const practitioner = await createPractitioner(t.db, { user: { email: "sorrel.export@example.test", password: "sorrel pass 1" } });
    const { client } = await signIn("sorrel.export@example.test", "sorrel pass 1");
    const png = new Uint8Array(await new Jimp({ width: 200, height: 120, color: 0x3a7d5cff }).getBuffer("image/png"));
    const upload = await client.request("/api/practitioners/me/photo", { method: "PUT", headers: { "content-type": "image/png", accept: "application/json" }, body: png });
    expect(upload.status).toBe(200);
    expect((await client.post("/api/practitioners/me/credentials", { title: "Registered Massage Therapist", issuingBody: "College of Massage Therapists", number: "RMT-123", year: 2019 })).status).toBe(201);
    const data = await (await client.get("/api/account/export")).json();
    expect(data.practitionerPhoto.contentType).toBe(PHOTO_CONTENT_TYPE);
    expect(data.practitionerPhoto.encoding).toBe("base64");
    for (const crop of [data.practitionerPhoto.size320, data.practitionerPhoto.size96]) {
      const bytes = Buffer.from(crop, "base64");
      // a JPEG's first bytes
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    const served = new Uint8Array(await (await client.get(`/api/practitioners/${practitioner.id}/photo?size=320`)).arrayBuffer());
    expect(Buffer.from(data.practitionerPhoto.size320, "base64").equals(Buffer.from(served))).toBe(true);
    expect(data.credentials).toHaveLength(1);
    expect(data.credentials[0]).toMatchObject({ title: "Registered Massage Therapist", issuingBody: "College of Massage Therapists", number: "RMT-123", year: 2019 });
    // a client has neither
    const { client: plain } = await signIn((await createUser(t.db, { email: "no.photo@example.test", password: "no photo 1" })).email, "no photo 1");
    const mine = await (await plain.get("/api/account/export")).json();
    expect(mine.practitionerPhoto).toBeNull();
    expect(mine.credentials).toEqual([]);
  }, 30_000);
});

describe("delete my account", () => {
  test("confirmed with the password: upcoming sessions cancelled with e-mails to the other side, personal data gone, reviews kept as a former member", async () => {
    // Rowan practises; Juniper and Pip are clients with an upcoming session each, and a past one
    const rowan = await createPractitioner(t.db, { displayName: "Rowan A.", user: { email: "rowan.del@example.test", password: "rowan pass 1", firstName: "Rowan" } });
    const juniper = await createUser(t.db, { email: "juniper.del@example.test", firstName: "Juniper" });
    const pip = await createUser(t.db, { email: "pip.del@example.test", firstName: "Pip" });
    const upcomingJ = await createBooking(t.db, { clientId: juniper.id, practitionerId: rowan.id, status: "confirmed" });
    const upcomingP = await createBooking(t.db, { clientId: pip.id, practitionerId: rowan.id });
    const past = await createBooking(t.db, { clientId: juniper.id, practitionerId: rowan.id, status: "completed", scheduledDatetime: new Date(Date.now() - 7 * 86_400_000) });

    const { client } = await signIn("rowan.del@example.test", "rowan pass 1");
    const refused = await client.post("/api/account/delete", { confirmation: "wrong" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(ACCOUNT_TEXTS.wrongConfirmation);
    const res = await client.post("/api/account/delete", { confirmation: "rowan pass 1" });
    expect(res.status).toBe(200);
    expect((await res.json()).cancelledSessions).toBe(2);
    expect((await client.get("/api/auth/user")).status).toBe(401);

    await t.drainOutbox();
    const toJuniper = await sink.waitFor((m) => m.recipients.includes("juniper.del@example.test") && m.parsed.subject!.startsWith("Session cancelled"));
    expect(toJuniper.parsed.text).toContain(ACCOUNT_TEXTS.deletionReason);
    await sink.waitFor((m) => m.recipients.includes("pip.del@example.test") && m.parsed.subject!.startsWith("Session cancelled"));
    await sink.waitFor((m) => m.recipients.includes("rowan.del@example.test") && m.parsed.subject === "Your Pollinate account is deleted");

    const [row] = await t.db.select().from(users).where(eq(users.id, rowan.userId));
    expect(row.email).not.toContain("rowan");
    expect([row.firstName, row.lastName, row.passwordHash, row.googleId]).toEqual([null, null, null, null]);
    expect(row.deletedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, rowan.userId))).toEqual([]);
    const [profile] = await t.db.select().from(practitioners).where(eq(practitioners.id, rowan.id));
    expect(profile.displayName).toBeNull();
    // the clients keep their history: the past session is still there, the upcoming ones cancelled
    const kept = await t.db.select().from(bookings).where(eq(bookings.practitionerId, rowan.id));
    expect(kept.find((b) => b.id === past.id)?.status).toBe("completed");
    expect(kept.filter((b) => [upcomingJ.id, upcomingP.id].includes(b.id)).map((b) => b.status)).toEqual(["cancelled", "cancelled"]);
    // the address is free, and the old password signs in nowhere
    expect((await signIn("rowan.del@example.test", "rowan pass 1")).status).toBe(401);
  }, 30_000);

  test("a deleted client's reviews stay, signed 'A former member'; their booking notes are gone", async () => {
    const practitioner = await createPractitioner(t.db);
    const ash = await createUser(t.db, { email: "ash.del@example.test", password: "ash pass 12", firstName: "Ash", lastName: "Hale" });
    const booking = await createBooking(t.db, { clientId: ash.id, practitionerId: practitioner.id, status: "completed", notes: "Migraines since May", scheduledDatetime: new Date(Date.now() - 86_400_000) });
    await createReview(t.db, { clientId: ash.id, practitionerId: practitioner.id, sessionId: booking.id, comment: "Helped a lot." });
    const { client } = await signIn("ash.del@example.test", "ash pass 12");
    expect((await client.post("/api/account/delete", { confirmation: "ash pass 12" })).status).toBe(200);
    const list = (await (await t.client().get(`/api/reviews/practitioner/${practitioner.id}`)).json()) as ApiReview[];
    expect(list.map((r) => [r.clientName, r.comment])).toEqual([[REVIEW_TEXTS.formerMember, "Helped a lot."]]);
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(kept.notes).toBeNull();
    expect((await t.db.select().from(reviews).where(eq(reviews.clientId, ash.id))).length).toBe(1);
  }, 30_000);

  test("a plan that still renews is cancelled first (409, nothing deleted); a practitioner's payment instructions go with the account", async () => {
    const practitioner = await createPractitioner(t.db, { user: { email: "sage.del@example.test", password: "sage pass 12" } });
    await atomic(t.db, async (tx) => {
      await tx.insert(practitionerPaymentSettings).values({ practitionerId: practitioner.id, paymentInstructions: "IBAN DE00 1234" });
      await tx.insert(subscriptions).values({ id: "sub_delete_test", userId: practitioner.userId, customerId: "cus_delete_test", plan: "basic", priceId: "price_basic", stripeStatus: "active", amountCents: 1000, createdAt: new Date(), updatedAt: new Date() });
    });
    const { client } = await signIn("sage.del@example.test", "sage pass 12");
    const refused = await client.post("/api/account/delete", { confirmation: "sage pass 12" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(ACCOUNT_TEXTS.planStillRenews);
    expect((await t.db.select().from(users).where(eq(users.id, practitioner.userId)))[0].deletedAt).toBeNull();
    // cancelled at the period's end: the plan runs out by itself
    await atomic(t.db, (tx) => tx.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, "sub_delete_test")));
    expect((await client.post("/api/account/delete", { confirmation: "sage pass 12" })).status).toBe(200);
    expect(await t.db.select().from(practitionerPaymentSettings).where(eq(practitionerPaymentSettings.practitionerId, practitioner.id))).toEqual([]);
  }, 30_000);
});
