/** A minimal RFC 5545 calendar invite (one event), for nodemailer's `icalEvent`. */

export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location?: string;
  url?: string;
  organizer: { name: string; email: string };
  attendee: { name?: string; email: string };
}

/** 20250314T140000Z */
export function icsDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** TEXT values escape backslash, semicolon, comma and newlines. */
export function icsText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/**
 * A parameter value (a name in CN=…) as an RFC 5545 quoted-string. Parameters are not TEXT: a
 * backslash escapes nothing there, and an unquoted ':' ends the parameters, so a name such as
 * `Eve:mailto:eve@evil.example` would become the attendee's address. A quoted-string may hold
 * anything but DQUOTE and control characters: those become ' and a space.
 */
export function icsParam(value: string): string {
  return `"${value.replace(/"/g, "'").replace(/[\x00-\x1f\x7f]+/g, " ")}"`;
}

/** Lines longer than 75 octets are folded with CRLF + space (counted in UTF-8 bytes). */
export function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  for (const ch of line) {
    if (encoder.encode(current + ch).length > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
    }
    current += ch;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The invite as METHOD:REQUEST text with CRLF line endings. */
export function buildCalendarInvite(event: CalendarEvent, now: Date = new Date()): string {
  const attendeeName = event.attendee.name ? `;CN=${icsParam(event.attendee.name)}` : "";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Pollinate//Sessions//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:REQUEST",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsDate(now)}`,
    `DTSTART:${icsDate(event.start)}`,
    `DTEND:${icsDate(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    event.location ? `LOCATION:${icsText(event.location)}` : "",
    event.url ? `URL:${event.url}` : "",
    `ORGANIZER;CN=${icsParam(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE${attendeeName}:mailto:${event.attendee.email}`,
    "STATUS:CONFIRMED",
    "SEQUENCE:0",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.filter(Boolean).map(fold).join("\r\n") + "\r\n";
}

/** One session in a calendar file: an event with its revision (SEQUENCE) and status. */
export interface CalendarEntry extends Omit<CalendarEvent, "attendee"> {
  attendees: Array<{ name?: string; email: string }>;
  sequence: number;
  status: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
}

/**
 * A calendar with any number of events: METHOD:REQUEST (an invite or its update, same UID and a
 * higher SEQUENCE), METHOD:CANCEL (the event is removed) or METHOD:PUBLISH (a download or feed).
 */
export function buildCalendar(entries: CalendarEntry[], method: "REQUEST" | "CANCEL" | "PUBLISH", now: Date, name?: string): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Pollinate//Sessions//EN", "CALSCALE:GREGORIAN", `METHOD:${method}`];
  if (name) lines.push(`X-WR-CALNAME:${icsText(name)}`);
  for (const e of entries) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${icsDate(now)}`,
      `DTSTART:${icsDate(e.start)}`,
      `DTEND:${icsDate(e.end)}`,
      `SUMMARY:${icsText(e.summary)}`,
      `DESCRIPTION:${icsText(e.description)}`,
    );
    if (e.location) lines.push(`LOCATION:${icsText(e.location)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push(`ORGANIZER;CN=${icsParam(e.organizer.name)}:mailto:${e.organizer.email}`);
    for (const a of e.attendees) {
      lines.push(`ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=${method === "REQUEST" ? "NEEDS-ACTION" : "ACCEPTED"}${a.name ? `;CN=${icsParam(a.name)}` : ""}:mailto:${a.email}`);
    }
    lines.push(`STATUS:${e.status}`, `SEQUENCE:${e.sequence}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}
