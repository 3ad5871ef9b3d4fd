/** The booking e-mails over real SMTP (smtp-server on 127.0.0.1), parsed with postal-mime. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { BookingDetail } from "../../../core/bookings";
import { defaultAvailability } from "../../../core/availability";
import { zonedInstant } from "../../../core/slots";
import { createPractitioner, createUser } from "../../testing/factories";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../testing/smtp-sink";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { saveAvailabilitySettings } from "./availability";
import { BOOKING_CHANGE_EMAILS_PER_HOUR } from "./notifications";
import { deliverOutbox } from "./outbox-for-tests";

let sink: SmtpSink;
let t: TestApp;

function calendarOf(mail: ReceivedMail): string {
  const part = mail.parsed.attachments.find((a) => a.mimeType === "text/calendar");
  expect(part).toBeDefined();
  const text = typeof part!.content === "string" ? part!.content : new TextDecoder().decode(part!.content);
  return text.replace(/\r?\n[ \t]/g, "");
}

/** What the outbox worker does after the answer: send every pending row over SMTP; then the first matching e-mail at the sink. */
async function mailFor(predicate: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  await deliverOutbox(t);
  return sink.waitFor(predicate);
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  t.clock.now = new Date("2026-06-01T12:00:00Z");
});
afterAll(async () => {
  await t.cleanup();
  await sink.close();
});

/** A premium client books an hour's virtual session at $90/h through the API, sending their zone. */
async function bookVirtualSession(options: {
  practitioner: { email: string; firstName: string; zone: string };
  client: { email: string; firstName: string; lastName: string; zone: string };
  date: string;
  minute: number;
}) {
  const practitioner = await createPractitioner(t.db, { hourlyRateCents: 9000, user: { email: options.practitioner.email, firstName: options.practitioner.firstName } });
  await saveAvailabilitySettings(t.db, practitioner.id, defaultAvailability(options.practitioner.zone), t.clock.now);
  const { zone, ...name } = options.client;
  const client = await createUser(t.db, { ...name, accessLevel: "premium", subscriptionStatus: "premium" });
  const browser = t.client();
  t.loginAs(browser, client.id);
  const res = await browser.post("/api/bookings", {
    practitionerId: practitioner.id,
    scheduledDatetime: zonedInstant(options.date, options.minute, options.practitioner.zone).toISOString(),
    duration: 60,
    isVirtual: true,
    totalAmount: "90.00",
    notes: null,
    timeZone: zone,
  });
  expect(res.status).toBe(201);
  return { practitioner, browser, booking: (await res.json()) as BookingDetail };
}

test("booking, rescheduling and cancelling send invites with one UID, rising SEQUENCE, REQUEST then CANCEL", async () => {
  const { practitioner, browser, booking } = await bookVirtualSession({
    practitioner: { email: "ash@example.test", firstName: "Ash", zone: "America/Los_Angeles" },
    client: { email: "wren@example.test", firstName: "Wren", lastName: "Hale", zone: "Asia/Tokyo" },
    date: "2026-06-03",
    minute: 9 * 60,
  });

  const toClient = await mailFor((m) => m.recipients.includes("wren@example.test"));
  expect(toClient.parsed.subject).toBe(`Your session request to Practitioner #${practitioner.id.slice(-6)} is sent`);
  expect(toClient.parsed.text).toContain("Thursday, June 4, 2026 at 1:00 AM GMT+9 (Asia/Tokyo)");
  expect(toClient.parsed.text).toContain("Meeting link");
  expect(toClient.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
  const invite = calendarOf(toClient);
  expect(invite).toContain("METHOD:REQUEST");
  expect(invite).toContain(`UID:${booking.id}@pollinate`);
  expect(invite).toContain("DTSTART:20260603T160000Z");
  expect(invite).toContain("SEQUENCE:0");
  expect(invite).toContain("mailto:wren@example.test");
  expect(invite).not.toContain("ash@example.test");
  const toPractitioner = await mailFor((m) => m.recipients.includes("ash@example.test"));
  expect(calendarOf(toPractitioner)).not.toContain("wren@example.test");
  expect(toPractitioner.parsed.text).toContain("Wednesday, June 3, 2026 at 9:00 AM PDT (America/Los_Angeles)");
  // their own e-mail greets the practitioner by their name, not by the 'Practitioner #…' that clients see
  expect(toPractitioner.parsed.text).toContain("Hi Ash ");
  expect(toPractitioner.parsed.text).not.toContain(`Hi Practitioner #${practitioner.id.slice(-6)}`);
  expect(calendarOf(toPractitioner)).toContain('CN="Ash ');

  sink.received.length = 0;
  const to = zonedInstant("2026-06-05", 13 * 60, "America/Los_Angeles").toISOString();
  expect((await browser.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: to })).status).toBe(200);
  const update = calendarOf(await mailFor((m) => m.recipients.includes("wren@example.test") && m.parsed.subject!.startsWith("Session moved")));
  await mailFor((m) => m.recipients.includes("ash@example.test") && m.parsed.subject!.startsWith("Session moved"));
  expect(update).toContain(`UID:${booking.id}@pollinate`);
  expect(update).toContain("SEQUENCE:1");
  expect(update).toContain("DTSTART:20260605T200000Z");

  sink.received.length = 0;
  expect((await browser.post(`/api/bookings/${booking.id}/cancel`, { reason: "Travel" })).status).toBe(200);
  const cancelMail = await mailFor((m) => m.recipients.includes("ash@example.test") && m.parsed.subject!.startsWith("Session cancelled"));
  expect(cancelMail.raw).toMatch(/method=CANCEL/i);
  const cancel = calendarOf(cancelMail);
  expect(cancel).toContain("METHOD:CANCEL");
  expect(cancel).toContain("STATUS:CANCELLED");
  expect(cancel).toContain("SEQUENCE:2");
  expect(cancelMail.parsed.text).toContain("Reason given: Travel");
  // no way into a session that will not take place
  expect(cancelMail.parsed.text).not.toContain("Meeting link");
});

