/** Issue 26: moderation an admin can explain; every e-mail over real SMTP. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminAuditLog, bookings, gardenContent, reviews } from "../../../db/schema";
import { MODERATION_TEXTS } from "../../../core/admin";
import { createBooking, createGardenContent, createPractitioner, createReview, createUser } from "../../testing/factories";
import { startSmtpSink, type SmtpSink } from "../../testing/smtp-sink";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

let t: TestApp;
let sink: SmtpSink;
let admin: TestClient;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  admin = t.client();
  await t.loginAs(admin, (await createUser(t.db, { roles: ["admin"] })).id);
});
afterAll(async () => {
  await t.cleanup();
  await sink.close();
});

async function member(email: string): Promise<{ id: string; client: TestClient }> {
  const user = await createUser(t.db, { email, firstName: "Member" });
  const client = t.client();
  await t.loginAs(client, user.id);
  return { id: user.id, client };
}

const auditOf = async (targetId: string) => t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));

describe("the Garden queue", () => {
  test("reject needs a reason, which the author receives by e-mail; both decisions are in the audit log", async () => {
    const author = await member("fern.author@example.test");
    const piece = await createGardenContent(t.db, { authorId: author.id, title: "Moss <script>alert(1)</script> breathing", status: "pending" });
    const other = await createGardenContent(t.db, { authorId: author.id, title: "Fine piece", status: "pending" });
    expect((await author.client.post(`/api/admin/garden-content/${piece.id}/reject`, { reason: "Off topic" })).status).toBe(403);
    expect((await t.client().post(`/api/admin/garden-content/${piece.id}/reject`, { reason: "Off topic" })).status).toBe(401);
    const bare = await admin.post(`/api/admin/garden-content/${piece.id}/reject`);
    expect(bare.status).toBe(400);
    expect((await bare.json()).message).toBe(MODERATION_TEXTS.reasonRequired);
    const rejected = await admin.post(`/api/admin/garden-content/${piece.id}/reject`, { reason: "It sells a product; the Garden is for sharing practice." });
    expect(rejected.status).toBe(200);
    expect((await rejected.json()).status).toBe("rejected");
    expect((await admin.post(`/api/admin/garden-content/${piece.id}/reject`, { reason: "Again" })).status).toBe(409);
    expect((await admin.post(`/api/admin/garden-content/${other.id}/approve`)).status).toBe(200);
    expect((await admin.post(`/api/admin/garden-content/no-such/approve`)).status).toBe(404);

    await t.drainOutbox();
    const mail = await sink.waitFor((m) => m.recipients.includes("fern.author@example.test"));
    expect(mail.parsed.subject).toBe("Your Garden piece was not published");
    expect(mail.parsed.text).toContain("The reason given: It sells a product; the Garden is for sharing practice.");
    // the title is text: escaped in the HTML part
    expect(mail.parsed.html).not.toContain("<script>");
    expect((await auditOf(piece.id)).map((a) => [a.action, a.detail])).toEqual([["garden-reject", "It sells a product; the Garden is for sharing practice."]]);
    expect((await auditOf(other.id)).map((a) => a.action)).toEqual(["garden-approve"]);
    expect((await t.db.select().from(gardenContent).where(eq(gardenContent.id, other.id)))[0].status).toBe("approved");
  });
});

describe("suspending", () => {
  test("needs a reason; cancels the practitioner's upcoming sessions with an e-mail to each client; reinstating says what it does not undo", async () => {
    const practitioner = await createPractitioner(t.db, { user: { email: "sage.susp@example.test" } });
    const clients = [await createUser(t.db, { email: "c1.susp@example.test" }), await createUser(t.db, { email: "c2.susp@example.test" })];
    const upcoming = await Promise.all(clients.map((c) => createBooking(t.db, { clientId: c.id, practitionerId: practitioner.id })));
    const past = await createBooking(t.db, { clientId: clients[0].id, practitionerId: practitioner.id, status: "completed", scheduledDatetime: new Date(Date.now() - 86_400_000) });

    const bare = await admin.post(`/api/admin/users/${practitioner.userId}/suspend`);
    expect(bare.status).toBe(400);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, upcoming[0].id)))[0].status).toBe("scheduled");
    const res = await admin.post(`/api/admin/users/${practitioner.userId}/suspend`, { reason: "Asked clients to pay outside Pollinate." });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ suspended: true, cancelledSessions: 2, message: MODERATION_TEXTS.suspendedNotice(2) });
    for (const b of upcoming) expect((await t.db.select().from(bookings).where(eq(bookings.id, b.id)))[0].status).toBe("cancelled");
    expect((await t.db.select().from(bookings).where(eq(bookings.id, past.id)))[0].status).toBe("completed");

    await t.drainOutbox();
    for (const c of clients) {
      const mail = await sink.waitFor((m) => m.recipients.includes(c.email) && m.parsed.subject!.startsWith("Session cancelled"));
      expect(mail.parsed.text).toContain(MODERATION_TEXTS.sessionCancelledReason);
      // the clients are not told the admin's reason, only that the session cannot go ahead
      expect(mail.parsed.text).not.toContain("outside Pollinate");
    }
    const told = await sink.waitFor((m) => m.recipients.includes("sage.susp@example.test") && m.parsed.subject === "Your Pollinate account is suspended");
    expect(told.parsed.text).toContain("The reason given: Asked clients to pay outside Pollinate.");
    expect((await auditOf(practitioner.userId)).map((a) => [a.action, a.detail])).toEqual([["suspend", "Asked clients to pay outside Pollinate."]]);

    const back = await admin.post(`/api/admin/users/${practitioner.userId}/reinstate`);
    expect(back.status).toBe(200);
    expect((await back.json()).message).toBe(MODERATION_TEXTS.reinstatedNotice);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, upcoming[0].id)))[0].status).toBe("cancelled");
  }, 30_000);

  test("a suspended client's upcoming sessions are cancelled with an e-mail to each practitioner", async () => {
    const practitioner = await createPractitioner(t.db, { user: { email: "linden.susp@example.test" } });
    const client = await createUser(t.db, { email: "eve.susp@example.test" });
    await createBooking(t.db, { clientId: client.id, practitionerId: practitioner.id });
    expect((await admin.post(`/api/admin/users/${client.id}/suspend`, { reason: "Abusive messages." })).status).toBe(200);
    await t.drainOutbox();
    await sink.waitFor((m) => m.recipients.includes("linden.susp@example.test") && m.parsed.subject!.startsWith("Session cancelled"));
  }, 30_000);
});

describe("removing a review", () => {
  test("an admin removes a review with a reason: audit-logged, the average follows, the author is told; nobody else can", async () => {
    const practitioner = await createPractitioner(t.db, { averageRating: 3 });
    const author = await member("bram.review@example.test");
    const review = await createReview(t.db, { clientId: author.id, practitionerId: practitioner.id, rating: 1, comment: "Call me on +1 555 0100 for a refund" });
    await createReview(t.db, { clientId: (await createUser(t.db)).id, practitionerId: practitioner.id, rating: 5 });
    expect((await author.client.post(`/api/admin/reviews/${review.id}/remove`, { reason: "Contact details" })).status).toBe(403);
    expect((await t.client().post(`/api/admin/reviews/${review.id}/remove`, { reason: "Contact details" })).status).toBe(401);
    expect((await admin.post(`/api/admin/reviews/${review.id}/remove`, {})).status).toBe(400);
    const res = await admin.post(`/api/admin/reviews/${review.id}/remove`, { reason: "It shares a phone number; reviews are about the session." });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(reviews).where(eq(reviews.id, review.id))).toEqual([]);
    const profile = await (await t.client().get(`/api/practitioners/${practitioner.id}`)).json();
    expect(profile.averageRating).toBe("5.00");
    expect((await admin.post(`/api/admin/reviews/${review.id}/remove`, { reason: "Twice" })).status).toBe(404);
    expect((await auditOf(review.id)).map((a) => a.action)).toEqual(["remove-review"]);
    await t.drainOutbox();
    const mail = await sink.waitFor((m) => m.recipients.includes("bram.review@example.test"));
    expect(mail.parsed.subject).toBe("Your review was removed");
    expect(mail.parsed.text).toContain("The reason given: It shares a phone number");
  });
});
