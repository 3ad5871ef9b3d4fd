/** Conversations through the real doors (app.request): every rule of issue 23, the e-mail over real SMTP. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { atomic } from "../../../db/client";
import { adminAuditLog, bookings, users } from "../../../db/schema";
import { MESSAGE_TEXTS, MESSAGES_PER_MINUTE, NEW_CONVERSATIONS_PER_DAY, type ApiConversation, type ApiInbox } from "../../../core/conversations";
import { UPGRADE_REQUIRED_MESSAGE } from "../../../core/access-texts";
import { createBooking, createPractitioner, createUser, type Practitioner, type User } from "../../testing/factories";
import { startSmtpSink, type SmtpSink } from "../../testing/smtp-sink";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";
import { createMemoryLiveHub } from "./live";

let t: TestApp;
let sink: SmtpSink;
let sage: Practitioner;
let sageUser: User;
let clara: User;
let other: User;
let claraClient: TestClient;
let sageClient: TestClient;
let otherClient: TestClient;

async function member(overrides: Partial<User> = {}): Promise<User> {
  return createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium", isEmailVerified: true, ...overrides });
}

async function signedIn(user: User): Promise<TestClient> {
  const c = t.client();
  await t.loginAs(c, user.id);
  return c;
}

async function start(c: TestClient, practitionerId: string, body: string) {
  const res = await c.post("/api/conversations", { practitionerId, body });
  return { res, json: (await res.json()) as { conversationId: string; message: { id: string; body: string }; } & { message: string } };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  sage = await createPractitioner(t.db, { user: { firstName: "Sage", email: "sage@example.test" } });
  sageUser = (await t.db.select().from(users).where(eq(users.id, sage.userId)))[0];
  clara = await member({ firstName: "Clara", lastName: "Whitmore", email: "clara@example.test" });
  other = await member({ firstName: "Otto" });
  claraClient = await signedIn(clara);
  sageClient = await signedIn(sageUser);
  otherClient = await signedIn(other);
});
afterAll(async () => {
  t.cleanup();
  await sink.close();
});

describe("asking before booking", () => {
  let conversationId: string;
  test("a client opens a conversation with a listed practitioner; the practitioner reads it and replies", async () => {
    const { res, json } = await start(claraClient, sage.id, "  Do you work with grief after a miscarriage?  ");
    expect(res.status).toBe(201);
    conversationId = json.conversationId;
    expect(json.message.body).toBe("Do you work with grief after a miscarriage?");

    const inbox = (await (await sageClient.get("/api/conversations")).json()) as ApiInbox;
    expect(inbox.unreadTotal).toBe(1);
    expect(inbox.conversations[0]).toMatchObject({ id: conversationId, otherName: "Clara Whitmore", otherRole: "client", unreadCount: 1, lastLine: "Do you work with grief after a miscarriage?" });

    const thread = (await (await sageClient.get(`/api/conversations/${conversationId}`)).json()) as ApiConversation;
    expect(thread.messages.map((m) => [m.from, m.body])).toEqual([["them", "Do you work with grief after a miscarriage?"]]);
    expect((await sageClient.post(`/api/conversations/${conversationId}/read`, {})).status).toBe(200);
    expect(((await (await sageClient.get("/api/conversations/unread")).json()) as { unreadTotal: number }).unreadTotal).toBe(0);

    const reply = await sageClient.post(`/api/conversations/${conversationId}/messages`, { body: "Yes, gently and at your pace." });
    expect(reply.status).toBe(201);
    const claraView = (await (await claraClient.get(`/api/conversations/${conversationId}`)).json()) as ApiConversation;
    expect(claraView.otherName).toBe(`Practitioner #${sage.id.slice(-6)}`);
    expect(claraView.messages.map((m) => m.from)).toEqual(["me", "them"]);
    // Sage has read Clara's message (and written after it)
    expect(claraView.seenMessageId! >= claraView.messages[0].id).toBe(true);
  });

  test("a second first message finds the same conversation (one per pair)", async () => {
    const { res, json } = await start(claraClient, sage.id, "One more thing");
    expect(res.status).toBe(200);
    expect(json.conversationId).toBe(conversationId);
  });

  test("another person's conversation is 404, whatever the id", async () => {
    for (const id of [conversationId, "00000000-0000-0000-0000-000000000000", "x'; drop table messages; --"]) {
      expect((await otherClient.get(`/api/conversations/${encodeURIComponent(id)}`)).status).toBe(404);
      expect((await otherClient.post(`/api/conversations/${encodeURIComponent(id)}/messages`, { body: "hi" })).status).toBe(404);
    }
    expect((await t.client().get(`/api/conversations/${conversationId}`)).status).toBe(401);
  });

  test("markup is kept as text, never as HTML", async () => {
    const body = `<img src=x onerror="alert(1)"><script>alert(2)</script> see https://example.com`;
    const res = await claraClient.post(`/api/conversations/${conversationId}/messages`, { body });
    expect(res.status).toBe(201);
    const thread = (await (await sageClient.get(`/api/conversations/${conversationId}`)).json()) as ApiConversation;
    expect(thread.messages.at(-1)!.body).toBe(body);
  });
});

describe("bad input answers 400 and changes nothing", () => {
  test("4,001 characters, empty, spaces only, not text, unknown fields", async () => {
    const before = ((await (await sageClient.get("/api/conversations")).json()) as ApiInbox).conversations[0].lastLine;
    const cases: [unknown, string][] = [
      [{ practitionerId: sage.id, body: "a".repeat(4001) }, MESSAGE_TEXTS.tooLong],
      [{ practitionerId: sage.id, body: "   " }, MESSAGE_TEXTS.empty],
      [{ practitionerId: sage.id, body: 42 }, ""],
      [{ body: "hello" }, ""],
    ];
    for (const [payload, message] of cases) {
      const res = await claraClient.post("/api/conversations", payload);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { message: string };
      expect(answer.message.length).toBeGreaterThan(5);
      if (message) expect(answer.message).toContain(message);
    }
    expect((await claraClient.post("/api/conversations", { practitionerId: sage.id, body: "a".repeat(4000) })).status).toBe(200);
    expect(((await (await sageClient.get("/api/conversations")).json()) as ApiInbox).conversations[0].lastLine).not.toBe(before);
  });

  test("a cross-site write is refused", async () => {
    const res = await claraClient.post("/api/conversations", { practitionerId: sage.id, body: "hi" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});

describe("who may write", () => {
  test("a preview account gets the upgrade answer (SPEC.md section 5)", async () => {
    const preview = await signedIn(await createUser(t.db, { accessLevel: "preview" }));
    const res = await preview.post("/api/conversations", { practitionerId: sage.id, body: "hello" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(UPGRADE_REQUIRED_MESSAGE);
  });

  test("a trial in force may write; basic may write", async () => {
    const trial = await signedIn(await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "trial", trialEndDate: new Date(t.clock.now.getTime() + 86_400_000) }));
    expect((await trial.post("/api/conversations", { practitionerId: sage.id, body: "hello" })).status).toBe(201);
    const basic = await signedIn(await createUser(t.db, { accessLevel: "basic", subscriptionStatus: "premium" }));
    expect((await basic.post("/api/conversations", { practitionerId: sage.id, body: "hello" })).status).toBe(201);
  });

  test("nobody writes to themselves", async () => {
    const res = await sageClient.post("/api/conversations", { practitionerId: sage.id, body: "hi me" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(MESSAGE_TEXTS.self);
  });

  test("a practitioner opens a conversation only with a client who booked them", async () => {
    const newcomer = await member({ firstName: "Nina" });
    const booking = await createBooking(t.db, { clientId: newcomer.id, practitionerId: sage.id });
    const stranger = await member();
    const strangerBooking = await createBooking(t.db, { clientId: stranger.id, practitionerId: (await createPractitioner(t.db)).id });
    expect((await sageClient.post("/api/conversations", { bookingId: strangerBooking.id, body: "hello" })).status).toBe(404);
    const res = await sageClient.post("/api/conversations", { bookingId: booking.id, body: "Here is what to bring: a mat." });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { conversationId: string }).conversationId;
    const thread = (await (await (await signedIn(newcomer)).get(`/api/conversations/${id}?booking=${booking.id}`)).json()) as ApiConversation;
    expect(thread.nextSession?.bookingId).toBe(booking.id);
  });

  test("nobody writes to a suspended account", async () => {
    const gone = await createPractitioner(t.db);
    const { json } = await start(claraClient, gone.id, "hello");
    await atomic(t.db, async (tx) => {
      await tx.update(users).set({ suspendedAt: t.clock.now }).where(eq(users.id, gone.userId));
    });
    const res = await claraClient.post(`/api/conversations/${json.conversationId}/messages`, { body: "still there?" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(MESSAGE_TEXTS.suspended);
    // and a suspended practitioner is not listed: a new conversation is a 404
    const fresh = await signedIn(await member());
    expect((await fresh.post("/api/conversations", { practitionerId: gone.id, body: "hi" })).status).toBe(404);
  });
});

describe("block", () => {
  test("either side blocks; nothing is delivered either way; unblock restores it", async () => {
    const p = await createPractitioner(t.db);
    const pClient = await signedIn((await t.db.select().from(users).where(eq(users.id, p.userId)))[0]);
    const { json } = await start(claraClient, p.id, "hello");
    const id = json.conversationId;
    expect((await pClient.post(`/api/conversations/${id}/block`)).status).toBe(200);
    const refused = await claraClient.post(`/api/conversations/${id}/messages`, { body: "hello?" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(MESSAGE_TEXTS.blockedByThem);
    const own = await pClient.post(`/api/conversations/${id}/messages`, { body: "x" });
    expect(((await own.json()) as { message: string }).message).toBe(MESSAGE_TEXTS.blockedByYou);
    expect((await claraClient.post("/api/conversations", { practitionerId: p.id, body: "again" })).status).toBe(403);
    expect((await otherClient.post(`/api/conversations/${id}/block`)).status).toBe(404);
    expect((await pClient.post(`/api/conversations/${id}/unblock`)).status).toBe(200);
    expect((await claraClient.post(`/api/conversations/${id}/messages`, { body: "hello again" })).status).toBe(201);
  });
});

describe("limits", () => {
  test(`${MESSAGES_PER_MINUTE} messages a minute per sender, then 429 saying when`, async () => {
    const p = await createPractitioner(t.db);
    const sender = await signedIn(await member());
    const { json } = await start(sender, p.id, "1");
    for (let i = 2; i <= MESSAGES_PER_MINUTE; i++) expect((await sender.post(`/api/conversations/${json.conversationId}/messages`, { body: String(i) })).status).toBe(201);
    const refused = await sender.post(`/api/conversations/${json.conversationId}/messages`, { body: "too many" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/You can send again in \d+ seconds?/);
    t.clock.advance(61_000);
    expect((await sender.post(`/api/conversations/${json.conversationId}/messages`, { body: "later" })).status).toBe(201);
  });

  test(`${NEW_CONVERSATIONS_PER_DAY} new conversations a day per client`, async () => {
    const sender = await signedIn(await member());
    const practitioners = [];
    for (let i = 0; i <= NEW_CONVERSATIONS_PER_DAY; i++) practitioners.push(await createPractitioner(t.db));
    for (let i = 0; i < NEW_CONVERSATIONS_PER_DAY; i++) {
      if (i % 15 === 14) t.clock.advance(61_000);
      expect((await sender.post("/api/conversations", { practitionerId: practitioners[i].id, body: "hi" })).status).toBe(201);
    }
    t.clock.advance(61_000);
    const refused = await sender.post("/api/conversations", { practitionerId: practitioners[NEW_CONVERSATIONS_PER_DAY].id, body: "hi" });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toContain("You can start another in");
  });
});

describe("report", () => {
  test("a participant reports the other's message; an admin sees it with its context and suspends the sender, audited", async () => {
    const p = await createPractitioner(t.db);
    const pUser = (await t.db.select().from(users).where(eq(users.id, p.userId)))[0];
    const pClient = await signedIn(pUser);
    const reporter = await member({ firstName: "Rita" });
    const reporterClient = await signedIn(reporter);
    const { json } = await start(reporterClient, p.id, "Hello");
    const upcoming = await createBooking(t.db, { clientId: reporter.id, practitionerId: p.id, scheduledDatetime: new Date(t.clock.now.getTime() + 3 * 86_400_000) });
    const bad = (await (await pClient.post(`/api/conversations/${json.conversationId}/messages`, { body: "Send me your card number" })).json()) as { message: { id: string } };
    expect((await reporterClient.post(`/api/conversations/messages/${json.message.id}/report`, { reason: "spam" })).status).toBe(400);
    expect((await otherClient.post(`/api/conversations/messages/${bad.message.id}/report`, { reason: "spam" })).status).toBe(404);
    expect((await reporterClient.post(`/api/conversations/messages/${bad.message.id}/report`, { reason: "nonsense" })).status).toBe(400);
    const res = await reporterClient.post(`/api/conversations/messages/${bad.message.id}/report`, { reason: "spam", note: "asks for money" });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { message: string }).message).toBe(MESSAGE_TEXTS.reportReceived);

    // an admin reads the conversation only through the report
    const admin = await signedIn(await createUser(t.db, { roles: ["admin"] }));
    expect((await admin.get(`/api/conversations/${json.conversationId}`)).status).toBe(404);
    expect((await reporterClient.get("/api/admin/reports")).status).toBe(403);
    const { reports } = (await (await admin.get("/api/admin/reports")).json()) as { reports: { id: string; messageId: string; context: { body: string; reported: boolean }[] }[] };
    const report = reports.find((r) => r.messageId === bad.message.id)!;
    expect(report.context.map((m) => m.body)).toEqual(["Hello", "Send me your card number"]);
    expect(report.context.find((m) => m.reported)!.body).toBe("Send me your card number");
    expect((await admin.post(`/api/admin/reports/${report.id}/suspend`)).status).toBe(400);
    expect((await admin.post(`/api/admin/reports/${report.id}/suspend`, { reason: "Asked a client for card details." })).status).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, p.userId)))[0].suspendedAt).not.toBeNull();
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, p.userId));
    expect(audit.find((r) => r.action === "suspend")?.detail).toContain("Spam or advertising");
    // as every suspension (issue 26): the suspended person's upcoming sessions are cancelled, the other side told
    expect((await t.db.select().from(bookings).where(eq(bookings.id, upcoming.id)))[0].status).toBe("cancelled");
    expect((await admin.post(`/api/admin/reports/${report.id}/dismiss`)).status).toBe(404);
  });
});

describe("booking events as system lines", () => {
  test("a booking, its confirmation and cancellation appear in the pair's conversation, dated, with the session", async () => {
    const client = await member();
    const booked = await createBooking(t.db, { clientId: client.id, practitionerId: sage.id });
    const { recordConversationEvent } = await import("./service");
    await atomic(t.db, async (tx) => {
      await recordConversationEvent(tx, booked.id, "created", t.clock.now);
      await recordConversationEvent(tx, booked.id, "confirmed", t.clock.now);
    });
    const inbox = (await (await (await signedIn(client)).get("/api/conversations")).json()) as ApiInbox;
    const thread = (await (await (await signedIn(client)).get(`/api/conversations/${inbox.conversations[0].id}`)).json()) as ApiConversation;
    expect(thread.messages.map((m) => [m.from, m.eventType, m.bookingId])).toEqual([["system", "created", booked.id], ["system", "confirmed", booked.id]]);
    expect(thread.messages[0].sessionAt).toBe(booked.scheduledDatetime.toISOString());
  });

  test("through the booking API: confirming a booking writes the line", async () => {
    const client = await member();
    const booked = await createBooking(t.db, { clientId: client.id, practitionerId: sage.id, scheduledDatetime: new Date(t.clock.now.getTime() + 5 * 86_400_000) });
    expect((await sageClient.post(`/api/bookings/${booked.id}/confirm`, {})).status).toBe(200);
    const inbox = (await (await (await signedIn(client)).get("/api/conversations")).json()) as ApiInbox;
    expect(inbox.conversations[0].lastLine).toBe("Session confirmed");
  });
});

describe("thread paging", () => {
  test("older pages by cursor, oldest first within a page", async () => {
    const p = await createPractitioner(t.db);
    const { json } = await start(claraClient, p.id, "m0");
    const pClient = await signedIn((await t.db.select().from(users).where(eq(users.id, p.userId)))[0]);
    for (let i = 1; i < 60; i++) {
      if (i % 19 === 0) t.clock.advance(61_000);
      await pClient.post(`/api/conversations/${json.conversationId}/messages`, { body: `m${i}` });
    }
    const page = (await (await claraClient.get(`/api/conversations/${json.conversationId}`)).json()) as ApiConversation;
    expect(page.messages.length).toBe(50);
    expect(page.messages.at(-1)!.body).toBe("m59");
    expect(page.hasOlder).toBe(true);
    const older = (await (await claraClient.get(`/api/conversations/${json.conversationId}?before=${page.messages[0].id}`)).json()) as ApiConversation;
    expect(older.messages.map((m) => m.body)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));
    expect(older.hasOlder).toBe(false);
    expect((await claraClient.get(`/api/conversations/${json.conversationId}?before=<script>`)).status).toBe(400);
  });
});

describe("e-mail when away (over real SMTP)", () => {
  async function pair(verified = true) {
    const p = await createPractitioner(t.db, { user: { isEmailVerified: true } });
    const pUser = (await t.db.select().from(users).where(eq(users.id, p.userId)))[0];
    const client = await member({ isEmailVerified: verified, firstName: "Ava" });
    return { p, pUser, pClient: await signedIn(pUser), client, cClient: await signedIn(client) };
  }
  const mailsTo = (address: string) => sink.received.filter((m) => m.recipients.includes(address));
  // the e-mails of the tests above go first (each SMTP send takes ~100 ms), so the timings below are these tests' own
  beforeAll(async () => {
    t.clock.advance(2 * 60 * 60_000);
    await t.drainOutbox();
  }, 120_000);

  test("not read within 10 minutes: one e-mail with the name, the first 200 characters and the link; sent once; at most one per hour", async () => {
    const { p, pUser, client, cClient } = await pair();
    const body = `Hello! ${"x".repeat(300)}`;
    const { json } = await start(cClient, p.id, body);
    await t.drainOutbox();
    t.clock.advance(9 * 60_000);
    await t.drainOutbox();
    expect(mailsTo(pUser.email)).toHaveLength(0);
    t.clock.advance(60_000 + 1000);
    await t.drainOutbox();
    const mail = await sink.waitFor((m) => m.recipients.includes(pUser.email));
    expect(mail.parsed.subject).toBe(`New message from ${client.firstName} ${client.lastName}`);
    expect(mail.parsed.text).toContain(body.slice(0, 200));
    expect(mail.parsed.text).not.toContain(body.slice(0, 201));
    expect(mail.parsed.text).toContain(`/dashboard/practitioner/messages/${json.conversationId}`);
    // drained again: nothing more (sent once)
    t.clock.advance(5 * 60_000);
    await t.drainOutbox();
    expect(mailsTo(pUser.email)).toHaveLength(1);
    // a second unread message within the hour waits for the hour's end
    await cClient.post(`/api/conversations/${json.conversationId}/messages`, { body: "Are you there?" });
    t.clock.advance(15 * 60_000);
    await t.drainOutbox();
    expect(mailsTo(pUser.email)).toHaveLength(1);
    t.clock.advance(45 * 60_000);
    await t.drainOutbox();
    const second = await sink.waitFor((m) => m.recipients.includes(pUser.email) && (m.parsed.text ?? "").includes("Are you there?"));
    expect(second.parsed.subject).toBe(mail.parsed.subject);
    expect(mailsTo(pUser.email)).toHaveLength(2);
  }, 20_000);

  test("read in time: no e-mail", async () => {
    const { p, pUser, pClient, cClient } = await pair();
    const { json } = await start(cClient, p.id, "Quick question");
    t.clock.advance(5 * 60_000);
    await pClient.post(`/api/conversations/${json.conversationId}/read`, {});
    t.clock.advance(6 * 60_000);
    await t.drainOutbox();
    t.clock.advance(2 * 60 * 60_000);
    await t.drainOutbox();
    await Bun.sleep(100);
    expect(mailsTo(pUser.email)).toHaveLength(0);
  }, 20_000);

  test("turned off in the settings: no e-mail", async () => {
    const { p, pUser, pClient, cClient } = await pair();
    expect((await pClient.request("/api/conversations/settings", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ emailWhenAway: false }) })).status).toBe(200);
    expect(await (await pClient.get("/api/conversations/settings")).json()).toEqual({ emailWhenAway: false });
    await start(cClient, p.id, "Hello?");
    t.clock.advance(11 * 60_000);
    await t.drainOutbox();
    await Bun.sleep(100);
    expect(mailsTo(pUser.email)).toHaveLength(0);
  }, 20_000);

  test("an address that is not verified gets no message text", async () => {
    const { client, pClient, cClient, p } = await pair(false);
    const { json } = await start(cClient, p.id, "hi");
    await pClient.post(`/api/conversations/${json.conversationId}/messages`, { body: "A private reply about your health" });
    t.clock.advance(11 * 60_000);
    await t.drainOutbox();
    const mail = await sink.waitFor((m) => m.recipients.includes(client.email));
    expect(mail.parsed.text).not.toContain("A private reply");
    expect(mail.parsed.text).toContain("Sign in to read it");
  }, 20_000);
});