test("a practitioner's confirmation e-mails the client (in the client's zone, invite CONFIRMED with SEQUENCE + 1), not the practitioner", async () => {
  const { practitioner, booking } = await bookVirtualSession({
    practitioner: { email: "rowan@example.test", firstName: "Rowan", zone: "Europe/Berlin" },
    client: { email: "juniper@example.test", firstName: "Juniper", lastName: "Moss", zone: "America/Chicago" },
    date: "2026-06-04",
    minute: 10 * 60,
  });
  await mailFor((m) => m.recipients.includes("juniper@example.test") && m.parsed.subject!.endsWith("is sent"));
  await mailFor((m) => m.recipients.includes("rowan@example.test"));

  sink.received.length = 0;
  const practitionerBrowser = t.client();
  t.loginAs(practitionerBrowser, practitioner.userId);
  expect((await practitionerBrowser.post(`/api/bookings/${booking.id}/confirm`)).status).toBe(200);
  const mail = await mailFor((m) => m.recipients.includes("juniper@example.test"));
  const name = `Practitioner #${practitioner.id.slice(-6)}`;
  // the words of the spec's 'session-confirmation' e-mail
  expect(mail.parsed.subject).toBe(`Your session with ${name} is confirmed`);
  expect(mail.parsed.text).toContain(`${name} has confirmed your session on Thursday, June 4, 2026 at 3:00 AM CDT (America/Chicago)`);
  expect(mail.parsed.text).toContain(`View my sessions: ${t.config.APP_URL}/dashboard/client`);
  expect(mail.raw).toMatch(/method=REQUEST/i);
  const invite = calendarOf(mail);
  expect(invite).toContain(`UID:${booking.id}@pollinate`);
  expect(invite).toContain("STATUS:CONFIRMED");
  expect(invite).toContain("SEQUENCE:1");
  expect(invite).not.toContain("rowan@example.test");

  // the practitioner confirmed it themselves: the next e-mails (a cancellation, to both) come with none to them before
  expect((await practitionerBrowser.post(`/api/bookings/${booking.id}/cancel`)).status).toBe(200);
  await mailFor((m) => m.recipients.includes("rowan@example.test") && m.parsed.subject!.startsWith("Session cancelled"));
  await mailFor((m) => m.recipients.includes("juniper@example.test") && m.parsed.subject!.startsWith("Session cancelled"));
  expect(sink.received.filter((m) => m.recipients.includes("rowan@example.test")).map((m) => m.parsed.subject)).toEqual([`Session cancelled: Thursday, June 4, 2026`]);
});

