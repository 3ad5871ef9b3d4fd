/** The booking e-mails over real SMTP (smtp-server on 127.0.0.1), parsed with postal-mime. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { BookingDetail } from "../../../core/bookings";
import { defaultAvailability } from "../../../core/availability";
import { zonedInstant } from "../../../core/slots";
import { createPractitioner, createUser } from "../../testing/factories";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../testing/smtp-sink";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { saveAvailabilitySettings } from "./availability";

let sink: SmtpSink;
let t: TestApp;

function calendarOf(mail: ReceivedMail): string {
  const part = mail.parsed.attachments.find((a) => a.mimeType === "text/calendar");
  expect(part).toBeDefined();
  const text = typeof part!.content === "string" ? part!.content : new TextDecoder().decode(part!.content);
  return text.replace(/\r?\n[ \t]/g, "");
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = createTestApp({ env: { SMTP_URL: sink.url } });
  t.clock.now = new Date("2026-06-01T12:00:00Z");
});
afterAll(async () => {
  t.cleanup();
  await sink.close();
});

test("booking, rescheduling and cancelling send invites with one UID, rising SEQUENCE, REQUEST then CANCEL", async () => {
  const practitioner = createPractitioner(t.db, { hourlyRateCents: 9000, user: { email: "ash@example.test", firstName: "Ash" } });
  await saveAvailabilitySettings(t.db, practitioner.id, defaultAvailability("America/Los_Angeles"), t.clock.now);
  const client = createUser(t.db, { email: "wren@example.test", firstName: "Wren", lastName: "Hale", accessLevel: "premium", subscriptionStatus: "premium" });
  const browser = t.client();
  t.loginAs(browser, client.id);

  const start = zonedInstant("2026-06-03", 9 * 60, "America/Los_Angeles");
  const res = await browser.post("/api/bookings", {
    practitionerId: practitioner.id,
    scheduledDatetime: start.toISOString(),
    duration: 60,
    isVirtual: true,
    totalAmount: "90.00",
    notes: null,
    timeZone: "Asia/Tokyo",
  });
  expect(res.status).toBe(201);
  const booking = (await res.json()) as BookingDetail;

  const toClient = await sink.waitFor((m) => m.recipients.includes("wren@example.test"));
  expect(toClient.parsed.subject).toBe(`Your session with Practitioner #${practitioner.id.slice(-6)} is booked`);
  expect(toClient.parsed.text).toContain("Thursday, June 4, 2026 at 1:00 AM GMT+9 (Asia/Tokyo)");
  expect(toClient.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
  const invite = calendarOf(toClient);
  expect(invite).toContain("METHOD:REQUEST");
  expect(invite).toContain(`UID:${booking.id}@pollinate`);
  expect(invite).toContain("DTSTART:20260603T160000Z");
  expect(invite).toContain("SEQUENCE:0");
  expect(invite).toContain("mailto:wren@example.test");
  expect(invite).not.toContain("ash@example.test");
  const toPractitioner = await sink.waitFor((m) => m.recipients.includes("ash@example.test"));
  expect(calendarOf(toPractitioner)).not.toContain("wren@example.test");
  expect(toPractitioner.parsed.text).toContain("Wednesday, June 3, 2026 at 9:00 AM PDT (America/Los_Angeles)");

  sink.received.length = 0;
  const to = zonedInstant("2026-06-05", 13 * 60, "America/Los_Angeles").toISOString();
  expect((await browser.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: to })).status).toBe(200);
  const update = calendarOf(await sink.waitFor((m) => m.recipients.includes("wren@example.test") && m.parsed.subject!.startsWith("Session moved")));
  await sink.waitFor((m) => m.recipients.includes("ash@example.test") && m.parsed.subject!.startsWith("Session moved"));
  expect(update).toContain(`UID:${booking.id}@pollinate`);
  expect(update).toContain("SEQUENCE:1");
  expect(update).toContain("DTSTART:20260605T200000Z");

  sink.received.length = 0;
  expect((await browser.post(`/api/bookings/${booking.id}/cancel`, { reason: "Travel" })).status).toBe(200);
  const cancelMail = await sink.waitFor((m) => m.recipients.includes("ash@example.test") && m.parsed.subject!.startsWith("Session cancelled"));
  expect(cancelMail.raw).toMatch(/method=CANCEL/i);
  const cancel = calendarOf(cancelMail);
  expect(cancel).toContain("METHOD:CANCEL");
  expect(cancel).toContain("STATUS:CANCELLED");
  expect(cancel).toContain("SEQUENCE:2");
  expect(cancelMail.parsed.text).toContain("Reason given: Travel");
});
