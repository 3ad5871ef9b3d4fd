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
function icsDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** TEXT values escape backslash, semicolon, comma and newlines. */
function icsText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets are folded with CRLF + space (counted in UTF-8 bytes). */
function fold(line: string): string {
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
  const attendeeName = event.attendee.name ? `;CN=${icsText(event.attendee.name)}` : "";
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
    `ORGANIZER;CN=${icsText(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE${attendeeName}:mailto:${event.attendee.email}`,
    "STATUS:CONFIRMED",
    "SEQUENCE:0",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.filter(Boolean).map(fold).join("\r\n") + "\r\n";
}
