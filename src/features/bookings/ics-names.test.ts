/**
 * A name chosen at sign-up ends up inside calendar files as a parameter (ATTENDEE;CN=…). It must
 * stay a name there: a ':' or '"' in it may not move the attendee's address.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createBooking, createPractitioner, createUser } from "../../testing/factories";
import { createTestApp, type TestApp } from "../../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

/** The calendar's content lines, unfolded (RFC 5545 section 3.1). */
function contentLines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);
}

/** A content line as a reader of RFC 5545 splits it: the value starts at the first ':' outside a quoted parameter. */
function valueOf(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) return line.slice(i + 1);
  }
  return "";
}

describe("names in .ics files", () => {
  test("a name with ':', ';', quotes and a line break keeps the attendee's address, in the client's and the practitioner's file", async () => {
    const injected = (who: string) => ({
      firstName: `${who}:mailto:attacker@evil.example;X="`,
      lastName: 'Q" :mailto:second@evil.example\r\nATTENDEE:mailto:third@evil.example',
    });
    const practitioner = await createPractitioner(t.db, { user: { email: "sage.ics@example.test", ...injected("Sage") } });
    const client = await createUser(t.db, { email: "eve.ics@example.test", ...injected("Eve") });
    const booking = await createBooking(t.db, { clientId: client.id, practitionerId: practitioner.id });

    for (const [userId, email, name] of [[client.id, "eve.ics@example.test", "Eve"], [practitioner.userId, "sage.ics@example.test", "Sage"]]) {
      const browser = t.client();
      t.loginAs(browser, userId);
      const res = await browser.get(`/api/bookings/${booking.id}.ics`);
      expect(res.status).toBe(200);
      const attendees = contentLines(await res.text()).filter((line) => line.startsWith("ATTENDEE"));
      expect(attendees.map(valueOf)).toEqual([`mailto:${email}`]);
      // the name is still there, as a name
      expect(attendees[0]).toContain(`CN="${name}:mailto:attacker@evil.example;X='`);
    }
  });
});
