/**
 * The outbox's worker is woken by the row's transaction once it has committed (on both engines:
 * `npm test` on SQLite, `npm run test:pg-suite` on PostgreSQL, where a wake-up sent from inside the
 * transaction found nothing on its own connection and the e-mail waited for the next poll).
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { atomic } from "../../db/client";
import { createMailer } from "./mailer";
import { enqueueEmail, startOutboxWorker, type OutboxWorker } from "./outbox";
import { createTestDatabase, type TestDatabase } from "../testing/test-db";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";

let database: TestDatabase;
let sink: SmtpSink;
let worker: OutboxWorker;

beforeEach(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  const mailer = createMailer({ SMTP_URL: sink.url, MAIL_FROM: "Pollinate <hello@pollinate.test>", OUTBOX_DIR: "/nonexistent", APP_URL: "http://localhost" }, { log: () => {} });
  // polls once a minute: within the test only the wake-up can send the e-mail
  worker = startOutboxWorker({ db: database.db, mailer, now: () => new Date() }, 60_000);
  await worker.runOnce();
});

afterEach(async () => {
  await worker.stop();
  await sink.close();
  await database.cleanup();
});

test("an e-mail written in a transaction leaves once the transaction commits, not at the next poll", async () => {
  await atomic(database.db, async (tx) => {
    await enqueueEmail(tx, { to: "clara@example.com", subject: "Your session is confirmed", text: "See you Thursday.", html: "<p>See you Thursday.</p>" }, { now: new Date() });
    // the change goes on a little after its e-mail is written: a pass woken now would find nothing
    await Bun.sleep(300);
  });
  const mail = await sink.waitFor((m) => m.recipients.includes("clara@example.com"), 5_000);
  expect(mail.parsed.subject).toBe("Your session is confirmed");
});

test("an e-mail written in a transaction that rolls back never leaves", async () => {
  await expect(
    atomic(database.db, async (tx) => {
      await enqueueEmail(tx, { to: "sage@example.com", subject: "Never sent", text: "-", html: "<p>-</p>" }, { now: new Date() });
      throw new Error("the change failed");
    }),
  ).rejects.toThrow("the change failed");
  await worker.runOnce();
  expect(sink.received.filter((m) => m.recipients.includes("sage@example.com"))).toEqual([]);
});
