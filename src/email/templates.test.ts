import { describe, expect, test } from "bun:test";
import { buildCalendarInvite } from "./calendar";
import { EMAIL_TYPES, parseMailbox, renderEmail } from "./templates";

const ctx = { appUrl: "https://pollinate.example", from: { name: "Pollinate", email: "hello@pollinate.example" }, now: new Date("2030-01-01T00:00:00Z") };

describe("e-mail templates", () => {
  test.each(EMAIL_TYPES)("%s renders a subject, HTML and text with no data at all", (type) => {
    const email = renderEmail(type, {}, ctx, "someone@example.test");
    expect(email.subject.length).toBeGreaterThan(5);
    expect(email.html).toStartWith("<!doctype html>");
    expect(email.text).toContain("Pollinate");
    expect(email.text).toContain("Friend");
  });

  test("data is escaped in HTML", () => {
    const email = renderEmail("welcome", { name: "<script>alert(1)</script>" }, ctx, "x@example.test");
    expect(email.html).not.toContain("<script>alert");
    expect(email.html).toContain("&lt;script&gt;");
  });

  test("the reset e-mail says the link lasts one hour and carries it", () => {
    const email = renderEmail("password-reset", { link: "https://pollinate.example/auth/reset-password?token=t" }, ctx, "x@example.test");
    expect(email.text).toContain("one hour");
    expect(email.text).toContain("https://pollinate.example/auth/reset-password?token=t");
  });

  test("a session confirmation without a known start has no invite; with date and time it has one", () => {
    expect(renderEmail("session-confirmation", { date: "someday", time: "soon" }, ctx, "x@example.test").icalEvent).toBeUndefined();
    const withTime = renderEmail("session-confirmation", { date: "2030-03-14", time: "14:00Z" }, ctx, "x@example.test");
    expect(withTime.icalEvent?.method).toBe("REQUEST");
    const inPerson = renderEmail("session-confirmation", { startsAt: "2030-03-14T14:00:00Z", isVirtual: false, location: "Portland, OR" }, ctx, "x@example.test");
    expect(inPerson.text).toContain("Location: Portland, OR");
    expect(inPerson.icalEvent?.content).toContain("LOCATION:Portland\\, OR");
  });

  test("parseMailbox reads display name and address", () => {
    expect(parseMailbox("Pollinate <hello@pollinate.example>")).toEqual({ name: "Pollinate", email: "hello@pollinate.example" });
    expect(parseMailbox("hello@pollinate.example")).toEqual({ name: "Pollinate", email: "hello@pollinate.example" });
  });
});

describe("calendar invite", () => {
  test("uses CRLF, escapes text and folds long lines at 75 octets", () => {
    const ics = buildCalendarInvite(
      {
        uid: "u1@pollinate",
        start: new Date("2030-03-14T14:00:00Z"),
        end: new Date("2030-03-14T15:00:00Z"),
        summary: "Session; with, commas",
        description: "Line one\nLine two ".repeat(10),
        organizer: { name: "Pollinate", email: "hello@pollinate.example" },
        attendee: { email: "a@example.test" },
      },
      new Date("2030-01-01T00:00:00Z"),
    );
    expect(ics).toContain("\r\n");
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
    expect(ics).toContain("SUMMARY:Session\\; with\\, commas");
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics).toContain("DTSTAMP:20300101T000000Z");
  });
});