test("change e-mails to the other side are capped per (who changes, recipient) and hour: the changes still happen, the dashboard shows the latest", async () => {
  const HOUR = 3_600_000;
  const NY = "America/New_York";
  const at = (date: string, hour: number) => zonedInstant(date, hour * 60, NY).toISOString();
  const { practitioner, browser, booking } = await bookVirtualSession({
    practitioner: { email: "linden@example.test", firstName: "Linden", zone: NY },
    client: { email: "pip@example.test", firstName: "Pip", lastName: "Rook", zone: NY },
    date: "2026-06-08",
    minute: 9 * 60,
  });
  const toLinden = () => sink.received.filter((m) => m.recipients.includes("linden@example.test"));
  await mailFor((m) => m.recipients.includes("linden@example.test") && m.parsed.subject!.startsWith("New session request"));

  // the booking was the first change e-mail; 4 moves reach the cap
  const hours = [10, 11, 13, 14, 15, 16];
  for (let i = 0; i < BOOKING_CHANGE_EMAILS_PER_HOUR - 1; i++) {
    expect((await browser.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: at("2026-06-08", hours[i]) })).status).toBe(200);
    await mailFor((m) => m.recipients.includes("linden@example.test") && m.parsed.text!.includes(`has moved to Monday, June 8, 2026 at ${hours[i] > 12 ? hours[i] - 12 : hours[i]}:00`));
  }
  expect(toLinden()).toHaveLength(BOOKING_CHANGE_EMAILS_PER_HOUR);

  // past the cap: the move, a cancellation and a new booking all happen, without e-mails
  const last = at("2026-06-08", hours[BOOKING_CHANGE_EMAILS_PER_HOUR - 1]);
  expect((await browser.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: last })).status).toBe(200);
  expect((await browser.post(`/api/bookings/${booking.id}/cancel`, { reason: "Again" })).status).toBe(200);
  const rebooked = await browser.post("/api/bookings", { practitionerId: practitioner.id, scheduledDatetime: at("2026-06-09", 9), duration: 60, isVirtual: true, totalAmount: "90.00", notes: null });
  expect(rebooked.status).toBe(201);
  // the practitioner's dashboard list shows the latest state of both
  const linden = t.client();
  t.loginAs(linden, practitioner.userId);
  const listed = (await (await linden.get("/api/bookings?role=practitioner")).json()) as BookingDetail[];
  expect(listed.map((b) => [b.scheduledDatetime, b.status])).toEqual([
    [new Date(at("2026-06-09", 9)).toISOString(), "scheduled"],
    [new Date(last).toISOString(), "cancelled"],
  ]);

  // another client's booking still reaches Linden (the cap is per sender): after it has arrived, nothing else has
  const other = await createUser(t.db, { firstName: "Sorrel", accessLevel: "premium", subscriptionStatus: "premium" });
  const otherBrowser = t.client();
  t.loginAs(otherBrowser, other.id);
  const sentinel = await otherBrowser.post("/api/bookings", { practitionerId: practitioner.id, scheduledDatetime: at("2026-06-10", 9), duration: 60, isVirtual: true, totalAmount: "90.00", notes: null });
  expect(sentinel.status).toBe(201);
  await mailFor((m) => m.recipients.includes("linden@example.test") && m.parsed.text!.includes("Sorrel"));
  expect(toLinden()).toHaveLength(BOOKING_CHANGE_EMAILS_PER_HOUR + 1);
  // Pip, who made the changes, heard of each of them: booked twice, moved 5 times, cancelled once
  const toPip = (subject: string) => mailFor((m) => m.recipients.includes("pip@example.test") && m.parsed.subject!.startsWith(subject));
  await toPip("Session cancelled");
  await mailFor((m) => m.recipients.includes("pip@example.test") && m.parsed.text!.includes("on Tuesday, June 9, 2026 at 9:00 AM"));
  await mailFor((m) => m.recipients.includes("pip@example.test") && m.parsed.text!.includes("has moved to Monday, June 8, 2026 at 3:00 PM"));
  expect(sink.received.filter((m) => m.recipients.includes("pip@example.test"))).toHaveLength(8);

  // an hour after the first e-mail, Pip's changes are e-mailed again
  t.clock.advance(HOUR);
  try {
    const { id } = (await rebooked.json()) as BookingDetail;
    expect((await browser.post(`/api/bookings/${id}/reschedule`, { scheduledDatetime: at("2026-06-09", 10) })).status).toBe(200);
    await mailFor((m) => m.recipients.includes("linden@example.test") && m.parsed.subject!.startsWith("Session moved: Tuesday, June 9"));
    expect(toLinden()).toHaveLength(BOOKING_CHANGE_EMAILS_PER_HOUR + 2);
  } finally {
    t.clock.now = new Date("2026-06-01T12:00:00Z");
  }
});

test("no name anyone chose reaches a subject line: the practitioner's e-mails name the date, not the client (issue 26)", async () => {
  const bait = "Refund due visit evil";
  const { browser, booking } = await bookVirtualSession({
    practitioner: { email: "hazel@example.test", firstName: "Hazel", zone: "Europe/London" },
    client: { email: "bait@example.test", firstName: bait, lastName: "Pay Now", zone: "Europe/London" },
    date: "2026-06-10",
    minute: 10 * 60,
  });
  const created = await mailFor((m) => m.recipients.includes("hazel@example.test"));
  expect(created.parsed.subject).toBe("New session request: Wednesday, June 10, 2026");
  expect(created.parsed.subject).not.toContain(bait);
  expect((await browser.post(`/api/bookings/${booking.id}/cancel`)).status).toBe(200);
  const cancelled = await mailFor((m) => m.recipients.includes("hazel@example.test") && m.parsed.subject!.startsWith("Session cancelled"));
  expect(cancelled.parsed.subject).toBe("Session cancelled: Wednesday, June 10, 2026");
});
