import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PostalMime from "postal-mime";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";
import { createMailer, firstLink, type Mailer } from "./mailer";
import { TEST_EMAIL_TYPES } from "./templates";

const APP_URL = "https://pollinate.example";
const MAIL_FROM = "Pollinate <hello@pollinate.example>";

describe("SMTP delivery", () => {
  let sink: SmtpSink;
  let mailer: Mailer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = createMailer({ SMTP_URL: sink.url, MAIL_FROM, OUTBOX_DIR: "/nonexistent", APP_URL }, { log: () => {} });
  });
  afterAll(async () => {
    mailer.close();
    await sink.close();
  });

  test("a verification e-mail reaches the recipient with subject, link, HTML and text", async () => {
    expect(mailer.mode).toBe("smtp");
    const link = `${APP_URL}/auth/verify-email?token=abc123`;
    await mailer.sendTemplate("verification", "maya@example.test", { name: "Maya", link });
    const mail = await sink.waitFor((m) => m.recipients.includes("maya@example.test"));
    expect(mail.parsed.subject).toBe("Confirm your e-mail address for Pollinate");
    expect(mail.parsed.from?.address).toBe("hello@pollinate.example");
    expect(mail.parsed.text).toContain(link);
    expect(mail.parsed.text).toContain("Welcome, Maya!");
    expect(mail.parsed.html).toContain(`href="${link}"`);
  });

  test("a session confirmation carries a text/calendar REQUEST invite with the session's times", async () => {
    await mailer.sendTemplate("session-confirmation", "client@example.test", {
      clientName: "Robin",
      practitionerName: "Practitioner #a1b2c3",
      startsAt: "2030-03-14T14:00:00.000Z",
      durationMinutes: 90,
      isVirtual: true,
      meetingLink: "https://meet.example/room-1",
      bookingId: "booking-1",
    });
    const mail = await sink.waitFor((m) => m.recipients.includes("client@example.test"));
    expect(mail.parsed.subject).toBe("Your session with Practitioner #a1b2c3 is confirmed");
    expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const calendar = mail.parsed.attachments.find((a) => a.mimeType === "text/calendar");
    expect(calendar).toBeDefined();
    const folded = typeof calendar!.content === "string" ? calendar!.content : new TextDecoder().decode(calendar!.content);
    const ics = folded.replace(/\r?\n /g, "");
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain("DTSTART:20300314T140000Z");
    expect(ics).toContain("DTEND:20300314T153000Z");
    expect(ics).toContain("UID:booking-1@pollinate");
    expect(ics).toContain("mailto:client@example.test");
    expect(mail.parsed.text).toContain("https://meet.example/room-1");
  });

  test.each(TEST_EMAIL_TYPES)("the admin test type %s is delivered with a subject and both bodies", async (type) => {
    const to = `${type}@example.test`;
    await mailer.sendTemplate(type, to, { name: "Sam", inviteCode: "BLOOM-42", date: "Friday, March 14, 2030", time: "2:00 PM", practitionerName: "Practitioner #a1b2c3", clientName: "Sam", isVirtual: true, meetingLink: "https://meet.example/x" });
    const mail = await sink.waitFor((m) => m.recipients.includes(to));
    expect(mail.parsed.subject?.length).toBeGreaterThan(5);
    expect(mail.parsed.text?.length).toBeGreaterThan(50);
    expect(mail.parsed.html).toContain("Pollinate");
    if (type === "alpha-invitation") expect(mail.parsed.text).toContain("BLOOM-42");
  });
});

describe("outbox delivery (no SMTP_URL)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "pollinate-outbox-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("writes an .eml file and logs subject, recipient and first link", async () => {
    const lines: string[] = [];
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM, OUTBOX_DIR: join(dir, "outbox"), APP_URL }, { log: (l) => lines.push(l) });
    expect(mailer.mode).toBe("outbox");
    const link = `${APP_URL}/auth/reset-password?token=xyz`;
    const sent = await mailer.sendTemplate("password-reset", "ana@example.test", { name: "Ana", link });
    expect(readdirSync(join(dir, "outbox"))).toHaveLength(1);
    const parsed = await PostalMime.parse(readFileSync(sent.file!, "utf8"));
    expect(parsed.to?.[0].address).toBe("ana@example.test");
    expect(parsed.subject).toBe("Reset your Pollinate password");
    expect(parsed.text).toContain(link);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Reset your Pollinate password");
    expect(lines[0]).toContain("ana@example.test");
    expect(lines[0]).toContain(`link: ${link}`);
  });

  test("firstLink finds the first http(s) address", () => {
    expect(firstLink("Go to https://a.example/x?y=1 or http://b.example")).toBe("https://a.example/x?y=1");
    expect(firstLink("no links")).toBeUndefined();
  });
});
